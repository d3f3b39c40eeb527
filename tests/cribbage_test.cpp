// Cribbage (rulesets/cribbage.yaml), with no Lua: the crib, the starter and his heels; the play
// to 31 with fifteens, pairs, runs in any order and the go; the show of hands and crib
// (fifteens, pairs, runs, flushes, nobs); 121 at once. The mechanisms: the expression
// patterns `sums`, `pairs`, `runs`, `streak` and `top_run` over joined zones, `set: … for:`,
// the `move:` and `end:` effects, `each_round` variables.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

int Variable(const Engine& engine, const GameState& s, const std::string& name, int seat = 0) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), seat)];
}

// A reference count written apart from the ruleset, card by card as a player counts: every
// set of cards adding up to 15, every pair, the longest runs, the flush, his nobs.
int Rank(const std::string& card) {
  static const std::map<std::string, int> ranks = {{"A", 1},  {"2", 2},  {"3", 3}, {"4", 4}, {"5", 5},
                                                   {"6", 6},  {"7", 7},  {"8", 8}, {"9", 9}, {"10", 10},
                                                   {"J", 11}, {"Q", 12}, {"K", 13}};
  return ranks.at(card.substr(0, card.size() - 1));
}
char Suit(const std::string& card) { return card.back(); }

int ReferenceShow(const std::vector<std::string>& hand, const std::string& starter, bool crib) {
  std::vector<std::string> all = hand;
  all.push_back(starter);
  const int n = static_cast<int>(all.size());
  int points = 0;
  int longest = 0, runs = 0;
  for (int set = 1; set < 1 << n; ++set) {
    std::vector<int> ranks;
    int sum = 0;
    for (int i = 0; i < n; ++i) {
      if (set >> i & 1) {
        ranks.push_back(Rank(all[i]));
        sum += std::min(Rank(all[i]), 10);
      }
    }
    if (sum == 15) points += 2;
    if (ranks.size() == 2 && ranks[0] == ranks[1]) points += 2;
    std::sort(ranks.begin(), ranks.end());
    bool run = ranks.size() >= 3;
    for (size_t i = 1; i < ranks.size() && run; ++i) run = ranks[i] == ranks[i - 1] + 1;
    if (run && static_cast<int>(ranks.size()) > longest) longest = static_cast<int>(ranks.size()), runs = 0;
    if (run && static_cast<int>(ranks.size()) == longest) ++runs;
  }
  points += longest * runs;
  const bool hand_flush =
      std::all_of(hand.begin(), hand.end(), [&](auto& c) { return Suit(c) == Suit(hand[0]); });
  if (hand_flush && (!crib || Suit(starter) == Suit(hand[0])))
    points += Suit(starter) == Suit(hand[0]) ? 5 : (crib ? 0 : 4);
  for (const auto& c : hand) points += Rank(c) == 11 && Suit(c) == Suit(starter);
  return points;
}

// Player 2 deals: player 1 holds `hand`; player 2 lays its fifth card in the crib and turns
// `starter` up. Returns the position once the play begins.
GameState AfterTheCut(Engine& engine, const std::vector<std::string>& hand, const std::string& starter) {
  std::vector<std::string> others;
  for (const auto& kind : engine.rules().catalog.kinds()) {
    if (kind.code != starter && std::find(hand.begin(), hand.end(), kind.code) == hand.end())
      others.push_back(kind.code);
    if (others.size() == 8) break;
  }
  GameState s = Table(engine,
                      {{"hand 1", hand},
                       {"hand 2", {others[0], others[1], others[2], others[3], others[4]}},
                       {"crib", {others[5], others[6], others[7]}},
                       {"stock", {starter}}},
                      R"(, "turn": 2, "phase": "discard")", "stock");
  Play(engine, s, "discard " + others[4]);
  Play(engine, s, "cut");
  return s;
}

