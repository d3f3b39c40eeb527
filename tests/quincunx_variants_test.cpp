// Quincunx's variants (rulesets/quincunx*.yaml): flush, muggins, the blank tableau, the
// solitaire; and the grid as the terminal shows it.
#include <doctest/doctest.h>

#include "interpreter/records/view.h"
#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

int Points(const Engine& engine, const GameState& s, int player) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex("points"), player - 1)];
}

int FlushGain(const std::string& cells, const std::string& move, bool flush,
              const std::string& bonus = "10") {
  auto engine = MakeEngine("quincunx", 2, {{"flush", flush ? "true" : "false"}, {"flush_bonus", bonus}});
  GameState s = Position(
      *engine, R"({"zones": {"tableau": {)" + cells + R"(}, "hand 1": ["6MoWa"], "hand 2": ["AWy"]}})");
  Play(*engine, s, move);
  return Points(*engine, s, 1);
}

}  // namespace

// (Player 2 holds a card, so the round goes on and the points stay to be read.)
TEST_CASE("quincunx/flush: +10 per line of 4+ cards sharing a suit") {
  // "un motif de 4 cartes ou plus qui partagent une couleur … une ligne horizontale,
  // verticale ou diagonale": 2MoKn, 5MoLe, 8MoSu, 6MoWa share the Moons on a diagonal.
  const std::string cells = R"("a1": "2MoKn", "b2": "5MoLe", "c3": "8MoSu")";
  CHECK(FlushGain(cells, "place 6MoWa d4", true) == 10);
  CHECK(FlushGain(cells, "place 6MoWa d4", false) == 0);
  CHECK(FlushGain(R"("a1": "2MoKn", "b2": "5MoLe", "c3": "8WaLe")", "place 6MoWa d4", true) == 0);
}

TEST_CASE("quincunx/flush: +10 per 2x2 square of cards sharing a suit") {
  // b1 4MoSu: 6 + 4 = 10, nothing; a2 5MoLe: 11, a draw; the square a1 b1 a2 b2 is all Moons.
  const std::string cells = R"("a1": "9MoSu", "b1": "4MoSu", "a2": "5MoLe")";
  CHECK(FlushGain(cells, "place 6MoWa b2", true) == 10);
  CHECK(FlushGain(cells, "place 6MoWa b2", false) == 0);
  CHECK(FlushGain(cells, "place 6MoWa b2", true, "15") == 15);  // flush_bonus: a house rule's value
  CHECK(FlushGain(R"("a1": "2MoKn", "b2": "5MoLe", "c3": "8MoSu")", "place 6MoWa d4", true, "15") == 15);
}

TEST_CASE("quincunx/muggins: the player announces a number blind, the others may claim what was left out") {
  // "A joue un 9 à côté d'un autre 9 et annonce qu'il gagne ainsi 8 points (18-10). Le
  // joueur B remarque que le joueur A a oublié de compter sa paire de 9. Il le signale et
  // récupère à son compte les 5 points de la paire."
  auto engine = MakeEngine("quincunx", 3, {{"muggins", "true"}});
  const std::string position =
      R"({"zones": {"tableau": {"c3": "9WaWy"}, "hand 1": ["9MoSu", "AMo"], "hand 2": ["ASu"], "hand 3": ["AWa"]}})";
  GameState s = Position(*engine, position);
  Play(*engine, s, "place 9MoSu c4");
  // Blind: every number is offered, whatever the card gained.
  const std::vector<std::string> announcements = LegalTexts(*engine, s);
  CHECK(announcements.size() == 128);
  CHECK(announcements.front() == "announce 0");
  CHECK(announcements.back() == "announce 127");
  Play(*engine, s, "announce 8");               // the base score, 18 - 10; the pair of 9s forgotten
  CHECK(engine->Actor(s) == 1);                 // player 2 may claim
  CHECK(LegalTexts(*engine, s).size() == 128);  // claim 1..127, let_go
  Play(*engine, s, "claim 5");
  CHECK(engine->Actor(s) == 2);  // player 3 too: nobody is told that nothing is left
  Play(*engine, s, "claim 1");   // too much: scores nothing
  CHECK(Points(*engine, s, 1) == 8);
  CHECK(Points(*engine, s, 2) == 5);
  CHECK(Points(*engine, s, 3) == 0);
  CHECK(s.decisions.empty());
  CHECK(s.turn_player == 1);

  SUBCASE("an announcement above the gains scores nothing; the others may claim them all") {
    GameState t = Position(*engine, position);
    Play(*engine, t, "place 9MoSu c4");
    Play(*engine, t, "announce 14");
    Play(*engine, t, "let_go");    // player 2
    Play(*engine, t, "claim 13");  // player 3: all of it
    CHECK(t.decisions.empty());
    CHECK(Points(*engine, t, 1) == 0);
    CHECK(Points(*engine, t, 2) == 0);
    CHECK(Points(*engine, t, 3) == 13);
  }
  SUBCASE("the exact gains: nothing left to claim") {
    GameState t = Position(*engine, position);
    Play(*engine, t, "place 9MoSu c4");
    Play(*engine, t, "announce 13");
    Play(*engine, t, "claim 2");
    Play(*engine, t, "let_go");
    CHECK(Points(*engine, t, 1) == 13);
    CHECK(Points(*engine, t, 2) == 0);
  }
  SUBCASE("losses count at once; the announcement is asked all the same") {
    GameState t = Position(
        *engine, R"({"zones": {"tableau": {"c3": "2SuWy"}, "hand 1": ["3MoWa"], "hand 2": ["ASu"]}})");
    Play(*engine, t, "place 3MoWa c4");
    CHECK(Points(*engine, t, 1) == -5);
    Play(*engine, t, "announce 1");
    CHECK(Points(*engine, t, 1) == -5);
    Play(*engine, t, "let_go");
    Play(*engine, t, "let_go");
    CHECK(t.decisions.empty());
  }
}

