// Majorities as data (`score: {most: [...]}`, docs/rulesets.md#card_points): Scopa's count,
// once Lua (tests/fixtures/scoring/scopa_count.lua), now rulesets/scopa.yaml's `most:`.
// Both score every round of random matches the same; ties and missing suits score nobody.
#include <doctest/doctest.h>

#include "interpreter/model/errors.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

const std::string kScopaLua = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/scoring/scopa_lua.yaml";

}  // namespace

TEST_CASE("majority/Scopa's count as data scores every round as its Lua count did") {
  auto data = MakeEngine("scopa", 2);
  Engine lua(std::make_shared<GameConfig>(LoadRuleset(kScopaLua), 2));
  REQUIRE(lua.rules().score_most.empty());
  REQUIRE(!lua.rules().score_function.empty());
  int rounds = 0;
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(Soak(100)); ++seed) {
    CAPTURE(seed);
    GameState a = data->NewGame(seed), b = lua.NewGame(seed);
    RandomBot bot(seed);
    while (!a.finished) {
      const auto legal = data->LegalMoves(a);
      const Move move = legal[bot.Choose(*data, a, legal)];
      const int round = a.round;
      REQUIRE(data->Apply(a, move).ok);
      REQUIRE(lua.Apply(b, move).ok);
      if (a.round != round) ++rounds;
      REQUIRE(a.totals == b.totals);
    }
    CHECK(b.finished);
  }
  CHECK(rounds > 3 * Soak(100));  // a match is four rounds or more
}

TEST_CASE("majority/a tie scores nobody, and with teams the partners' cards count together") {
  auto engine = MakeEngine("scopa", 2);
  // Both took three cards and one coin: neither majority scores; player 2's 7 of diamonds
  // is the settebello.
  GameState s = Position(*engine, R"({"zones": {"won 1": ["AD", "2H", "3C"], "won 2": ["7D", "4H", "5C"],
      "hand 1": ["5H"], "hand 2": ["6C"]}, "turn": 1})");
  CHECK(engine->Score(s) == std::vector<int>{0, 1});
  // Four players in two teams: players 1 and 3 hold four cards between them, players 2 and 4
  // three; the most cards is team 1's, and both partners score it.
  const std::string path = FindRuleset("scopa");
  std::string yaml = ReadText(path);
  for (const auto& [from, to] : {std::pair<std::string, std::string>{"players: {min: 2, max: 2}\n",
                                                                     "players: {min: 4, max: 4}\nteams: 2\n"},
                                 {"  bonus: {scope: 1}", "  team: true\n  bonus: {scope: 1}"}}) {
    REQUIRE(yaml.find(from) != std::string::npos);
    yaml.replace(yaml.find(from), from.size(), to);
  }
  Engine four(std::make_shared<GameConfig>(LoadRulesetFromString(yaml, path), 4));
  GameState t = Position(four, R"({"zones": {"won 1": ["AH", "2H"], "won 3": ["3C", "4C"],
      "won 2": ["5H", "6H"], "won 4": ["JC"], "hand 1": ["KS"], "hand 2": ["QS"], "hand 3": ["JS"],
      "hand 4": ["7S"]}, "turn": 1})");
  CHECK(four.Score(t) == std::vector<int>{1, 0, 1, 0});
}

TEST_CASE("majority/majorities are checked at load") {
  const std::string path = FindRuleset("scopa");
  CHECK(EditedLoadError(path, "    - {zone: won, name: cards}\n", "    - {zone: stock, name: cards}\n")
            .find("most: zone: a zone each player owns (the cards won)") != std::string::npos);
  CHECK(EditedLoadError(path, "        per: suit\n", "        per: colour\n").find("colour") !=
        std::string::npos);
  CHECK(EditedLoadError(path, "J: 10, Q: 10", "X: 10, Q: 10").find("'X' is not a value of 'rank'") !=
        std::string::npos);
  CHECK(EditedLoadError(path,
                        "values: {rank: {\"7\": 21, \"6\": 18, A: 16, \"5\": 15, \"4\": 14, \"3\": 13, "
                        "\"2\": 12, J: 10, Q: 10, K: 10}}",
                        "values: 21")
            .find("best: values: a map of property") != std::string::npos);
}

TEST_CASE("majority/a suit's best card counts even when it is worth less than nothing") {
  const std::string path = FindRuleset("scopa");
  std::string yaml = ReadText(path);
  yaml.replace(yaml.find("J: 10, Q: 10, K: 10"), 19, "J: 10, Q: 10, K: -1");
  Engine engine(std::make_shared<GameConfig>(LoadRulesetFromString(yaml, path), 2));
  // Player 1 holds a card of each suit, the King of spades worth -1: a primiera of 47; player
  // 2 none (no club). Player 1 also has the most cards; the coins are tied: 2 points.
  GameState s = Position(engine, R"({"zones": {"won 1": ["AD", "AH", "AC", "KS"], "won 2": ["3D", "5H"],
      "hand 1": ["5C"], "hand 2": ["6C"]}, "turn": 1})");
  CHECK(engine.Score(s) == std::vector<int>{2, 0});
}
