// Moves the engine counts (`count:` on a move, model/ruleset.h MoveCount): in a table
// variable, per round, per turn or in a row; a move no longer offered at its `max:`, a
// round that ends at `ends_round_at:`. Draw at most five times a turn; the game ends after
// 100 plays, or when every player passed in a row with the stock empty.
#pragma once

#include "interpreter/model/engine_services.h"

namespace tapis {

// Whether the move's count has reached its `max:` (a turn's count only limits the player's
// own turn: answers to decisions are neither counted nor limited by it).
bool CountReached(const EngineServices& engine, const GameState& state, const MoveDecl& decl, bool answering);

// After a move of kind `kind`: counts it and sets the counts in a row of the other kinds back
// to 0. True when a count reached its `ends_round_at:`: the round ends once the move is done.
// `counted` lists the move kinds that have a `count:`.
bool CountMove(const EngineServices& engine, GameState& state, const std::vector<int>& counted, int kind,
               bool answering);

// Sets back to 0 the counts that start afresh with each turn (or each round, `round`).
void ResetCounts(const EngineServices& engine, GameState& state, const std::vector<int>& counted, bool round);

}  // namespace tapis
