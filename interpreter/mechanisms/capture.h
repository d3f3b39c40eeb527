// Capturing from the table (`type: capture` moves, docs/rulesets.md#capture): fishing games.
// A card played takes one table card of its value, or, when none
// has it, table cards whose values add up to it; each way of capturing is a move. A card
// that can capture must; one that cannot is laid on the table. A capture that empties the
// table is a sweep, counted unless it is the round's last play; at the round's end, the
// cards left go to whoever captured last.
#pragma once

#include <vector>

#include "interpreter/model/engine_services.h"
#include "interpreter/model/move.h"

namespace tapis {

// The capture moves of `player`: for each card of `from`, each way it captures, or laying it.
void GenerateCaptures(const EngineServices& engine, const GameState& state, int player, const MoveDecl& move,
                      Move base, std::vector<Move>& out);

// The move's first card onto the table, or with the cards it captures into `won`.
void PerformCapture(const EngineServices& engine, GameState& state, int player, const Move& move);

// At a round's end: the table cards go to the player who captured last.
void GatherLeftovers(const EngineServices& engine, GameState& state);

// At a round's start: nobody has captured or swept yet.
void ResetCaptures(const EngineServices& engine, GameState& state);

// `redeal:` at a turn's start: when every player's zone is empty, more cards each.
void Redeal(const EngineServices& engine, GameState& state);

}  // namespace tapis
