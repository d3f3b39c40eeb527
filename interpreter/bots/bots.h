// Bots answer decisions like humans do: from the legal moves of a state (DESIGN.md §4).
// A bot keeps its own random generator, apart from the game's chance source. A bot is
// handed the whole state but may use only what its player sees (DESIGN.md §6): the bots
// that look ahead do so on a determinisation (determinize.h), never on the real state.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/bots/knowledge.h"
#include "interpreter/engine/engine.h"

namespace tapis {

class Bot {
 public:
  virtual ~Bot() = default;
  // Index into `legal` (never empty).
  virtual size_t Choose(Engine& engine, const GameState& state, const std::vector<Move>& legal) = 0;
  // Told of every move of the game (anybody's) as it is made, when Watches(): bots that
  // remember what their player `seat` has seen (knowledge.h) learn it here.
  virtual bool Watches() const { return false; }
  virtual void Observe(const Engine& /*engine*/, int /*seat*/, const GameState& /*before*/, const Move& /*move*/,
                       const GameState& /*after*/) {}
};

// A bot that remembers what its player has seen, move by move.
class WatchingBot : public Bot {
 public:
  bool Watches() const override { return true; }
  void Observe(const Engine& engine, int seat, const GameState& before, const Move& move,
               const GameState& after) override;
  const Knowledge& knowledge() const { return knowledge_; }

 protected:
  // What the player acting in `state` knows; nothing beyond the view when moves were missed.
  const Knowledge& KnowledgeFor(const Engine& engine, const GameState& state);

 private:
  Knowledge knowledge_;
};

class RandomBot : public Bot {
 public:
  explicit RandomBot(uint64_t seed) : rng_(seed) {}
  size_t Choose(Engine& engine, const GameState&, const std::vector<Move>& legal) override;

 private:
  uint64_t rng_;
};

// Takes the move that most raises its standing as the rules count it now: its score less
// the others' mean (turned round where the lowest total wins), or the ruleset's `bots:
// evaluate:` values likewise; ties broken at random. It tries the moves on kGreedySamples
// determinisations (or the ruleset's `bots: samples:`), on the look-ahead engine, and sums what each gains,
// so no real hidden card shows. Moves whose outcome is hidden (a draw from a face-down pile) gain nothing.
inline constexpr int kGreedySamples = 8;

class GreedyBot : public WatchingBot {
 public:
  explicit GreedyBot(uint64_t seed) : rng_(seed), sample_rng_(seed ^ 0x5A3B1E5EEDULL) {}
  size_t Choose(Engine& engine, const GameState& state, const std::vector<Move>& legal) override;

 private:
  uint64_t rng_;         // ties
  uint64_t sample_rng_;  // determinisations
};

// A move from `legal` at random, weighted by the move kinds' `bot_weight`.
size_t RandomMove(const Engine& engine, const std::vector<Move>& legal, uint64_t& rng);

// "random", "greedy", "ismcts" or "ismcts:BUDGET" (ismcts.h); throws Error(kUsage) otherwise.
std::unique_ptr<Bot> MakeBot(const std::string& kind, uint64_t seed);
// One bot per seat for a game of `game_seed`: `kinds[p]`, "random" where none is given.
std::vector<std::unique_ptr<Bot>> MakeBots(const std::vector<std::string>& kinds, int players,
                                           uint64_t game_seed);
// True when some bot wants to be told of every move.
bool AnyWatches(const std::vector<std::unique_ptr<Bot>>& bots);
// Tells every watching bot (bots[p] plays seat p; null for a human) of a move just made.
void TellBots(const std::vector<std::unique_ptr<Bot>>& bots, const Engine& engine, const GameState& before,
              const Move& move, const GameState& after);

}  // namespace tapis
