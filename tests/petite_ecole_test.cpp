// La petite école (rulesets/petite_ecole.yaml): levels as contracts, wild Twos in melds,
// laying off on anybody's melds, going out, points left in hand, levels and the match's end.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "interpreter/bots/bots.h"
#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

int Get(const Engine& engine, const GameState& s, const std::string& name, int player) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), player - 1)];
}

bool Has(const std::vector<std::string>& list, const std::string& item) {
  return std::find(list.begin(), list.end(), item) != list.end();
}

// The error loading rulesets/petite_ecole.yaml with one piece of text replaced.
std::string LoadError(const std::string& from, const std::string& to) {
  return EditedLoadError(std::string(TAPIS_SOURCE_DIR) + "/rulesets/petite_ecole.yaml", from, to);
}

}  // namespace

#define CHECK_THAT_LOAD_FAILS(error, expected)                           \
  do {                                                                   \
    const std::string message = error;                                   \
    CHECK_MESSAGE(message.find(expected) != std::string::npos, message); \
  } while (false)

TEST_CASE("petite-ecole/contract and wild mistakes get a one-line answer with the place") {
  CHECK_THAT_LOAD_FAILS(LoadError("by: level", "by: levels"),
                        "petite_ecole.yaml:176:11: contract: 'levels' is not a player variable");
  CHECK_THAT_LOAD_FAILS(LoadError("- [run7, four]", "- [run7, triple]"),
                        "combination 'triple' in a contract needs min = max (a fixed size)");
  CHECK_THAT_LOAD_FAILS(LoadError("- [run7, four]", "- [run7, fourr]"), "unknown combination 'fourr'");
  CHECK_THAT_LOAD_FAILS(LoadError("wild: {rank: \"2\"}", "wild: {rank: \"1\"}"),
                        "'1' is not a value of 'rank'");
}

TEST_CASE("petite-ecole/every move's text parses back to the same move") {
  auto engine = MakeEngine("petite_ecole", 3);
  RandomBot bot(7);
  for (int game = 0; game < 20; ++game) {
    GameState s = engine->NewGame(MixSeed(11, game));
    std::vector<Move> legal;
    while (!s.finished && s.moves_played < 3000) {
      engine->LegalMoves(s, legal);
      REQUIRE(!legal.empty());
      const Move& m = legal[bot.Choose(*engine, s, legal)];
      const std::string text = MoveText(*engine, s, m);
      const ParsedMove parsed = ParseMove(*engine, s, text);
      INFO(text, " ", parsed.error);
      REQUIRE(parsed.move.has_value());
      REQUIRE(MoveText(*engine, s, *parsed.move) == text);
      GameState copy = s;
      REQUIRE(engine->Apply(s, m).ok);
      REQUIRE(engine->Apply(copy, *parsed.move).ok);
      REQUIRE(CheckState(*engine, s).empty());
    }
  }
}

TEST_CASE(
    "petite-ecole/deal: \"2 jeux de 52 cartes … on ajoute un jeu pour 5 personnes\", 13 cards, one turned") {
  for (int players : {2, 4, 5}) {
    auto engine = MakeEngine("petite_ecole", players);
    const GameState s = engine->NewGame(3);
    CAPTURE(players);
    CHECK(engine->cards().size() == (players >= 5 ? 156 : 104));
    for (int p = 1; p <= players; ++p) CHECK(Cards(*engine, s, "hand", p).size() == 13);
    CHECK(Cards(*engine, s, "discard").size() == 1);  // "retourne la carte suivante"
    CHECK(s.turn_player == 1);                        // "Le joueur situé après le donneur commence"
    CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"draw", "pick"});
  }
}

