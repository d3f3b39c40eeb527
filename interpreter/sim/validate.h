// Conformance checks every ruleset must pass (used by `tapis check` and the tests): random
// games end, no card is created or lost, scoring runs, and the log of each game replays.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "interpreter/engine/engine.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// Problems found, one line each; empty when all is well.
std::vector<std::string> CheckState(const Engine& engine, const GameState& state);
std::vector<std::string> CheckRandomGames(std::shared_ptr<const Ruleset> rules, int games_per_count,
                                          uint64_t seed = 1);

}  // namespace tapis
