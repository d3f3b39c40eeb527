#include "interpreter/load/variant.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "interpreter/model/errors.h"
#include "interpreter/model/text_file.h"

namespace tapis {
namespace {

namespace fs = std::filesystem;

YAML::Node Parse(const std::string& text, const std::string& file) {
  try {
    return YAML::Load(text);
  } catch (const YAML::ParserException& e) {
    throw RulesError(fmt::format("{}:{}:{}: {}", file, e.mark.line + 1, e.mark.column + 1, e.msg));
  }
}

YAML::Node Merge(const YAML::Node& base, const YAML::Node& over, bool add_lists) {
  if (add_lists && base.IsSequence() && over.IsSequence()) {
    YAML::Node out(YAML::NodeType::Sequence);
    for (const auto& item : base) out.push_back(item);
    for (const auto& item : over) out.push_back(item);
    return out;
  }
  if (!base.IsMap() || !over.IsMap()) return over;
  YAML::Node out(YAML::NodeType::Map);
  for (const auto& entry : base) {
    const std::string key = entry.first.Scalar();
    const YAML::Node replacement = over[key];
    if (!replacement) {
      out[entry.first] = entry.second;
    } else if (!replacement.IsNull()) {
      out[entry.first] = Merge(entry.second, replacement, add_lists && key == "scripts");
    }
  }
  for (const auto& entry : over) {
    if (!base[entry.first.Scalar()] && !entry.second.IsNull()) out[entry.first] = entry.second;
  }
  return out;
}

// The ruleset files being loaded on this thread, to catch a file that extends itself
// (loading a base loads its own bases first).
thread_local std::set<std::string> loading;

struct Loading {
  std::string key;
  explicit Loading(std::string k) : key(std::move(k)) {}
  ~Loading() { loading.erase(key); }
};

RulesetSource Read(const std::string& text, const std::string& file) {
  RulesetSource source;
  source.root = Parse(text, file);
  const YAML::Node extends = source.root.IsMap() ? source.root["extends"] : YAML::Node();
  if (!extends) return source;
  const auto where = [&](const std::string& message) {
    return RulesError(
        fmt::format("{}:{}:{}: {}", file, extends.Mark().line + 1, extends.Mark().column + 1, message));
  };
  if (!extends.IsScalar()) throw where("extends: expected a ruleset name or a path");
  // A path next to this file, else a ruleset known by name.
  const fs::path dir = fs::path(file).parent_path();
  std::string base = (dir / extends.Scalar()).string();
  std::error_code ec;
  if (!fs::is_regular_file(base, ec)) {
    try {
      base = FindRuleset(extends.Scalar());
    } catch (const Error& e) {
      throw where(e.what());
    }
  }
  if (loading.count(fs::weakly_canonical(base, ec).string())) {
    throw where(fmt::format("'{}' extends itself, through a chain of extends", base));
  }
  try {
    LoadRuleset(base);  // the base must stand on its own
  } catch (const Error& e) {
    throw where(fmt::format("the ruleset it extends does not load: {}", e.what()));
  }
  std::string base_text;
  ReadTextFile(base, base_text);  // it loaded just now
  RulesetSource parent = ReadRulesetSource(base_text, base);
  // The base's scripts, made absolute so they resolve from the variant's folder.
  const fs::path base_dir = fs::path(base).parent_path();
  if (parent.root["scripts"] && parent.root["scripts"].IsSequence()) {
    YAML::Node scripts(YAML::NodeType::Sequence);
    for (const auto& item : parent.root["scripts"]) {
      const std::string written = item.Scalar();
      const std::string absolute = fs::absolute(base_dir / written).lexically_normal().string();
      if (!parent.script_names.count(absolute)) {
        parent.script_names[absolute] = ScriptDisplayName(base_dir.string(), written);
      }
      scripts.push_back(absolute);
    }
    parent.root["scripts"] = scripts;
  }
  source.root.remove("extends");
  source.root = Merge(parent.root, source.root, true);
  source.script_names = parent.script_names;
  return source;
}

}  // namespace

std::string ScriptDisplayName(const std::string& ruleset_dir, const std::string& written) {
  const fs::path dir = ruleset_dir.empty() ? fs::path(".") : fs::path(ruleset_dir);
  const fs::path path = (dir / written).lexically_normal();
  std::string name = path.lexically_relative(dir.lexically_normal().parent_path()).string();
  if (name.empty() || name.rfind("..", 0) == 0 || fs::path(written).is_absolute()) name = written;
  return name;
}

RulesetSource ReadRulesetSource(const std::string& text, const std::string& file) {
  std::error_code ec;
  const std::string key = fs::weakly_canonical(file, ec).string();
  if (!loading.insert(key).second) return {Parse(text, file), {}};  // reported by the one extending it
  Loading guard(key);
  return Read(text, file);
}

}  // namespace tapis