TEST_CASE("petite-ecole/a turn: \"piocher une carte, sur le talon ou sur l'écart, et en écarter une\"") {
  auto engine = MakeEngine("petite_ecole", 2);
  GameState s = Position(*engine, R"({"zones": {"stock": ["4C", "5C"], "discard": ["3D", "QH"],
    "hand 1": ["AS", "7H", "9C"], "hand 2": ["8D", "8S", "JC"]}, "phase": "draw"})");
  Play(*engine, s, "pick");  // the top of the discard pile
  CHECK(Cards(*engine, s, "hand", 1) == std::vector<std::string>{"AS", "7H", "9C", "QH"});
  CHECK_FALSE(IsLegal(*engine, s, "draw"));  // one card a turn
  CHECK_FALSE(IsLegal(*engine, s, "triple AS 7H 9C"));
  Play(*engine, s, "discard 7H");
  CHECK(s.turn_player == 1);
  Play(*engine, s, "draw");
  CHECK(Cards(*engine, s, "hand", 2).back() == "5C");
}

TEST_CASE("petite-ecole/level 1 \"Faire 2 triples\", a Two standing in: \"Le 2 est une carte frimée\"") {
  auto engine = MakeEngine("petite_ecole", 2);
  GameState s = Position(*engine, R"({"zones": {"stock": ["4C", "5C"], "discard": ["3D"],
    "hand 1": ["9S", "9H", "2C", "KD", "KS", "KH", "5D", "AC"], "hand 2": ["8D", "8S", "JC"]},
    "phase": "play"})");
  const auto legal = LegalTexts(*engine, s);
  CHECK(Has(legal, "lay 9S 9H 2C=9 KS KH KD"));
  CHECK(Has(legal, "lay KS KH KD 9S 9H 2C=9") != Has(legal, "lay 9S 9H 2C=9 KS KH KD"));  // one text per way
  Play(*engine, s, "lay 9S 9H 2C=9 KD KS KH");
  CHECK(Get(*engine, s, "laid", 1) == 1);
  CHECK(s.zones.size() == engine->config().FixedZoneCount() + 2);
  CHECK(engine->rules().phases[s.phase] == "laid");
  // "Il devra ensuite faire d'autres triples ou séries … Il peut aussi compléter le jeu"
  CHECK(Has(LegalTexts(*engine, s), "discard AC"));
}

TEST_CASE("petite-ecole/each level is the one listed, in order, no other is accepted") {
  auto engine = MakeEngine("petite_ecole", 2);
  // Two triples and a run of four of hearts with an Ace: levels 1, 2, 4? only the player's.
  const std::string hand = R"("hand 1": ["9S", "9H", "9D", "KD", "KS", "KH", "3H", "4H", "5H", "6H", "7C"])";
  auto at_level = [&](int level) {
    return Position(*engine, R"({"zones": {"stock": ["4C"], "discard": ["3D"], )" + hand +
                                 R"(, "hand 2": ["8D"]}, "phase": "play", "variables": {"level 1": )" +
                                 std::to_string(level) + "}}");
  };
  auto lays = [&](const GameState& s) {
    std::vector<std::string> out;
    for (const auto& t : LegalTexts(*engine, s))
      if (t.rfind("lay ", 0) == 0) out.push_back(t);
    return out;
  };
  CHECK(lays(at_level(1)).size() == 1);                       // deux triples: 9s and Ks
  CHECK(Has(lays(at_level(2)), "lay 3H 4H 5H 6H 9S 9H 9D"));  // une série de 4 et 1 triple
  CHECK(lays(at_level(3)).empty());                           // deux quadruples
  CHECK(lays(at_level(4)).empty());                           // deux séries de 4
  CHECK(lays(at_level(5)).empty());                           // trois triples
  CHECK(lays(at_level(6)).size() == 1);                       // une série de 4 et deux triples
  CHECK(lays(at_level(11)).empty());                          // past the tenth
}

