// Contracts: a meld move that lays several fixed-size combinations at once (two triples,
// a run of four and a triple…), the list being picked by a player variable (the player's
// level, say). Declared in YAML under a meld move's `contract:`; see docs/rulesets.md.
#pragma once

#include <vector>

#include "interpreter/model/game_state.h"
#include "interpreter/model/move.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

class EngineServices;

// The combinations `player` must lay with `move` now, or null when their variable names none.
const std::vector<int>* ContractFor(const EngineServices& engine, const GameState& s, int player,
                                    const MoveDecl& move);

// Legal moves laying the player's contract: the cards of each combination in turn (so the
// combinations' sizes split them), at most a bounded number of distinct ways.
void GenerateContracts(const EngineServices& engine, const GameState& s, int player, const MoveDecl& move,
                       const Move& base, std::vector<Move>& out);

}  // namespace tapis
