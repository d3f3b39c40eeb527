// tapis check's lint: warnings for what loads but is probably a mistake.
#include "interpreter/load/lint.h"

#include <doctest/doctest.h>

#include "tests/helpers.h"

using namespace tapis;

TEST_CASE(
    "lint/warns about undescribed parameters, triggers no card fires, zones never filled, functions never "
    "used") {
  const auto rules = LoadRuleset(std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/lint.yaml");
  CHECK(Lint(*rules) ==
        std::vector<std::string>{
            "warning: parameter 'speed' has no description",
            "warning: move 'give_up': its trigger's condition fits no card, so 'on_three' never runs",
            "warning: zone 'attic' never receives a card: no setup step, move or script puts one there",
            "warning: fixtures/lint.lua: function 'forgotten' is never named in the ruleset nor called",
        });
}

TEST_CASE("lint/the bundled rulesets are clean") {
  for (const auto& entry : ListRulesets()) {
    CAPTURE(entry.name);
    CHECK(Lint(*LoadRuleset(entry.path)).empty());
  }
}
