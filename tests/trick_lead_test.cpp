// Ruled leads and trumps in their own order in trick games (docs/rulesets.md, `tricks`:
// `first_lead`, `broken`, `trump_order`), on small games with no Lua (tests/fixtures/tricks/).
#include <doctest/doctest.h>

#include <algorithm>

#include "interpreter/model/errors.h"
#include "interpreter/records/move_text.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

const std::string kFixture = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/tricks/lead.yaml";

std::unique_ptr<Engine> LeadEngine() {
  return std::make_unique<Engine>(std::make_shared<GameConfig>(LoadRuleset(kFixture), 4));
}

}  // namespace

TEST_CASE("trick leads/the holder of first_lead leads the round's first trick, with it") {
  auto engine = LeadEngine();
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    const GameState s = engine->NewGame(seed);
    const auto hand = Cards(*engine, s, "hand", s.turn_player + 1);
    CHECK(std::find(hand.begin(), hand.end(), "2C") != hand.end());
    CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"play 2C"});
  }
}

TEST_CASE("trick leads/hearts lead once broken, or from a hand of nothing else, and a refusal says so") {
  auto engine = LeadEngine();
  // A trick already won, with no heart in it: hearts are not broken.
  GameState s =
      Position(*engine, R"({"zones": {"hand 1": ["3H", "5D", "9H"], "hand 2": ["4D"], "hand 3": ["6D"],
      "hand 4": ["7D"], "won 2": ["2C", "3C", "4C", "5C"]}, "turn": 1})");
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"play 5D"});
  CHECK(ParseMove(*engine, s, "play 3H").error ==
        "3H may not lead yet: no card of suit H has been played to a trick, and you hold others; lead one "
        "of: 5D");
  // A heart in a trick won: broken.
  GameState broken =
      Position(*engine, R"({"zones": {"hand 1": ["3H", "5D"], "hand 2": ["4D"], "hand 3": ["6D"],
      "hand 4": ["7D"], "won 3": ["2C", "3C", "4C", "QH"]}, "turn": 1})");
  CHECK(LegalTexts(*engine, broken).size() == 2);
  // Nothing but hearts: they lead.
  GameState only = Position(*engine, R"({"zones": {"hand 1": ["3H", "9H"], "hand 2": ["4D"], "hand 3": ["6D"],
      "hand 4": ["7D"], "won 2": ["2C", "3C", "4C", "5C"]}, "turn": 1})");
  CHECK(LegalTexts(*engine, only).size() == 2);
  // Following is not leading: a heart may go on a diamond led by a player void in diamonds.
  GameState follow =
      Position(*engine, R"({"zones": {"hand 1": ["3H", "5S"], "hand 2": ["4D"], "hand 3": ["6D"],
      "hand 4": ["7D"], "trick": ["8D"], "won 2": ["2C", "3C", "4C", "5C"]}, "turn": 1, "variables": {"leader": 4}})");
  CHECK(LegalTexts(*engine, follow).size() == 2);
}

TEST_CASE("trick leads/a card of no suit led is followed: the lead's rules do not apply to the others") {
  auto engine = std::make_unique<Engine>(std::make_shared<GameConfig>(
      LoadRuleset(std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/tricks/lead_joker.yaml"), 4));
  // Hearts are not broken, and the joker led has no suit to follow: any card goes on it.
  GameState s = Position(*engine, R"({"zones": {"hand 1": ["3H", "5D"], "hand 2": ["4D"], "hand 3": ["6D"],
      "hand 4": ["7D"], "trick": ["JK"], "won 2": ["2C", "3C", "4C", "5C"]}, "turn": 1,
      "variables": {"leader": 4}})");
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"play 3H", "play 5D"});
  // Led by the joker's holder, the same hand may not lead the heart.
  GameState lead = Position(*engine, R"({"zones": {"hand 1": ["3H", "5D", "JK"], "hand 2": ["4D"],
      "hand 3": ["6D"], "hand 4": ["7D"], "won 2": ["2C", "3C", "4C", "5C"]}, "turn": 1})");
  CHECK(LegalTexts(*engine, lead) == std::vector<std::string>{"play 5D", "play JK"});
}

