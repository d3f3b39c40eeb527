// Le kems (rulesets/kems.yaml): the deal, exchanges with the table, a fresh table when
// nobody wants more, the secret sign and how it leaks, kems, double kems, contre kems,
// guessing the sign, wrong calls, the match; random deals and matches.
#include <doctest/doctest.h>

#include "interpreter/bots/bots.h"
#include "interpreter/records/move_text.h"
#include "interpreter/records/view.h"
#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

using Texts = std::vector<std::string>;
using Settings = std::map<std::string, std::string>;

int Variable(const Engine& engine, const GameState& s, const std::string& name, int player = 0) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), player - 1)];
}

// Player 1 is one king short of a kems, and the fourth king lies on the table. Team 1-3's
// sign is 1 (nose), team 2-4's 4 (wink). The match ends with the first point, so a call
// that ends the deal ends the game and its points are final.
constexpr const char* kTable = R"({"zones": {
  "hand 1": ["KS", "KH", "KD", "7C"], "hand 2": ["5S", "5H", "6D", "6C"],
  "hand 3": ["9S", "9H", "9D", "8C"], "hand 4": ["QS", "QH", "JD", "JC"],
  "table": ["KC", "2S", "3H", "4D"], "stock": ["2H", "2D", "2C", "3S", "3D", "3C", "4S", "4H"]},
  "variables": {"sign 1": 1, "sign 3": 1, "sign 2": 4, "sign 4": 4}})";

Settings Quiet(Settings extra = {}) {
  Settings s = {{"leak", "never"}, {"noise", "0"}, {"target", "1"}};
  for (const auto& [k, v] : extra) s[k] = v;
  return s;
}

}  // namespace

TEST_CASE("kems/the deal: \"on distribue 4 cartes à chaque joueur, 4 autres sont étalées face visible\"") {
  auto engine = MakeEngine("kems", 4);
  const GameState s = engine->NewGame(5);
  for (int p = 1; p <= 4; ++p) CHECK(Cards(*engine, s, "hand", p).size() == 4);
  CHECK(Cards(*engine, s, "table").size() == 4);
  CHECK(Cards(*engine, s, "stock").size() == 32);  // "le reste est mis de côté dans un talon"
  // Each team has a secret sign, the same for both partners.
  CHECK(Variable(*engine, s, "sign", 1) >= 1);
  CHECK(Variable(*engine, s, "sign", 1) == Variable(*engine, s, "sign", 3));
  CHECK(Variable(*engine, s, "sign", 2) == Variable(*engine, s, "sign", 4));
}

TEST_CASE("kems/exchange: \"il faut reposer autant de cartes qu'on en a pris\"") {
  auto engine = MakeEngine("kems", 4, Quiet());
  GameState s = Position(*engine, kTable);
  CHECK(LegalTexts(*engine, s) == Texts{"take KC", "take 2S", "take 3H", "take 4D", "pass", "kems", "contre",
                                        "guess nose", "guess ear", "guess chin", "guess wink", "guess cough",
                                        "guess hair"});
  Play(*engine, s, "take 2S");
  // The card taken may not go straight back: one of the others does.
  CHECK(LegalTexts(*engine, s) == Texts{"put KS", "put KH", "put KD", "put 7C"});
  CHECK(ParseMove(*engine, s, "put 2S").error ==
        "2S was taken with 'take' this turn: it stays in your hand until the turn is over");
  Play(*engine, s, "put 7C");
  CHECK(Cards(*engine, s, "hand", 1) == Texts{"KS", "KH", "KD", "2S"});
  CHECK(Cards(*engine, s, "table") == Texts{"KC", "3H", "4D", "7C"});
  CHECK(s.turn_player == 1);
}

