// `keep:` on a draw or take (model/move_decl.h Keep): the card the move took stays where it
// went for the rest of the turn; no take move may move it, nor a copy of it, on (a card
// taken from the discard pile is not thrown back at once).
#pragma once

#include <span>

#include "interpreter/model/engine_services.h"

namespace tapis {

// After `decl` took `card` (the card drawn, for a draw): its keep variable holds the card.
void NoteKept(const EngineServices& engine, GameState& state, const MoveDecl& decl, CardId card);

// At each turn's start: no card is kept.
void ClearKept(const EngineServices& engine, GameState& state);

// Whether `player`'s take move `take` may not move `card` this turn: it is the turn's player,
// and a keep move put the card, or a card of its kind (two packs hold two), into `take`'s zone.
// `by`, when not null, is set to that move.
bool IsKept(const EngineServices& engine, const GameState& state, const MoveDecl& take, int player, CardId card,
            const MoveDecl** by = nullptr);

// The kinds of card `player`'s take move `take` may not move this turn (IsKept's, for a
// listing: asked once, not once a card), at most kinds.size(); returns how many.
int KeptKinds(const EngineServices& engine, const GameState& state, const MoveDecl& take, int player,
              std::span<int> kinds);

}  // namespace tapis
