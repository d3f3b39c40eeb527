// Relance (rulesets/relance.yaml, scripts/relance.lua, docs/games/relance.en.md): the text's
// two examples, each poker hand and its order, each take-over rule, the strongest of two
// combinations, tokens, the discard, the refill, and 10,000 random games.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <algorithm>

#include "interpreter/bots/bots.h"
#include "interpreter/mechanisms/hand_rank.h"
#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

CardId CardOf(const Engine& engine, const std::string& code) {
  const auto kind = engine.rules().catalog.KindByCode(code);
  REQUIRE(kind.has_value());
  for (int c = 0; c < engine.cards().size(); ++c) {
    if (engine.cards().Kind(static_cast<CardId>(c)) == *kind) return static_cast<CardId>(c);
  }
  FAIL("no card " << code);
  return 0;
}

int Strength(const Engine& engine, std::initializer_list<const char*> codes) {
  std::vector<CardId> cards;
  for (const char* code : codes) cards.push_back(CardOf(engine, code));
  return HandStrength(engine.cards(), engine.rules().hands[0], cards);
}

std::string KindName(const Engine& engine, std::initializer_list<const char*> codes) {
  const int strength = Strength(engine, codes);
  return strength == kNoHand ? "none" : engine.rules().hands[0].kinds[HandKindOf(strength)].name;
}

// The players (from 1) whose tokens `code` carries, bottom to top.
std::vector<int> Stack(const Engine& engine, const GameState& s, const std::string& code) {
  std::vector<int> out;
  for (int8_t p : s.tokens[CardOf(engine, code)]) out.push_back(p + 1);
  return out;
}

int TokensLeft(const Engine& engine, const GameState& s, int player) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex("tokens"), player - 1)];
}

// `turn` to play on a board of `cells` ({"c3": "7C", …}), the players' hands and tokens on
// cards ({"card": "7C", "players": [2], "claim": ["7C", "7D"]}, …); everybody has 50 tokens
// unless `left` says otherwise. The open row holds five Clubs no test uses.
GameState Board(const Engine& engine, int turn, const std::string& cells, const std::string& hands,
                const std::string& tokens = "", const std::map<int, int>& left = {}) {
  std::string vars = "\"ending\": 0";
  for (int p = 1; p <= engine.config().players(); ++p)
    vars += fmt::format(", \"tokens {}\": {}", p, left.count(p) ? left.at(p) : 50);
  return Position(engine, fmt::format(R"({{"turn": {}, "zones": {{"board": {{{}}}, {},
                                          "open_row": ["2C", "3C", "4C", "5C", "6C"]}},
                                          "variables": {{{}}}, "tokens": [{}]}})",
                                      turn, cells, hands, vars, tokens));
}

}  // namespace

TEST_CASE("relance/hands: each kind of poker hand, made of exactly its cards") {
  auto engine = MakeEngine("relance", 2);
  CHECK(KindName(*engine, {"7C", "7D"}) == "pair");
  CHECK(KindName(*engine, {"7C", "KD", "7H", "KS"}) == "two_pairs");
  CHECK(KindName(*engine, {"JC", "JD", "JH"}) == "three_of_a_kind");
  CHECK(KindName(*engine, {"9C", "5D", "7H", "6S", "8S"}) == "straight");
  CHECK(KindName(*engine, {"AC", "2D", "3H", "4S", "5S"}) == "straight");  // the Ace low
  CHECK(KindName(*engine, {"10C", "JD", "QH", "KS", "AS"}) == "straight");
  CHECK(KindName(*engine, {"2H", "9H", "JH", "4H", "KH"}) == "flush");
  CHECK(KindName(*engine, {"JC", "10D", "JH", "10S", "JS"}) == "full_house");
  CHECK(KindName(*engine, {"4C", "4D", "4H", "4S"}) == "four_of_a_kind");
  CHECK(KindName(*engine, {"6D", "7D", "8D", "9D", "10D"}) == "straight_flush");
  CHECK(KindName(*engine, {"AD", "2D", "3D", "4D", "5D"}) == "straight_flush");
  // Not hands: a card too many or too few, no wrap past the Ace.
  CHECK(KindName(*engine, {"7C"}) == "none");
  CHECK(KindName(*engine, {"7C", "7D", "2S"}) == "none");
  CHECK(KindName(*engine, {"7C", "7D", "7S", "2S", "3H"}) == "none");
  CHECK(KindName(*engine, {"7C", "8D", "9S", "10S"}) == "none");
  CHECK(KindName(*engine, {"QC", "KD", "AS", "2S", "3H"}) == "none");
  CHECK(KindName(*engine, {"2H", "9H", "JH", "4H"}) == "none");
}

