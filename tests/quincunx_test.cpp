// Quincunx (rulesets/quincunx.yaml, scripts/quincunx.lua): the text's example, each scoring
// rule on hand-built tableaux, the extended deck, the end of a round, random games.
#include <doctest/doctest.h>

#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

int Points(const Engine& engine, const GameState& s, int player) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex("points"), player - 1)];
}

// Player 1 to play, holding `hand`, on a tableau of `cells` ({"c3": "9MoSu", …}).
GameState Tableau(const Engine& engine, const std::string& cells, const std::string& hand) {
  return Position(engine, R"({"zones": {"tableau": {)" + cells + R"(}, "hand 1": [)" + hand +
                              R"(], "hand 2": ["AWy"]}})");
}

// Points player 1 makes by `move` on that tableau.
int Gain(const std::string& cells, const std::string& hand, const std::string& move,
         const std::map<std::string, std::string>& settings = {}) {
  auto engine = MakeEngine("quincunx", 2, settings);
  GameState s = Tableau(*engine, cells, hand);
  Play(*engine, s, move);
  return Points(*engine, s, 1);
}

}  // namespace

TEST_CASE("quincunx/text example: a Crown next to two Aces and a Crown draws 3 cards") {
  // "Boris joue une Couronne adjacente à un As, un deuxième As et une autre Couronne. Sa
  // Couronne plus chaque As font 11 et les 2 couronnes font 20, il va donc piocher 3 cartes."
  auto engine = MakeEngine("quincunx", 2);
  GameState s = Tableau(*engine, R"("b3": "ASu", "d3": "AKn", "c2": "CrSu")", R"("CrMo", "2MoKn")");
  Play(*engine, s, "place CrMo c3");
  CHECK(Cards(*engine, s, "hand", 1).size() == 4);  // 2MoKn and three drawn
  CHECK(Points(*engine, s, 1) == 5);                // nothing but the pair of Crowns
}

TEST_CASE("quincunx/base score below 10: an Ace and a card of its suit gain, otherwise lose") {
  CHECK(Gain(R"("c3": "AMo")", R"("3MoWa")", "place 3MoWa c4") == 4);
  CHECK(Gain(R"("c3": "ASu")", R"("3MoWa")", "place 3MoWa c4") == -4);
  CHECK(Gain(R"("c3": "2SuWy")", R"("3MoWa")", "place 3MoWa c4") == -5);
}

TEST_CASE("quincunx/base score: 10 nothing, 11 draws, 12-19 gain the sum - 10, and they add up") {
  CHECK(Gain(R"("c3": "4MoSu")", R"("6MoWa")", "place 6MoWa c4") == 0);
  auto engine = MakeEngine("quincunx", 2);
  GameState s = Tableau(*engine, R"("c3": "2SuWy")", R"("9MoSu", "2MoKn")");
  Play(*engine, s, "place 9MoSu c4");
  CHECK(Points(*engine, s, 1) == 0);
  CHECK(Cards(*engine, s, "hand", 1).size() == 2);  // 2MoKn and the card drawn
  // 9 + 5 = 14 gains 4; 9 + 8 = 17 gains 7; 9 + 2 = 11 draws.
  CHECK(Gain(R"("b3": "5SuWa", "d3": "8WaLe", "c2": "2WaLe")", R"("9MoSu")", "place 9MoSu c3") == 11);
}

TEST_CASE("quincunx/pairs: +5 per adjacent card of the same rank") {
  // The muggins example: "A joue un 9 à côté d'un autre 9 … 8 points (18-10) … la paire de 9 … 5 points".
  CHECK(Gain(R"("c3": "9WaWy")", R"("9MoSu")", "place 9MoSu c4") == 13);
  CHECK(Gain(R"("c3": "9WaWy", "b4": "9LeKn")", R"("9MoSu")", "place 9MoSu c4") == 26);
  CHECK(Gain(R"("c3": "9WaWy", "c5": "9LeKn")", R"("9MoSu")", "place 9MoSu c4") == 46);  // a set, no pairs
  CHECK(Gain(R"("d3": "9WaWy")", R"("9MoSu")", "place 9MoSu c4") == 0);  // a diagonal is no pair
}