TEST_CASE("kems/\"on les écarte alors et on en met 4 nouvelles\": four passes in a row") {
  auto engine = MakeEngine("kems", 4, Quiet());
  GameState s = Position(*engine, kTable);
  for (int i = 0; i < 3; ++i) Play(*engine, s, "pass");
  CHECK(Cards(*engine, s, "table") == Texts{"KC", "2S", "3H", "4D"});
  Play(*engine, s, "pass");
  CHECK(Cards(*engine, s, "discard") == Texts{"KC", "2S", "3H", "4D"});
  CHECK(Cards(*engine, s, "table") == Texts{"4H", "4S", "3C", "3D"});  // the stock's top four
  CHECK(Cards(*engine, s, "stock").size() == 28);  // the position's 8, and the 24 cards it left out
}

TEST_CASE("kems/a call breaks the row of passes: the caller has not passed") {
  // pass, pass, guess, pass, pass renewed the table, though player 3 never passed.
  for (const std::string call : {"guess ear", "kems", "contre"}) {
    CAPTURE(call);
    auto engine = MakeEngine("kems", 4, Quiet({{"target", "100"}}));
    GameState s = Position(*engine, kTable);
    Play(*engine, s, "pass");
    Play(*engine, s, "pass");
    Play(*engine, s, call);  // wrong calls: the deal goes on
    Play(*engine, s, "pass");
    Play(*engine, s, "pass");
    CHECK(Cards(*engine, s, "discard").empty());
    CHECK(Variable(*engine, s, "passes") == 2);
    Play(*engine, s, "pass");
    Play(*engine, s, "pass");
    CHECK(Cards(*engine, s, "discard").size() == 4);
  }
}

TEST_CASE("kems/an exchange starts the passes again, and a table stays at most table_turns turns") {
  auto engine = MakeEngine("kems", 4, Quiet({{"table_turns", "5"}}));
  GameState s = Position(*engine, kTable);
  Play(*engine, s, "pass");
  Play(*engine, s, "pass");
  Play(*engine, s, "take 2S");
  Play(*engine, s, "put 9S");
  Play(*engine, s, "pass");
  CHECK(Variable(*engine, s, "passes") == 1);
  CHECK(Cards(*engine, s, "table").size() == 4);
  CHECK(Cards(*engine, s, "discard").empty());
  Play(*engine, s, "pass");  // the fifth turn on this table
  CHECK(Cards(*engine, s, "discard").size() == 4);
  CHECK(Variable(*engine, s, "table_age") == 0);
}

TEST_CASE("kems/no fresh table left: the deal ends without points") {
  auto engine = MakeEngine("kems", 4, Quiet({{"max_deals", "1"}}));
  GameState s = engine->NewGame(3);
  int passes = 0;
  while (!s.finished && passes < 100) {
    Play(*engine, s, "pass");
    ++passes;
  }
  // The first table and the 8 the stock of 32 lays, 4 passes each.
  CHECK(passes == 36);
  CHECK(s.finished);
  CHECK(engine->Score(s) == std::vector<int>{0, 0, 0, 0});
}

TEST_CASE("kems/the sign: \"il doit faire le signe secret convenu avec son partenaire\"") {
  auto engine = MakeEngine("kems", 4, Quiet());
  GameState s = Position(*engine, kTable);
  Play(*engine, s, "take KC");
  CHECK(Variable(*engine, s, "told", 3) == 0);
  Play(*engine, s, "put 7C");
  // The partner is told, secretly: only player 3's view shows it.
  CHECK(Variable(*engine, s, "told", 3) == 1);
  CHECK(ViewJson(*engine, s, 2)["variables"]["told 3"] == 1);
  CHECK(ViewJson(*engine, s, 2)["variables"]["sign 3"] == 1);
  for (int seat : {0, 1, 3}) CHECK_FALSE(ViewJson(*engine, s, seat)["variables"].contains("told 3"));
  CHECK_FALSE(ViewJson(*engine, s, 1)["variables"].contains("sign 1"));
  CHECK(RenderView(*engine, s, 2).find("  told: you yes\n") != std::string::npos);
  // leak: never — the opponents caught nothing.
  CHECK(Variable(*engine, s, "caught", 2) == 0);
  CHECK(Variable(*engine, s, "caught", 4) == 0);
}

