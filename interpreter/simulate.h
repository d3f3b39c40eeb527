// Bot-against-bot games in bulk: win rate per seat with a 95% interval, game length, speed.
// Game i uses seed MixSeed(seed, i) whatever the thread count, so results reproduce.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/game_config.h"
#include "interpreter/game_state.h"

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
};

struct SeatStats {
  double wins = 0;  // a shared win counts 1/k for each of k winners
  double mean_score = 0;
  double score_margin = 0;  // half-width of the mean score's 95% interval
};

struct SimReport {
  int games = 0;
  int unfinished = 0;
  std::vector<SeatStats> seats;
  double mean_turns = 0, stddev_turns = 0;
  double mean_moves = 0;
  double seconds = 0;
  std::string error;  // the first script error met, if any
  // Mean at the end of finished games of each table variable, by name: a ruleset can count
  // how a game ended (a turn limit reached, say) and the report shows how often.
  std::vector<std::pair<std::string, double>> variable_means;
  // Rule coverage, per game: how often each move was made and each move's effect fired.
  std::vector<std::pair<std::string, double>> moves_per_game;
  std::vector<std::pair<std::string, double>> effects_per_game;
};

uint64_t MixSeed(uint64_t seed, uint64_t index);
SimReport Simulate(std::shared_ptr<const GameConfig> config, const SimOptions& options);
// Plays one seeded game with the given bots (as in Simulate) and returns its log.
struct GameLog PlayLoggedGame(class Engine& engine, const std::string& ruleset, uint64_t seed,
                              const std::vector<std::string>& bots);
// Plays one seeded game with random bots; for tests and `tapis check`.
GameState RandomGame(class Engine& engine, uint64_t seed, uint32_t max_moves = 100000);

// 95% Wilson interval of a proportion, as {low, high}.
std::pair<double, double> WilsonInterval(double successes, int trials);

}  // namespace tapis