TEST_CASE("relance/hands: kinds rank as in poker, then their ranks, and suits never break ties") {
  auto engine = MakeEngine("relance", 2);
  const int ordered[] = {Strength(*engine, {"AC", "AD"}),
                         Strength(*engine, {"2C", "2D", "3C", "3D"}),
                         Strength(*engine, {"2C", "2D", "2H"}),
                         Strength(*engine, {"AC", "KD", "QH", "JS", "10S"}),
                         Strength(*engine, {"2H", "3H", "4H", "5H", "7H"}),
                         Strength(*engine, {"2C", "2D", "2H", "3C", "3D"}),
                         Strength(*engine, {"2C", "2D", "2H", "2S"}),
                         Strength(*engine, {"AD", "2D", "3D", "4D", "5D"})};
  for (size_t i = 1; i < std::size(ordered); ++i) CHECK(ordered[i - 1] < ordered[i]);
  CHECK(Strength(*engine, {"AC", "AD"}) > Strength(*engine, {"KC", "KD"}));
  CHECK(Strength(*engine, {"KC", "KD", "2C", "2D"}) > Strength(*engine, {"QC", "QD", "JC", "JD"}));
  CHECK(Strength(*engine, {"KC", "KD", "3C", "3D"}) > Strength(*engine, {"KH", "KS", "2C", "2D"}));
  CHECK(Strength(*engine, {"AC", "2D", "3H", "4S", "5S"}) <
        Strength(*engine, {"2D", "3H", "4S", "5S", "6C"}));
  CHECK(Strength(*engine, {"3C", "3D", "3H", "2C", "2D"}) >
        Strength(*engine, {"2H", "2S", "2C", "KC", "KD"}));
  CHECK(Strength(*engine, {"2H", "3H", "4H", "6H", "AH"}) >
        Strength(*engine, {"8D", "9D", "10D", "JD", "KD"}));
  CHECK(Strength(*engine, {"2H", "3H", "4H", "6H", "KH"}) >
        Strength(*engine, {"2D", "3D", "4D", "5D", "KD"}));
  CHECK(Strength(*engine, {"7C", "7D"}) == Strength(*engine, {"7H", "7S"}));
}

TEST_CASE("relance/text example: Bronze's three Jacks and a 10 beside a neutral 10 make a full house") {
  // "le joueur Bronze possède un brelan de Valet. Il décide de poser un 10. Il forme alors un
  // Full (brelan + paire) avec le 10 neutre. Il place une pièce de bronze sur chaque carte de
  // sa nouvelle combinaison y compris celle déjà utilisée (dans cette situation, chaque valet
  // vaut alors 2 pièces)."
  auto engine = MakeEngine("relance", 3, {{"packs", "1"}});
  GameState s = Board(*engine, 3, R"("b4": "JH", "c4": "JD", "d4": "JS", "f4": "10S")",
                      R"("hand 1": ["2S"], "hand 2": ["3S"], "hand 3": ["10H", "4S", "5S", "7D", "9H"])",
                      R"({"card": "JH", "players": [3], "claim": ["JH", "JD", "JS"]},
                         {"card": "JD", "players": [3], "claim": ["JH", "JD", "JS"]},
                         {"card": "JS", "players": [3], "claim": ["JH", "JD", "JS"]})");
  CHECK_FALSE(IsLegal(*engine, s, "lay 10H@e4 e4-f4"));  // the pair of 10s is not the strongest
  CHECK_FALSE(IsLegal(*engine, s, "lay 10H@e4 c4-f4"));  // nor the two pairs
  Play(*engine, s, "lay 10H@e4 b4-f4");
  for (const char* jack : {"JH", "JD", "JS"}) CHECK(Stack(*engine, s, jack) == std::vector<int>{3, 3});
  CHECK(Stack(*engine, s, "10H") == std::vector<int>{3});
  CHECK(Stack(*engine, s, "10S") == std::vector<int>{3});
  CHECK(TokensLeft(*engine, s, 3) == 45);
  CHECK(engine->Score(s) == std::vector<int>{0, 0, 2 + 2 + 2 + 1 + 1});
  // Then Bronze takes one card from the open row, which the stock refills.
  CHECK(engine->Actor(s) == 2);
  Play(*engine, s, "take 3C");
  CHECK(Cards(*engine, s, "hand", 3).size() == 5);
  CHECK(Cards(*engine, s, "open_row").size() == 5);
  CHECK(s.turn_player == 0);
}