// A position in the play: `pile` is the count under way, player `turn` to lay.
GameState InPlay(Engine& engine, const std::vector<std::string>& hand1, const std::vector<std::string>& hand2,
                 const std::vector<std::string>& pile, int turn = 1) {
  return Table(engine, {{"hand 1", hand1}, {"hand 2", hand2}, {"pile", pile}, {"stock", {}}},
               fmt::format(R"(, "turn": {}, "phase": "play", "variables": {{"dealer": 2}})", turn), "stock");
}

}  // namespace

TEST_CASE("cribbage/the show counts fifteens, pairs, runs, flushes and nobs as the rules do") {
  auto engine = MakeEngine("cribbage", 2);
  struct Example {
    std::vector<std::string> hand;
    std::string starter;
    int points;
  };
  for (const Example& e : std::vector<Example>{
           {{"5H", "5D", "5C", "JS"}, "5S", 29},  // the best hand: eight fifteens, six pairs, his nobs
           {{"3H", "4S", "4D", "5C"}, "KH", 10},  // a double run (8) and a fifteen
           {{"4S", "5H", "5D", "6C"}, "6H", 24},  // a double double run and four fifteens
           {{"2H", "4H", "6H", "8H"}, "KS", 4},   // a flush of four (even cards make no fifteen)
           {{"2H", "4H", "6H", "8H"}, "KH", 5},   // with the starter, 5
           {{"JD", "4C", "6S", "8H"}, "QD", 1},   // his nobs alone
           {{"AH", "2S", "3D", "4C"}, "5H", 7},   // a run of five and a fifteen
           {{"KH", "QS", "9D", "8C"}, "AH", 0},   // nineteen: nothing
       }) {
    CAPTURE(fmt::format("{} + {}", fmt::join(e.hand, " "), e.starter));
    REQUIRE(ReferenceShow(e.hand, e.starter, false) == e.points);
    const GameState s = AfterTheCut(*engine, e.hand, e.starter);
    CHECK(Variable(*engine, s, "show", 0) == e.points);
  }
}

TEST_CASE("cribbage/his heels: a Jack turned up pegs the dealer 2, and the play begins with the pone") {
  auto engine = MakeEngine("cribbage", 2);
  const GameState s = AfterTheCut(*engine, {"AH", "2S", "3D", "4C"}, "JC");
  CHECK(Variable(*engine, s, "pegs", 1) == 2);
  CHECK(Variable(*engine, s, "pegs", 0) == 0);
  CHECK(Variable(*engine, s, "dealer") == 2);
  CHECK(engine->Actor(s) == 0);
  CHECK(Cards(*engine, s, "starter") == std::vector<std::string>{"JC"});
}

TEST_CASE("cribbage/the play pegs fifteen, pairs, three and four of a rank, and runs in any order") {
  auto engine = MakeEngine("cribbage", 2);
  GameState s = InPlay(*engine, {"10D", "7S"}, {"KS"}, {"5C"});
  Play(*engine, s, "play 10D");
  CHECK(Variable(*engine, s, "pegs", 0) == 2);  // fifteen

  s = InPlay(*engine, {"7S", "7C", "AH"}, {"7D", "KS"}, {"7H"});
  Play(*engine, s, "play 7S");  // a pair
  CHECK(Variable(*engine, s, "pegs", 0) == 2);
  Play(*engine, s, "play 7D");  // three of a rank
  CHECK(Variable(*engine, s, "pegs", 1) == 6);
  Play(*engine, s, "play 7C");  // four, count 28
  CHECK(Variable(*engine, s, "pegs", 0) == 14);

  s = InPlay(*engine, {"4D", "AH"}, {"6C", "KS"}, {"3H", "5S"});
  const auto told = PlayTold(*engine, s, "play 4D", 0);
  CHECK(Variable(*engine, s, "pegs", 0) == 3);  // 3 5 4: a run of three
  CHECK(std::find(told.begin(), told.end(), "you: a run, 1 a card") != told.end());
  Play(*engine, s, "play 6C");  // 3 5 4 6: a run of four, and the count is 18
  CHECK(Variable(*engine, s, "pegs", 1) == 4);

  s = InPlay(*engine, {"4D", "AH"}, {"KS"}, {"4H", "5S", "3C"});
  Play(*engine, s, "play 4D");  // 5 3 4 on top: the 4 under them does not make it longer
  CHECK(Variable(*engine, s, "pegs", 0) == 3);
}

