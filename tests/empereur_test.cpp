// L'Empereur (rulesets/empereur.yaml): the draw rule's three examples, the Two rule, plays
// and passes, the stock, jokers, going out in every mode, scoring, exchanges, the match.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <map>

#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

int Variable(const Engine& engine, const GameState& s, const std::string& name, int player = 0) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), player - 1)];
}

constexpr int kSujet = 2, kElu = 3;  // the values of the variable `role`

}  // namespace

TEST_CASE("empereur/draw rule: \"Il y a un 5 en jeu, vous jouez un 5 : le joueur suivant pioche 1 carte\"") {
  auto engine = MakeEngine("empereur", 3);
  GameState s = Position(
      *engine, R"({"zones": {"talon": ["5H"], "hand 1": ["5S", "9C"], "hand 2": ["KD"], "hand 3": ["QD"]}})");
  Play(*engine, s, "play 5S");
  CHECK(Cards(*engine, s, "hand", 2).size() == 2);
  CHECK(Cards(*engine, s, "hand", 3).size() == 1);
  // The player who drew then takes a full turn (the choice the ruleset writes down).
  CHECK(s.turn_player == 1);
  CHECK(IsLegal(*engine, s, "play KD"));
}

TEST_CASE(
    "empereur/draw rule: \"Il y a deux 4 en jeux, vous jouez deux 4 : le joueur suivant pioche 3 cartes\"") {
  auto engine = MakeEngine("empereur", 3);
  GameState s = Position(
      *engine,
      R"({"zones": {"talon": ["4H", "4S"], "hand 1": ["4D", "4C", "9C"], "hand 2": ["KD"], "hand 3": ["QD"]}})");
  Play(*engine, s, "play 4D 4C");
  CHECK(Cards(*engine, s, "hand", 2).size() == 4);
}

TEST_CASE(
    "empereur/draw rule: \"Il y a un 6 en jeux, vous jouez deux 7, le joueur suivant pioche 1 carte\"") {
  auto engine = MakeEngine("empereur", 3);
  GameState s = Position(
      *engine,
      R"({"zones": {"talon": ["6H"], "hand 1": ["7S", "7H", "9C"], "hand 2": ["KD"], "hand 3": ["QD"]}})");
  Play(*engine, s, "play 7S 7H");
  CHECK(Cards(*engine, s, "hand", 2).size() == 2);
}

TEST_CASE("empereur/plays: lead any number of one value, then at least the last value") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "0"}});
  GameState lead = Position(
      *engine,
      R"({"zones": {"talon": [], "hand 1": ["8S", "8H", "9C"], "hand 2": ["KD"], "hand 3": ["QD"]}})");
  CHECK(LegalTexts(*engine, lead) ==
        std::vector<std::string>{"play 8S", "play 8H", "play 8S 8H", "play 9C", "draw"});
  GameState follow = Position(
      *engine,
      R"({"zones": {"talon": ["9H"], "hand 1": ["8S", "9S", "10S"], "hand 2": ["KD"], "hand 3": ["QD"]}})");
  CHECK_FALSE(IsLegal(*engine, follow, "play 8S"));
  CHECK(IsLegal(*engine, follow, "play 9S"));
  CHECK(IsLegal(*engine, follow, "play 10S"));
}

TEST_CASE("empereur/a refused play names the rule it breaks: one value, a Two alone, beat the top") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "2"}});
  GameState s =
      Position(*engine, R"({"zones": {"talon": ["9H"], "hand 1": ["8S", "9S", "10S", "2S", "2C", "JK"],
      "hand 2": ["KD"], "hand 3": ["QD"]}})");
  const auto refusal = [&](const std::string& text) {
    const ParsedMove parsed = ParseMove(*engine, s, text);
    CHECK_FALSE(parsed.move.has_value());
    return parsed.error;
  };
  CHECK(refusal("play 9S 10S") == "9S 10S are not of one rank: a play is cards of one rank");
  CHECK(refusal("play 2S 2C") == "a 2 is played alone");
  CHECK(refusal("play 8S") == "8S does not beat 9H on top: play at least rank 9");
  CHECK(refusal("play JK=8") == "JK does not beat 9H on top: play at least rank 9");
  CHECK(refusal("play JK") == "say what JK stands for, e.g. JK=5");
  CHECK(IsLegal(*engine, s, "play 9S JK=9"));
}