TEST_CASE("relance/text example: Gold's pair of Aces beside Silver's pair of 7s takes all four cards") {
  // "le joueur Argent possède une paire de 7. Le joueur Or pose une paire d'As pour former
  // alors une double paire. Comme sa nouvelle combinaison est plus forte que la paire du
  // joueur adverse, le joueur Or peut alors poser ses pièces d'or sur toutes les cartes."
  auto engine = MakeEngine("relance", 2);
  GameState s = Board(*engine, 1, R"("c3": "7C", "d3": "7D")",
                      R"("hand 1": ["AH", "AS", "2S", "5D", "9H"], "hand 2": ["3S"])",
                      R"({"card": "7C", "players": [2], "claim": ["7C", "7D"]},
                         {"card": "7D", "players": [2], "claim": ["7C", "7D"]})");
  CHECK_FALSE(IsLegal(*engine, s, "lay AH@e3 AS@f3 e3-f3"));  // the pair alone is weaker
  Play(*engine, s, "LAY as@F3 ah@E3 C3-F3");
  CHECK(Stack(*engine, s, "7C") == std::vector<int>{2, 1});
  CHECK(Stack(*engine, s, "7D") == std::vector<int>{2, 1});
  CHECK(Stack(*engine, s, "AH") == std::vector<int>{1});
  CHECK(Stack(*engine, s, "AS") == std::vector<int>{1});
  CHECK(engine->Score(s) == std::vector<int>{2 + 2 + 1 + 1, 0});
}

TEST_CASE("relance/take-over: an opponent's card only by a higher hand than the one that put their token") {
  auto engine = MakeEngine("relance", 2);
  const std::string hands = R"("hand 1": ["8C", "8S", "2S", "5D", "KH"], "hand 2": ["3S"])";
  auto with_claim = [&](const std::string& claim) {
    return Board(*engine, 1, R"("c3": "8H")", hands,
                 R"({"card": "8H", "players": [2], "claim": )" + claim + "}");
  };
  CHECK(IsLegal(*engine, with_claim(R"(["5H", "5C"])"), "lay 8C@d3 c3-d3"));                       // higher
  CHECK_FALSE(IsLegal(*engine, with_claim(R"(["8H", "8D"])"), "lay 8C@d3 c3-d3"));                 // equal
  CHECK_FALSE(IsLegal(*engine, with_claim(R"(["8H", "8D", "8S"])"), "lay 8C@d3 c3-d3"));           // lower
  CHECK(IsLegal(*engine, with_claim(R"(["8H", "8D", "8S"])"), "lay 8C@d3 8S@e3 c3-e3") == false);  // equal
  CHECK(IsLegal(*engine, with_claim(R"(["8H", "8D"])"), "lay 8C@d3 8S@e3 c3-e3"));  // three beat a pair
  SUBCASE("higher_kind: a higher pair is not enough, a higher kind is") {
    auto strict = MakeEngine("relance", 2, {{"takeover", "higher_kind"}});
    const GameState s =
        Board(*strict, 1, R"("c3": "8H")", hands, R"({"card": "8H", "players": [2], "claim": ["5H", "5C"]})");
    CHECK_FALSE(IsLegal(*strict, s, "lay 8C@d3 c3-d3"));
    CHECK(IsLegal(*strict, s, "lay 8C@d3 8S@e3 c3-e3"));
  }
}

TEST_CASE("relance/take-over: neutral and own cards are reused freely, and the top token says whose") {
  auto engine = MakeEngine("relance", 2);
  const std::string hands = R"("hand 1": ["8C", "2S", "5D", "KH", "QD"], "hand 2": ["3S"])";
  // Neutral.
  CHECK(IsLegal(*engine, Board(*engine, 1, R"("c3": "8H")", hands), "lay 8C@d3 c3-d3"));
  // Gold's own, put there by a full house: a mere pair reinforces it.
  const std::string full = R"(["8H", "8D", "8S", "2C", "2D"])";
  GameState own = Board(*engine, 1, R"("c3": "8H")", hands,
                        R"({"card": "8H", "players": [2, 1], "claim": )" + full + "}");
  Play(*engine, own, "lay 8C@d3 c3-d3");
  CHECK(Stack(*engine, own, "8H") == std::vector<int>{2, 1, 1});
  // Silver's token over two of Gold's: Silver's card.
  const GameState silver = Board(*engine, 1, R"("c3": "8H")", hands,
                                 R"({"card": "8H", "players": [1, 1, 2], "claim": )" + full + "}");
  CHECK_FALSE(IsLegal(*engine, silver, "lay 8C@d3 c3-d3"));
}

