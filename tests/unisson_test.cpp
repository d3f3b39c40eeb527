// L'Unisson (rulesets/unisson.yaml): the text's worked examples, every trigger on a
// hand-built position, the last round, and 10,000 random games.
#include <doctest/doctest.h>

#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

std::vector<int> ScoresOf(Engine& engine, const GameState& state) { return engine.Score(state); }

}  // namespace

TEST_CASE(
    "unisson/example: \"un joueur ayant déposé une tierce, une quarte et une octave gagnera 3+4+8 = 15 x 2 = "
    "30 points\"") {
  auto engine = MakeEngine("unisson", 3);
  const GameState s = Position(*engine, R"({
    "zones": {"hand 1": ["7C"], "gamme": []},
    "created_zones": [
      {"zone": "melds", "owner": 1, "cards": ["AH", "KH", "QH"]},
      {"zone": "melds", "owner": 1, "cards": ["AD", "KD", "QD", "JD"]},
      {"zone": "melds", "owner": 1, "cards": ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S"]}]})");
  CHECK(ScoresOf(*engine, s)[0] == 30);
}

TEST_CASE(
    "unisson/example: \"+3 points de tierce déposée -5 points de quinte gardée -8 points d'octave gardée = "
    "-13 x 2 = -26 pour un total de -23 points\"") {
  auto engine = MakeEngine("unisson", 3);
  const GameState s = Position(*engine, R"({
    "zones": {"hand 1": ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "AD", "KD", "QD", "JD", "10D"],
              "gamme": []},
    "created_zones": [{"zone": "melds", "owner": 1, "cards": ["AH", "KH", "QH"]}]})");
  CHECK(ScoresOf(*engine, s)[0] == -23);
}

TEST_CASE("unisson/example: the 4-player Unisson: \"8 x 2 + 10 + 50 = 76\", \"50\", \"5 + 50\"") {
  auto engine = MakeEngine("unisson", 4);
  const GameState s = Position(*engine, R"({
    "zones": {"hand 1": [],
              "hand 2": ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H"],
              "hand 3": ["AD", "KD", "QD", "JD", "10D", "9D", "8D", "7D"],
              "hand 4": ["AC", "KC", "QC", "JC", "10C", "9C", "8C", "7C"],
              "gamme": [], "stock": []},
    "created_zones": [{"zone": "melds", "owner": 1, "cards": ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S"]}],
    "last_round_player": 3, "declared_winner": 1})");
  CHECK(ScoresOf(*engine, s) == std::vector<int>{76, 50, 55, 50});
}

TEST_CASE("unisson/scoring: a sequence lying in the Gamme counts for every player") {
  auto engine = MakeEngine("unisson", 3);
  const GameState s = Position(*engine, R"({
    "zones": {"hand 1": ["7C"], "hand 2": ["8C"], "hand 3": [], "gamme": ["QH", "JH", "10H", "AS"]}})");
  CHECK(ScoresOf(*engine, s) == std::vector<int>{3, 3, 13});  // player 3: empty hand, +10
}

TEST_CASE("unisson/scoring: with two packs a hand is grouped to cover the most cards") {
  auto engine = MakeEngine("unisson", 5);  // two packs
  const GameState s = Position(*engine, R"({
    "zones": {"hand 1": ["AH", "KH", "QH", "QH", "JH", "10H"], "gamme": []}})");
  CHECK(ScoresOf(*engine, s)[0] == -6);  // A K Q and Q J 10, not A K Q J 10 with a Q left
}

TEST_CASE("unisson/trigger: an Ace chosen from the Gamme forces two free discards") {
  auto engine = MakeEngine("unisson", 3);
  GameState s = Position(*engine, R"({
    "zones": {"gamme": ["AS", "8H", "9D", "10C"], "stock": ["KD", "QD"],
              "hand 1": ["9H", "8C", "JD"], "hand 2": ["KC"], "hand 3": ["QC"]}})");
  Play(*engine, s, "choose AS");
  CHECK(Cards(*engine, s, "gamme") == std::vector<std::string>{"8H", "9D", "10C", "QD"});  // refilled
  CHECK(LegalTexts(*engine, s) ==
        std::vector<std::string>{"discard 9H", "discard 8C", "discard JD", "discard AS"});
  Play(*engine, s, "discard 8C");
  Play(*engine, s, "discard JD");
  CHECK(s.decisions.empty());
  CHECK(s.turn_player == 0);
  CHECK(s.actions_left == 1);  // the discards were free
}

