// La poule (rulesets/poule.yaml): the card order, following suit, the void rule about aces
// and 7s/8s, the pointless first trick, the poule (announced, played in a row, made or
// broken), the 11 points of a deal, the match to a target; random deals and matches.
#include <doctest/doctest.h>

#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

int Variable(const Engine& engine, const GameState& s, const std::string& name, int player = 0) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), player - 1)];
}

using Texts = std::vector<std::string>;

// Four hands of three; player 1 leads; not the first trick of the deal.
constexpr const char* kHands = R"({"zones": {
  "hand 1": ["AS", "7H", "QD"], "hand 2": ["10S", "8D", "KC"], "hand 3": ["9H", "AD", "JC"],
  "hand 4": ["KS", "7C", "8H"]}, "variables": {"tricks_played": 2}})";

}  // namespace

TEST_CASE("poule/card order: \"10, 9, as, roi, dame, valet, 8 et 7\"") {
  auto engine = MakeEngine("poule", 4);
  GameState s = Position(*engine, kHands);
  Play(*engine, s, "play AS");
  Play(*engine, s, "play 10S");  // the ten beats the ace
  Play(*engine, s, "play JC");   // player 3, void, no 7 or 8: the lowest, a jack
  Play(*engine, s, "play KS");
  CHECK(s.turn_player == 1);
  CHECK(Variable(*engine, s, "tricks", 2) == 1);
}

TEST_CASE("poule/follow suit: \"chacun est tenu de jouer ses cartes selon la sorte demandée\"") {
  auto engine = MakeEngine("poule", 4);
  GameState s = Position(*engine, kHands);
  Play(*engine, s, "play QD");
  CHECK(LegalTexts(*engine, s) == Texts{"play 8D"});
  Play(*engine, s, "play 8D");
  CHECK(LegalTexts(*engine, s) == Texts{"play AD"});
}

TEST_CASE("poule/void: a 7 or 8 to an opponent holding the trick, an ace only to a partner holding it") {
  auto engine = MakeEngine("poule", 4);
  GameState s = Position(*engine, R"({"zones": {
    "hand 1": ["KC", "9H"], "hand 2": ["AS", "8H"], "hand 3": ["QC", "7D"], "hand 4": ["AH", "7S"]},
    "variables": {"tricks_played": 6}})");
  Play(*engine, s, "play KC");
  // Player 2, void in clubs, opponent 1 holds the trick: the 8, not the ace.
  CHECK(LegalTexts(*engine, s) == Texts{"play 8H"});
  CHECK(ParseMove(*engine, s, "play AS").error ==
        "AS is not allowed now: with no card of the suit led, play a 7 or an 8; you may play: 8H");
  Play(*engine, s, "play 8H");
  Play(*engine, s, "play QC");
  // Player 4, void, partner 2 does not hold the trick (player 1's king does): a 7 only.
  CHECK(LegalTexts(*engine, s) == Texts{"play 7S"});
}

TEST_CASE("poule/void: \"il peut donner un as si c'est son coéquipier qui a la main\"") {
  auto engine = MakeEngine("poule", 4);
  GameState s = Position(*engine, R"({"zones": {
    "hand 1": ["KC", "9H"], "hand 2": ["7C", "8H"], "hand 3": ["AS", "QD", "7D"], "hand 4": ["AH", "7S"]},
    "variables": {"tricks_played": 6}})");
  Play(*engine, s, "play KC");
  Play(*engine, s, "play 7C");
  // Player 3 is void in clubs and partner 1 holds the trick: an ace, or a 7.
  CHECK(LegalTexts(*engine, s) == Texts{"play AS", "play 7D"});
  CHECK(ParseMove(*engine, s, "play QD").error ==
        "QD is not allowed now: with no card of the suit led, play a 7 or an 8, or an ace, as your partner "
        "holds "
        "the trick; you may play: AS 7D");
}

TEST_CASE("poule/void without a 7 or 8: the lowest cards held (\"il joue alors un valet, etc.\")") {
  auto engine = MakeEngine("poule", 4);
  GameState s = Position(*engine, R"({"zones": {
    "hand 1": ["KC", "9H"], "hand 2": ["JH", "QD", "AS"], "hand 3": ["QC", "7D"], "hand 4": ["AH", "7S"]},
    "variables": {"tricks_played": 6}})");
  Play(*engine, s, "play KC");
  CHECK(LegalTexts(*engine, s) == Texts{"play JH"});
}

