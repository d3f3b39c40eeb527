// A stock rebuilt from another zone (zones' `refill:`, model/ruleset.h's ZoneDecl;
// docs/rulesets.md#zones): the discards turned over into a new stock, but the card on top
// (`keep: 1`), or but the cards of the highest value (`keep: {highest: rank}`); at once
// when the zone is emptied, or only when a card must be drawn from it (`when: drawn`).
#pragma once

#include <vector>

#include "interpreter/model/engine_services.h"
#include "interpreter/model/move.h"

namespace tapis {

// Whether refilling zone declaration `zone` would bring it a card now.
bool CanRefill(const EngineServices& engine, const GameState& state, int zone);

// Whether a draw of `decl` by `player` has a card to take: its source holds one, or would
// once refilled. Inline: the move generator asks it for every draw it offers.
inline bool CanDraw(const EngineServices& engine, const GameState& state, const MoveDecl& decl, int player) {
  return !state.zones[engine.ZoneSlot(decl.from, player)].cards.empty() ||
         (engine.rules().zones[decl.from].refill_from >= 0 && CanRefill(engine, state, decl.from));
}

// After a move: each zone of `refilled` (those that declare a refill) that is empty and
// refills once emptied takes its cards.
void RefillZones(EngineServices& engine, GameState& state, const std::vector<int>& refilled);

// Before a card is drawn from zone instance `slot` (a move's or a script's): empty, it takes
// its cards if it refills (a `when: drawn` zone waits for this).
void RefillEmptyToDraw(EngineServices& engine, GameState& state, int slot);
inline void RefillToDraw(EngineServices& engine, GameState& state, int slot) {
  if (state.zones[slot].cards.empty()) RefillEmptyToDraw(engine, state, slot);
}

}  // namespace tapis
