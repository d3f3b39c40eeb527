// Shedding onto a pile (`follow:` on a take move, `declares:` on a choose move, `refill:` on
// a zone): a card may go on the pile when it shares a value of one of the listed properties
// with the top card (what a wild top was declared to stand for), or is wild for one of them;
// an empty stock is rebuilt from the pile but its top.
#pragma once

#include "interpreter/model/engine_services.h"

namespace tapis {

// Whether `card` may go on top of `decl.to` under the move's `follow:` (any card when the
// move has none or the pile is empty).
bool FollowsTop(const EngineServices& engine, const GameState& state, const MoveDecl& decl, int player,
                CardId card);

// A choose move with `declares:`: the option becomes what the pile's top card stands for.
void DeclareTop(const EngineServices& engine, GameState& state, const MoveDecl& decl, int option);

// Every zone with `refill:` that is empty takes the cards of its source but the top ones,
// shuffled unless the ruleset says not.
void RefillZones(EngineServices& engine, GameState& state);

}  // namespace tapis
