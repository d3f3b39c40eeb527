// Reads what cards are worth (`card_points:`) and a score that adds them up (`score: {plus:
// ZONE, minus: ZONE}`) and a contract on a bid (`score: {bid: bid, won: tricks, …}`): the
// arithmetic scoring that needs no Lua.
#pragma once

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// card_points: [{if: {rank: "8"}, points: 50}, {points: {rank: {"2": 2, …}, suit: {C: 0, …}}}]
void ReadCardPoints(const YamlReader& reader, const YAML::Node& node, Ruleset& rules);
// score: {plus: won, minus: hand} (needs card_points:) and a contract {bid, won, made, missed}.
void ReadScoreMap(const YamlReader& reader, const YAML::Node& node, Ruleset& rules);

}  // namespace tapis