TEST_CASE("poule/void_rule free: any card when void") {
  auto engine = MakeEngine("poule", 4, {{"void_rule", "free"}});
  GameState s = Position(*engine, R"({"zones": {
    "hand 1": ["KC", "9H"], "hand 2": ["AS", "8H"], "hand 3": ["QC", "7D"], "hand 4": ["AH", "7S"]}})");
  Play(*engine, s, "play KC");
  CHECK(LegalTexts(*engine, s).size() == 2);
}

TEST_CASE("poule/first trick without a point: its winner must lead the lowest card") {
  auto engine = MakeEngine("poule", 4);
  // "s'il n'y a pas un point sur les 4 cartes remportées le joueur qui remporte la levée
  // est obligé de jouer sa carte la plus faible (7 ou 8)".
  GameState s = Position(*engine, R"({"zones": {
    "hand 1": ["KS", "QH", "8D"], "hand 2": ["7S", "AH", "10C"], "hand 3": ["8S", "9D", "KH"],
    "hand 4": ["JS", "AD", "7C"]}})");
  Play(*engine, s, "play KS");
  Play(*engine, s, "play 7S");
  Play(*engine, s, "play 8S");
  Play(*engine, s, "play JS");  // K and J: two honours, no ace: no point
  CHECK(s.turn_player == 0);
  CHECK(LegalTexts(*engine, s) == Texts{"play 8D"});
}

TEST_CASE("poule/first trick with a point: its winner leads freely, later tricks never force") {
  auto engine = MakeEngine("poule", 4);
  GameState s = Position(*engine, R"({"zones": {
    "hand 1": ["10S", "QH", "8D"], "hand 2": ["AS", "AH", "10C"], "hand 3": ["8S", "9D", "KH"],
    "hand 4": ["JS", "AD", "7C"]}})");
  Play(*engine, s, "play 10S");
  Play(*engine, s, "play AS");  // an ace: a point
  Play(*engine, s, "play 8S");
  Play(*engine, s, "play JS");
  CHECK(LegalTexts(*engine, s).size() == 2);
  // The second trick is pointless (two honours), but the rule is for the first only.
  Play(*engine, s, "play QH");
  Play(*engine, s, "play AH");
  Play(*engine, s, "play KH");
  Play(*engine, s, "play AD");  // void, partner 2 holds: an ace may go — now a point anyway
  CHECK(s.turn_player == 1);
}

TEST_CASE("poule/pointless_trick_rule every: any pointless trick forces the lowest lead") {
  auto engine = MakeEngine("poule", 4, {{"pointless_trick_rule", "every"}});
  GameState s = Position(*engine, R"({"zones": {
    "hand 1": ["KS", "QH", "8D"], "hand 2": ["7S", "AH", "10C"], "hand 3": ["8S", "9D", "KH"],
    "hand 4": ["JS", "AD", "7C"]}, "variables": {"tricks_played": 4}})");
  for (const char* move : {"play KS", "play 7S", "play 8S", "play JS"}) Play(*engine, s, move);
  CHECK(LegalTexts(*engine, s) == Texts{"play 8D"});
}

TEST_CASE("poule/announced: a player dealt the 10, 9 and A of a suit is marked, with its suit") {
  auto engine = MakeEngine("poule", 4);
  int poules = 0;
  for (uint64_t seed = 1; seed <= 400; ++seed) {
    const GameState s = engine->NewGame(seed);
    for (int p = 1; p <= 4; ++p) {
      const Texts hand = Cards(*engine, s, "hand", p);
      std::vector<int> suits;
      const char* names[] = {"S", "H", "D", "C"};
      for (int i = 0; i < 4; ++i) {
        int held = 0;
        for (const std::string rank : {"10", "9", "A"})
          held += std::count(hand.begin(), hand.end(), rank + names[i]);
        if (held == 3) suits.push_back(i + 1);
      }
      CHECK(Variable(*engine, s, "poule", p) == static_cast<int>(suits.size()));
      CHECK(Variable(*engine, s, "poule_suit", p) == (suits.empty() ? 0 : suits[0]));
      CHECK(Variable(*engine, s, "poule_next", p) == (suits.size() < 2 ? 0 : suits[1]));
      poules += !suits.empty();
    }
  }
  CHECK(poules > 10);
}