TEST_CASE("quincunx/straights: +20 per line of 3+ consecutive ranks completed") {
  // 5 + 4 = 9 loses 9; the row 3-4-5 is a straight.
  CHECK(Gain(R"("a3": "3SuKn", "b3": "4WyKn")", R"("5MoLe")", "place 5MoLe c3") == 11);
  // Either way along the line.
  CHECK(Gain(R"("d3": "4WyKn", "e3": "3SuKn")", R"("5MoLe")", "place 5MoLe c3") == 11);
  // Diagonals count; no base score there.
  CHECK(Gain(R"("a1": "3SuKn", "b2": "4WyKn")", R"("5MoLe")", "place 5MoLe c3") == 20);
  // 8, 9, Crown: the Crown is 10.
  CHECK(Gain(R"("a3": "8WaLe", "b3": "9WaWy")", R"("CrMo")", "place CrMo c3") == 20 + 9);
  // No wrap-around: 9, Crown, Ace is no straight (Crown + 9 = 19 gains 9, Ace + Crown draws).
  CHECK(Gain(R"("a3": "9WaWy", "c3": "AMo")", R"("CrSu")", "place CrSu b3") == 9);
}

TEST_CASE("quincunx/straights: overlapping runs in one line count once, two directions twice") {
  // "Si vous jouez au milieu de 4 cartes et complétez ainsi une suite de 5 cartes, vous ne
  // marquez pas de point pour les 2 suites": 3 4 _ 6 7 filled with a 5 is one straight.
  auto engine = MakeEngine("quincunx", 2);
  GameState s =
      Tableau(*engine, R"("a3": "3SuKn", "b3": "4WyKn", "d3": "6SuWy", "e3": "7SuKn")", R"("5MoLe")");
  Play(*engine, s, "place 5MoLe c3");
  CHECK(Points(*engine, s, 1) == 20 - 9);  // 5 + 4 loses 9, 5 + 6 draws
  // "si votre carte complète 2 suites dans 2 directions différentes, vous gagnez … (40 points)".
  CHECK(Gain(R"("a3": "3SuKn", "b3": "4WyKn", "c1": "3MoWa", "c2": "4WaLe")", R"("5MoLe")",
             "place 5MoLe c3") == 40 - 18);
}

TEST_CASE("quincunx/sets: +30 per line of 3+ of one rank, and no pair for their cards") {
  // 7 + 7 = 14 gains 4; the set 7-7-7; the neighbour in the set makes no pair.
  CHECK(Gain(R"("a3": "7MoLe", "b3": "7SuKn")", R"("7WaWy")", "place 7WaWy c3") == 34);
  // "Les cartes qui contribuent à un brelan ne peuvent pas être comptées comme des paires":
  // the placed card is in the row's set, so the Pawn above pairs with it no more (four
  // Pawns; each Pawn beside is 1 + 1 with a suit in common, +2). With set_card_pairs, +5.
  const std::string pawns = R"("a3": "PMoWyKn", "b3": "PWaLeWy", "c2": "PMoSuLe")";
  CHECK(Gain(pawns, R"("PSuWaKn")", "place PSuWaKn c3", {{"pawns", "true"}}) == 30 + 2 + 2);
  CHECK(Gain(pawns, R"("PSuWaKn")", "place PSuWaKn c3", {{"pawns", "true"}, {"set_card_pairs", "true"}}) ==
        30 + 5 + 2 + 2);
}

TEST_CASE("quincunx/one bonus a line: \"ils doivent être dans des lignes différentes\"") {
  // A 7 between a 7 and an 8-9 on one row: 7 + 7 gains 4, 7 + 8 gains 5, the straight 20;
  // the pair on the same row no longer adds 5 (34 before).
  const std::string row = R"("a3": "7MoLe", "c3": "8WaLe", "d3": "9MoSu")";
  CHECK(Gain(row, R"("7WaWy")", "place 7WaWy b3") == 4 + 5 + 20);
  CHECK(Gain(row, R"("7WaWy")", "place 7WaWy b3", {{"one_bonus_per_line", "false"}}) == 4 + 5 + 20 + 5);
  // A pair on another line still counts: the 7 above pairs along the column.
  CHECK(Gain(R"("a3": "7MoLe", "c3": "8WaLe", "d3": "9MoSu", "b2": "7SuKn")", R"("7WaWy")",
             "place 7WaWy b3") == 4 + 5 + 4 + 20 + 5);
}

TEST_CASE("quincunx/sets in two directions count twice") {
  // An Ace closing a row and a column of Aces: two sets, +60; each Ace beside it shares no
  // suit with it, 1 + 1 lost twice; no pairs, as every neighbour is in a set.
  CHECK(Gain(R"("a3": "AMo", "b3": "ASu", "c1": "AWa", "c2": "ALe")", R"("AKn")", "place AKn c3") == 60 - 4);
}

