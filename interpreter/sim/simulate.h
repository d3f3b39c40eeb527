// Bot-against-bot games in bulk: win rate per seat with a 95% interval, game length, speed.
// Game i uses seed MixSeed(seed, i) whatever the thread count or shard, so results reproduce.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/model/game_config.h"
#include "interpreter/model/game_state.h"
#include "interpreter/sim/sim_totals.h"

namespace tapis {

struct SimOptions {
  int games = 1000;
  uint64_t seed = 1;
  int threads = 1;
  std::vector<std::string> bots;  // one per seat; missing seats play "random"
  uint32_t max_moves = 100000;    // a game longer than this counts as unfinished
  // Called about five times a second with (games done, games in all) once a run has
  // lasted a second; the CLI draws a progress bar with it.
  std::function<void(int, int)> progress;
  // Play only games i with i mod shard_count = shard (to spread a run over machines).
  int shard = 0;
  int shard_count = 1;
  // Per-card attribution (slower: it looks at every legal move): for each kind of card,
  // how the players who played it or held it at the end fared, and which were never legal.
  bool cards = false;
};

uint64_t MixSeed(uint64_t seed, uint64_t index);
SimTotals SimulateTotals(std::shared_ptr<const GameConfig> config, const SimOptions& options);
// The report of a whole run: SimulateTotals, summarized, in the ruleset's move order.
SimReport Simulate(std::shared_ptr<const GameConfig> config, const SimOptions& options);
SimReport Summarize(const SimTotals& totals, const Ruleset& rules);
// Plays one seeded game with the given bots (as in Simulate) and returns its log.
struct GameLog PlayLoggedGame(class Engine& engine, const std::string& ruleset, uint64_t seed,
                              const std::vector<std::string>& bots);
// Plays one seeded game with random bots; for tests and `tapis check`.
GameState RandomGame(class Engine& engine, uint64_t seed, uint32_t max_moves = 100000);

// 95% Wilson interval of a proportion, as {low, high}.
std::pair<double, double> WilsonInterval(double successes, int trials);

}  // namespace tapis
