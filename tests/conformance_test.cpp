// The random-simulation conformance test, run over every bundled ruleset: games end, no
// card is created or lost, scoring runs, moves print and parse back, logs replay.
#include <doctest/doctest.h>

#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;

TEST_CASE("conformance/every bundled ruleset plays random games cleanly") {
  for (const auto& entry : ListRulesets()) {
    CAPTURE(entry.path);
    const auto rules = LoadRuleset(entry.path);
    const auto problems = CheckRandomGames(rules, testing::Soak(50), 7);
    std::string all;
    for (const auto& p : problems) all += p + "\n";
    CHECK_MESSAGE(problems.empty(), all);
  }
}
