// Reads `setup:` and `turn:`: how a round's cards are laid out, and how turns go round
// (docs/rulesets.md#setup, #turn).
#pragma once

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// setup: [{shuffle: stock}, {deal: 13, from: stock, to: hand}, {move: 1, from: stock, to: discard}]
void ReadSetup(const YamlReader& reader, const YAML::Node& node, Ruleset& rules);

// Once the moves are read: each setup step's `acts_as: MOVE`, by name.
void ResolveSetupMoves(const YamlReader& reader, const YAML::Node& setup, Ruleset& rules);

// turn: {first, actions, last_round_when_empty, wins_when_empty, round_ends_when_empty, ...}
void ReadTurn(const YamlReader& reader, const YAML::Node& node, Ruleset& rules);

}  // namespace tapis
