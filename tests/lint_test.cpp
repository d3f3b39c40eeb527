// tapis check's lint: warnings for what loads but is probably a mistake.
#include "interpreter/load/lint.h"

#include <doctest/doctest.h>

#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

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

TEST_CASE("lint/a ruleset of 32 phases offers its moves in them (the mask of 32 bits is whole)") {
  std::string phases = "phases: [bidding, playing";
  for (int i = 3; i <= 32; ++i) phases += ", p" + std::to_string(i);
  const std::string path = FindRuleset("belote");
  const auto rules =
      LoadRulesetFromString(EditedText(path, "phases: [bidding, playing]", phases + "]"), path);
  CHECK(rules->phases.size() == 32);
  CHECK(Lint(*rules).empty());
}
