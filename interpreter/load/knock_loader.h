// Reads knocking: a take move's `knock: {melds, max, knocker}` and the round's score
// `score: {knock: {move, gin, undercut, lay_off}}` (docs/rulesets.md#knocking).
#pragma once

#include <vector>

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// [set, run]: combinations by name, 1 to 8 of them (deadwood's melds).
std::vector<int> ReadMeldList(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules);

// A take move's `knock:`; after its `from` and `to` are read.
void ReadKnock(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules, MoveDecl& move);

// Once card_points are read: deadwood adds them up.
void CheckKnockMoves(const YamlReader& reader, const YAML::Node& moves, const Ruleset& rules);

// `score: {knock: …}`; after the moves are read.
void ReadKnockScore(const YamlReader& reader, const YAML::Node& node, Ruleset& rules);

}  // namespace tapis
