// Reads the keys of `take_trump` moves (docs/rulesets.md#bidding-for-trumps).
#pragma once

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// taker, passes, pass (its name; resolved once every move is read), second_round,
// complete: {from, up_to}, next_phase; after `from` and `to` are read.
void ReadTakeTrumpMove(const YamlReader& reader, const YAML::Node& spec, const Ruleset& rules,
                       MoveDecl& move);

// Once the tricks are read: a bid writes the trumps, so they must be a variable's.
void CheckTakeTrumpMoves(const YamlReader& reader, const YAML::Node& moves, const Ruleset& rules);

}  // namespace tapis
