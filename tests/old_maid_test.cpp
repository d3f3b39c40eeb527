// Old Maid (rulesets/old_maid.yaml), with no Lua: pairs laid from the deal; in turn, a card
// picked unseen from the next player who holds cards, and the pair it makes laid; an empty
// hand is out; the last left holds the Queen of spades and loses. The mechanisms: `pick`
// moves, the `lay:` setup step, `out_when_empty` for a hand another player emptied.
#include <doctest/doctest.h>

#include <map>
#include <numeric>
#include <set>

#include "interpreter/load/ruleset_loader.h"
#include "interpreter/records/move_text.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

int Place(const Engine& engine, const GameState& s, int seat) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex("place"), seat)];
}

}  // namespace

TEST_CASE("old_maid/the deal lays every pair at once, and a hand of three of a rank keeps one") {
  auto engine = MakeEngine("old_maid", 3);
  GameState s = engine->NewGame(7);
  int held = 0, laid = 0;
  for (int seat = 1; seat <= 3; ++seat) {
    const auto hand = Cards(*engine, s, "hand", seat);
    held += static_cast<int>(hand.size());
    laid += static_cast<int>(Cards(*engine, s, "pairs", seat).size());
    std::map<std::string, int> ranks;
    for (const auto& card : hand) ++ranks[card.substr(0, card.size() - 1)];
    for (const auto& entry : ranks)
      CHECK_MESSAGE(entry.second == 1, "a pair of " << entry.first << " left in hand");
  }
  CHECK(held + laid == 49);
  CHECK(laid % 2 == 0);
  CHECK(laid > 0);
}

TEST_CASE("old_maid/one picks from the next player who holds cards, and the pair it makes is laid") {
  auto engine = MakeEngine("old_maid", 3);
  // Player 1 holds a 5 and a 7; player 2 holds the other 5 only; player 3 two cards.
  GameState s =
      Table(*engine, {{"hand 1", {"5S", "7H"}}, {"hand 2", {"5D"}}, {"hand 3", {"9C", "QS"}}, {"stock", {}}},
            "", "stock");
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"pick p2"});
  CHECK(ParseMove(*engine, s, "pick p3").error ==
        "you pick from the next player who still holds cards: pick p2");
  CHECK(ParseMove(*engine, s, "pick p1").error == "'p1' is not another player: pick p2 (you are p1)");
  CHECK(ParseMove(*engine, s, "pick").error == "try: pick pN, the player you pick from: pick p2");
  const auto told = PlayTold(*engine, s, "pick p2", 0);
  CHECK(Cards(*engine, s, "hand", 1) == std::vector<std::string>{"7H"});
  CHECK(Cards(*engine, s, "pairs", 1) == std::vector<std::string>{"5S", "5D"});
  CHECK(Cards(*engine, s, "hand", 2).empty());
  CHECK(Place(*engine, s, 1) == 1);  // player 2's hand was emptied by the pick: out first
  CHECK(engine->Actor(s) == 2);      // and passed by: player 3 picks next, from player 1
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"pick p1"});
  CHECK(std::find(told.begin(), told.end(), "hand of player 2 → your hand: 5D") != told.end());
}

TEST_CASE("old_maid/the card picked is unseen by the others, and chance's") {
  auto engine = MakeEngine("old_maid", 3);
  GameState s = Table(*engine,
                      {{"hand 1", {"5S", "7H"}},
                       {"hand 2", {"8D", "9D", "10D", "JD"}},
                       {"hand 3", {"9C", "QS"}},
                       {"stock", {}}},
                      "", "stock");
  std::set<std::string> picked;
  for (uint64_t seed = 1; seed <= 40; ++seed) {
    GameState t = s;
    t.rng = seed;
    const auto seen_by_3 = PlayTold(*engine, t, "pick p2", 2);
    CHECK(seen_by_3 == std::vector<std::string>{"hand of player 2 → hand of player 1: 1 card"});
    picked.insert(Cards(*engine, t, "hand", 1).back());
  }
  CHECK(picked == std::set<std::string>{"8D", "9D", "10D", "JD"});
}

TEST_CASE("old_maid/from_seat: any offers every other player who holds cards") {
  const std::string yaml = EditedText(FindRuleset("old_maid"), "from_seat: next", "from_seat: any");
  Engine engine(std::make_shared<GameConfig>(LoadRulesetFromString(yaml, "old_maid_any.yaml"), 4));
  GameState s = Table(
      engine, {{"hand 1", {"5S"}}, {"hand 2", {}}, {"hand 3", {"5D"}}, {"hand 4", {"9C"}}, {"stock", {}}}, "",
      "stock");
  CHECK(LegalTexts(engine, s) == std::vector<std::string>{"pick p3", "pick p4"});
  CHECK(ParseMove(engine, s, "pick p2").error ==
        "player 2 has no card left in their hand to pick: pick p3, pick p4");
  CHECK(EditedLoadError(FindRuleset("old_maid"), "from_seat: next", "from_seat: left")
            .find("from_seat: 'left'; next") != std::string::npos);
}

TEST_CASE("old_maid/random games keep the 49 cards, and end with the Queen of spades' holder last") {
  for (int players = 2; players <= 8; ++players) {
    auto engine = MakeEngine("old_maid", players);
    for (uint64_t seed = 1; seed <= static_cast<uint64_t>(Soak(30)); ++seed) {
      CAPTURE(players);
      CAPTURE(seed);
      const GameState s = RandomGameKeeping(*engine, seed, 49, 5000);
      // One player scores 1, and held the Queen of spades to the end.
      CHECK(std::accumulate(s.totals.begin(), s.totals.end(), 0) == 1);
      const int loser = static_cast<int>(std::find(s.totals.begin(), s.totals.end(), 1) - s.totals.begin());
      const auto hand = Cards(*engine, s, "hand", loser + 1);
      CHECK(std::find(hand.begin(), hand.end(), "QS") != hand.end());
    }
  }
}