TEST_CASE("empereur/turn: draw one card, then play or pass") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "0"}});
  GameState s = Position(
      *engine, R"({"zones": {"talon": ["KH"], "hand 1": ["8S"], "hand 2": ["KD"], "hand 3": ["QD"]}})");
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"draw"});
  Play(*engine, s, "draw");
  const auto after = LegalTexts(*engine, s);
  CHECK(after.back() == "pass");
  CHECK(std::find(after.begin(), after.end(), std::string("draw")) == after.end());
  Play(*engine, s, "pass");
  CHECK(s.turn_player == 1);
}

TEST_CASE(
    "empereur/turn: when every other player passed, the cards in play go under the stock and the last player "
    "leads") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "0"}});
  GameState s = Position(
      *engine,
      R"({"zones": {"talon": [], "hand 1": ["AS", "4C"], "hand 2": ["3D", "3H"], "hand 3": ["3C", "3S"]}})");
  Play(*engine, s, "play AS");
  Play(*engine, s, "draw");
  Play(*engine, s, "pass");
  Play(*engine, s, "draw");
  Play(*engine, s, "pass");
  CHECK(s.turn_player == 0);
  CHECK(Cards(*engine, s, "talon").empty());
  CHECK(Cards(*engine, s, "stock").front() == "AS");  // at the bottom
  CHECK(IsLegal(*engine, s, "play 4C"));
}

TEST_CASE("empereur/Two rule: alone, nobody may follow, every other player draws, its player leads again") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "0"}});
  GameState s = Position(
      *engine,
      R"({"zones": {"talon": ["9H"], "hand 1": ["2S", "2H", "5C"], "hand 2": ["KD"], "hand 3": ["QD"]}})");
  CHECK_FALSE(IsLegal(*engine, s, "play 2S 2H"));
  Play(*engine, s, "play 2S");
  CHECK(Cards(*engine, s, "hand", 2).size() == 2);
  CHECK(Cards(*engine, s, "hand", 3).size() == 2);
  CHECK(Cards(*engine, s, "talon").empty());
  CHECK(s.turn_player == 0);
  CHECK(IsLegal(*engine, s, "play 5C"));  // a lead on a clear table
}

TEST_CASE(
    "empereur/Two rule: its player leads as on a new turn, and may draw again, and with no card left leads "
    "no more") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "0"}});
  GameState s = Position(
      *engine, R"({"zones": {"talon": ["AH"], "hand 1": ["2S", "5C"], "hand 2": ["KD"], "hand 3": ["QD"]}})");
  Play(*engine, s, "draw");
  Play(*engine, s, "play 2S");
  CHECK(s.turn_player == 0);
  CHECK(IsLegal(*engine, s, "draw"));
  CHECK_FALSE(IsLegal(*engine, s, "pass"));  // not before drawing

  GameState last = Position(
      *engine,
      R"({"zones": {"talon": ["AH"], "hand 1": ["2S"], "hand 2": ["KD", "3C"], "hand 3": ["QD", "4C"]}})");
  Play(*engine, last, "play 2S");  // out: the round ends with player 1 Empereur
  CHECK(last.round == 1);
}