TEST_CASE("relance/two combinations at once: only the strongest counts, the other's tokens untouched") {
  // A 9 between two 9s: two pairs and a three of a kind; Silver's 9D came with a pair of 4s.
  const std::string cells = R"("c3": "9H", "e3": "9D", "f3": "4D")";
  const std::string hands = R"("hand 1": ["9S", "2S", "5D", "KH", "QD"], "hand 2": ["3S"])";
  const std::string tokens = R"({"card": "9D", "players": [2], "claim": ["4D", "4H"]})";
  auto engine = MakeEngine("relance", 2);
  GameState s = Board(*engine, 1, cells, hands, tokens);
  CHECK_FALSE(IsLegal(*engine, s, "lay 9S@d3 c3-d3"));
  CHECK_FALSE(IsLegal(*engine, s, "lay 9S@d3 d3-e3"));
  Play(*engine, s, "lay 9S@d3 c3-e3");
  CHECK(Stack(*engine, s, "9D") == std::vector<int>{2, 1});
  SUBCASE("strongest_only=false: any of them, and the other keeps its tokens") {
    auto free = MakeEngine("relance", 2, {{"strongest_only", "false"}});
    GameState f = Board(*free, 1, cells, hands, tokens);
    Play(*free, f, "lay 9S@d3 c3-d3");
    CHECK(Stack(*free, f, "9H") == std::vector<int>{1});
    CHECK(Stack(*free, f, "9D") == std::vector<int>{2});
  }
}

TEST_CASE("relance/tokens: a hand needs a token per card, and who cannot lay discards one card") {
  auto engine = MakeEngine("relance", 2);
  GameState s = Board(*engine, 1, R"("c3": "9H")",
                      R"("hand 1": ["9S", "9C", "2S", "5D", "KH"], "hand 2": ["3S"])", "", {{1, 2}});
  CHECK(IsLegal(*engine, s, "lay 9S@d3 c3-d3"));
  CHECK_FALSE(IsLegal(*engine, s, "lay 9S@d3 9C@e3 c3-e3"));
  CHECK_FALSE(IsLegal(*engine, s, "discard 2S"));  // a hand can be laid
  Play(*engine, s, "lay 9S@d3 c3-d3");
  CHECK(TokensLeft(*engine, s, 1) == 0);
  Play(*engine, s, "take 2C");
  // Silver's one card makes no hand: discarding it is the only move; then five cards to take.
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"discard 3S"});
  Play(*engine, s, "discard 3S");
  CHECK(Cards(*engine, s, "discard") == std::vector<std::string>{"3S"});
  while (!s.decisions.empty()) REQUIRE(engine->Apply(s, engine->LegalMoves(s).front()).ok);
  CHECK(Cards(*engine, s, "hand", 2).size() == 5);
  // Gold has no token left: only discards.
  REQUIRE(s.turn_player == 0);
  for (const std::string& move : LegalTexts(*engine, s)) CHECK(move.rfind("discard ", 0) == 0);
  CHECK(LegalTexts(*engine, s).size() == 5);
}

TEST_CASE("relance/set-up: five neutral cards on the marked cells, hands of 5, an open row of 5") {
  for (int players = 2; players <= 4; ++players) {
    auto engine = MakeEngine("relance", players);
    const GameState s = engine->NewGame(5);
    const Zone& board = s.zones[engine->ZoneSlot(engine->rules().ZoneIndex("board"), -1)];
    CHECK(board.cards.size() == 5);
    for (CardId c : board.cards) CHECK(s.tokens[c].empty());
    for (int p = 1; p <= players; ++p) {
      CHECK(Cards(*engine, s, "hand", p).size() == 5);
      CHECK(TokensLeft(*engine, s, p) == 50);
    }
    CHECK(Cards(*engine, s, "open_row").size() == 5);
    CHECK(Cards(*engine, s, "stock").size() == (players == 2 ? 52u : 104u) - 10 - 5 * players);
  }
}

