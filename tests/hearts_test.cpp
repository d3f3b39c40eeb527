// Hearts (rulesets/hearts.yaml), on the usual rules: three cards passed left, right, across,
// then none; the 2 of clubs leads; no points on the first trick; hearts broken; a heart
// costs 1, the queen of spades 13, all 26 "shoot the moon"; the lowest total at 100 wins.
// The mechanisms: `pass_cards` moves, `tricks: no_points_first`, `score: take_all`.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>

#include "interpreter/bots/knowledge.h"
#include "interpreter/model/errors.h"
#include "interpreter/records/move_text.h"
#include "interpreter/records/narration.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

// Answers every pass of the round's start with the first card offered; returns, per seat
// (from 0), the cards it passed.
std::vector<std::vector<std::string>> PassFirstCards(Engine& engine, GameState& s) {
  std::vector<std::vector<std::string>> passed(4);
  while (!s.decisions.empty()) {
    const int p = engine.Actor(s);
    const auto legal = engine.LegalMoves(s);
    REQUIRE(!legal.empty());
    REQUIRE(engine.rules().moves[legal[0].kind].name == "pass");
    passed[p].push_back(engine.cards().Code(legal[0].cards[0]));
    REQUIRE(engine.Apply(s, legal[0]).ok);
  }
  return passed;
}

bool Holds(const Engine& engine, const GameState& s, int seat, const std::vector<std::string>& codes) {
  const auto hand = Cards(engine, s, "hand", seat + 1);
  return std::all_of(codes.begin(), codes.end(), [&](const std::string& c) {
    return std::find(hand.begin(), hand.end(), c) != hand.end();
  });
}

// Plays the rest of the round with the first legal move.
void FinishRound(Engine& engine, GameState& s) {
  const int round = s.round;
  while (!s.finished && s.round == round) REQUIRE(engine.Apply(s, engine.LegalMoves(s)[0]).ok);
}

}  // namespace

TEST_CASE("hearts/three cards passed to the left, the right, across, then none, delivered at once") {
  auto engine = MakeEngine("hearts", 4);
  GameState s = engine->NewGame(7);
  const int receivers[4][4] = {{1, 2, 3, 0}, {3, 0, 1, 2}, {2, 3, 0, 1}, {0, 1, 2, 3}};
  for (int round = 0; round < 5; ++round) {
    CAPTURE(round);
    REQUIRE(s.round == round);
    if (round % 4 == 3) {  // no passing: the 2 of clubs leads at once
      CHECK(s.decisions.empty());
      CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"play 2C"});
      FinishRound(*engine, s);
      continue;
    }
    REQUIRE(s.decisions.size() == 4);
    CHECK(s.decisions.front().remaining == 3);
    CHECK(LegalTexts(*engine, s).size() == 13);
    // Nothing arrives before the last card is passed.
    GameState before_last = s;
    const auto passed = PassFirstCards(*engine, s);
    for (int p = 0; p < 4; ++p) {
      CAPTURE(p);
      CHECK(passed[p].size() == 3);
      CHECK(Holds(*engine, s, receivers[round % 4][p], passed[p]));
      CHECK(Cards(*engine, s, "hand", p + 1).size() == 13);
      CHECK(Cards(*engine, s, "passed", p + 1).empty());
    }
    // The holder of the 2 of clubs, after the passing, leads it.
    CHECK(Holds(*engine, s, engine->Actor(s), {"2C"}));
    CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"play 2C"});
    FinishRound(*engine, s);
  }
}

TEST_CASE("hearts/a card passed is told to the others without its name, and bots do not learn it") {
  auto engine = MakeEngine("hearts", 4);
  GameState s = engine->NewGame(5);
  const int passer = engine->Actor(s);
  const Move first = engine->LegalMoves(s)[0];
  const std::string code = engine->cards().Code(first.cards[0]);
  CHECK(ToldMoveText(*engine, s, first, passer) == "pass " + code);
  CHECK(ToldMoveText(*engine, s, first, (passer + 2) % 4) == "pass a card");
  CHECK(ToldMoveText(*engine, s, first, -1) == "pass " + code);  // the log's record
  std::vector<Knowledge> known;
  for (int p = 0; p < 4; ++p) known.push_back(NewKnowledge(*engine, s, p));
  GameState before = s;
  const int receiver = (passer + 1) % 4;  // round 1 passes to the left
  MoveStates moved;
  while (!s.decisions.empty()) {
    before = s;
    const Move m = engine->LegalMoves(s)[0];
    engine->CaptureStates(&moved);
    REQUIRE(engine->Apply(s, m).ok);
    engine->CaptureStates(nullptr);
    for (int p = 0; p < 4; ++p) Observe(known[p], *engine, before, m, s);
  }
  const CardId card = first.cards[0];
  // The receiver sees it; the passer knows where it went; a third player knows nothing.
  CHECK(known[passer].known_zone[card] == engine->ZoneSlot(engine->rules().ZoneIndex("hand"), receiver));
  CHECK(known[(passer + 2) % 4].known_zone[card] == -1);
  // The delivery, as the receiver is told it, names the cards that came.
  const auto lines = Narrate(*engine, before, s, engine->LegalMoves(before)[0], receiver, &moved);
  const bool named = std::any_of(lines.begin(), lines.end(), [&](const std::string& line) {
    return line.find("→ your hand: ") != std::string::npos && line.find(code) != std::string::npos;
  });
  CHECK(named);
}