TEST_CASE(
    "empereur/stock: an empty stock is rebuilt, when someone must draw, from the cards in play but the "
    "highest") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "0"}});
  // Every card placed: the stock is empty.
  GameState s = Position(*engine, R"({
    "zones": {"stock": [], "talon": ["5H", "7S", "9C", "9D"],
              "hand 1": ["3S", "3H", "3D", "3C", "4S", "4H", "4D", "4C", "5S", "5D", "5C", "6S", "6H", "6D", "6C"],
              "hand 2": ["7H", "7D", "7C", "8S", "8H", "8D", "8C", "9S", "9H", "10S", "10H", "10D", "10C", "JS", "JH", "JD"],
              "hand 3": ["JC", "QS", "QH", "QD", "QC", "KS", "KH", "KD", "KC", "AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C"]},
    "turn": 3})");
  Play(*engine, s, "play JC");  // "si un joueur doit piocher": nobody has to yet
  CHECK(Cards(*engine, s, "stock").empty());
  CHECK(Cards(*engine, s, "talon") == std::vector<std::string>{"5H", "7S", "9C", "9D", "JC"});
  CHECK(IsLegal(*engine, s, "draw"));
  Play(*engine, s, "draw");  // player 1 must draw: the stock is rebuilt, in the order played, then drawn
  CHECK(Cards(*engine, s, "talon") == std::vector<std::string>{"JC"});
  CHECK(Cards(*engine, s, "stock") == std::vector<std::string>{"5H", "7S", "9C"});
  CHECK(Cards(*engine, s, "hand", 1).back() == "9D");

  // Only cards of the highest value in play: nothing to rebuild, so no draw, and a pass.
  GameState dry = Position(*engine, R"({
    "zones": {"stock": [], "talon": ["9C", "9D"],
              "hand 1": ["3S", "3H", "3D", "3C", "4S", "4H", "4D", "4C", "5S", "5D", "5C", "6S", "6H", "6D", "6C", "5H"],
              "hand 2": ["7H", "7D", "7C", "8S", "8H", "8D", "8C", "9S", "9H", "10S", "10H", "10D", "10C", "JS", "JH", "JD", "7S"],
              "hand 3": ["JC", "QS", "QH", "QD", "QC", "KS", "KH", "KD", "KC", "AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C"]}})");
  CHECK(LegalTexts(*engine, dry) == std::vector<std::string>{"pass"});
  CHECK(ParseMove(*engine, dry, "draw").error ==
        "'draw' is not allowed: stock is empty, and nothing in talon may go into it now");
}

TEST_CASE("empereur/stock: a joker in play counts as what it stands for when the stock is rebuilt") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "1"}});
  GameState s = Position(*engine, R"({
    "zones": {"stock": [], "talon": ["5H", "JK=9", "9D"],
              "hand 1": ["3S", "3H", "3D", "3C", "4S", "4H", "4D", "4C", "5S", "5D", "5C", "6S", "6H", "6D", "6C"],
              "hand 2": ["7H", "7D", "7C", "8S", "8H", "8D", "8C", "9S", "9H", "10S", "10H", "10D", "10C", "JS", "JH", "JD", "7S", "9C"],
              "hand 3": ["JC", "QS", "QH", "QD", "QC", "KS", "KH", "KD", "KC", "AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C"]}})");
  Play(*engine, s, "draw");
  CHECK(Cards(*engine, s, "talon") == std::vector<std::string>{"JK", "9D"});
  CHECK(Cards(*engine, s, "hand", 1).back() == "5H");
}

TEST_CASE("empereur/jokers: a joker stands for the value declared, a Two included") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "1"}});
  GameState s = Position(
      *engine,
      R"({"zones": {"talon": ["9H"], "hand 1": ["JK", "5C", "6C"], "hand 2": ["10D", "8D"], "hand 3": ["QD"]}})");
  CHECK_FALSE(IsLegal(*engine, s, "play JK=8"));
  CHECK(ParseMove(*engine, s, "play JK").error == "say what JK stands for, e.g. JK=5");
  Play(*engine, s, "play JK=10");
  CHECK(IsLegal(*engine, s, "play 10D"));
  CHECK_FALSE(IsLegal(*engine, s, "play 8D"));
  Play(*engine, s, "play 10D");  // a 10 on a joker standing for 10: the next player draws 1
  CHECK(Cards(*engine, s, "hand", 3).size() == 2);

  GameState two = Position(
      *engine,
      R"({"zones": {"talon": ["9H"], "hand 1": ["JK", "5C"], "hand 2": ["10D"], "hand 3": ["QD"]}})");
  CHECK_FALSE(IsLegal(*engine, two, "play JK=2 2S"));
  Play(*engine, two, "play JK=2");
  CHECK(Cards(*engine, two, "talon").empty());
  CHECK(two.turn_player == 0);
}

TEST_CASE("empereur/round end (Normal): the first out is the Empereur, after the Two and draw rules") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "0"}, {"rounds", "2"}});
  GameState s = Position(
      *engine, R"({"zones": {"talon": ["5H"], "hand 1": ["5S"], "hand 2": ["KD"], "hand 3": ["QD"]}})");
  Play(*engine, s, "play 5S");
  CHECK(s.round == 1);                          // the next round is dealt
  CHECK(Variable(*engine, s, "role", 1) == 0);  // roles are read for the exchanges, then cleared
  CHECK(Cards(*engine, s, "hand", 1).size() == 7);
}