TEST_CASE("quincunx/muggins alone: no claims in the solitaire") {
  auto engine = MakeEngine("quincunx_solitaire", 1, {{"muggins", "true"}});
  GameState s = Position(
      *engine, R"({"zones": {"tableau": {"a3": "3SuKn", "b3": "4WyKn"}, "hand 1": ["5MoLe", "AMo"]}})");
  Play(*engine, s, "place 5MoLe c3");  // 20 - 9: the loss at once, the straight to announce
  CHECK(Points(*engine, s, 1) == -9);
  Play(*engine, s, "announce 20");
  CHECK(Points(*engine, s, 1) == 11);
  CHECK(s.decisions.empty());
}

TEST_CASE("quincunx/blank tableau: one card, each card next to one already down, bounds fixed at 5") {
  auto engine = MakeEngine("quincunx_blank_tableau", 2);
  const GameState start = engine->NewGame(1);
  CHECK(Cards(*engine, start, "hand", 1).size() == 12);
  const Zone& tableau = start.zones[engine->ZoneSlot(engine->rules().ZoneIndex("tableau"), -1)];
  REQUIRE(tableau.cards.size() == 1);
  CHECK(MoveText(*engine, start, engine->LegalMoves(start)[0]).substr(0, 6) == "place ");
  CHECK(engine->LegalMoves(start).size() == 4 * 12);  // beside e5, the centre of a 9×9 board
  // Five cards wide: the row may not grow further, but the tableau may still grow upwards.
  GameState s = Position(*engine, R"({"zones": {"tableau": {"c5": "2MoKn", "d5": "3SuKn", "e5": "4WyKn",
      "f5": "5SuWa", "g5": "6LeKn"}, "hand 1": ["9MoSu"]}})");
  CHECK_FALSE(IsLegal(*engine, s, "place 9MoSu b5"));
  CHECK_FALSE(IsLegal(*engine, s, "place 9MoSu h5"));
  CHECK_FALSE(IsLegal(*engine, s, "place 9MoSu e3"));  // next to nothing
  CHECK(IsLegal(*engine, s, "place 9MoSu c4"));
  CHECK(IsLegal(*engine, s, "place 9MoSu g6"));
  CHECK(LegalTexts(*engine, s).size() == 10);
}

TEST_CASE("quincunx/solitaire: 4x4, four corners, a hand of 8, no diagonal straights or sets") {
  auto engine = MakeEngine("quincunx_solitaire", 1);
  const GameState start = engine->NewGame(2);
  CHECK(Cards(*engine, start, "hand", 1).size() == 8);
  CHECK(engine->LegalMoves(start).size() == 8 * 12);
  auto gain = [&](const std::string& cells, const std::string& move) {
    GameState s =
        Position(*engine, R"({"zones": {"tableau": {)" + cells + R"(}, "hand 1": ["5MoLe", "AMo"]}})");
    Play(*engine, s, move);
    return Points(*engine, s, 1);
  };
  CHECK(gain(R"("a1": "3SuKn", "b2": "4WyKn")", "place 5MoLe c3") == 0);   // a diagonal: nothing
  CHECK(gain(R"("a3": "3SuKn", "b3": "4WyKn")", "place 5MoLe c3") == 11);  // a row: 20 - 9
  CHECK(gain(R"("a1": "5SuWa", "b2": "5WyKn")", "place 5MoLe c3") == 0);   // no diagonal set
}

TEST_CASE("quincunx/solitaire: lost when the hand runs out before the grid is full") {
  auto engine = MakeEngine("quincunx_solitaire", 1);
  GameState s = Position(*engine, R"({"zones": {"tableau": {"a1": "2SuWy"}, "hand 1": ["9LeKn"]}})");
  Play(*engine, s, "place 9LeKn c3");
  CHECK(s.finished);
  CHECK(engine->Winners(s, engine->Score(s)).empty());
}

TEST_CASE("quincunx/solitaire: 1,000 random games end with every card accounted for") {
  auto engine = MakeEngine("quincunx_solitaire", 1);
  int lost = 0;
  for (int i = 0; i < 1000; ++i) {
    const GameState s = RandomGame(*engine, MixSeed(7, i));
    REQUIRE(s.finished);
    REQUIRE(CheckState(*engine, s).empty());
    lost += engine->Winners(s, engine->Score(s)).empty();
  }
  CHECK(lost > 0);
  CHECK(lost < 1000);
}

TEST_CASE("quincunx/the terminal shows the grid: column letters, row numbers, each card's rank and suits") {
  auto engine = MakeEngine("quincunx", 2);
  const GameState s =
      Position(*engine, R"({"zones": {"tableau": {"a1": "CrMo", "c3": "9MoSu", "e5": "AKn"}}})");
  const std::string view = RenderView(*engine, s, 0);
  CHECK(view.find("  tableau:\n"
                  "       a     b     c     d     e\n"
                  "     1 CrMo  .     .     .     .\n"
                  "     2 .     .     .     .     .\n"
                  "     3 .     .     9MoSu .     .\n"
                  "     4 .     .     .     .     .\n"
                  "     5 .     .     .     .     AKn\n") != std::string::npos);
  CHECK(ViewJson(*engine, s, 1)["zones"]["tableau"]["c3"] == "9MoSu");
}
