// Draw penalties that add up (`{penalty: {draw: 2, into: penalty, paid_by: draw}}`, an
// effect): a card played makes the next player draw N cards, unless they answer with a card
// that fires the same effect, which passes the whole penalty, N more, to the player after
// them. The penalty is kept in a table variable; the player who pays it draws every card,
// one move each, and either way the turn of the player attacked is spent. See
// docs/rulesets.md, "penalty".
#pragma once

#include "interpreter/model/engine_services.h"
#include "interpreter/model/game_state.h"
#include "interpreter/model/move.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// The effect `t` of `move`, made by `player`: the next player must pay or answer. Nothing
// happens when `player` has just gone out (the move emptied the zone it came from) or when
// nothing is left to draw.
void Attack(EngineServices& engine, GameState& state, int player, const Move& move, const Trigger& t);

// After a move of `kind`, which pays a penalty kept in `variable`: one card of it is paid; the
// rest is forgiven when the draw's source is empty; while some remains, the player must draw
// again.
void PayPenalty(EngineServices& engine, GameState& state, int player, int kind, int variable);

}  // namespace tapis
