// Euchre (rulesets/euchre.yaml), with no Lua: order up the turned card's suit (the dealer picks
// it up and discards) or pass; then name another suit, or the deal is thrown in; the right
// bower (the Jack of trumps) and the left bower (the other Jack of the colour, a trump) above
// the Ace; makers 1 point for 3 or 4 tricks, 2 for a march, the defenders 2 for a euchre.
// The mechanisms: `take_trump` with `pick_up: dealer` and `discard:`, `tricks: also_trumps`,
// a score formula over teams.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <numeric>

#include "interpreter/mechanisms/trick.h"
#include "interpreter/records/move_text.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

int Variable(const Engine& engine, const GameState& s, const std::string& name, int seat = 0) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), seat)];
}

// A position in play: hearts trumps (3), made by player 1, the trick led by `leader`.
std::string InPlay(const std::string& zones, int turn, int leader, const std::string& variables = "") {
  return fmt::format(R"({{"zones": {{{}}}, "turn": {}, "phase": "playing",
      "variables": {{"leader": {}, "trumps": 3, "maker": 1{}}}}})",
                     zones, turn, leader, variables.empty() ? "" : ", " + variables);
}

// The round's end: `maker` made trumps; each player took `tricks`.
std::vector<int> Scores(Engine& engine, int maker, const std::vector<int>& tricks) {
  const std::string position =
      fmt::format(R"({{"zones": {{}}, "turn": 1, "phase": "playing", "variables": {{"trumps": 3,
      "maker": {}, "tricks 1": {}, "tricks 2": {}, "tricks 3": {}, "tricks 4": {}}}}})",
                  maker, tricks[0], tricks[1], tricks[2], tricks[3]);
  return engine.Score(Position(engine, position));
}

}  // namespace

TEST_CASE(
    "euchre/ordered up, the dealer picks the turned card up and discards, and the dealer's left leads") {
  auto engine = MakeEngine("euchre", 4);
  GameState s = engine->NewGame(5);  // A♦ turned; player 4 deals
  REQUIRE(Cards(*engine, s, "turned", 0) == std::vector<std::string>{"AD"});
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"call D", "pass"});
  CHECK(ParseMove(*engine, s, "call S").error ==
        "this first time round, only the turned card's suit may be taken: call D, or pass");
  Play(*engine, s, "pass");
  const auto told = PlayTold(*engine, s, "call D", 0);  // player 2 orders it up
  CHECK(Variable(*engine, s, "maker") == 2);
  CHECK(Variable(*engine, s, "trumps") == 1);
  CHECK(std::find(told.begin(), told.end(), "turned → hand of player 4: AD") != told.end());
  // The dealer holds six cards and must put one down before anything else.
  REQUIRE(engine->Actor(s) == 3);
  const auto hand = Cards(*engine, s, "hand", 4);
  CHECK(hand.size() == 6);
  CHECK(LegalTexts(*engine, s).size() == 6);
  CHECK(LegalTexts(*engine, s)[0].rfind("discard ", 0) == 0);
  Play(*engine, s, "discard " + hand[0]);
  CHECK(Cards(*engine, s, "hand", 4).size() == 5);
  CHECK(Cards(*engine, s, "kitty", 0).size() == 4);
  CHECK(engine->rules().phases[s.phase] == "playing");
  CHECK(engine->Actor(s) == 0);  // the dealer's left leads, whoever made trumps
  CHECK(CardsInPlay(s) == 24);
}