TEST_CASE("empereur/going out on a joker loses: a Sujet, and play goes on, the last one left is Empereur") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "1"}, {"rounds", "1"}});
  GameState s = Position(
      *engine,
      R"({"zones": {"talon": [], "hand 1": ["JK"], "hand 2": ["KD", "3C"], "hand 3": ["QD", "4C"]}})");
  Play(*engine, s, "play JK=9");
  CHECK_FALSE(s.finished);
  CHECK(Variable(*engine, s, "role", 1) == kSujet);
  CHECK((s.out & 1u) != 0);
  CHECK(s.turn_player == 1);
  Play(*engine, s, "play KD");  // player 2
  Play(*engine, s, "draw");     // player 3 cannot beat a King
  Play(*engine, s, "pass");
  Play(*engine, s, "play 3C");  // player 2 leads again and goes out
  CHECK(s.finished);
  CHECK(engine->Winners(s, engine->Score(s)) == std::vector<int>{1});
}

TEST_CASE("empereur/Miroir: the players who go out are Élus, the last one left is the Exclu and loses") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "0"}, {"mode", "miroir_normal"}, {"rounds", "1"}});
  GameState s = Position(
      *engine, R"({"zones": {"talon": [], "hand 1": ["9S"], "hand 2": ["KD"], "hand 3": ["QD", "4C"]}})");
  Play(*engine, s, "play 9S");
  CHECK_FALSE(s.finished);
  CHECK(Variable(*engine, s, "role", 1) == kElu);
  Play(*engine, s, "play KD");
  CHECK(s.finished);
  CHECK(engine->Winners(s, engine->Score(s)) == std::vector<int>{0, 1});
}

TEST_CASE("empereur/Miroir: going out on a joker makes you the Exclu and ends the round") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "1"}, {"mode", "miroir_normal"}, {"rounds", "1"}});
  GameState s = Position(
      *engine, R"({"zones": {"talon": [], "hand 1": ["JK"], "hand 2": ["KD"], "hand 3": ["QD", "4C"]}})");
  Play(*engine, s, "play JK=5");
  CHECK(s.finished);
  CHECK(engine->Winners(s, engine->Score(s)) == std::vector<int>{1, 2});
}

TEST_CASE(
    "empereur/Elite scoring: the Sujets' hands go to the Empereur (J 11, Q 12, K 13, A 14, 2 15, joker 20)") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "1"}, {"mode", "elite"}, {"target", "1000"}});
  GameState s =
      Position(*engine, R"({"zones": {"talon": ["5H"], "hand 1": ["5S"], "hand 2": ["JH", "2S", "JK", "5C"],
                                                "hand 3": ["QD", "KD", "AD", "10C"]}})");
  Play(*engine, s, "play 5S");  // player 2 draws one more card first (the draw rule)
  const int drawn = s.totals[0] - (11 + 15 + 20 + 5 + 12 + 13 + 14 + 10);
  CHECK(s.totals[1] == 0);
  CHECK(s.totals[2] == 0);
  CHECK(drawn >= 3);  // the drawn card is worth 3 to 20
  CHECK(drawn <= 20);
}

TEST_CASE("empereur/Miroir Elite: the Exclu scores the cards left, and reaching the target loses") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "0"}, {"mode", "miroir_elite"}, {"target", "30"}});
  GameState s = Position(
      *engine,
      R"({"zones": {"talon": [], "hand 1": ["9S"], "hand 2": ["KD"], "hand 3": ["QD", "AC", "4C"]}})");
  Play(*engine, s, "play 9S");
  Play(*engine, s, "play KD");
  CHECK(s.finished);
  CHECK(s.totals == std::vector<int>{0, 0, 12 + 14 + 4});
  CHECK(engine->Winners(s, engine->Score(s)) == std::vector<int>{0, 1});
}

