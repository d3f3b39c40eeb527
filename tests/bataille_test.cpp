// La super-bataille and Le tir-à-la-carte (rulesets/super_bataille.yaml,
// rulesets/tir_a_la_carte.yaml): the text's example, battles, payments, the end, the limit.
#include <doctest/doctest.h>

#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

int Variable(const Engine& engine, const GameState& s, const std::string& name) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), -1)];
}

void RandomGamesEnd(const std::string& game, int players, int games) {
  auto engine = MakeEngine(game, players);
  for (int i = 0; i < games; ++i) {
    const GameState s = RandomGame(*engine, MixSeed(5, i));
    REQUIRE(s.finished);
    REQUIRE(CheckState(*engine, s).empty());
  }
}

}  // namespace

TEST_CASE(
    "super-bataille/example: \"Joueur 1 : V, Joueur 2 : 4, Joueur 3 : 7 — Joueur 1 gagne le pli avec 12 "
    "cartes\"") {
  auto engine = MakeEngine("super_bataille", 3);
  GameState s = Position(*engine, R"({"zones": {
    "pile 1": ["2S", "JS"],
    "pile 2": ["3S", "3H", "3D", "4S"],
    "pile 3": ["5S", "5H", "5D", "6S", "6H", "6D", "7S"]}})");
  Play(*engine, s, "turn");
  Play(*engine, s, "turn");
  Play(*engine, s, "turn");
  // "Joueur 2 a ajouté trois cartes … Joueur 3 a ajouté six cartes": 3 + 3 + 6 = 12.
  CHECK(Cards(*engine, s, "pile", 1).size() == 1 + 12);
  CHECK(s.finished);  // players 2 and 3 have nothing left
  CHECK(engine->Winners(s, engine->Score(s)) == std::vector<int>{0});
}

TEST_CASE("super-bataille/a tie is a battle: a card face down, another turned, the loser pays for the last") {
  auto engine = MakeEngine("super_bataille", 2);
  GameState s = Position(*engine, R"({"zones": {
    "pile 1": ["2S", "2H", "2D", "KS", "3S", "9S"],
    "pile 2": ["4S", "4H", "4D", "4C", "5S", "5H", "5D", "QS", "3H", "9H"]}})");
  Play(*engine, s, "turn");  // 9S
  Play(*engine, s, "turn");  // 9H: a tie; then 3S face down, KS turned against 3H face down, QS
  // Player 2 loses with a Queen: 11 more cards, but holds only 6.
  CHECK(s.finished);
  CHECK(Cards(*engine, s, "pile", 1).size() == 16);
}

TEST_CASE("super-bataille/a battle nobody can go on with: the first tied player takes the trick") {
  // The choice the ruleset writes down: the text is silent.
  auto engine = MakeEngine("super_bataille", 3);
  GameState s = Position(*engine, R"({"zones": {"pile 1": ["5S"], "pile 2": ["9S"], "pile 3": ["9H"]}})");
  for (int i = 0; i < 3; ++i) Play(*engine, s, "turn");
  CHECK(Cards(*engine, s, "pile", 2).size() == 3);
  CHECK(s.finished);
  CHECK(engine->Winners(s, engine->Score(s)) == std::vector<int>{1});
}

TEST_CASE("super-bataille/an Ace pays 1 card, or 14 with ace_pays") {
  const std::string position = R"({"zones": {
    "pile 1": ["2S", "2H", "2D", "2C", "3S", "3H", "3D", "3C", "4S", "4H", "4D", "4C", "5S", "5H", "5D", "AS"],
    "pile 2": ["6S", "JK"],
    "pile 3": ["7S", "8S"]}})";
  for (auto [ace, left] : {std::pair{"1", 15}, std::pair{"14", 2}}) {
    auto engine = MakeEngine("super_bataille", 3, {{"ace_pays", ace}});
    GameState s = Position(*engine, position);
    Play(*engine, s, "turn");
    Play(*engine, s, "turn");
    Play(*engine, s, "turn");
    CHECK(Cards(*engine, s, "pile", 1).size() == static_cast<size_t>(left));
  }
}

TEST_CASE("super-bataille/the trick limit ends the game, the most cards win") {
  auto engine = MakeEngine("super_bataille", 2, {{"max_tricks", "1"}});
  GameState s = Position(*engine, R"({"zones": {"pile 1": ["2S", "2H", "9S"],
                                                "pile 2": ["4S", "4H", "4D", "4C", "5S", "5H", "5D", "6S", "8H"]}})");
  Play(*engine, s, "turn");
  Play(*engine, s, "turn");  // player 2 pays 7 of their 8 cards and keeps one
  CHECK(s.finished);
  CHECK(Variable(*engine, s, "limit_reached") == 1);
  CHECK(engine->Score(s) == std::vector<int>{11, 1});
  CHECK(engine->Winners(s, engine->Score(s)) == std::vector<int>{0});
}

TEST_CASE("super-bataille/10,000 random games end with every card accounted for") {
  for (int players = 2; players <= 6; ++players) RandomGamesEnd("super_bataille", players, 2000);
}

TEST_CASE(
    "tir-à-la-carte/the opponent hands over n cards, which go under the player's pile with the card turned") {
  auto engine = MakeEngine("tir_a_la_carte", 2);
  GameState s =
      Position(*engine, R"({"zones": {"pile 1": ["9S", "3S"], "pile 2": ["2H", "5D", "6C", "7C", "KH"]}})");
  Play(*engine, s, "turn");  // a Three: player 2 gives KH, 7C, 6C
  CHECK(Cards(*engine, s, "pile", 1) == std::vector<std::string>{"6C", "7C", "KH", "3S", "9S"});
  CHECK(Cards(*engine, s, "pile", 2) == std::vector<std::string>{"2H", "5D"});
  CHECK(s.turn_player == 1);
}

TEST_CASE("tir-à-la-carte/whoever holds every card wins") {
  auto engine = MakeEngine("tir_a_la_carte", 2);
  GameState s = Position(*engine, R"({"zones": {"pile 1": ["9S", "JS"], "pile 2": ["2H", "5D"]}})");
  Play(*engine, s, "turn");  // a Jack: 11 cards wanted, 2 given
  CHECK(s.finished);
  CHECK(engine->Winners(s, engine->Score(s)) == std::vector<int>{0});
  CHECK(engine->Score(s) == std::vector<int>{4, 0});  // the 48 cards not listed wait in the deck
}

TEST_CASE("tir-à-la-carte/the turn limit ends the game, more cards win") {
  auto engine = MakeEngine("tir_a_la_carte", 2, {{"max_turns", "1"}});
  GameState s = Position(*engine, R"({"zones": {"pile 1": ["9S", "AS"], "pile 2": ["2H", "5D", "6D"]}})");
  Play(*engine, s, "turn");
  CHECK(s.finished);
  CHECK(Variable(*engine, s, "limit_reached") == 1);
  CHECK(engine->Score(s) == std::vector<int>{3, 2});
  CHECK(engine->Winners(s, engine->Score(s)) == std::vector<int>{0});
}

TEST_CASE("tir-à-la-carte/10,000 random games end with every card accounted for") {
  RandomGamesEnd("tir_a_la_carte", 2, 10000);
}