TEST_CASE("trick leads/the first trick's lead is refused by name, and random games end with every card") {
  auto engine = LeadEngine();
  GameState s = engine->NewGame(3);
  const auto hand = Cards(*engine, s, "hand", s.turn_player + 1);
  const auto other = std::find_if(hand.begin(), hand.end(), [](const std::string& c) { return c != "2C"; });
  REQUIRE(other != hand.end());
  CHECK(ParseMove(*engine, s, "play " + *other).error ==
        *other + " may not lead the round's first trick: lead 2C");
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    GameState g = engine->NewGame(seed);
    int moves = 0;
    while (!g.finished && moves < 100) {
      const auto legal = engine->LegalMoves(g);
      REQUIRE(!legal.empty());
      REQUIRE(engine->Apply(g, legal[seed % legal.size()]).ok);
      ++moves;
    }
    CHECK(g.finished);
    CHECK(moves == 52);
  }
}

TEST_CASE("trick leads/first_lead and broken are checked at load") {
  std::string yaml = ReadText(kFixture);
  yaml.replace(yaml.find("first_lead: 2C"), 14, "first_lead: 2X");
  CHECK_THROWS_WITH_AS(LoadRulesetFromString(yaml, kFixture),
                       doctest::Contains("first_lead: unknown card '2X'"), Error);
  yaml = ReadText(kFixture);
  yaml.replace(yaml.find("  won: won\n"), 11, "");
  CHECK_THROWS_WITH_AS(LoadRulesetFromString(yaml, kFixture),
                       doctest::Contains("first_lead, broken and no_points_first need 'won'"), Error);
}

TEST_CASE(
    "trick leads/trumps rank in their own order: the Jack and the Nine over the Ace, plain suits as listed") {
  const std::string file = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/tricks/trumps.yaml";
  Engine engine(std::make_shared<GameConfig>(LoadRuleset(file), 4));
  // Hearts are trumps: the 9 of hearts beats the Ace of hearts, and must_overtake asks for it.
  GameState s = Position(engine, R"({"zones": {"hand 1": ["AD"], "hand 2": ["9H", "QH"], "hand 3": ["7C"],
      "hand 4": ["8C"], "trick": ["AH"]}, "turn": 2, "variables": {"leader": 1}})");
  CHECK(LegalTexts(engine, s) == std::vector<std::string>{"play 9H"});
  CHECK(ParseMove(engine, s, "play QH").error ==
        "QH does not beat AH, the best card so far: you must beat it when you can");
  // A plain suit keeps the rank's order: the 10 of diamonds beats the King, not the Ace.
  GameState plain =
      Position(engine, R"({"zones": {"hand 1": ["AD"], "hand 2": ["10D", "9D"], "hand 3": ["7C"],
      "hand 4": ["8C"], "trick": ["KD"]}, "turn": 2, "variables": {"leader": 1}})");
  CHECK(LegalTexts(engine, plain) == std::vector<std::string>{"play 10D"});
  // The 9 of trumps takes the trick from their Ace.
  GameState nine =
      Position(engine, R"({"zones": {"hand 1": [], "hand 2": [], "hand 3": ["9H"], "hand 4": ["7C"],
      "trick": ["AH", "AS"]}, "turn": 3, "variables": {"leader": 1}})");
  Play(engine, nine, "play 9H");
  Play(engine, nine, "play 7C");
  CHECK(Cards(engine, nine, "won", 3).size() == 4);
}

