// What search bots look ahead with: random play from a position to the end of its round
// (or a move limit), and what a position is worth to each player then. Values come from
// the ruleset's `bots: evaluate:` function when it has one, else from the score as the
// rules count it; a finished game is worth exactly its result.
#pragma once

#include <cstdint>
#include <vector>

#include "interpreter/engine.h"

namespace tapis {

// Plays random moves (weighted by `bot_weight` like the random bot) until the game ends,
// the round after `round` begins, `max_moves` have been made, the legal moves listed on
// the way pass `max_listed` (positions with thousands of moves cost in proportion), or a
// move fails. The position is left where play stopped.
void PlayOut(Engine& engine, GameState& state, uint16_t round, int max_moves, int64_t max_listed, uint64_t& rng);

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