TEST_CASE("unisson/trigger: with extra_moves_cost_actions the Ace's discards use the turn's actions") {
  auto engine = MakeEngine("unisson", 3, {{"extra_moves_cost_actions", "true"}});
  GameState s = Position(*engine, R"({
    "zones": {"gamme": ["AS", "8H"], "hand 1": ["9H", "8C", "JD"], "hand 2": ["KC"], "hand 3": ["QC"]}})");
  Play(*engine, s, "choose AS");
  Play(*engine, s, "discard 8C");
  Play(*engine, s, "discard JD");
  CHECK(s.turn_player == 1);  // both actions are used: the turn passed
}

TEST_CASE("unisson/trigger: a Seven chosen allows one more draw, which may be declined") {
  auto engine = MakeEngine("unisson", 3);
  GameState s = Position(*engine, R"({
    "zones": {"gamme": ["7S", "8H"], "stock": ["KD", "QD"], "hand 1": ["9H"], "hand 2": ["KC"], "hand 3": ["QC"]}})");
  Play(*engine, s, "choose 7S");
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"draw", "stop"});
  SUBCASE("taken") {
    Play(*engine, s, "draw");
    CHECK(Cards(*engine, s, "hand", 1).size() == 3);
  }
  SUBCASE("declined") {
    Play(*engine, s, "stop");
    CHECK(Cards(*engine, s, "hand", 1).size() == 2);
  }
  CHECK(s.actions_left == 1);
  CHECK(s.turn_player == 0);
}

TEST_CASE("unisson/trigger: an Ace discarded allows two more draws") {
  auto engine = MakeEngine("unisson", 3);
  GameState s = Position(*engine, R"({
    "zones": {"gamme": ["8H"], "stock": ["KD", "QD", "JD"], "hand 1": ["AH", "9H"], "hand 2": ["KC"], "hand 3": ["QC"]}})");
  Play(*engine, s, "discard AH");
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"draw", "stop"});
  Play(*engine, s, "draw");
  Play(*engine, s, "draw");
  CHECK(Cards(*engine, s, "hand", 1) == std::vector<std::string>{"9H", "JD", "QD"});
  CHECK(s.decisions.empty());
  CHECK(s.actions_left == 1);
}

TEST_CASE("unisson/trigger: a Seven discarded forces one more discard") {
  auto engine = MakeEngine("unisson", 3);
  GameState s = Position(*engine, R"({
    "zones": {"gamme": ["8H"], "hand 1": ["7H", "9H", "KS"], "hand 2": ["KC"], "hand 3": ["QC"]}})");
  Play(*engine, s, "discard 7H");
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"discard 9H", "discard KS"});
  Play(*engine, s, "discard KS");
  CHECK(s.actions_left == 1);
  CHECK(Cards(*engine, s, "gamme") == std::vector<std::string>{"8H", "7H", "KS"});
}

TEST_CASE(
    "unisson/trigger: a meld with an Ace makes each other player discard as many cards, in turn order") {
  auto engine = MakeEngine("unisson", 4);
  GameState s = Position(*engine, R"({
    "zones": {"gamme": [], "hand 1": ["AS", "KS", "QS", "9H"], "hand 2": ["KC", "QC", "JC", "10C"],
              "hand 3": ["8D", "9D"], "hand 4": ["JH", "10H", "8C"]}})");
  Play(*engine, s, "meld AS KS QS");
  CHECK(engine->Actor(s) == 1);
  Play(*engine, s, "discard KC");
  Play(*engine, s, "discard QC");
  Play(*engine, s, "discard JC");
  CHECK(engine->Actor(s) == 2);
  Play(*engine, s, "discard 8D");
  Play(*engine, s, "discard 9D");  // only two cards: the third discard lapses
  CHECK(engine->Actor(s) == 3);
  Play(*engine, s, "discard JH");
  Play(*engine, s, "discard 10H");
  Play(*engine, s, "discard 8C");
  CHECK(engine->Actor(s) == 0);
  CHECK(s.actions_left == 1);
  CHECK(Cards(*engine, s, "hand", 2) == std::vector<std::string>{"10C"});
  CHECK(Cards(*engine, s, "hand", 3).empty());
}

