// YamlReader: reading YAML with errors that say where, for the ruleset loader. Every
// failure is an Error(kRules) with `file:line:col: message`, like a compiler's.
#pragma once

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "interpreter/model/errors.h"
#include "interpreter/model/names.h"

namespace tapis {

class YamlReader {
 public:
  explicit YamlReader(std::string file) : file_(std::move(file)) {}

  // The trees of the files a merged tree was made of (RulesetSource::files); Where names the
  // file a node comes from, the reader's own when none holds it.
  void SetFiles(std::vector<std::pair<std::string, YAML::Node>> files) { files_ = std::move(files); }

  // "file:line:col" of `node`, for messages (the file alone for a node of no place).
  std::string Where(const YAML::Node& node) const;

  // Throws Error(kRules) "file:line:col: message" at `node`.
  [[noreturn]] void Fail(const YAML::Node& node, const std::string& message) const;

  // Fails on a key not in `allowed`, suggesting the one meant when it is a typo away.
  void CheckKeys(const YAML::Node& map, std::initializer_list<const char*> allowed) const;

  YAML::Node Required(const YAML::Node& map, const char* key) const;

  template <typename T>
  T Optional(const YAML::Node& map, const char* key, T fallback) const {
    if (!map[key]) return fallback;
    return As<T>(map[key]);
  }

  template <typename T>
  T As(const YAML::Node& node) const {
    try {
      if (!node.IsScalar()) throw YAML::BadConversion(node.Mark());
      return node.as<T>();
    } catch (const YAML::BadConversion&) {
      const char* what = std::is_same_v<T, bool>       ? "true or false"
                         : std::is_integral_v<T>       ? "an integer"
                         : std::is_floating_point_v<T> ? "a number"
                                                       : "a text";
      Fail(node, fmt::format("expected {}", what));
    }
  }

  // One of a few words, mapped to its value: `Word(spec, "owner", Owner::kTable,
  // {{"table", Owner::kTable}, {"player", Owner::kPlayer}})`. Fails listing the words.
  template <typename T>
  T Word(const YAML::Node& map, const char* key, T fallback,
         std::initializer_list<std::pair<const char*, T>> words) const {
    if (!map[key]) return fallback;
    const auto word = As<std::string>(map[key]);
    std::vector<std::string> names;
    for (const auto& [name, value] : words) {
      if (word == name) return value;
      names.emplace_back(name);
    }
    const std::string last = names.back();
    names.pop_back();
    Fail(map[key], fmt::format("unknown {} '{}'; expected {} or {}", key, word, Join(names), last));
  }

 protected:
  std::string file_;

 private:
  // The file of `node` among files_ (found by identity, walked only when a message needs it).
  const std::string& FileOf(const YAML::Node& node) const;
  std::vector<std::pair<std::string, YAML::Node>> files_;
};

}  // namespace tapis
