// Le président (rulesets/president.yaml), as the ruleset writes its usual rules down: as many
// cards of a higher rank, passes, the cards cleared when all others pass or by 2s, going out
// in order, titles and the exchanges, the score by place; refusals; random matches.
#include <doctest/doctest.h>

#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

using Texts = std::vector<std::string>;

int Variable(const Engine& engine, const GameState& s, const std::string& name, int player = 0) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), player - 1)];
}

// Four players, player 1 to lead.
GameState Start(Engine& engine) {
  return Position(engine, R"({"zones": {"hand 1": ["5S", "5H", "9C", "2C"], "hand 2": ["6S", "6D", "KD"],
      "hand 3": ["7S", "7H", "QD", "3C"], "hand 4": ["4S", "8H", "8D", "AC"]}})");
}

}  // namespace

TEST_CASE("president/lead any number of one rank, then as many of a higher rank, or pass") {
  auto engine = MakeEngine("president", 4);
  GameState s = Start(*engine);
  // The leader plays: no pass on an empty pile.
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"play 2C", "play 5H", "play 5S", "play 5S 5H", "play 9C"});
  Play(*engine, s, "play 5S 5H");
  CHECK(Variable(*engine, s, "count") == 2);
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"pass", "play 6S 6D"});  // a pair, and higher
  Play(*engine, s, "play 6S 6D");
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"pass", "play 7S 7H"});
  Play(*engine, s, "pass");
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"pass", "play 8H 8D"});
}

TEST_CASE("president/when every other player passes, the cards are cleared and the last to play leads") {
  auto engine = MakeEngine("president", 4);
  GameState s = Start(*engine);
  for (const char* move : {"play 9C", "play KD", "pass", "pass", "pass"}) Play(*engine, s, move);
  CHECK(Cards(*engine, s, "pile").empty());
  CHECK(Sorted(Cards(*engine, s, "cleared")) == Texts{"9C", "KD"});
  CHECK(engine->Actor(s) == 1);                                                        // player 2 played last
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"play 6D", "play 6S", "play 6S 6D"});  // any rank again
}

TEST_CASE("president/a play of 2s clears the cards at once and its player leads again, unless switched off") {
  auto engine = MakeEngine("president", 4);
  GameState s = Start(*engine);
  for (const char* move : {"play 9C", "play KD", "pass"}) Play(*engine, s, move);
  Play(*engine, s, "play AC");
  Play(*engine, s, "play 2C");
  CHECK(Cards(*engine, s, "pile").empty());
  CHECK(engine->Actor(s) == 0);
  auto plain = MakeEngine("president", 4, {{"two_clears", "false"}});
  GameState t = Start(*plain);
  for (const char* move : {"play 9C", "play KD", "pass", "play AC", "play 2C"}) Play(*plain, t, move);
  CHECK(Cards(*plain, t, "pile") == Texts{"9C", "KD", "AC", "2C"});
  CHECK(plain->Actor(t) == 1);
}

TEST_CASE("president/players go out in turn, the last left is the Trou, each scores players - place") {
  auto engine = MakeEngine("president", 3, {{"rounds", "2"}});
  GameState s =
      Position(*engine, R"({"zones": {"hand 1": ["5S"], "hand 2": ["6S", "KD"], "hand 3": ["7S", "3C"]}})");
  Play(*engine, s, "play 5S");  // out first
  CHECK(Variable(*engine, s, "place", 1) == 1);
  CHECK(engine->Actor(s) == 1);  // the others go on
  Play(*engine, s, "play 6S");
  Play(*engine, s, "play 7S");
  Play(*engine, s, "pass");  // player 2 passes: player 3, who played last, leads
  CHECK(engine->Actor(s) == 2);
  Play(*engine, s, "play 3C");  // out second: player 2 is left, the Trou
  CHECK(s.round == 1);
  CHECK(s.totals == std::vector<int>{2, 0, 1});
  // Round 2: the Trou gives their two highest cards to the Président, who gives two back,
  // then the Trou leads.
  const auto title = [&](int p) { return Variable(*engine, s, "title", p); };
  CHECK(title(1) == 1);  // Président
  CHECK(title(2) == 5);  // Trou
  CHECK(title(3) == 3);  // neutral, with three players
  CHECK(engine->Actor(s) == 1);
  const Texts given = LegalTexts(*engine, s);  // the Trou's highest cards only: of one rank
  REQUIRE(!given.empty());
  for (const std::string& g : given)
    CHECK(g.substr(0, g.size() - 1) == given[0].substr(0, given[0].size() - 1));
  const std::string highest = given[0].substr(5);
  Play(*engine, s, given[0]);
  Play(*engine, s, LegalTexts(*engine, s)[0]);
  CHECK(Cards(*engine, s, "hand", 1).size() == 18 + 2);  // all 52 dealt: 18, 17, 17
  CHECK(Cards(*engine, s, "hand", 2).size() == 17 - 2);
  const Texts kept = Cards(*engine, s, "hand", 1);
  CHECK(std::find(kept.begin(), kept.end(), highest) != kept.end());
  CHECK(engine->Actor(s) == 0);  // the Président gives two back
  Play(*engine, s, LegalTexts(*engine, s)[0]);
  Play(*engine, s, LegalTexts(*engine, s)[0]);
  CHECK(engine->Actor(s) == 1);  // then the Trou leads
  CHECK(Cards(*engine, s, "pile").empty());
}

TEST_CASE("president/a refused play or pass says which rule") {
  auto engine = MakeEngine("president", 4);
  GameState s = Start(*engine);
  CHECK(ParseMove(*engine, s, "pass").error == "'pass' is not allowed on an empty pile: you lead, so play");
  CHECK(ParseMove(*engine, s, "play 5S 9C").error ==
        "5S 9C are not of one rank: a play is cards of one rank");
  Play(*engine, s, "play 5S 5H");
  CHECK(ParseMove(*engine, s, "play KD").error == "play 2 cards, as many as the play on top");
  Play(*engine, s, "play 6S 6D");
  Play(*engine, s, "pass");
  Play(*engine, s, "pass");
  CHECK(ParseMove(*engine, s, "play 5S").error == "5S is not in your hand");
}

TEST_CASE("president/random matches conserve cards and end") {
  int i = 0;
  for (int players = 3; players <= 7; ++players) {
    CAPTURE(players);
    auto engine = MakeEngine("president", players);
    for (int g = 0; g < Soak(60); ++g) {
      const GameState s = RandomGame(*engine, MixSeed(17, i++));
      REQUIRE(s.finished);
      REQUIRE(CheckState(*engine, s).empty());
    }
  }
}