TEST_CASE("cribbage/31 pegs 2 and the count starts again, the go pegs 1, and no card may pass 31") {
  auto engine = MakeEngine("cribbage", 2);
  GameState s = InPlay(*engine, {"6C", "2H"}, {"KS"}, {"10S", "10H", "5D"});
  Play(*engine, s, "play 6C");
  CHECK(Variable(*engine, s, "pegs", 0) == 2);
  CHECK(Cards(*engine, s, "pile").empty());
  CHECK(Cards(*engine, s, "played").size() == 4);
  CHECK(engine->Actor(s) == 1);  // the other player leads the new count

  s = InPlay(*engine, {"3C", "KH"}, {"9D"}, {"10S", "10H", "5D"});  // 25
  Play(*engine, s, "play 3C");  // 28: player 2's Nine and player 1's King do not fit
  CHECK(Variable(*engine, s, "pegs", 0) == 1);
  CHECK(Cards(*engine, s, "pile").empty());
  CHECK(engine->Actor(s) == 1);

  s = InPlay(*engine, {"KH", "9C"}, {"2D", "QS"}, {"10S", "10H", "5D"});  // 25
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"go"});
  CHECK(ParseMove(*engine, s, "play KH").error.find("the count is 25: a card may not take it past 31") !=
        std::string::npos);
  Play(*engine, s, "go");
  Play(*engine, s, "play 2D");  // 27: player 2 laid the last card anyone could
  CHECK(Variable(*engine, s, "pegs", 1) == 1);
  CHECK(Variable(*engine, s, "pegs", 0) == 0);
}

TEST_CASE("cribbage/the last card pegs 1, then the pone shows, the dealer shows and counts the crib") {
  auto engine = MakeEngine("cribbage", 2);
  GameState s =
      Table(*engine,
            {{"hand 1", {}},
             {"hand 2", {"2D"}},
             {"pile", {"KS"}},
             {"crib", {"5H", "5D", "JH", "QH"}},
             {"starter", {"5S"}},
             {"stock", {}}},
            R"(, "turn": 2, "phase": "play", "variables": {"dealer": 2, "show 1": 7, "show 2": 3})", "stock");
  Play(*engine, s, "play 2D");
  CHECK(Variable(*engine, s, "pegs", 1) == 1);  // the last card
  REQUIRE(engine->Actor(s) == 0);               // the pone shows first
  Play(*engine, s, "show");
  CHECK(Variable(*engine, s, "pegs", 0) == 7);
  Play(*engine, s, "show");
  CHECK(Variable(*engine, s, "pegs", 1) == 4);
  const int before = s.totals[1];
  const auto told = PlayTold(*engine, s, "count", 0);
  // 5 5 J Q of the crib with the 5 turned: six fifteens of a picture and a Five, one of the
  // three Fives, three pairs; no flush (the starter is a spade), no nobs (the Jack is a heart).
  const int crib = ReferenceShow({"5H", "5D", "JH", "QH"}, "5S", true);
  CHECK(crib == 14 + 6);
  CHECK(s.totals[1] - before == 4 + crib);
  CHECK(std::find(told.begin(), told.end(), fmt::format("player 2: the crib counts {}", crib)) != told.end());
  CHECK(s.round == 1);  // the next deal
}

TEST_CASE("cribbage/the game ends the moment a player reaches 121, even in the play") {
  auto engine = MakeEngine("cribbage", 2);
  GameState s = InPlay(*engine, {"10D", "7S"}, {"KS", "AC"}, {"5C"});
  s.totals = {119, 100};
  Play(*engine, s, "play 10D");  // fifteen: 121
  CHECK(s.finished);
  CHECK(s.totals[0] == 121);
  CHECK(s.totals[1] == 100);  // the dealer never shows
}

