// The `lay:` effect (docs/rulesets.md#then): every group of a set combination a player's zone
// holds is laid down at once (books of four of a rank), without a move for each.
#pragma once

#include "interpreter/model/engine_services.h"

namespace tapis {

// Lays from `player`'s `lay.from` each group of cards sharing the combination's value (and
// its `same` properties) that has at least `min` cards, `max` at a time while `min` are left,
// into the player's `lay.to`, or a new instance of it when it is dynamic. The cards laid
// keep the order they had.
void LayGroups(const EngineServices& engine, GameState& state, int player, const Trigger::Lay& lay);

}  // namespace tapis
