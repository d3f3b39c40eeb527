// Position files: any state written out reads back the same, for every bundled ruleset.
// Identical cards (two jokers, two packs) are told apart only by where they lie, so "the
// same" means: it writes out to the same text again.
#include <doctest/doctest.h>

#include "interpreter/bots/bots.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

TEST_CASE("position/every state of random games writes, reads back and writes the same") {
  for (const auto& entry : ListRulesets()) {
    auto rules = LoadRuleset(entry.path);
    for (int players = rules->min_players; players <= std::min(rules->max_players, rules->min_players + 2);
         ++players) {
      Engine engine(std::make_shared<GameConfig>(rules, players));
      for (uint64_t seed = 1; seed <= 5; ++seed) {
        RandomBot bot(seed);
        GameState state = engine.NewGame(seed);
        std::vector<Move> legal;
        for (int step = 0; step < 300 && !state.finished; ++step) {
          const std::string text = WritePosition(engine, state);
          CAPTURE(entry.name);
          CAPTURE(text);
          REQUIRE(IsPosition(text));
          REQUIRE(WritePosition(engine, ReadPosition(engine, text, "written")) == text);
          engine.LegalMoves(state, legal);
          engine.Apply(state, legal[bot.Choose(engine, state, legal)]);
        }
      }
    }
  }
}

TEST_CASE("position/malformed variables and decisions are refused") {
  auto engine = MakeEngine("empereur", 3);
  CHECK_THROWS_WITH(Position(*engine, R"({"variables": {"role x": 1}})"),
                    "test position: variable 'role x': no player 'x'");
  CHECK_THROWS_WITH(Position(*engine, R"({"variables": {"role 5": 1}})"),
                    "test position: variable 'role 5': no player '5'");
  CHECK_THROWS_WITH(Position(*engine, R"({"variables": {"role": 1}})"),
                    "test position: variable 'role': write \"role N\"");
  CHECK_THROWS_WITH(Position(*engine, R"({"decisions": [{"player": 9, "moves": ["give"]}]})"),
                    "test position: decisions: no player 9");
  CHECK_THROWS_WITH(Position(*engine, R"({"direction": 2})"),
                    "test position: direction: 1 (to the left) or -1 (to the right)");
}