TEST_CASE("kems/leak always: both opponents catch the sign and who made it") {
  auto engine = MakeEngine("kems", 4, Quiet({{"leak", "always"}}));
  GameState s = Position(*engine, kTable);
  Play(*engine, s, "take KC");
  Play(*engine, s, "put 7C");
  for (int o : {2, 4}) {
    CHECK(Variable(*engine, s, "caught", o) == 1);  // nose
    CHECK(Variable(*engine, s, "caught_from", o) == 1);
    CHECK(ViewJson(*engine, s, o - 1)["variables"]["caught " + std::to_string(o)] == 1);
  }
  CHECK(Variable(*engine, s, "caught", 3) == 0);
}

TEST_CASE("kems/leak chance: each opponent catches a sign with leak_chance percent") {
  auto engine = MakeEngine("kems", 4, Quiet({{"leak", "chance"}, {"leak_chance", "30"}}));
  int caught = 0;
  const int kDeals = 500;
  for (int seed = 1; seed <= kDeals; ++seed) {
    std::string json = kTable;
    json.insert(1, "\"rng\": " + std::to_string(seed * 7919) + ", ");
    GameState s = Position(*engine, json);
    Play(*engine, s, "take KC");
    Play(*engine, s, "put 7C");
    for (int o : {2, 4}) caught += Variable(*engine, s, "caught", o) == 1;
  }
  CHECK(caught > 2 * kDeals * 20 / 100);
  CHECK(caught < 2 * kDeals * 40 / 100);
}

TEST_CASE("kems/noise: opponents see gestures that are no sign") {
  auto engine = MakeEngine("kems", 4, Quiet({{"noise", "100"}}));
  GameState s = Position(*engine, kTable);
  Play(*engine, s, "pass");
  for (int o : {2, 4}) {
    CHECK(Variable(*engine, s, "caught_from", o) == 1);
    CHECK(Variable(*engine, s, "caught", o) >= 2);  // anything but nose, team 1-3's sign
  }
  CHECK(Variable(*engine, s, "caught", 3) == 0);
}

TEST_CASE("kems/kems: \"c'est le partenaire qui doit annoncer : Kems !\" — \"Un kems : 2 points\"") {
  auto engine = MakeEngine("kems", 4, Quiet());
  GameState s = Position(*engine, kTable);
  Play(*engine, s, "take KC");
  Play(*engine, s, "put 7C");
  Play(*engine, s, "pass");  // player 2
  Play(*engine, s, "kems");  // player 3, told by the sign
  CHECK(s.finished);
  CHECK(engine->Score(s) == std::vector<int>{2, 0, 2, 0});
  auto house = MakeEngine("kems", 4, Quiet({{"kems_points", "3"}}));  // a house rule's value
  GameState t = Position(*house, kTable);
  for (const char* move : {"take KC", "put 7C", "pass", "kems"}) Play(*house, t, move);
  CHECK(house->Score(t) == std::vector<int>{3, 0, 3, 0});
}

TEST_CASE("kems/double kems: \"si les deux partenaires ont 4 cartes identiques en même temps\" — 4 points") {
  const auto double_kems = [](const std::map<std::string, std::string>& settings) {
    auto engine = MakeEngine("kems", 4, Quiet(settings));
    GameState s = Position(*engine, R"({"zones": {
      "hand 1": ["KS", "KH", "KD", "7C"], "hand 2": ["5S", "5H", "6D", "6C"],
      "hand 3": ["9S", "9H", "9D", "9C"], "hand 4": ["QS", "QH", "JD", "JC"],
      "table": ["KC", "2S", "3H", "4D"], "stock": ["2H", "2D", "2C", "3S"]},
      "variables": {"sign 1": 1, "sign 3": 1, "sign 2": 4, "sign 4": 4, "told 1": 1}})");
    for (const char* move : {"take KC", "put 7C", "pass", "kems"}) Play(*engine, s, move);
    return engine->Score(s);
  };
  CHECK(double_kems({}) == std::vector<int>{4, 0, 4, 0});
  CHECK(double_kems({{"double_kems_points", "7"}}) == std::vector<int>{7, 0, 7, 0});  // a house rule
}

