// Bots answer decisions like humans do: from the legal moves of a state (DESIGN.md §4).
// A bot keeps its own random generator, apart from the game's chance source.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/engine.h"

namespace tapis {

class Bot {
 public:
  virtual ~Bot() = default;
  // Index into `legal` (never empty).
  virtual size_t Choose(Engine& engine, const GameState& state, const std::vector<Move>& legal) = 0;
};

class RandomBot : public Bot {
 public:
  explicit RandomBot(uint64_t seed) : rng_(seed) {}
  size_t Choose(Engine& engine, const GameState&, const std::vector<Move>& legal) override;

 private:
  uint64_t rng_;
};

// Takes the move that most raises its own score as the rules count it now, ties broken at
// random. Moves whose outcome is hidden (a draw from a face-down pile) are valued at the
// current score, so the bot never peeks.
class GreedyBot : public Bot {
 public:
  explicit GreedyBot(uint64_t seed) : rng_(seed) {}
  size_t Choose(Engine& engine, const GameState& state, const std::vector<Move>& legal) override;

 private:
  uint64_t rng_;
};

// "random" or "greedy"; throws Error(kUsage) otherwise.
std::unique_ptr<Bot> MakeBot(const std::string& kind, uint64_t seed);
// One bot per seat for a game of `game_seed`: `kinds[p]`, "random" where none is given.
std::vector<std::unique_ptr<Bot>> MakeBots(const std::vector<std::string>& kinds, int players,
                                           uint64_t game_seed);

}  // namespace tapis