TEST_CASE("petite-ecole/level 10 \"une série de 7 et 1 quadruple\" with Twos inside the run") {
  auto engine = MakeEngine("petite_ecole", 2);
  GameState s = Position(*engine, R"({"zones": {"stock": ["4C"], "discard": ["3D"],
    "hand 1": ["5S", "6S", "2H", "8S", "2D", "10S", "JS", "QC", "QD", "QH", "QS", "4D"], "hand 2": ["8D"]},
    "phase": "play", "variables": {"level 1": 10}})");
  CHECK(IsLegal(*engine, s, "lay 5S 6S 2H=7 8S 2D=9 10S JS QC QD QH QS"));
  Play(*engine, s, "lay 5S 6S 2H=7 8S 2D=9 10S JS QC QD QH QS");
  CHECK(Cards(*engine, s, "hand", 1) == std::vector<std::string>{"4D"});
}

TEST_CASE("petite-ecole/after the level: other triples, runs of 3+, and laying off on anybody's melds") {
  auto engine = MakeEngine("petite_ecole", 2);
  GameState s = Position(*engine, R"({"zones": {"stock": ["4C"], "discard": ["3D"],
    "hand 1": ["7D", "7S", "7C", "4H", "5H", "6H", "KC", "2S", "9D"], "hand 2": ["8D"]},
    "created_zones": [{"zone": "melds", "owner": 2, "cards": ["KS", "KH", "KD"]},
                      {"zone": "melds", "owner": 2, "cards": ["8C", "9C", "10C"]}],
    "phase": "play", "variables": {"level 1": 1}})");
  // Not yet laid: neither new melds nor laying off.
  CHECK_FALSE(IsLegal(*engine, s, "add KC m1"));
  CHECK_FALSE(IsLegal(*engine, s, "run 4H 5H 6H"));
  s = Position(*engine, R"({"zones": {"stock": ["4C"], "discard": ["3D"],
    "hand 1": ["7D", "7S", "7C", "4H", "5H", "6H", "KC", "2S", "9D"], "hand 2": ["8D"]},
    "created_zones": [{"zone": "melds", "owner": 2, "cards": ["KS", "KH", "KD"]},
                      {"zone": "melds", "owner": 2, "cards": ["8C", "9C", "10C"]}],
    "phase": "laid", "variables": {"level 1": 1, "laid 1": 1}})");
  const auto legal = LegalTexts(*engine, s);
  CHECK(Has(legal, "triple 7S 7D 7C"));
  CHECK(Has(legal, "run 4H 5H 6H"));
  CHECK(Has(legal, "add KC m1"));       // on the other player's triple
  CHECK(Has(legal, "add 2S=K m1"));     // a Two too
  CHECK(Has(legal, "extend 2S=7 m2"));  // a Two at either end of a run
  CHECK(Has(legal, "extend 2S=J m2"));
  CHECK_FALSE(Has(legal, "extend 9D m2"));  // not of the run's suit
  Play(*engine, s, "extend 2S=J m2");
  CHECK(Cards(*engine, s, "hand", 1).size() == 8);
  // The Two stands for a Jack: the run now goes on with a Queen (or another Two at 7).
  CHECK(Has(LegalTexts(*engine, s), "run 4H 5H 6H"));
}

