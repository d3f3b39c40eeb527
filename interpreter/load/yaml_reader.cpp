#include "interpreter/load/yaml_reader.h"

#include <algorithm>

namespace tapis {

std::string YamlReader::Where(const YAML::Node& node) const {
  const YAML::Mark mark = node.Mark();
  if (mark.line < 0) return file_;
  return fmt::format("{}:{}:{}", file_, mark.line + 1, mark.column + 1);
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