TEST_CASE("euchre/once all passed, another suit is named, the turned card stays, and nobody discards") {
  auto engine = MakeEngine("euchre", 4);
  GameState s = engine->NewGame(5);
  for (int i = 0; i < 4; ++i) Play(*engine, s, "pass");
  CHECK(Sorted(LegalTexts(*engine, s)) == std::vector<std::string>{"call C", "call H", "call S", "pass"});
  CHECK(ParseMove(*engine, s, "call D").error ==
        "D was the turned card's suit, and everyone passed it; name another: call C/S/H, or pass");
  Play(*engine, s, "call S");  // player 1 names spades
  CHECK(Variable(*engine, s, "trumps") == 2);
  CHECK(Cards(*engine, s, "turned", 0) == std::vector<std::string>{"AD"});
  for (int seat = 1; seat <= 4; ++seat) CHECK(Cards(*engine, s, "hand", seat).size() == 5);
  CHECK(s.decisions.empty());
  CHECK(engine->Actor(s) == 0);
}

TEST_CASE("euchre/all pass twice: the deal is thrown in, and stuck, the dealer must name trumps") {
  auto engine = MakeEngine("euchre", 4);
  GameState s = engine->NewGame(5);
  for (int i = 0; i < 8; ++i) Play(*engine, s, "pass");
  CHECK(s.round == 1);
  CHECK(s.totals == std::vector<int>{0, 0, 0, 0});
  CHECK(s.turn_player == 1);  // the next deal: player 1 deals, player 2 bids first

  auto stuck = MakeEngine("euchre", 4, {{"stick_the_dealer", "true"}});
  GameState t = stuck->NewGame(5);
  for (int i = 0; i < 7; ++i) Play(*stuck, t, "pass");
  CHECK(ParseMove(*stuck, t, "pass").error ==
        "'pass' is not allowed now: the dealer may not pass again (stick the dealer): name trumps");
  CHECK(Sorted(LegalTexts(*stuck, t)) == std::vector<std::string>{"call C", "call H", "call S"});
}

TEST_CASE("euchre/the left bower is a trump: it follows trumps, and not its own suit") {
  auto engine = MakeEngine("euchre", 4);
  // Hearts trumps. Player 4 led the 9 of hearts; player 1 holds the Jack of diamonds (the
  // left bower) and a club: the Jack is a heart, and must follow.
  const std::string hearts_led = InPlay(R"("hand 1": ["JD", "9C"], "hand 2": ["9S"], "hand 3": ["10S"],
      "hand 4": ["QS"], "trick": ["9H"])",
                                        1, 4);
  CHECK(LegalTexts(*engine, Position(*engine, hearts_led)) == std::vector<std::string>{"play JD"});
  // Diamonds led: the left bower is not a diamond. Holding the 9 of diamonds, that is the card.
  const std::string diamonds_led = InPlay(R"("hand 1": ["JD", "9D", "9C"], "hand 2": ["9S"],
      "hand 3": ["10S"], "hand 4": ["QS"], "trick": ["AD"])",
                                          1, 4);
  GameState s = Position(*engine, diamonds_led);
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"play 9D"});
  CHECK(
      ParseMove(*engine, s, "play JD").error ==
      "JD does not follow suit D, the suit led: you hold a card of suit D, so play one (JD counts as suit H "
      "while H are trumps)");
  // The left bower led is a trump led: hearts must follow it.
  const std::string bower_led = InPlay(R"("hand 1": ["QH", "9D"], "hand 2": ["9S"], "hand 3": ["10S"],
      "hand 4": ["QS"], "trick": ["JD"])",
                                       1, 4);
  CHECK(LegalTexts(*engine, Position(*engine, bower_led)) == std::vector<std::string>{"play QH"});
}