TEST_CASE("empereur/Elite exchanges: each Sujet gives a highest card, then the Empereur gives each a card") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "0"}, {"mode", "elite"}, {"target", "1000"}});
  GameState s = Position(
      *engine, R"({"zones": {"talon": ["5H"], "hand 1": ["5S"], "hand 2": ["KD"], "hand 3": ["QD"]}})");
  Play(*engine, s, "play 5S");  // player 1 is the Empereur; a new round is dealt
  REQUIRE(s.round == 1);
  REQUIRE(s.decisions.size() == 4);
  for (int sujet : {1, 2}) {
    CHECK(engine->Actor(s) == sujet);
    // Only the highest cards may be given.
    const auto legal = LegalTexts(*engine, s);
    const auto hand = Cards(*engine, s, "hand", sujet + 1);
    CHECK(legal.size() <= hand.size());
    Play(*engine, s, legal.front());
  }
  CHECK(Cards(*engine, s, "hand", 1).size() == 9);
  CHECK(engine->Actor(s) == 0);
  Play(*engine, s, LegalTexts(*engine, s).front());
  Play(*engine, s, LegalTexts(*engine, s).front());
  CHECK(Cards(*engine, s, "hand", 1).size() == 7);
  CHECK(Cards(*engine, s, "hand", 2).size() == 7);
  CHECK(s.decisions.empty());
}

TEST_CASE(
    "empereur/Miroir Elite exchanges: the first out is the Empereur too, then the Exclu gives to each Élu") {
  // "Règle des modes Elite et Miroir Elite": only the Exclu's exchange used to happen.
  for (const bool both : {true, false}) {
    CAPTURE(both);
    auto engine = MakeEngine("empereur", 3,
                             {{"jokers", "0"},
                              {"mode", "miroir_elite"},
                              {"target", "1000"},
                              {"miroir_elite_empereur", both ? "true" : "false"}});
    GameState s = Position(
        *engine,
        R"({"zones": {"talon": [], "hand 1": ["9S"], "hand 2": ["KD"], "hand 3": ["QD", "AC", "4C"]}})");
    Play(*engine, s, "play 9S");  // player 1 is out first: the Empereur
    Play(*engine, s, "play KD");  // player 2 out too; player 3 is the Exclu; a new round
    REQUIRE(s.round == 1);
    std::vector<int> askers;
    for (const Decision& d : s.decisions) askers.push_back(d.player);
    if (both) {
      // Sujets 2 and 3 give the Empereur a highest card, the Empereur gives each a card;
      // then the Exclu gives each Élu (1 and 2) a highest card, and each gives one back.
      CHECK(askers == std::vector<int>{1, 2, 0, 0, 2, 2, 0, 1});
    } else {
      CHECK(askers == std::vector<int>{2, 2, 0, 1});
    }
    while (!s.decisions.empty()) Play(*engine, s, LegalTexts(*engine, s).front());
    for (int p = 1; p <= 3; ++p) CHECK(Cards(*engine, s, "hand", p).size() == 7);
  }
}

TEST_CASE("empereur/match: Normal ends after its rounds, Elite at the target") {
  auto normal = MakeEngine("empereur", 3, {{"rounds", "2"}});
  const GameState n = RandomGame(*normal, 11);
  CHECK(n.finished);
  CHECK(n.round == 2);
  auto elite = MakeEngine("empereur", 3, {{"mode", "elite"}, {"target", "100"}});
  const GameState e = RandomGame(*elite, 11);
  CHECK(e.finished);
  CHECK(*std::max_element(e.totals.begin(), e.totals.end()) >= 100);
}

TEST_CASE("empereur/10,000 random matches in every mode conserve cards and end") {
  // 10,000 matches a mode: 5,000 each with 2 and 3 players, short matches (two rounds, or a
  // target of 100). With 4 players and more, random bots make rounds of thousands of turns.
  const int games = Soak(5000);
  for (const char* mode : {"normal", "elite", "miroir_normal", "miroir_elite"}) {
    CAPTURE(mode);
    auto rules = LoadRuleset(FindRuleset("empereur"));
    for (int players : {2, 3}) {
      Engine engine(std::make_shared<GameConfig>(
          rules, players,
          std::map<std::string, std::string>{{"mode", mode}, {"rounds", "2"}, {"target", "100"}}));
      for (int i = 0; i < games; ++i) {
        const GameState s = RandomGame(engine, MixSeed(77, i));
        REQUIRE(s.finished);
        const auto problems = CheckState(engine, s);
        REQUIRE(problems.empty());
      }
    }
  }
}

