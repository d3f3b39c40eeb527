// tapis bench: random-bot games per second for each ruleset, measured the way `tapis sim`
// runs them (SimulateTotals), in batches that double until the time asked has passed.
#include <fmt/format.h>

#include <algorithm>

#include "cli/commands.h"
#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "interpreter/model/errors.h"
#include "interpreter/sim/simulate.h"

namespace tapis::cli {

int Bench(const std::vector<std::string>& games, int players, int threads, double seconds) {
  std::vector<std::string> names = games;
  if (names.empty()) {
    for (const auto& entry : ListRulesets()) names.push_back(entry.name);
  }
  fmt::print("{:<20} {:>7} {:>8} {:>10} {:>12}\n", "ruleset", "players", "threads", "games", "games/s");
  for (const auto& name : names) {
    const auto rules = LoadRuleset(FindRuleset(name));
    // The players asked when the game allows them, else the nearest count it does.
    const int p = std::clamp(players, rules->min_players, rules->max_players);
    const auto config = std::make_shared<GameConfig>(rules, p);
    SimOptions sim;
    sim.threads = threads;
    sim.games = 8;
    int played = 0;
    double spent = 0;
    while (spent < seconds) {
      sim.seed = static_cast<uint64_t>(played) + 1;
      const SimTotals totals = SimulateTotals(config, sim);
      if (!totals.error.empty()) throw ScriptError(totals.error);
      played += sim.games;
      spent += totals.seconds;
      sim.games *= 2;
    }
    fmt::print("{:<20} {:>7} {:>8} {:>10} {:>12.0f}\n", name, p, threads, played, played / spent);
  }
  return 0;
}

}  // namespace tapis::cli