namespace {

// Player 1 holds the poule of spades and leads.
constexpr const char* kPoule = R"({"zones": {
  "hand 1": ["10S", "9S", "AS", "7H"], "hand 2": ["7S", "8H", "KH", "QC"], "hand 3": ["8S", "JH", "QH", "AC"],
  "hand 4": ["JS", "9H", "10H", "7C"]},
  "variables": {"poule 1": 1, "poule_suit 1": 1, "tricks_played": 4}})";

}  // namespace

TEST_CASE("poule/made: its three cards in a row, each trick won, 11 points more to the team") {
  auto engine = MakeEngine("poule", 4);
  GameState s = Position(*engine, kPoule);
  for (const char* m : {"play AS", "play 7S", "play 8S", "play JS"}) Play(*engine, s, m);
  // "Il doit toujours jouer ses 3 cartes à la suite": the 7 of hearts is not offered.
  CHECK(LegalTexts(*engine, s) == Texts{"play 10S", "play 9S"});
  for (const char* m : {"play 9S", "play 8H", "play JH", "play 7C"}) Play(*engine, s, m);
  for (const char* m : {"play 10S", "play QC", "play QH", "play 9H"}) Play(*engine, s, m);
  CHECK(Variable(*engine, s, "poule_state", 1) == 1);
  // Team 1-3 won three tricks: an ace, seven honours (2 points) and the poule's 11.
  CHECK(engine->Score(s) == std::vector<int>{14, 0, 14, 0});
}

TEST_CASE("poule/two poules in one hand: two rows, each made brings its 11 points") {
  // The second poule was ignored: after the first, other cards were offered, and it scored nothing.
  auto engine = MakeEngine("poule", 4);
  GameState s = Position(*engine, R"({"zones": {
    "hand 1": ["10S", "9S", "AS", "10H", "9H", "AH", "7C"], "hand 2": ["7D", "8C", "JC", "QC", "KC", "8D", "JD"],
    "hand 3": ["QD", "KD", "10C", "9C", "AC", "AD", "9D"], "hand 4": ["10D", "7S", "8S", "7H", "8H", "JS", "JH"]},
    "variables": {"poule 1": 2, "poule_suit 1": 1, "poule_next 1": 2, "tricks_played": 4}})");
  // Player 1 leads the three cards of `suit`'s poule, the Ace first; the others play their first legal card.
  auto row = [&](const std::string& suit, int made) {
    for (const std::string rank : {"A", "9", "10"}) {
      // Once the row is begun, only its cards are offered (the 7 of clubs waits).
      if (rank == "9") CHECK(LegalTexts(*engine, s) == Texts{"play 10" + suit, "play 9" + suit});
      Play(*engine, s, "play " + rank + suit);
      for (int i = 0; i < 3; ++i) Play(*engine, s, LegalTexts(*engine, s).front());
    }
    CHECK(Variable(*engine, s, "poule_made", 1) == made);
  };
  row("H", 1);  // the hearts come first: theirs is the row under way
  row("S", 2);
  const std::vector<int> score = engine->Score(s);
  CHECK(score[0] - score[1] >= 2 * 11);
}

TEST_CASE("poule/not begun while its holder cannot play it, begun when following suit") {
  auto engine = MakeEngine("poule", 4);
  GameState s = Position(*engine, R"({"zones": {
    "hand 1": ["10S", "9S", "AS", "7S"], "hand 2": ["KH", "8H"], "hand 3": ["QH", "AC"], "hand 4": ["JH", "9H"]},
    "turn": 4, "variables": {"poule 1": 1, "poule_suit 1": 1, "tricks_played": 4}})");
  Play(*engine, s, "play 9H");
  // Player 1 is void; an opponent holds the trick: the 7 only.
  CHECK(LegalTexts(*engine, s) == Texts{"play 7S"});
  Play(*engine, s, "play 7S");
  Play(*engine, s, "play KH");
  Play(*engine, s, "play QH");
  CHECK(Variable(*engine, s, "poule_state", 1) == 0);  // not begun, not broken
  GameState t = Position(*engine, R"({"zones": {
    "hand 1": ["10S", "9S", "AS", "7H"], "hand 2": ["KH", "8H"], "hand 3": ["8S", "AC"], "hand 4": ["JH", "9H"]},
    "turn": 3, "variables": {"poule 1": 1, "poule_suit 1": 1, "tricks_played": 4}})");
  Play(*engine, t, "play 8S");  // partner 3 leads spades; player 4, void, discards its lowest
  Play(*engine, t, "play JH");
  Play(*engine, t, "play AS");  // player 1 follows with a poule card, and wins
  Play(*engine, t, "play 8H");
  CHECK(Variable(*engine, t, "poule_played", 1) == 1);
  CHECK(LegalTexts(*engine, t) == Texts{"play 10S", "play 9S"});
}

