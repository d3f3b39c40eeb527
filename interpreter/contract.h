// Contracts: a meld move that lays several fixed-size combinations at once (two triples,
// a run of four and a triple…), the list being picked by a player variable (the player's
// level, say). Declared in YAML under a meld move's `contract:`; see docs/rulesets.md.
#pragma once

#include <vector>

#include "interpreter/game_state.h"
#include "interpreter/move.h"
#include "interpreter/ruleset.h"
#include "interpreter/yaml_reader.h"

namespace tapis {

class Engine;

// Reads `contract: {by: VARIABLE, list: [[combination…]…]}` into `move`.
void ReadContract(const YamlReader& y, const YAML::Node& node, const Ruleset& r, MoveDecl& move);

// The combinations `player` must lay with `move` now, or null when their variable names none.
const std::vector<int>* ContractFor(const Engine& engine, const GameState& s, int player,
                                    const MoveDecl& move);

// Legal moves laying the player's contract: the cards of each combination in turn (so the
// combinations' sizes split them), at most a bounded number of distinct ways.
void GenerateContracts(const Engine& engine, const GameState& s, int player, const MoveDecl& move,
                       const Move& base, std::vector<Move>& out);

}  // namespace tapis
