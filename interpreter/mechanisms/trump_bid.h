// Bidding for trumps (`type: take_trump` moves, docs/rulesets.md#bidding-for-trumps): in
// turns from the round's first seat, each player takes the suit of the card turned up as
// trumps, or passes; with `second_round`, once all have passed, each may name another suit
// instead. The taker takes the turned card, every hand is completed, and play starts from
// the round's first seat. When everyone passed every time round, the deal is thrown in.
#pragma once

#include <string>
#include <vector>

#include "interpreter/model/engine_services.h"
#include "interpreter/model/move.h"

namespace tapis {

// At a round's start: nobody has taken nor passed, and there are no trumps yet.
void ResetTrumpBids(const EngineServices& engine, GameState& state);

// The suits the player may take now (Move::value, a value of the tricks' `suit`): the turned
// card's the first time round, any other the second; none once someone took.
void GenerateTrumpBids(const EngineServices& engine, const GameState& state, const MoveDecl& move, Move base,
                       std::vector<Move>& out);

// A take: the trumps and the taker are set, the turned card goes to the taker, every hand is
// dealt up to its size, play moves to the next phase, and the round's first seat leads.
void PerformTakeTrump(EngineServices& engine, GameState& state, int player, const Move& move);

// A move of kind `kind` was made: when it is a bidding's pass, it is counted, and once
// everyone has passed every time round the deal is thrown in (the round ends; nobody took).
void NoteBidPass(EngineServices& engine, GameState& state, int kind);

// Why the typed `words` (the move's name, then a suit) are refused now, in the player's words
// ("" when nothing more precise can be said than the legal moves).
std::string WhyNotTakeTrump(const EngineServices& engine, const GameState& state, const MoveDecl& move,
                            const std::vector<std::string>& words);

}  // namespace tapis
