#include "interpreter/load/rules_text_loader.h"

#include <fmt/format.h>

namespace tapis {

void ReadHowToPlay(const YamlReader& y, const YAML::Node& node, Ruleset& r) {
  const auto text = [&](const YAML::Node& value, const std::string& section) {
    if (!value.IsScalar() || value.Scalar().empty())
      y.Fail(value, fmt::format("rules: '{}' needs a text for players", section));
    return value.Scalar();
  };
  if (node.IsScalar()) {
    r.how_to_play = {{"how to play", text(node, "how to play")}};
    return;
  }
  if (!node.IsMap())
    y.Fail(node, "rules: expected a text, or a map of sections (goal: …, a turn: …) for players");
  for (const auto& entry : node) {
    const auto name = y.As<std::string>(entry.first);
    if (name.empty()) y.Fail(entry.first, "rules: a section needs a name");
    r.how_to_play.push_back({name, text(entry.second, name)});
  }
}

}  // namespace tapis