TEST_CASE("cribbage/random games: no card made or lost, every show as the reference counts it, one winner") {
  auto engine = MakeEngine("cribbage", 2);
  const int games = std::max(4, Soak(40));
  int shows = 0, cribs = 0;
  for (int game = 0; game < games; ++game) {
    GameState s = engine->NewGame(1000 + game);
    RandomBot bot(game);
    int moves = 0;
    while (!s.finished) {
      REQUIRE(++moves < 5000);
      const std::vector<Move> legal = engine->LegalMoves(s);
      REQUIRE(!legal.empty());
      const Move move = legal[bot.Choose(*engine, s, legal)];
      const std::string kind = engine->rules().moves[move.kind].name;
      int crib_points = 0, pegs = 0, total = 0;
      const int mover = engine->Actor(s);
      if (kind == "count") {  // counted before the deal's cards go back
        crib_points = ReferenceShow(Cards(*engine, s, "crib"), Cards(*engine, s, "starter").at(0), true);
        pegs = Variable(*engine, s, "pegs", mover);
        total = s.totals[mover];
      }
      REQUIRE(engine->Apply(s, move).ok);
      REQUIRE(CardsInPlay(s) == 52);
      if (kind == "cut") {
        const std::string starter = Cards(*engine, s, "starter").at(0);
        for (int seat = 0; seat < 2; ++seat, ++shows)
          CHECK(Variable(*engine, s, "show", seat) ==
                ReferenceShow(Cards(*engine, s, "hand", seat + 1), starter, false));
      }
      if (kind == "count") {  // the deal is scored: the dealer's pegs and the crib
        ++cribs;
        CHECK(s.totals[mover] - total == pegs + crib_points);
      }
    }
    const auto& totals = s.totals;
    CHECK(std::max(totals[0], totals[1]) >= 121);
    CHECK(std::min(totals[0], totals[1]) < 121);
  }
  CHECK(shows > 0);
  CHECK(cribs > 0);
}

TEST_CASE("cribbage/the loader says where a pattern, a for:, a move: or an end: is wrong") {
  const std::string path = std::string(TAPIS_SOURCE_DIR) + "/rulesets/cribbage.yaml";
  auto error = [&](const std::string& from, const std::string& to) {
    const std::string e = EditedLoadError(path, from, to);
    return e.substr(e.find(": ", e.find("cribbage.yaml")) + 2);
  };
  CHECK(error("if: \"streak(pile, rank) == 2\"", "if: \"streak(pile + played, rank) == 2\"") ==
        "if: 'streak(pile + played, rank) == 2': streak(…) reads one pile from its top: one zone (at "
        "character 13)");
  CHECK(error("if: \"streak(pile, rank) == 2\"", "if: \"streak(pile, rnak) == 2\"") ==
        "if: 'streak(pile, rnak) == 2': streak(…)'s second part is a property of the cards; did you mean "
        "'rank'? (at character 14)");
  CHECK(error("2 * sums(hand + starter, points, 15)", "2 * sums(hand + starter, points)") ==
        "set: '2 * sums(hand + starter, points) + 2 * pairs(hand + starter, rank) + runs(hand + starter, "
        "rank, 3) + "
        "if(count(hand, suit == top(hand).suit) == 4, 4 + count(starter, suit == top(hand).suit), 0) + "
        "count(hand, "
        "rank == J and suit == top(starter).suit)': write sums(ZONE, NUMBER, TOTAL): the sets of cards "
        "adding up "
        "to TOTAL (at character 5)");
  CHECK(error("pairs(hand + starter, rank)", "pairs(hand + players, rank)")
            .find("pairs(…): '+' joins zones (hand + starter), not players") != std::string::npos);
  CHECK(error("        for: players", "        for: everyone") ==
        "unknown for 'everyone'; expected players, others or team");
  CHECK(error("      - {set: {dealer: seat}}", "      - {set: {dealer: seat}, for: players}") ==
        "for: sets player variables; 'dealer' is the table's");
  CHECK(error("move: {from: pile, to: played}", "move: {from: pile, to: pile}") ==
        "move: from and to are two different zones");
  CHECK(error("      - {end: round}", "      - {end: match}") ==
        "unknown end 'match'; expected round or game");
}