TEST_CASE("kems/contre kems: \"si on pense qu'un adversaire a un kems… contre kems : 1 point\"") {
  auto engine = MakeEngine("kems", 4, Quiet({{"leak", "always"}}));
  GameState s = Position(*engine, kTable);
  Play(*engine, s, "take KC");
  Play(*engine, s, "put 7C");
  Play(*engine, s, "contre");  // player 2 caught the sign before player 3 could call
  CHECK(s.finished);
  CHECK(engine->Score(s) == std::vector<int>{0, 1, 0, 1});
}

TEST_CASE("kems/a wrong call: \"annoncer kems par erreur : 1 point donné à l'adversaire\"") {
  auto engine = MakeEngine("kems", 4, Quiet({{"target", "10"}}));
  GameState s = Position(*engine, kTable);
  SUBCASE("kems when the partner holds none") {
    Play(*engine, s, "kems");
    CHECK(engine->Score(s) == std::vector<int>{0, 1, 0, 1});
    CHECK(s.turn_player == 1);  // the deal goes on
  }
  SUBCASE("the holder calls: only the partner may") {
    Play(*engine, s, "take KC");
    Play(*engine, s, "put 7C");
    Play(*engine, s, "pass");
    Play(*engine, s, "pass");
    Play(*engine, s, "pass");
    Play(*engine, s, "kems");  // player 1, who holds it
    CHECK(engine->Score(s) == std::vector<int>{0, 1, 0, 1});
    CHECK_FALSE(s.finished);
  }
  SUBCASE("contre kems when no opponent holds a kems") {
    Play(*engine, s, "contre");
    CHECK(engine->Score(s) == std::vector<int>{0, 1, 0, 1});
  }
  SUBCASE("wrong_call_points: a house rule's cost") {
    auto house = MakeEngine("kems", 4, Quiet({{"target", "10"}, {"wrong_call_points", "2"}}));
    GameState t = Position(*house, kTable);
    Play(*house, t, "kems");
    Play(*house, t, "contre");  // player 2, wrong too
    CHECK(house->Score(t) == std::vector<int>{2, 2, 2, 2});
  }
}

TEST_CASE("kems/guessing the sign: \"deviner le signe secret des adversaires : 1 point\"") {
  auto engine = MakeEngine("kems", 4, Quiet({{"target", "10"}}));
  GameState s = Position(*engine, kTable);
  Play(*engine, s, "guess wink");  // team 2-4's sign
  CHECK(engine->Score(s) == std::vector<int>{1, 0, 1, 0});
  // They agree on another sign, the same for both.
  CHECK(Variable(*engine, s, "sign", 2) != 4);
  CHECK(Variable(*engine, s, "sign", 2) == Variable(*engine, s, "sign", 4));
  Play(*engine, s, "guess nose");  // player 2 guesses team 1-3's sign too
  CHECK(engine->Score(s) == std::vector<int>{1, 1, 1, 1});
}

TEST_CASE("kems/a wrong guess gives wrong_guess_points to the opponents") {
  auto engine = MakeEngine("kems", 4, Quiet({{"target", "10"}}));
  GameState s = Position(*engine, kTable);
  Play(*engine, s, "guess ear");
  CHECK(engine->Score(s) == std::vector<int>{0, 1, 0, 1});
  CHECK(Variable(*engine, s, "sign", 2) == 4);
  auto free_guess = MakeEngine("kems", 4, Quiet({{"target", "10"}, {"wrong_guess_points", "0"}}));
  GameState t = Position(*free_guess, kTable);
  Play(*free_guess, t, "guess ear");
  CHECK(free_guess->Score(t) == std::vector<int>{0, 0, 0, 0});
}

