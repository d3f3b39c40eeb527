// Reads a move's effects (`then:`, docs/rulesets.md#then): a Lua function, or one of the
// engine's own (ask, skip, reverse, penalty, set, phase, lay, next, move, end).
#pragma once

#include <functional>
#include <string>

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// `function_name` records a Lua function the effect names, checked once the scripts are loaded.
Trigger ReadTrigger(const YamlReader& reader, const YAML::Node& node, const Ruleset& r,
                    const std::function<std::string(const YAML::Node&)>& function_name);

}  // namespace tapis