TEST_CASE("unisson/trigger: a meld with a Seven lets each other player draw up to as many cards") {
  auto engine = MakeEngine("unisson", 3);
  GameState s = Position(*engine, R"({
    "zones": {"gamme": [], "hand 1": ["9S", "8S", "7S", "KH"], "hand 2": ["KC"], "hand 3": ["QC"]}})");
  Play(*engine, s, "meld 9S 8S 7S");
  CHECK(engine->Actor(s) == 1);
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"draw", "stop"});
  Play(*engine, s, "draw");
  Play(*engine, s, "stop");
  CHECK(engine->Actor(s) == 2);
  Play(*engine, s, "draw");
  Play(*engine, s, "draw");
  Play(*engine, s, "draw");  // three at most: the decision is done
  CHECK(engine->Actor(s) == 0);
  CHECK(Cards(*engine, s, "hand", 2).size() == 2);
  CHECK(Cards(*engine, s, "hand", 3).size() == 4);
}

TEST_CASE("unisson/trigger: a later card added to a sequence with an Ace triggers nothing") {
  auto engine = MakeEngine("unisson", 3);
  GameState s = Position(*engine, R"({
    "zones": {"gamme": [], "hand 1": ["JS", "9H"], "hand 2": ["KC"], "hand 3": ["QC"]},
    "created_zones": [{"zone": "melds", "owner": 1, "label": 1, "cards": ["AS", "KS", "QS"]}]})");
  Play(*engine, s, "extend JS m1");
  CHECK(s.decisions.empty());
  CHECK(s.actions_left == 1);
}

TEST_CASE(
    "unisson/trigger: a Seven added to a sequence gives no draws (the choice the ruleset writes down)") {
  auto engine = MakeEngine("unisson", 3);
  GameState s = Position(*engine, R"({
    "zones": {"gamme": [], "hand 1": ["7S", "9H"], "hand 2": ["KC"], "hand 3": ["QC"]},
    "created_zones": [{"zone": "melds", "owner": 1, "label": 1, "cards": ["10S", "9S", "8S"]}]})");
  Play(*engine, s, "extend 7S m1");
  CHECK(s.decisions.empty());  // nobody is offered a draw
  CHECK(s.actions_left == 1);
}

TEST_CASE("unisson/scoring: two kept octaves (two packs) double the losses once") {
  auto engine = MakeEngine("unisson", 5);
  const GameState s = Position(*engine, R"({
    "zones": {"gamme": [], "hand 1": ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S",
                                       "AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S"],
              "hand 2": ["KC"], "hand 3": ["QC"], "hand 4": ["JC"], "hand 5": ["10C"]}})");
  CHECK(engine->Score(s)[0] == -2 * (8 + 8));  // not -4 × 16
}

TEST_CASE("unisson/trigger: an octave melded ends the game at once, without the Ace's discards") {
  auto engine = MakeEngine("unisson", 3);
  GameState s = Position(*engine, R"({
    "zones": {"gamme": [], "hand 1": ["AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "9H"],
              "hand 2": ["KC"], "hand 3": ["QC"]}})");
  Play(*engine, s, "meld AS KS QS JS 10S 9S 8S 7S");
  CHECK(s.finished);
  const auto scores = engine->Score(s);
  CHECK(engine->Winners(s, scores) == std::vector<int>{0});
  CHECK(Cards(*engine, s, "hand", 2) == std::vector<std::string>{"KC"});
}

TEST_CASE("unisson/trigger: completing an octave by extension ends the game") {
  auto engine = MakeEngine("unisson", 3);
  GameState s = Position(*engine, R"({
    "zones": {"gamme": [], "hand 1": ["7S", "9H"], "hand 2": ["KC"], "hand 3": ["QC"]},
    "created_zones": [{"zone": "melds", "owner": 1, "label": 1, "cards": ["AS", "KS", "QS", "JS", "10S", "9S", "8S"]}]})");
  Play(*engine, s, "extend 7S m1");
  CHECK(s.finished);
  CHECK(engine->Winners(s, engine->Score(s)) == std::vector<int>{0});
}