TEST_CASE("kems/a kems dealt is signed at once") {
  auto engine = MakeEngine("kems", 4, {{"leak", "never"}});
  int dealt = 0;
  for (uint64_t seed = 1; seed <= 3000 && dealt == 0; ++seed) {
    const GameState s = engine->NewGame(seed);
    for (int p = 1; p <= 4; ++p) {
      const auto hand = Cards(*engine, s, "hand", p);
      auto rank = [](const std::string& code) { return code.substr(0, code.size() - 1); };
      bool kems = true;
      for (const auto& c : hand) kems = kems && rank(c) == rank(hand[0]);
      if (!kems) continue;
      ++dealt;
      CHECK(Variable(*engine, s, "told", (p + 1) % 4 + 1) == 1);
    }
  }
  CHECK(dealt > 0);
}

TEST_CASE("kems/the match goes to the target, and partners share their team's points") {
  auto engine = MakeEngine("kems", 4, {{"target", "5"}});
  for (uint64_t seed = 0; seed < 50; ++seed) {
    const GameState s = RandomGame(*engine, MixSeed(31, seed));
    REQUIRE(s.finished);
    const auto score = engine->Score(s);
    CHECK(score[0] == score[2]);
    CHECK(score[1] == score[3]);
    // The match stops as a team reaches the target, so no team ends past it.
    CHECK((std::max(score[0], score[1]) == 5 || s.round + 1 == 100));
  }
}

// The bots' side (bots: sample, evaluate in scripts/kems.lua). A greedy partner told by the
// sign guessed the opponents' sign instead of calling (its sample dealt the partner any
// hand), and greedy players never exchanged (no score says a third king is worth having).
TEST_CASE(
    "kems/bots: a partner told by the sign calls, a player exchanges towards a kems, nobody guesses blind") {
  auto engine = MakeEngine("kems", 4, Quiet({{"target", "10"}}));
  auto greedy = [&](const GameState& s, uint64_t seed) {
    GreedyBot bot(seed);
    const auto legal = engine->LegalMoves(s);
    return MoveText(*engine, s, legal[bot.Choose(*engine, s, legal)]);
  };
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    CAPTURE(seed);
    GameState s = Position(*engine, kTable);
    CHECK(greedy(s, seed) == "take KC");  // the fourth king
    Play(*engine, s, "take KC");
    CHECK(greedy(s, seed) == "put 7C");
    Play(*engine, s, "put 7C");
    const std::string second = greedy(s, seed);  // player 2 knows nothing: no call, no guess
    CHECK(second.rfind("guess", 0) != 0);
    CHECK(second != "contre");
    CHECK(second != "kems");
    Play(*engine, s, "pass");
    CHECK(greedy(s, seed) == "kems");  // player 3, told
  }
  // Greedy seats against random ones: they call and exchange, and give nothing away.
  SimOptions options;
  options.games = 20;
  options.seed = 4;
  options.bots = {"greedy", "random", "greedy", "random"};
  const SimReport report =
      Simulate(std::make_shared<GameConfig>(LoadRuleset(FindRuleset("kems")), 4), options);
  CHECK(report.seats[0].wins + report.seats[2].wins >=
        18);  // games won by team 1-3 (a shared win: half each)
}

TEST_CASE("kems/10,000 random games conserve the 52 cards and end") {
  auto engine = MakeEngine("kems", 4);
  for (int i = 0; i < 10000; ++i) {
    const GameState s = RandomGame(*engine, MixSeed(37, i));
    REQUIRE(s.finished);
    const auto problems = CheckState(*engine, s);
    REQUIRE_MESSAGE(problems.empty(), problems.front());
  }
}