TEST_CASE("petite-ecole/\"Dès qu'un joueur a posé toutes ses cartes, les autres calculent leurs points\"") {
  auto engine = MakeEngine("petite_ecole", 2);
  GameState s = Position(*engine, R"({"zones": {"stock": ["4C", "5C"], "discard": ["3D"],
    "hand 1": ["KC"], "hand 2": ["AS", "KD", "10H", "5S", "2C"]},
    "created_zones": [{"zone": "melds", "owner": 1, "cards": ["KS", "KH", "KD"]}],
    "phase": "laid", "variables": {"level 1": 1, "laid 1": 1, "level 2": 1}})");
  Play(*engine, s, "add KC m1");
  // "As 15 points - Figures 10 points - 10 10 points - 3 à 9 5 points - 2 20 points"
  CHECK(s.totals == std::vector<int>{0, 15 + 10 + 10 + 5 + 20});
  // "Ceux qui ont posé les figures de leur échelon passent à l'échelon suivant, les autres redoublent."
  CHECK(Get(*engine, s, "level", 1) == 2);
  CHECK(Get(*engine, s, "level", 2) == 1);
  CHECK(s.round == 1);
  CHECK(Get(*engine, s, "laid", 1) == 0);
  CHECK(s.turn_player == 0);  // "Le joueur situé après le donneur du tour précédent distribue"
  // A house rule's values for the Ace and the wild Two.
  auto house = MakeEngine("petite_ecole", 2, {{"ace_points", "1"}, {"two_points", "50"}});
  GameState t = Position(*house, R"({"zones": {"stock": ["4C", "5C"], "discard": ["3D"],
    "hand 1": ["KC"], "hand 2": ["AS", "KD", "10H", "5S", "2C"]},
    "created_zones": [{"zone": "melds", "owner": 1, "cards": ["KS", "KH", "KD"]}],
    "phase": "laid", "variables": {"level 1": 1, "laid 1": 1, "level 2": 1}})");
  Play(*house, t, "add KC m1");
  CHECK(t.totals == std::vector<int>{0, 1 + 10 + 10 + 5 + 50});
}

TEST_CASE(
    "petite-ecole/\"Le premier à passer le 10ème échelon (ou celui qui a le moins de points) a gagné\"") {
  auto engine = MakeEngine("petite_ecole", 3);
  GameState s = Position(*engine, R"({"zones": {"stock": ["4C", "5C"], "discard": ["3D"],
    "hand 1": ["KC"], "hand 2": ["AS"], "hand 3": ["5S"]},
    "created_zones": [{"zone": "melds", "owner": 1, "cards": ["KS", "KH", "KD"]}],
    "phase": "laid", "totals": [40, 10, 10],
    "variables": {"level 1": 10, "laid 1": 1, "level 2": 10, "laid 2": 1, "level 3": 9, "laid 3": 1}})");
  Play(*engine, s, "add KC m1");
  REQUIRE(s.finished);
  // Players 1 and 2 both pass the tenth level; player 2 has fewer points (25 to 40).
  CHECK(engine->Winners(s, engine->Score(s)) == std::vector<int>{1});
}

TEST_CASE("petite-ecole/an empty stock ends the round with nobody out") {
  auto engine = MakeEngine("petite_ecole", 2);
  GameState s = engine->NewGame(4);
  auto& stock = s.zones[engine->ZoneSlot(engine->rules().ZoneIndex("stock"), -1)].cards;
  auto& discard = s.zones[engine->ZoneSlot(engine->rules().ZoneIndex("discard"), -1)].cards;
  discard.insert(discard.begin(), stock.begin(), stock.end() - 1);
  stock.erase(stock.begin(), stock.end() - 1);
  Play(*engine, s, "draw");
  Play(*engine, s, "discard " + Cards(*engine, s, "hand", 2).front());
  CHECK(s.round == 1);
  CHECK(s.totals[0] > 0);
  CHECK(s.totals[1] > 0);
  CHECK(Get(*engine, s, "level", 1) == 1);
}

TEST_CASE("petite-ecole/10,000 random games end with every card accounted for") {
  for (int players = 2; players <= 6; ++players) {
    auto engine = MakeEngine("petite_ecole", players, {{"max_rounds", "1"}});
    for (int i = 0; i < Soak(2000); ++i) {
      const GameState s = RandomGame(*engine, MixSeed(9, i));
      REQUIRE(s.finished);
      REQUIRE(CheckState(*engine, s).empty());
    }
  }
  auto engine = MakeEngine("petite_ecole", 3);  // whole matches, levels and all
  for (int i = 0; i < 10; ++i) {
    const GameState s = RandomGame(*engine, MixSeed(10, i));
    REQUIRE(s.finished);
    REQUIRE(CheckState(*engine, s).empty());
  }
}
