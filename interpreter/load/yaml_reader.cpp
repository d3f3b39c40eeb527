#include "interpreter/load/yaml_reader.h"

#include <algorithm>
#include <set>

namespace tapis {

namespace {

// True when `tree` holds `node` itself (not a copy): each list and map walked once, so that
// aliases cost no more than the text.
bool Holds(const YAML::Node& tree, const YAML::Node& node, std::set<int>& walked) {
  if (tree.is(node)) return true;
  if (!(tree.IsSequence() || tree.IsMap()) || !walked.insert(tree.Mark().pos).second) return false;
  for (const auto& item : tree) {
    if (tree.IsMap() ? Holds(item.first, node, walked) || Holds(item.second, node, walked)
                     : Holds(item, node, walked))
      return true;
  }
  return false;
}

}  // namespace

const std::string& YamlReader::FileOf(const YAML::Node& node) const {
  for (const auto& [file, tree] : files_) {
    std::set<int> walked;
    if (Holds(tree, node, walked)) return file;
  }
  return file_;
}

std::string YamlReader::Where(const YAML::Node& node) const {
  const YAML::Mark mark = node.Mark();
  if (mark.line < 0) return file_;
  return fmt::format("{}:{}:{}", FileOf(node), mark.line + 1, mark.column + 1);
}

void YamlReader::Fail(const YAML::Node& node, const std::string& message) const {
  throw RulesError(fmt::format("{}: {}", Where(node), message));
}

void YamlReader::CheckKeys(const YAML::Node& map, std::initializer_list<const char*> allowed) const {
  if (!map.IsMap()) Fail(map, "expected a map");
  for (const auto& entry : map) {
    const auto key = entry.first.as<std::string>();
    bool known = false;
    std::vector<std::string> names;
    for (const char* a : allowed) {
      known = known || key == a;
      names.emplace_back(a);
    }
    if (!known)
      Fail(entry.first, fmt::format("unknown key '{}'; {}", key, Suggest(key, names, "expected one of")));
  }
}

YAML::Node YamlReader::Required(const YAML::Node& map, const char* key) const {
  if (!map.IsMap()) Fail(map, fmt::format("expected a map with '{}'", key));
  YAML::Node node = map[key];
  if (!node) Fail(map, fmt::format("missing key '{}'", key));
  return node;
}

}  // namespace tapis
