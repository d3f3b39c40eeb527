// Le huit américain (rulesets/huit_americain.yaml), the French Crazy Eights as the ruleset
// writes its usual rules down: following suit or rank, 8s and the suit named, one draw a
// turn, the 2s that add up, Jacks and Aces, penalty points, rounds to a target; random games.
#include <doctest/doctest.h>

#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

using Texts = std::vector<std::string>;

// Four players; player 1 to play on 5H, with `hand1`; the stock holds a few cards.
GameState Start(Engine& engine, const std::string& hand1) {
  return Position(engine, R"({"zones": {"stock": ["3C", "4C", "5C", "6C", "7C", "9C"], "discard": ["5H"],
      "hand 1": )" + hand1 + R"(, "hand 2": ["2S", "KD"], "hand 3": ["2D", "QD"], "hand 4": ["3S", "QS"]}})");
}

}  // namespace

TEST_CASE("huit_americain/follow the suit or the rank, an 8 on anything, then name the suit") {
  auto engine = MakeEngine("huit_americain", 4);
  GameState s = Start(*engine, R"(["9H", "5S", "8C", "KC"])");
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"draw", "play 5S", "play 8C", "play 9H"});
  Play(*engine, s, "play 8C");
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"name C", "name D", "name H", "name S"});
  Play(*engine, s, "name D");
  CHECK(engine->Actor(s) == 1);
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"draw", "play KD"});  // diamonds now, not 2S
  CHECK(ParseMove(*engine, s, "play 2S").error ==
        "2S does not follow 8C on top, standing for suit D: play a card of suit D or of rank 8, or a card of "
        "rank 8 (wild)");
}

TEST_CASE("huit_americain/one draw a turn, then play or pass") {
  auto engine = MakeEngine("huit_americain", 4);
  GameState s = Start(*engine, R"(["KC"])");
  CHECK(LegalTexts(*engine, s) == Texts{"draw"});
  Play(*engine, s, "draw");  // 9C
  CHECK(LegalTexts(*engine, s) == Texts{"pass"});
  CHECK(ParseMove(*engine, s, "draw").error == "'draw' is allowed 1 time a turn, and that is done");
  Play(*engine, s, "pass");
  CHECK(engine->Actor(s) == 1);
}

TEST_CASE("huit_americain/a Jack skips the next player, an Ace turns play round") {
  auto engine = MakeEngine("huit_americain", 4);
  GameState s = Start(*engine, R"(["JH", "AH"])");
  Play(*engine, s, "play JH");
  CHECK(engine->Actor(s) == 2);
  s = Start(*engine, R"(["JH", "AH"])");
  Play(*engine, s, "play AH");
  CHECK(engine->Actor(s) == 3);
}

TEST_CASE("huit_americain/a 2 makes the next player draw two unless they answer a 2, and the draws add up") {
  auto engine = MakeEngine("huit_americain", 4);
  GameState s = Start(*engine, R"(["2H", "KC"])");
  Play(*engine, s, "play 2H");
  CHECK(engine->Actor(s) == 1);
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"draw", "play 2S"});  // only a 2 answers
  Play(*engine, s, "play 2S");
  CHECK(engine->Actor(s) == 2);
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"draw", "play 2D"});
  Play(*engine, s, "play 2D");
  CHECK(engine->Actor(s) == 3);  // player 4 holds no 2: six cards to draw
  for (int i = 0; i < 6; ++i) {
    CAPTURE(i);
    REQUIRE(LegalTexts(*engine, s) == Texts{"draw"});
    Play(*engine, s, "draw");
  }
  CHECK(Cards(*engine, s, "hand", 4).size() == 8);
  CHECK(engine->Actor(s) == 0);  // their turn is spent: player 1 plays next
}

TEST_CASE(
    "huit_americain/the round ends when a hand is empty, cards left are penalty points, to the target") {
  auto engine = MakeEngine("huit_americain", 2, {{"target", "60"}});
  GameState s = Position(*engine, R"({"zones": {"stock": ["3C"], "discard": ["5H"], "hand 1": ["9H"],
      "hand 2": ["8D", "KS", "AC", "7C"]}})");
  Play(*engine, s, "play 9H");
  // 8D 50 + KS 10 + AC 1 + 7C 7: past 60, so the match ends; the lowest total wins.
  REQUIRE(s.finished);
  CHECK(s.totals == std::vector<int>{0, 68});
  CHECK(engine->Winners(s, s.totals) == std::vector<int>{0});
  auto longer = MakeEngine("huit_americain", 2);  // to 100: a new round is dealt
  s = Position(*longer, R"({"zones": {"stock": ["3C"], "discard": ["5H"], "hand 1": ["9H"],
      "hand 2": ["8D", "KS", "AC", "7C"]}})");
  Play(*longer, s, "play 9H");
  CHECK_FALSE(s.finished);
  CHECK(s.round == 1);
  CHECK(Cards(*longer, s, "hand", 1).size() == 8);
}

TEST_CASE("huit_americain/going out on a 2 leaves no draws for the next round") {
  auto engine = MakeEngine("huit_americain", 2);
  GameState s = Position(*engine, R"({"zones": {"stock": ["3C"], "discard": ["5H"], "hand 1": ["2H"],
      "hand 2": ["4D"]}})");
  Play(*engine, s, "play 2H");
  REQUIRE(s.round == 1);
  CHECK(s.variables[engine->config().VariableSlot(engine->rules().VariableIndex("penalty"), -1)] == 0);
}

TEST_CASE("huit_americain/random matches conserve cards and end") {
  int i = 0;
  for (int players = 2; players <= 6; ++players) {
    CAPTURE(players);
    auto engine = MakeEngine("huit_americain", players);
    for (int g = 0; g < Soak(100); ++g) {
      const GameState s = RandomGame(*engine, MixSeed(16, i++));
      REQUIRE(s.finished);
      REQUIRE(CheckState(*engine, s).empty());
    }
  }
}