TEST_CASE("relance/10,000 random games end with every card and token accounted for") {
  int games = 0;
  for (int players = 2; players <= 4; ++players) {
    for (const std::map<std::string, std::string>& settings :
         {std::map<std::string, std::string>{},
          {{"takeover", "higher_kind"}, {"strongest_only", "false"}},
          {{"tokens", "12"}, {"open_row", "3"}}}) {
      auto engine = MakeEngine("relance", players, settings);
      const int tokens = std::stoi(settings.count("tokens") ? settings.at("tokens") : "50");
      const int per_setting = Soak(players == 2 && settings.empty() ? 1112 : 1111);
      for (int i = 0; i < per_setting; ++i, ++games) {
        const GameState s = RandomGame(*engine, MixSeed(10, games), 2000);
        REQUIRE(s.finished);
        REQUIRE(CheckState(*engine, s).empty());
        // Every token laid is on a card of the board.
        size_t laid = 0, on_board = 0;
        for (int p = 1; p <= players; ++p) laid += tokens - TokensLeft(*engine, s, p);
        for (const auto& stack : s.tokens) on_board += stack.size();
        REQUIRE(laid == on_board);
        const Zone& board = s.zones[engine->ZoneSlot(engine->rules().ZoneIndex("board"), -1)];
        for (size_t c = 0; c < s.tokens.size(); ++c) {
          if (!s.tokens[c].empty()) REQUIRE(std::count(board.cards.begin(), board.cards.end(), c) == 1);
        }
      }
    }
  }
  CHECK(games == Soak(1112) + 8 * Soak(1111));  // 10,000 unless scaled
}

TEST_CASE("relance/end: once the open row cannot be refilled, every other player has one more turn") {
  auto engine = MakeEngine("relance", 3, {{"packs", "1"}});
  // One card left in the stock; every card no zone below names is on the discard pile.
  const std::vector<std::string> named = {"9S", "9C", "2D", "5H", "KD", "7S", "8S", "10S", "JS", "QS",
                                          "7H", "8H", "10H", "JH", "QH", "2C", "3C", "4C", "5C", "6C",
                                          "AS", "9H"};
  std::string discard;
  for (const char* rank : {"2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"}) {
    for (const char* suit : {"S", "H", "D", "C"}) {
      const std::string code = std::string(rank) + suit;
      if (std::find(named.begin(), named.end(), code) == named.end())
        discard += (discard.empty() ? "\"" : ", \"") + code + "\"";
    }
  }
  GameState s = Board(*engine, 1, R"("c3": "9H")",
                      R"("hand 1": ["9S", "9C", "2D", "5H", "KD"], "hand 2": ["7S", "8S", "10S", "JS", "QS"],
                         "hand 3": ["7H", "8H", "10H", "JH", "QH"], "stock": ["AS"], "discard": [)" +
                          discard + "]");
  Play(*engine, s, "lay 9S@d3 9C@e3 c3-e3");
  Play(*engine, s, "take 2C");
  Play(*engine, s, "take 3C");  // the stock has one card for the two places: Gold emptied it
  CHECK(s.variables[engine->config().VariableSlot(engine->rules().VariableIndex("ending"), -1)] == 1);
  for (int player : {2, 3}) {
    REQUIRE_FALSE(s.finished);
    CHECK(s.turn_player == player - 1);
    while (!s.finished && (s.turn_player == player - 1)) {
      REQUIRE(engine->Apply(s, engine->LegalMoves(s).front()).ok);
    }
  }
  CHECK(s.finished);
}

TEST_CASE("relance/the lays listed stay few enough to list every turn") {
  // Every placement is one move (line_play.h); this keeps an eye on how many there are. The
  // worst is a full house in hand: 120 orders on each of the ~60 empty segments of 5 cells,
  // with its two pairs, three and pairs besides, about 15,000; the mean is about 70.
  size_t most = 0, total = 0, turns = 0;
  for (int players = 2; players <= 4; ++players) {
    auto engine = MakeEngine("relance", players);
    for (uint64_t seed = 1; seed <= 100; ++seed) {
      RandomBot bot(seed);
      GameState s = engine->NewGame(seed);
      std::vector<Move> legal;
      while (!s.finished) {
        engine->LegalMoves(s, legal);
        if (s.decisions.empty()) {
          most = std::max(most, legal.size());
          total += legal.size();
          ++turns;
        }
        REQUIRE(engine->Apply(s, legal[bot.Choose(*engine, s, legal)]).ok);
      }
    }
  }
  MESSAGE("moves on a turn: mean ", total / turns, ", most ", most);
  CHECK(most < 20000);
}
