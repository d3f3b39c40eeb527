// Passing cards before play (`type: pass_cards` moves, docs/rulesets.md#passing-cards): each
// round starts by asking every player, in turn order, to set cards aside one at a time into
// a zone of their own that the others do not see; once nobody has cards left to set aside,
// each player's go to the player the round's direction names, all at once, so that nobody
// chooses knowing what they receive. With `tricks: first_lead`, the card's holder then leads.
#pragma once

#include "interpreter/model/engine_services.h"

namespace tapis {

// At a round's start: a decision for each player (from the turn player on) to pass this
// round's cards with each `pass_cards` move, unless the round's direction is `none`. True
// when some were asked (the first trick's leader is then seated once they are delivered).
bool AskForPasses(const EngineServices& engine, GameState& state);

// Whether cards passed wait for the others': no player goes out meanwhile.
bool PassingPending(const EngineServices& engine, const GameState& state);

// Once no decision is pending: the cards set aside go to their receivers. False when none
// were set aside (nothing to deliver).
bool DeliverPasses(const EngineServices& engine, GameState& state);

// The seat that receives `player`'s cards this round, or -1 when the round passes none.
int PassReceiver(const EngineServices& engine, const GameState& state, const MoveDecl& move, int player);

}  // namespace tapis
