// Asking another player (`type: ask` moves, docs/rulesets.md#asking): the mover names a player
// and a value of a property they hold a card of (a rank); the player asked hands over every
// card of `from` with that value into the mover's `to`, or none, which the move's effects
// read as its `number` (0: the player asked had none).
#pragma once

#include <vector>

#include "interpreter/model/engine_services.h"
#include "interpreter/model/move.h"

namespace tapis {

// One move for each other player whose `from` holds a card and each value of the move's
// property that the mover's `to` holds: `ask p2 Q`; with `any`, the first only (is there one?).
void GenerateAsks(const EngineServices& engine, const GameState& state, int player, const MoveDecl& move,
                  Move base, bool any, std::vector<Move>& out);

// The cards `move` would take: those of the asked player's `from` with the value asked, the
// first kMaxMoveCards of them in `move`'s cards (what the move's effects see), all of them moved.
Move AskAnswered(const EngineServices& engine, const GameState& state, const Move& move);

// Every card of the asked player's `from` with the value asked, into the mover's `to`; `move`
// as AskAnswered made it.
void PerformAsk(const EngineServices& engine, GameState& state, int player, const Move& move);

}  // namespace tapis