TEST_CASE("trick leads/trump_order lists every rank once") {
  const std::string file = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/tricks/trumps.yaml";
  std::string yaml = ReadText(file);
  const std::string order = R"(trump_order: ["7", "8", Q, K, "10", A, "9", J])";
  yaml.replace(yaml.find(order), order.size(), R"(trump_order: ["7", "8", Q, K, "10", A, "9", "9"])");
  CHECK_THROWS_WITH_AS(LoadRulesetFromString(yaml, file),
                       doctest::Contains("trump_order: '9' is not a value of 'rank' listed once"), Error);
  yaml = ReadText(file);
  yaml.replace(yaml.find(order), order.size(), R"(trump_order: [J, "9"])");
  CHECK_THROWS_WITH_AS(
      LoadRulesetFromString(yaml, file),
      doctest::Contains("trump_order: list the 8 values of 'rank' once each, the lowest trump first"), Error);
}

TEST_CASE(
    "trick leads/a move of another type into the trick's zone is refused at load: it would lead no trick") {
  // A take there once left the leader at 0, and the wrong player won the trick.
  CHECK(EditedLoadError(
            kFixture, "  play: {type: trick, from: hand, to: trick}\n",
            "  play: {type: trick, from: hand, to: trick}\n  dump: {type: take, from: hand, to: trick}\n") ==
        kFixture +
            ":39:9: move 'dump' puts cards into the trick's zone 'trick', but is not of type 'trick': only a "
            "trick move plays to a trick (it sets who led it)");
}

TEST_CASE("trick leads/a card a script moves from the trick to another pile is not told as a trick won") {
  std::string yaml = ReadText(kFixture);
  yaml += "  on_won: give_back\nscripts: [excuse.lua]\n";
  Engine engine(std::make_shared<GameConfig>(LoadRulesetFromString(yaml, kFixture), 4));
  GameState s = Position(engine, R"({"zones": {"hand 1": ["2C", "3D"], "hand 2": ["AC", "4D"],
      "hand 3": ["5C", "5D"], "hand 4": ["6C", "6D"]}})");
  for (const char* card : {"play 2C", "play AC", "play 5C"}) Play(engine, s, card);
  const auto told = PlayTold(engine, s, "play 6C", 0);
  CHECK(Cards(engine, s, "won", 1) == std::vector<std::string>{"2C"});
  CAPTURE(told);
  // Player 2 wins the other three; the 2C, moved back to player 1, is no trick won by them.
  CHECK(std::count_if(told.begin(), told.end(), [](const std::string& line) {
          return line.find("the trick") != std::string::npos;
        }) == 1);
  CHECK(std::find(told.begin(), told.end(), "player 2 wins the trick: AC 5C 6C") != told.end());
}

TEST_CASE("trick leads/an allow function that returns a card the rules refused is warned of, once") {
  std::string yaml = ReadText(kFixture);
  yaml += "  allow: whole_hand\nscripts: [allow_more.lua]\n";
  const auto rules = LoadRulesetFromString(yaml, kFixture);
  Engine engine(std::make_shared<GameConfig>(rules, 4));
  GameState s = Position(engine, R"({"zones": {"hand 1": ["2C", "3D"], "hand 2": ["AC", "4D"],
      "hand 3": ["5C", "5D"], "hand 4": ["6C", "6D"]}})");
  CHECK(LegalTexts(engine, s) == std::vector<std::string>{"play 2C"});  // 3D still may not lead first
  Play(engine, s, "play 2C");
  CHECK(LegalTexts(engine, s) == std::vector<std::string>{"play AC"});  // nor 4D follow
  REQUIRE(engine.Warnings().size() == 1);
  CHECK(engine.Warnings()[0] ==
        "tricks: allow: 'whole_hand' returned 3D, which the rules do not offer; it is left out");
  LegalTexts(engine, s);
  CHECK(engine.Warnings().size() == 1);  // once
  CheckOptions options;
  options.games = 2;
  const CheckOutcome outcome = CheckRandomGames(rules, options);
  CHECK(outcome.problems.empty());
  CHECK(std::count_if(outcome.notes.begin(), outcome.notes.end(), [](const std::string& note) {
          return note.find("tricks: allow: 'whole_hand' returned") == 0;
        }) >= 1);
}
