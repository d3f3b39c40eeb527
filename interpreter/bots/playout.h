// What search bots look ahead with: random play from a position to the end of its round
// (or a move limit), and what a position is worth to each player then. Values come from
// the ruleset's `bots: evaluate:` function when it has one, else from the score as the
// rules count it; a finished game is worth exactly its result.
#pragma once

#include <cstdint>
#include <vector>

#include "interpreter/engine/engine.h"

namespace tapis {

// Where a playout stops, besides the end of the game or of its round. The defaults are the
// search's.
struct PlayoutLimits {
  // A round of random play can drag on for thousands of moves in games that rarely end
  // themselves at random.
  int max_moves = 200;
  // Legal moves listed on the way: some positions offer thousands (a large hand with wild
  // cards), and listing them is what a playout spends its time on.
  int64_t max_listed = 20000;
  uint32_t until_turn = 0;  // > 0: once GameState::turns reaches it (`bots: playout_turns:`)
};

// Plays random moves (weighted by `bot_weight` like the random bot) until the game ends,
// the round after `round` begins, a limit is reached, or a move fails. The position is
// left where play stopped.
void PlayOut(Engine& engine, GameState& state, uint16_t round, const PlayoutLimits& limits, uint64_t& rng);

// How well each player stands, higher being better: the ruleset's evaluation, else the
// scores (turned round when the lowest total wins). At the start of a new round, the
// totals of the rounds counted so far.
std::vector<double> StandingValues(Engine& engine, const GameState& state, uint16_t round);

// Search rewards in [0, 1]. A finished game: its winners share 1. Otherwise half for the
// rank among the players by value, half for the lead over the others' mean, measured in
// units of `scale` (a typical gap, so that the reward means the same in every game).
std::vector<double> Rewards(Engine& engine, const GameState& state, const std::vector<double>& values,
                            double scale);

// The gap `scale` measures: a player's value above the mean of the others.
double Lead(const std::vector<double>& values, int player);

}  // namespace tapis
