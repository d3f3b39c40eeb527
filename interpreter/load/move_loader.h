// Reads a ruleset's `moves:` section: each move kind's type, zones, combination, cost,
// phases and `then:` trigger (docs/rulesets.md#moves).
#pragma once

#include <functional>
#include <string>

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// `function_name` records a Lua function a move names, to be checked once the scripts are
// loaded. Call after the zones, combinations, phases and variables are read.
void ReadMoves(const YamlReader& reader, const YAML::Node& node, Ruleset& rules,
               const std::function<std::string(const YAML::Node&)>& function_name);

}  // namespace tapis