TEST_CASE("poule/broken: a poule card given to a partner's trick is a trick its holder did not win") {
  auto engine = MakeEngine("poule", 4);
  GameState s = Position(*engine, R"({"zones": {
    "hand 1": ["10S", "9S", "AS", "7S"], "hand 2": ["7H", "KC"], "hand 3": ["AH", "QC"], "hand 4": ["8H", "JC"]},
    "turn": 2, "variables": {"poule 1": 1, "poule_suit 1": 1, "tricks_played": 4}})");
  Play(*engine, s, "play 7H");
  Play(*engine, s, "play AH");
  Play(*engine, s, "play 8H");
  CHECK(LegalTexts(*engine, s) == Texts{"play AS", "play 7S"});  // partner 3 holds the trick
  Play(*engine, s, "play AS");
  CHECK(Variable(*engine, s, "poule_state", 1) == -1);
  SUBCASE("with poule_must_win false, the row goes on") {
    auto lenient = MakeEngine("poule", 4, {{"poule_must_win", "false"}});
    GameState t = Position(*lenient, R"({"zones": {
      "hand 1": ["10S", "9S", "AS", "7S"], "hand 2": ["7H", "KC"], "hand 3": ["AH", "QC"], "hand 4": ["8H", "JC"]},
      "turn": 2, "variables": {"poule 1": 1, "poule_suit 1": 1, "tricks_played": 4}})");
    for (const char* m : {"play 7H", "play AH", "play 8H", "play AS"}) Play(*lenient, t, m);
    CHECK(Variable(*lenient, t, "poule_state", 1) == 0);
    CHECK(Variable(*lenient, t, "poule_played", 1) == 1);
  }
}

TEST_CASE("poule/a deal is worth 11 points without a poule made") {
  auto engine = MakeEngine("poule", 4, {{"target", "1"}});
  for (uint64_t seed = 1; seed <= 300; ++seed) {
    const GameState s = RandomGame(*engine, MixSeed(3, seed));
    REQUIRE(s.finished);
    int made = 0;
    for (int p = 1; p <= 4; ++p) made += Variable(*engine, s, "poule_made", p);
    CHECK(s.totals[0] + s.totals[1] == 11 + 11 * made);
    CHECK(s.totals[0] == s.totals[2]);
  }
}

TEST_CASE("poule/the match ends after the deal where a team reaches the target") {
  auto engine = MakeEngine("poule", 4, {{"target", "30"}});
  const GameState s = RandomGame(*engine, 17);
  REQUIRE(s.finished);
  CHECK(std::max(s.totals[0], s.totals[1]) >= 30);
  CHECK(std::max(s.totals[0], s.totals[1]) < 30 + 11 + 22);
}

TEST_CASE("poule/the deal rotates: each deal is led by the next seat") {
  auto engine = MakeEngine("poule", 4, {{"target", "30"}});
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    const std::vector<int> firsts = FirstActors(*engine, seed);
    REQUIRE(firsts.size() >= 2);
    for (size_t i = 1; i < firsts.size(); ++i) CHECK(firsts[i] == (firsts[i - 1] + 1) % 4);
  }
}

TEST_CASE("poule/10,000 random deals and 200 matches conserve cards and end") {
  auto deals = MakeEngine("poule", 4, {{"target", "1"}});
  for (int i = 0; i < 10000; ++i) {
    const GameState s = RandomGame(*deals, MixSeed(23, i));
    REQUIRE(s.finished);
    REQUIRE(CheckState(*deals, s).empty());
  }
  auto matches = MakeEngine("poule", 4);
  for (int i = 0; i < 200; ++i) {
    const GameState s = RandomGame(*matches, MixSeed(29, i));
    REQUIRE(s.finished);
    REQUIRE(CheckState(*matches, s).empty());
  }
}