TEST_CASE("euchre/trumps rank right bower, left bower, then A K Q 10 9") {
  auto engine = MakeEngine("euchre", 4);
  // Hearts trumps. Player 1 led the Ace of hearts; player 2 the left bower (JD), player 3 the
  // King; player 4 plays the right bower (JH) and wins.
  GameState s = Position(*engine, InPlay(R"("hand 1": ["9C"], "hand 2": ["9S"], "hand 3": ["10S"],
      "hand 4": ["JH", "QS"], "trick": ["AH", "JD", "KH"])",
                                         4, 1));
  CHECK(TrickHolder(*engine, s) == 1);  // the left bower beats the Ace
  Play(*engine, s, "play JH");
  CHECK(Cards(*engine, s, "won", 4) == std::vector<std::string>{"AH", "JD", "KH", "JH"});
  CHECK(Variable(*engine, s, "tricks", 3) == 1);
  // Spades trumps: the Jack of clubs is the left bower, and the Jack of diamonds a plain diamond.
  GameState spades = Position(*engine, R"({"zones": {"hand 1": ["9C"], "hand 2": ["9S"], "hand 3": ["10S"],
      "hand 4": ["QS"], "trick": ["AS", "JC", "JD"]}, "turn": 4, "phase": "playing",
      "variables": {"leader": 1, "trumps": 2, "maker": 1}})");
  CHECK(TrickHolder(*engine, spades) == 1);
}

TEST_CASE(
    "euchre/makers score 1 for three or four tricks, 2 for a march, and euchred, the defenders score 2") {
  auto engine = MakeEngine("euchre", 4);
  CHECK(Scores(*engine, 1, {2, 1, 1, 1}) == std::vector<int>{1, 0, 1, 0});  // 3 tricks
  CHECK(Scores(*engine, 3, {4, 1, 0, 0}) == std::vector<int>{1, 0, 1, 0});  // 4, player 3 made
  CHECK(Scores(*engine, 2, {0, 3, 0, 2}) == std::vector<int>{0, 2, 0, 2});  // a march
  CHECK(Scores(*engine, 2, {2, 1, 1, 1}) == std::vector<int>{2, 0, 2, 0});  // euchred
  CHECK(Scores(*engine, 0, {0, 0, 0, 0}) == std::vector<int>{0, 0, 0, 0});  // thrown in
  auto dear = MakeEngine("euchre", 4, {{"march", "4"}, {"euchre", "3"}});
  CHECK(Scores(*dear, 1, {5, 0, 0, 0}) == std::vector<int>{4, 0, 4, 0});
  CHECK(Scores(*dear, 4, {3, 0, 0, 2}) == std::vector<int>{3, 0, 3, 0});
}

TEST_CASE("euchre/random games keep the 24 cards, end at 10 or more, and a team wins") {
  auto engine = MakeEngine("euchre", 4);
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(Soak(60)); ++seed) {
    CAPTURE(seed);
    const GameState s = RandomGameKeeping(*engine, seed, 24, 5000);
    CHECK(s.totals[0] == s.totals[2]);  // partners share their points
    CHECK(s.totals[1] == s.totals[3]);
    CHECK(std::max(s.totals[0], s.totals[1]) >= 10);
  }
}

TEST_CASE("euchre/also_trumps and pick_up are checked at load") {
  const std::string path = FindRuleset("euchre");
  CHECK(EditedLoadError(path, "    C: {cards: JS, above: A}", "    C: {cards: JX, above: A}")
            .find("also_trumps: unknown card 'JX'") != std::string::npos);
  CHECK(EditedLoadError(path, "    C: {cards: JS, above: A}", "    X: {cards: JS, above: A}")
            .find("also_trumps: 'X' is not a value of 'suit': C, D, S, H") != std::string::npos);
  CHECK(EditedLoadError(path, "    C: {cards: JS, above: A}", "    C: {cards: JS, above: Z}")
            .find("above: 'Z' is not a value of 'rank'") != std::string::npos);
  CHECK(EditedLoadError(path, "    pick_up: dealer\n", "    pick_up: nobody\n")
            .find("pick_up: 'nobody'; taker") != std::string::npos);
  CHECK(EditedLoadError(path, "    pick_up: dealer\n", "").find("discard: the dealer discards after") !=
        std::string::npos);
  CHECK(EditedLoadError(path, "    discard: discard\n", "    discard: toss\n").find("toss") !=
        std::string::npos);
}