TEST_CASE("hearts/no point on the first trick: a void player keeps hearts and the queen of spades") {
  auto engine = MakeEngine("hearts", 4);
  // Player 4 led the 2 of clubs; player 1 has no club.
  const std::string first_trick =
      R"({"zones": {"hand 1": ["QS", "5H", "4D", "9S"], "hand 2": ["3C"], "hand 3": ["4C"], "hand 4": ["5C"],
      "trick": ["2C"]}, "turn": 1, "variables": {"leader": 4}})";
  GameState s = Position(*engine, first_trick);
  CHECK(Sorted(LegalTexts(*engine, s)) == std::vector<std::string>{"play 4D", "play 9S"});
  CHECK(ParseMove(*engine, s, "play QS").error ==
        "QS is worth points, and none may go to the round's first trick while you hold others: play one of: "
        "4D 9S");
  // Nothing but points: they may go.
  GameState only = Position(*engine, R"({"zones": {"hand 1": ["QS", "5H"], "hand 2": ["3C"], "hand 3": ["4C"],
      "hand 4": ["5C"], "trick": ["2C"]}, "turn": 1, "variables": {"leader": 4}})");
  CHECK(LegalTexts(*engine, only).size() == 2);
  // After the first trick, and with the rule off, anything goes.
  GameState later =
      Position(*engine, R"({"zones": {"hand 1": ["QS", "5H", "4D"], "hand 2": ["3C"], "hand 3": ["4C"],
      "hand 4": ["5C"], "trick": ["6C"], "won 2": ["2C", "7C", "8C", "9C"]}, "turn": 1, "variables": {"leader": 4}})");
  CHECK(LegalTexts(*engine, later).size() == 3);
  auto loose = MakeEngine("hearts", 4, {{"no_points_first", "false"}});
  CHECK(LegalTexts(*loose, Position(*loose, first_trick)).size() == 4);
}

TEST_CASE("hearts/a heart costs 1 and the queen of spades 13, and taking all 26 shoots the moon") {
  auto engine = MakeEngine("hearts", 4);
  // Player 1 took the queen and three hearts, player 2 five hearts, player 4 five: 16, 5, 0, 5.
  GameState s = Position(*engine, R"({"zones": {"won 1": ["QS", "2H", "3H", "4H", "2C", "3C", "4C", "5C"],
      "won 2": ["5H", "6H", "7H", "8H", "9H", "6C", "7C", "8C"], "won 4": ["10H", "JH", "QH", "KH", "AH", "9C"]}})");
  CHECK(engine->Score(s) == std::vector<int>{16, 5, 0, 5});
  const std::string moon =
      R"({"zones": {"won 3": ["QS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H",
      "JH", "QH", "KH", "AH", "2C"], "won 1": ["3C", "4C", "5C", "6C"]}, "totals": [10, 20, 30, 40]})";
  CHECK(engine->Score(Position(*engine, moon)) == std::vector<int>{36, 46, 30, 66});
  auto minus = MakeEngine("hearts", 4, {{"moon", "minus"}});
  CHECK(minus->Score(Position(*minus, moon)) == std::vector<int>{10, 20, 4, 40});
  auto none = MakeEngine("hearts", 4, {{"moon", "none"}});
  CHECK(none->Score(Position(*none, moon)) == std::vector<int>{10, 20, 56, 40});
  // 25 of the 26 points shoot nothing.
  const std::string nearly =
      R"({"zones": {"won 3": ["QS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H",
      "JH", "QH", "KH"], "won 1": ["AH"]}})";
  CHECK(engine->Score(Position(*engine, nearly)) == std::vector<int>{1, 0, 25, 0});
}