TEST_CASE("quincunx/power play: an Ace next to the Crown of its suit sums the suit's other cards, up to 44") {
  // Every Moons numeral on the tableau: 2 + 3 + … + 9 = 44, plus the draw of Ace + Crown.
  auto engine = MakeEngine("quincunx", 2);
  GameState s = Tableau(*engine,
                        R"("a2": "AMo", "c4": "2MoKn", "d4": "3MoWa", "e4": "4MoSu", "c5": "5MoLe",
                           "e5": "6MoWa", "e2": "7MoLe", "e1": "8MoSu", "c1": "9MoSu")",
                        R"("CrMo")");
  Play(*engine, s, "place CrMo a1");
  CHECK(Points(*engine, s, 1) == 44);
  CHECK(Cards(*engine, s, "hand", 1).size() == 1);  // the draw
  // None of the suit on the tableau: 0. An Ace of another suit: no Power Play.
  CHECK(Gain(R"("a2": "AMo", "e5": "9LeKn")", R"("CrMo")", "place CrMo a1") == 0);
  CHECK(Gain(R"("a2": "ASu", "c1": "9MoSu")", R"("CrMo")", "place CrMo a1") == 0);
}

TEST_CASE("quincunx/setups: corners and centre for 2 and 4 players, corners for 3, hands of 10, 7, 6") {
  const std::pair<int, size_t> kSetups[] = {{2, 10}, {3, 7}, {4, 6}};
  for (const auto& [players_, hand] : kSetups) {
    const int players = players_;  // clang 14 cannot capture a structured binding in CAPTURE
    CAPTURE(players);
    auto engine = MakeEngine("quincunx", players);
    const GameState s = engine->NewGame(1);
    const Zone& tableau = s.zones[engine->ZoneSlot(engine->rules().ZoneIndex("tableau"), -1)];
    CHECK(tableau.cards.size() == (players == 3 ? 4u : 5u));
    for (int p = 1; p <= players; ++p) CHECK(Cards(*engine, s, "hand", p).size() == hand);
    CHECK(engine->cards().size() == 36);
  }
}

TEST_CASE("quincunx/a turn: place a card from hand on an empty cell, written place CARD CELL") {
  auto engine = MakeEngine("quincunx", 2);
  GameState s = Tableau(*engine, R"("c3": "9WaWy")", R"("9MoSu", "2MoKn")");
  CHECK(IsLegal(*engine, s, "place 9MoSu a1"));
  CHECK(IsLegal(*engine, s, "PLACE 9mosu E5"));
  CHECK_FALSE(IsLegal(*engine, s, "place 9MoSu c3"));  // taken
  CHECK(LegalTexts(*engine, s).size() == 2 * 24);
  CHECK(ParseMove(*engine, s, "place 9MoSu c3").error == "c3 is not a cell a card may go on now");
  CHECK(ParseMove(*engine, s, "place 9MoSu f1").error == "try: place CARD CELL, a cell from a1 to e5");
  CHECK(ParseMove(*engine, s, "place 9LeKn a1").error == "9LeKn is not in your hand");
  Play(*engine, s, "place 9MoSu c4");
  CHECK(s.turn_player == 1);
}

TEST_CASE(
    "quincunx/the round ends when the 25 cells are full, cards in hand cost their rank, Ace 15, Crown 10") {
  // 24 cells full, the last one a1; player 1 keeps an Ace, a Crown and a 4.
  auto engine = MakeEngine("quincunx", 2, {{"rounds", "1"}});
  std::string cells;
  const char* kCodes[] = {"2MoKn", "2SuWy", "2WaLe", "3MoWa", "3SuKn", "3LeWy", "4MoSu", "4WaLe",
                          "5MoLe", "5SuWa", "5WyKn", "6MoWa", "6SuWy", "6LeKn", "7MoLe", "7SuKn",
                          "7WaWy", "8MoSu", "8WaLe", "8WyKn", "9MoSu", "9WaWy", "9LeKn", "CrWy"};
  int i = 0;
  for (char column = 'a'; column <= 'e'; ++column) {
    for (int row = 1; row <= 5; ++row) {
      if (column == 'a' && row == 1) continue;
      cells += std::string(cells.empty() ? "" : ", ") + "\"" + column + std::to_string(row) + "\": \"" +
               kCodes[i++] + "\"";
    }
  }
  GameState s = Position(*engine, R"({"zones": {"tableau": {)" + cells +
                                      R"(}, "hand 1": ["CrKn", "AMo", "CrMo", "4WyKn"], "hand 2": ["ASu"]},
                                      "variables": {"points 1": 7, "points 2": 3}})");
  Play(*engine, s, "place CrKn a1");  // next to 2MoKn (a2: 12, +2) and 3SuKn (b1: 13, +3)
  CHECK(s.finished);
  CHECK(engine->Score(s) == std::vector<int>{7 + 5 - 15 - 10 - 4, 3 - 15});
}