namespace {

// A chance source that, at its Nth shuffle, puts the given cards on top (last listed on
// top) and leaves the rest in place; other shuffles leave the order as it is.
class StackedChance : public ChanceSource {
 public:
  StackedChance(const CardSet& cards, std::map<int, std::vector<std::string>> tops)
      : cards_(cards), tops_(std::move(tops)) {}
  void Shuffle(std::vector<CardId>& zone, uint64_t&) override {
    auto it = tops_.find(++calls_);
    if (it == tops_.end()) return;
    for (const auto& code : it->second) {
      auto card = std::find_if(zone.begin(), zone.end(), [&](CardId c) { return cards_.Code(c) == code; });
      REQUIRE(card != zone.end());
      const CardId id = *card;
      zone.erase(card);
      zone.push_back(id);
    }
  }

 private:
  const CardSet& cards_;
  std::map<int, std::vector<std::string>> tops_;
  int calls_ = 0;
};

}  // namespace

TEST_CASE(
    "empereur/dealer: the highest card drawn deals, tied players draw again, the player to the left starts") {
  auto rules = LoadRuleset(FindRuleset("empereur"));
  auto config = std::make_shared<GameConfig>(rules, 3, std::map<std::string, std::string>{{"jokers", "0"}});
  // Shuffle 1 is the setup's; 2 is the first draw: player 1 KH, player 2 AS, player 3 AD
  // (a tie of Aces); 3 is the second draw: player 2 9D, player 3 5C. Player 2 deals.
  auto chance = std::make_shared<StackedChance>(
      config->cards(), std::map<int, std::vector<std::string>>{{2, {"AD", "AS", "KH"}}, {3, {"5C", "9D"}}});
  Engine engine(config, chance);
  const GameState s = engine.NewGame(1);
  CHECK(Variable(engine, s, "dealer") == 2);
  CHECK(s.turn_player == 2);  // player 3, to the dealer's left
  for (int p = 1; p <= 3; ++p) CHECK(Cards(engine, s, "hand", p).size() == 7);
}

TEST_CASE(
    "empereur/Miroir exchanges: the Exclu gives each Élu a highest card, then each Élu gives one back") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "0"}, {"mode", "miroir_normal"}, {"rounds", "2"}});
  GameState s = Position(
      *engine, R"({"zones": {"talon": [], "hand 1": ["9S"], "hand 2": ["KD"], "hand 3": ["QD", "4C"]}})");
  Play(*engine, s, "play 9S");
  Play(*engine, s, "play KD");  // player 3 is the Exclu; the next round is dealt
  REQUIRE(s.round == 1);
  REQUIRE(s.decisions.size() == 4);
  for (int elu : {0, 1}) {
    CHECK(engine->Actor(s) == 2);
    CHECK(s.decisions.front().target == elu);
    const auto legal = LegalTexts(*engine, s);
    CHECK(legal.size() < Cards(*engine, s, "hand", 3).size());  // only the highest cards
    Play(*engine, s, legal.front());
  }
  CHECK(Cards(*engine, s, "hand", 3).size() == 5);
  for (int elu : {0, 1}) {
    CHECK(engine->Actor(s) == elu);
    CHECK(LegalTexts(*engine, s).size() == Cards(*engine, s, "hand", elu + 1).size());  // any card
    Play(*engine, s, LegalTexts(*engine, s).back());
  }
  CHECK(Cards(*engine, s, "hand", 3).size() == 7);
}

TEST_CASE("empereur/a top without a rank (a joker not declared) bars no play, and a stray ^ is refused") {
  // A hostile position or script could leave it there: the plays' table must not be read at -1.
  auto engine = MakeEngine("empereur", 3, {{"jokers", "2"}});
  GameState s = Position(*engine, R"({"zones": {"talon": ["JK"], "hand 1": ["8S", "9S"], "hand 2": ["KD"],
      "hand 3": ["QD"]}})");
  CHECK(IsLegal(*engine, s, "play 8S"));
  CHECK(IsLegal(*engine, s, "play 9S"));
  CHECK_FALSE(ParseMove(*engine, s, "play 8S^").move.has_value());  // not a crash
}