TEST_CASE("unisson/rules: a player completes only their own sequences unless extend_any_meld") {
  const std::string position = R"({
    "zones": {"gamme": [], "hand 1": ["JS"], "hand 2": ["KC"], "hand 3": ["QC"]},
    "created_zones": [{"zone": "melds", "owner": 2, "label": 1, "cards": ["AS", "KS", "QS"]}]})";
  auto engine = MakeEngine("unisson", 3);
  CHECK_FALSE(IsLegal(*engine, Position(*engine, position), "extend JS m1"));
  auto open = MakeEngine("unisson", 3, {{"extend_any_meld", "true"}});
  CHECK(IsLegal(*open, Position(*open, position), "extend JS m1"));
}

TEST_CASE("unisson/rules: \"une ou deux séquences de couleurs différentes\" in one turn") {
  // Two spade sequences in one hand: the second is not offered in the same turn.
  const std::string position = R"({
    "zones": {"gamme": [], "hand 1": ["KS", "QS", "JS", "10S", "9S", "8S", "KH", "QH", "JH"],
              "hand 2": ["KC"], "hand 3": ["QC"]}})";
  auto engine = MakeEngine("unisson", 3);
  GameState s = Position(*engine, position);
  Play(*engine, s, "meld KS QS JS");
  CHECK(s.actions_left == 1);
  CHECK_FALSE(IsLegal(*engine, s, "meld 10S 9S 8S"));
  CHECK(IsLegal(*engine, s, "meld KH QH JH"));
  // Through a saved position too: the turn's melds are in it.
  GameState saved = Position(*engine, WritePosition(*engine, s));
  CHECK(saved == s);
  CHECK_FALSE(IsLegal(*engine, saved, "meld 10S 9S 8S"));
  // The next turn is another turn.
  Play(*engine, s, "meld KH QH JH");
  for (int p = 2; p <= 3; ++p) Play(*engine, s, "pass");
  CHECK(IsLegal(*engine, s, "meld 10S 9S 8S"));
  // The looser reading, as a parameter.
  auto loose = MakeEngine("unisson", 3, {{"sequences_in_a_turn_differ_in", "none"}});
  GameState t = Position(*loose, position);
  Play(*loose, t, "meld KS QS JS");
  CHECK(IsLegal(*loose, t, "meld 10S 9S 8S"));
}

TEST_CASE(
    "unisson/last round: the stock empties, the others play once more, up to the Dernier Joueur's right") {
  auto engine = MakeEngine("unisson", 4);
  // Everything but one card is placed, so the stock holds just 7C.
  GameState s = Position(*engine, R"({
    "zones": {"hand 1": ["AS", "KS"], "hand 2": ["QS", "JS"], "hand 3": ["10S", "9S"], "hand 4": ["8S", "7S"],
              "gamme": ["AH", "KH", "QH", "JH", "10H", "9H", "8H", "7H", "AD", "KD", "QD", "JD", "10D", "9D", "8D",
                        "7D", "AC", "KC", "QC", "JC", "10C", "9C", "8C"]}})");
  REQUIRE(Cards(*engine, s, "stock") == std::vector<std::string>{"7C"});
  Play(*engine, s, "draw");
  CHECK(s.last_round_player == 0);
  CHECK_FALSE(IsLegal(*engine, s, "draw"));
  Play(*engine, s, "pass");
  Play(*engine, s, "pass");  // player 2
  Play(*engine, s, "pass");  // player 3
  CHECK_FALSE(s.finished);
  Play(*engine, s, "pass");  // player 4, to the right of the Dernier Joueur
  CHECK(s.finished);
  // The Gamme holds two octaves and a septième (8 + 8 + 7 = 23 for everyone); hands hold
  // no sequence; the Dernier Joueur adds 5.
  CHECK(engine->Score(s) == std::vector<int>{28, 23, 23, 23});
}

TEST_CASE("unisson/random games: 10,000 seeded games, 3 to 6 players, conserve cards, end and replay") {
  const auto rules = LoadRuleset(FindRuleset("unisson"));
  const auto problems = CheckRandomGames(rules, 2500, 2026);
  std::string all;
  for (const auto& p : problems) all += p + "\n";
  CHECK_MESSAGE(problems.empty(), all);
}
