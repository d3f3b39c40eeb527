// Variants that extend a ruleset: merge rules, inherited scripts, errors at the variant's line.
#include <doctest/doctest.h>

#include "interpreter/model/errors.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

const std::string kDir = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/variants/";

std::string LoadErrorOf(const std::string& file) {
  try {
    LoadRuleset(kDir + file);
  } catch (const Error& e) {
    return e.what();
  }
  return "(loaded)";
}

}  // namespace

TEST_CASE("variant/overrides what it names and keeps the rest") {
  const auto rules = LoadRuleset(kDir + "unisson_quick.yaml");
  CHECK(rules->name == "unisson_quick");
  CHECK(rules->min_players == 3);               // inherited
  CHECK(rules->actions_per_turn.literal == 3);  // overridden
  const auto& bonus = rules->parameters[rules->ParameterIndex("unisson_bonus")];
  CHECK(bonus.default_value == 100);                                              // merged into the map
  CHECK(bonus.description == "Bonus for every player when all have an octave.");  // kept
  REQUIRE(rules->scripts.size() == 2);  // the base's, then the variant's
  CHECK(rules->scripts[0].display_name == "scripts/unisson.lua");
  CHECK(rules->score_function == "melded_cards");
}

TEST_CASE("variant/plays with the base's triggers and its own scoring") {
  auto engine = MakeEngine(kDir + "unisson_quick.yaml", 3);
  GameState s = Position(*engine, R"({
    "zones": {"gamme": ["AS", "8H"], "hand 1": ["9H", "8C", "JD"], "hand 2": ["KC"], "hand 3": ["QC"]},
    "created_zones": [{"zone": "melds", "owner": 2, "cards": ["AD", "KD", "QD"]}]})");
  CHECK(s.actions_left == 3);
  Play(*engine, s, "choose AS");  // the base's Ace effect: two discards
  CHECK(s.decisions.size() == 1);
  CHECK(engine->Score(s) == std::vector<int>{0, 3, 0});
}

TEST_CASE("variant/null removes a key") {
  auto engine = MakeEngine(kDir + "no_trigger.yaml", 3);
  GameState s = Position(
      *engine, R"({"zones": {"gamme": ["AS"], "hand 1": ["9H"], "hand 2": ["KC"], "hand 3": ["QC"]}})");
  Play(*engine, s, "choose AS");
  CHECK(s.decisions.empty());
}

TEST_CASE("variant/errors point at the variant's own line") {
  CHECK(LoadErrorOf("typo.yaml") == kDir + "typo.yaml:3:3: unknown key 'actoins'; did you mean 'actions'?");
  CHECK(LoadErrorOf("loop_a.yaml").find("extends itself, through a chain of extends") != std::string::npos);
}
