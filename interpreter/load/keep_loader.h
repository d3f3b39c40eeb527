// Reads `keep: {into, enabled}` on a draw or take move: the card it takes stays until the
// turn is over (docs/rulesets.md#moves, mechanisms/keep.h).
#pragma once

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// A draw or take move's `keep:`; after its type is read.
void ReadKeep(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules, MoveDecl& move);

// Once every move is read: each keep move is made once a turn at most, into a variable no
// other rule writes.
void CheckKeepMoves(const YamlReader& reader, const YAML::Node& moves, const Ruleset& rules);

}  // namespace tapis
