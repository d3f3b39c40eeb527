// Conformance checks every ruleset must pass (used by `tapis check` and the tests): random
// games end, no card is created or lost, scoring runs, and the log of each game replays.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "interpreter/engine/engine.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// A random game did not end when one of its rounds ran past this many moves, the match past
// this many rounds, or the whole game past kCheckMaxGameMoves.
inline constexpr uint32_t kCheckMaxMoves = 100000;
inline constexpr uint16_t kCheckMaxRounds = 1000;
inline constexpr uint32_t kCheckMaxGameMoves =
    1000000;  // and a whole game past this (its log stays in memory)
// Choice parameters with at most this many values have each value checked.
inline constexpr size_t kMostCheckedChoices = 6;

struct CheckOptions {
  int games = 100;  // per player count: 0 of 100 unfinished shows fewer than 3.7% are (95%)
  uint64_t seed = 1;
  std::map<std::string, std::string> settings;  // parameters, as `--set` gives them
  // The share of a player count's games that may fail to end before the check fails: 1%,
  // so a variant where 5% of games never end fails 96 times in 100 with 100 games.
  double unfinished_limit = 0.01;
  std::function<void()> game_played;  // after each game, however it went (a progress bar)
};

struct CheckOutcome {
  std::vector<std::string> problems;  // each fails the check, one line each
  std::vector<std::string> notes;     // worth knowing, not failures (a rare game that does not end)
};

// Problems found, one line each; empty when all is well.
std::vector<std::string> CheckState(const Engine& engine, const GameState& state);
CheckOutcome CheckRandomGames(std::shared_ptr<const Ruleset> rules, const CheckOptions& options);
inline std::vector<std::string> CheckRandomGames(std::shared_ptr<const Ruleset> rules, int games_per_count,
                                                 uint64_t seed = 1) {
  CheckOptions options;
  options.games = games_per_count;
  options.seed = seed;
  return CheckRandomGames(std::move(rules), options).problems;
}

// The parameter values `tapis check` tries besides the defaults, one at a time: every value
// of each bool parameter and of each choice parameter of at most kMostCheckedChoices values
// that is not every player count's default, leaving out the parameters `settings` fixes.
std::vector<std::pair<std::string, std::string>> ParameterValuesToCheck(
    const Ruleset& rules, const std::map<std::string, std::string>& settings);

}  // namespace tapis
