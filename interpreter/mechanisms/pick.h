// Picking blind from another player's hand (`type: pick` moves, docs/rulesets.md#picking):
// the mover takes one card, unseen, from a player who still holds cards (the next one in
// turn order, or any they name). The owner's order is hidden from the mover, so each card is
// as likely as any other: chance chooses it, as it does a card drawn from a face-down stock.
#pragma once

#include <vector>

#include "interpreter/model/engine_services.h"
#include "interpreter/model/move.h"

namespace tapis {

// One move for each player the mover may pick from (`target`): the next player in turn order
// whose `from` holds cards with `from_seat: next`, every other such player with `any`.
void GeneratePicks(const EngineServices& engine, const GameState& state, int player, const MoveDecl& move,
                   Move base, std::vector<Move>& out);

// `move` with the card chance picks from the target's `from` (none when it is empty).
Move PickAnswered(EngineServices& engine, GameState& state, const Move& move);

// The picked card goes from the target's `from` into the mover's `to`.
void PerformPick(const EngineServices& engine, GameState& state, int player, const Move& move);

}  // namespace tapis
