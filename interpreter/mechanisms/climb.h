// Climbing (a `play` move's `climb:`, model/ruleset.h's Climb; docs/rulesets.md#climbing):
// plays go onto a pile, each beating the last; the engine keeps who played last, how many
// cards, and the passes since. When every other player still in has passed, the pile is
// cleared and the player whose turn comes leads on a clear pile; a play of a clearing value
// (a Two, in some games) clears it at once, and its player plays again. Also players going out in
// turn (`turn: out_when_empty`), each taking the next place.
#pragma once

#include "interpreter/model/engine_services.h"
#include "interpreter/model/move.h"

namespace tapis {

// The cards a play of `decl` must have now: the last play's count with `same_size` on a
// pile that holds one, else 0 (any).
int ClimbSizeNeeded(const EngineServices& engine, const GameState& state, const MoveDecl& decl);

// After a play of `decl` onto its pile. True when it clears the pile at once (a `clear_with`
// value): the engine clears it once the move's effects have run (ClearClimbPile), and its
// player leads again, if they have cards left.
bool NoteClimbPlay(const EngineServices& engine, GameState& state, int player, const MoveDecl& decl,
                   const Move& move);

// The pile of `decl` goes to its `clear_to` (on top, or turned over under it): nobody's play
// on it, no pass.
void ClearClimbPile(const EngineServices& engine, GameState& state, const MoveDecl& decl);

// After a move of `kind`: one more pass on each pile whose `pass` it is.
void NoteClimbPass(const EngineServices& engine, GameState& state, int kind);

// Whether a pass of `kind` may be made now: not on an empty pile, which the player must lead
// (unless `lead_may_pass`).
bool ClimbPassAllowed(const EngineServices& engine, const GameState& state, int kind);

// At the start of each turn: each pile every other player still in has passed on since its
// last play is cleared.
void ClearPassedPiles(const EngineServices& engine, GameState& state);

// At the start of each round: no play, no pass.
void ResetClimbs(const EngineServices& engine, GameState& state);

// `player` emptied their `out_when_empty` zone by a move: out of the round, at the next
// place; the last one left takes the last place, and the round ends.
void GoOut(const EngineServices& engine, GameState& state, int player);

}  // namespace tapis
