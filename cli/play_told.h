// What each seat of `tapis play` is told of the moves made: kept move by move so that a
// hot-seat player, or one typing `last`, sees the moves since their turn as they saw them
// (a card passed to another stays unnamed), and what a seat has seen, which no `undo` takes
// back.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "cli/screen.h"
#include "interpreter/bots/bots.h"
#include "interpreter/records/game_log.h"

namespace tapis::cli {

// For each move of the log, the move and what it caused as each seat saw it (empty for seats
// it was not kept for): what a hot-seat player is told when the terminal comes back to them.
struct ToldBySeat {
  std::vector<std::string> move;                // its text, secret cards counted (ToldMoveText)
  std::vector<std::vector<std::string>> lines;  // what it caused
};

// What each human seat (one without a bot) is told of a move.
ToldBySeat TellSeats(const Engine& engine, const GameState& before, const GameState& after, const Move& move,
                     const std::vector<std::unique_ptr<Bot>>& bots, const MoveStates* moved);

// The cards that came into a zone only `seat` sees between `then` and `now`.
std::vector<std::string> CardsSeenSince(const Engine& engine, const GameState& then, const GameState& now,
                                        int seat);

// The moves since `seat` last moved, each with what it caused as the seat saw it; false when
// there are none.
bool PrintSinceLastTurn(const GameLog& log, const std::vector<ToldBySeat>& told, int seat,
                        const Screen& screen);

}  // namespace tapis::cli
