// Reads `rules:`, the ruleset's rules for players (what `rules` prints in play and `tapis
// rules GAME` outside it): a map of section names to texts, in the order written, or one
// text. The engine does not read them; they say in words what the rest of the file does.
#pragma once

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

void ReadHowToPlay(const YamlReader& reader, const YAML::Node& node, Ruleset& rules);

}  // namespace tapis
