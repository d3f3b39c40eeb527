// The move table a trigger receives (docs/lua-api.md, Triggers): its fields, read-only,
// listed by pairs, and the same table as tapis.move_info().
#include <doctest/doctest.h>

#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

TEST_CASE("move table/fields, pairs, move_info and writes") {
  const std::string bad = std::string(TAPIS_SOURCE_DIR) + "/tests/bad/";
  std::string yaml = ReadText(bad + "mini.yaml");
  const char* checks[] = {"player", "name", "cards", "extra", "unknown", "same", "pairs", "read_only"};
  std::string variables = "variables:\n";
  for (const char* c : checks) variables += std::string("  ") + c + ": {}\n";
  yaml.insert(yaml.find("setup:"), variables);
  yaml.replace(yaml.find("mini.lua"), 8, "../fixtures/move_table.lua");
  auto rules = LoadRulesetFromString(yaml, bad + "case.yaml");
  Engine engine(std::make_shared<GameConfig>(rules, 2));
  GameState state = engine.NewGame(1);
  const ApplyResult r = engine.Apply(state, engine.LegalMoves(state).front());  // a play
  REQUIRE_MESSAGE(r.ok, r.error);
  for (const char* c : checks) {
    CAPTURE(c);
    CHECK(state.variables[engine.config().VariableSlot(rules->VariableIndex(c), -1)] == 1);
  }
}