TEST_CASE("hearts/random matches keep the 52 cards, score 26 a round, end at 100, the lowest winning") {
  auto engine = MakeEngine("hearts", 4);
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(Soak(60)); ++seed) {
    CAPTURE(seed);
    GameState s = engine->NewGame(seed);
    RandomBot bot(seed);
    std::vector<int> totals(4, 0);
    int rounds = 0, moves = 0;
    while (!s.finished && moves < 5000) {
      REQUIRE(CardsInPlay(s) == 52);
      const auto legal = engine->LegalMoves(s);
      REQUIRE(!legal.empty());
      const int round = s.round;
      REQUIRE(engine->Apply(s, legal[bot.Choose(*engine, s, legal)]).ok);
      ++moves;
      if (s.round != round || s.finished) {
        const int added = std::accumulate(s.totals.begin(), s.totals.end(), 0) -
                          std::accumulate(totals.begin(), totals.end(), 0);
        CHECK((added == 26 || added == 78));  // 78: a moon shot, 26 to each other player
        totals = s.totals;
        ++rounds;
      }
    }
    REQUIRE(s.finished);
    CHECK(*std::max_element(s.totals.begin(), s.totals.end()) >= 100);
    const auto winners = engine->Winners(s, s.totals);
    REQUIRE(!winners.empty());
    CHECK(s.totals[winners[0]] == *std::min_element(s.totals.begin(), s.totals.end()));
  }
}

TEST_CASE("hearts/passing is checked at load") {
  const std::string path = FindRuleset("hearts");
  CHECK(EditedLoadError(path, "players: {min: 4, max: 4}", "players: {min: 3, max: 4}")
            .find("direction: across needs an even number of players; players are 3 to 4") !=
        std::string::npos);
  CHECK(EditedLoadError(path, "direction: [left, right, across, none]", "direction: [left, up]")
            .find("direction: 'up' is not left, right, across or none") != std::string::npos);
  CHECK(EditedLoadError(path, "    deliver: hand\n", "    deliver: stock\n")
            .find("pass_cards: deliver: 'stock' must be a zone each player owns") != std::string::npos);
  CHECK(
      EditedLoadError(path, "    to: passed\n", "    to: hand\n").find("pass_cards: to: a zone of its own") !=
      std::string::npos);
  CHECK(EditedLoadError(path, "    size: $pass_size\n", "").find("size") != std::string::npos);
  CHECK(EditedLoadError(path, "score: {plus: won, take_all: $moon}", "score: {plus: won, take_all: half}")
            .find("take_all: 'half' is not others, minus or none") != std::string::npos);
}

TEST_CASE(
    "hearts/the passing starts from the round's first seat, not from the 2C's holder, who is not told") {
  auto engine = MakeEngine("hearts", 4);
  for (uint64_t seed = 1; seed <= 20; ++seed) {
    GameState s = engine->NewGame(seed);
    CHECK(engine->Actor(s) == 0);  // round 1 starts with seat 1, whoever holds the 2 of clubs
  }
}

TEST_CASE(
    "hearts/cards passed are delivered when the last decision is not a pass, and a moon needs every point") {
  const std::string path = FindRuleset("hearts");
  std::string yaml = ReadText(path);
  const std::string pass_move = "    direction: [left, right, across, none]\n";
  REQUIRE(yaml.find(pass_move) != std::string::npos);
  // Each card passed asks the passer to note something: the last answer is that note.
  yaml.replace(yaml.find(pass_move), pass_move.size(),
               pass_move + "    then: {ask: note}\n  note: {type: choose, options: [ok], in_turn: false}\n");
  // A bonus card worth less than nothing is no part of a moon.
  yaml.replace(yaml.find("card_points:\n"), 13, "card_points:\n  - {if: {rank: J, suit: D}, points: -10}\n");
  auto engine = std::make_unique<Engine>(std::make_shared<GameConfig>(LoadRulesetFromString(yaml, path), 4));
  GameState s = engine->NewGame(3);
  while (!s.decisions.empty()) REQUIRE(engine->Apply(s, engine->LegalMoves(s)[0]).ok);
  for (int p = 1; p <= 4; ++p) {
    CHECK(Cards(*engine, s, "hand", p).size() == 13);
    CHECK(Cards(*engine, s, "passed", p).empty());
  }
  const std::string moon =
      R"({"zones": {"won 3": ["QS", "2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "10H",
      "JH", "QH", "KH", "AH"], "won 1": ["JD"]}})";
  CHECK(engine->Score(Position(*engine, moon)) == std::vector<int>{16, 26, 0, 26});
}
