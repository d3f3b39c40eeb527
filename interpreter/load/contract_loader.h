// Reads a meld move's `contract:` (docs/rulesets.md): the combinations laid at once, picked
// by a player variable. The contracts themselves are played by mechanisms/contract.h.
#pragma once

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// Reads `contract: {by: VARIABLE, list: [[combination…]…]}` into `move`.
void ReadContract(const YamlReader& y, const YAML::Node& node, const Ruleset& r, MoveDecl& move);

}  // namespace tapis