TEST_CASE("quincunx/a match: every player deals once, the next seat starting each round") {
  auto engine = MakeEngine("quincunx", 3);
  GameState s = RandomGame(*engine, 3);
  CHECK(s.finished);
  CHECK(s.round == 3);
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    const std::vector<int> firsts = FirstActors(*engine, seed);
    REQUIRE(firsts.size() == 3);
    CHECK(firsts[1] == (firsts[0] + 1) % 3);
    CHECK(firsts[2] == (firsts[0] + 2) % 3);
  }
}

TEST_CASE("quincunx/extended deck: the Excuse, Pawns and Courts as options") {
  CHECK(MakeEngine("quincunx", 2, {{"excuse", "true"}})->cards().size() == 37);
  CHECK(MakeEngine("quincunx", 2, {{"pawns", "true"}, {"courts", "true"}})->cards().size() == 44);
  CHECK(MakeEngine("quincunx", 2, {{"excuse", "true"}, {"pawns", "true"}, {"courts", "true"}})
            ->cards()
            .size() == 45);
}

TEST_CASE("quincunx/the Excuse is a blank: no score placed, none beside it, no penalty") {
  const std::map<std::string, std::string> excuse{{"excuse", "true"}};
  CHECK(Gain(R"("c3": "2SuWy", "b4": "ASu")", R"("Ex")", "place Ex c4", excuse) == 0);
  CHECK(Gain(R"("c3": "Ex")", R"("3MoWa")", "place 3MoWa c4", excuse) == 0);
  // It breaks lines: 3, Excuse, 5 is no straight.
  CHECK(Gain(R"("a3": "3SuKn", "b3": "Ex", "d3": "4WyKn")", R"("5MoLe")", "place 5MoLe c3", excuse) == -9);
  auto engine = MakeEngine("quincunx", 2, excuse);
  GameState s = Tableau(*engine, R"("c3": "2SuWy")", R"("Ex", "9MoSu")");
  CHECK(engine->Score(s)[0] == -9);
}

TEST_CASE(
    "quincunx/Pawns: rank 1 and Aces for the base score, between 9 and Crown for straights, 10 in hand") {
  const std::map<std::string, std::string> pawns{{"pawns", "true"}};
  // A Pawn and a 3 sharing Moons: 4, gained as with an Ace; sharing nothing: lost.
  CHECK(Gain(R"("c3": "3MoWa")", R"("PMoWyKn")", "place PMoWyKn c4", pawns) == 4);
  CHECK(Gain(R"("c3": "3SuKn")", R"("PWaLeWy")", "place PWaLeWy c4", pawns) == -4);
  // A straight through a Pawn: 8, 9, Pawn along a diagonal.
  CHECK(Gain(R"("a1": "8WaLe", "b2": "9WaWy")", R"("PMoWyKn")", "place PMoWyKn c3", pawns) == 20);
  CHECK(Gain(R"("a1": "9WaWy", "c3": "CrSu")", R"("PMoWyKn")", "place PMoWyKn b2", pawns) == 20);
  // With Pawns in the deck, 9 and Crown are no longer consecutive.
  CHECK(Gain(R"("a1": "8WaLe", "b2": "9WaWy")", R"("CrMo")", "place CrMo c3", pawns) == 0);
  auto engine = MakeEngine("quincunx", 2, pawns);
  GameState s = Tableau(*engine, R"("c3": "2SuWy")", R"("PMoWyKn")");
  CHECK(engine->Score(s)[0] == -10);
}

TEST_CASE("quincunx/10,000 random games end with every card accounted for") {
  const std::map<std::string, std::string> kSettings[] = {
      {},
      {{"excuse", "true"}, {"pawns", "true"}, {"courts", "true"}},
      {{"muggins", "true"}, {"flush", "true"}}};
  int games = 0;
  for (int players = 2; players <= 4; ++players) {
    for (const auto& settings : kSettings) {
      auto engine = MakeEngine("quincunx", players, settings);
      for (int i = 0; i < Soak(1000); ++i, ++games) {
        const GameState s = RandomGame(*engine, MixSeed(6, games));
        REQUIRE(s.finished);
        REQUIRE(CheckState(*engine, s).empty());
      }
    }
  }
  auto blank = MakeEngine("quincunx_blank_tableau", 3);
  for (int i = 0; i < Soak(1000); ++i, ++games) {
    const GameState s = RandomGame(*blank, MixSeed(6, games));
    REQUIRE(s.finished);
    REQUIRE(CheckState(*blank, s).empty());
  }
  CHECK(games == 10 * Soak(1000));
}
