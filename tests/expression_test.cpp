// The rules' expressions (docs/rulesets.md#expressions): a move's `when:`, an effect's `if:`,
// `score: formula:` and `match: ends_when:` on tests/fixtures/shedding/conditions.yaml; what
// the loader says of expressions it cannot read; and the compiled program's arithmetic.
#include <doctest/doctest.h>

#include "interpreter/load/expression_parser.h"
#include "interpreter/mechanisms/evaluate.h"
#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

const std::string kFixture = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/shedding/conditions.yaml";

std::unique_ptr<Engine> Conditions(int players) {
  return std::make_unique<Engine>(std::make_shared<GameConfig>(LoadRuleset(kFixture), players));
}

// What the loader says of the fixture once `from` is replaced by `to`.
std::string LoadError(const std::string& from, const std::string& to) {
  return EditedLoadError(kFixture, from, to, kFixture);
}

// The value of `text` as a number for player 1 of `state` (a `score: formula:` compiled alone).
int Value(const Engine& engine, const GameState& state, const std::string& text) {
  const std::string yaml =
      EditedText(kFixture, "formula: \"max(0, 10 - 10 * count(hand))\"", "formula: \"" + text + "\"");
  const auto rules = LoadRulesetFromString(yaml, kFixture);
  return Evaluate(engine, state, rules->score_formulas.at(0).expression, {0});
}

}  // namespace

TEST_CASE("expressions/when: a move is offered only while its condition holds, and a refusal says why") {
  auto engine = Conditions(2);
  // A card of the suit on top in hand: the 5 is refused, in the ruleset's words.
  GameState s = Table(
      *engine, {{"stock", {"1b"}}, {"pile", {"2a"}}, {"hand 1", {"1a", "4b", "5c"}}, {"hand 2", {"4c"}}});
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"play 1a", "draw"});
  CHECK(ParseMove(*engine, s, "play 5c").error ==
        "'play 5c' is not allowed now: a 5 only when you hold no card of the suit on top");
  // None of that suit: the 5 goes.
  s = Table(*engine, {{"stock", {"1b"}}, {"pile", {"2a"}}, {"hand 1", {"4b", "5c"}}, {"hand 2", {"4c"}}});
  CHECK(IsLegal(*engine, s, "play 5c"));
  // A condition on the state alone: no draw with five cards in hand, and the refusal quotes it.
  s = Table(
      *engine,
      {{"stock", {"1b"}}, {"pile", {"2a"}}, {"hand 1", {"1c", "2c", "3c", "4c", "3b"}}, {"hand 2", {"4a"}}});
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"play 2c", "pass"});  // pass waits for draw alone
  CHECK(ParseMove(*engine, s, "draw").error == "'draw' is not allowed now: it needs count(hand) < 5");
}

TEST_CASE("expressions/a refusal quotes numbers of the state: {EXPRESSION}") {
  const std::string yaml =
      EditedText(kFixture, "refusal: \"a 5 only when you hold no card of the suit on top\"",
                 "refusal: \"a 5 only when you hold no card of the suit on top (you hold {count(hand)}, "
                 "{count(hand, suit == top(pile).suit)} of it)\"");
  Engine engine(std::make_shared<GameConfig>(LoadRulesetFromString(yaml, kFixture), 2));
  GameState s = Table(
      engine, {{"stock", {"1b"}}, {"pile", {"2a"}}, {"hand 1", {"1a", "4b", "5c"}}, {"hand 2", {"4c"}}});
  CHECK(ParseMove(engine, s, "play 5c").error ==
        "'play 5c' is not allowed now: a 5 only when you hold no card of the suit on top (you hold 3, 1 of "
        "it)");
  CHECK(LoadError("of the suit on top\"", "of the suit {on top\"").find("refusal: a '{' without its pair") !=
        std::string::npos);
  CHECK(LoadError("of the suit on top\"", "of the suit {cuont(hand)}\"")
            .find("refusal: 'cuont(hand)': unknown function 'cuont'; did you mean 'count'?") !=
        std::string::npos);
}

TEST_CASE("expressions/an effect's if: is tested once the move's cards moved") {
  auto engine = Conditions(3);
  // The 3 leaves two cards: the next player is skipped.
  GameState s = Table(*engine, {{"stock", {"1c"}},
                                {"pile", {"2a"}},
                                {"hand 1", {"3a", "1b", "2b"}},
                                {"hand 2", {"4c"}},
                                {"hand 3", {"4b"}}});
  Play(*engine, s, "play 3a");
  CHECK(engine->Actor(s) == 2);
  // It leaves one: no skip.
  s = Table(*engine, {{"stock", {"1c"}},
                      {"pile", {"2a"}},
                      {"hand 1", {"3a", "1b"}},
                      {"hand 2", {"4c"}},
                      {"hand 3", {"4b"}}});
  Play(*engine, s, "play 3a");
  CHECK(engine->Actor(s) == 1);
}

TEST_CASE("expressions/score: formula: adds to the rest of the score, per player") {
  auto engine = Conditions(2);
  const GameState s =
      Table(*engine, {{"stock", {"1b"}}, {"pile", {"2a"}}, {"hand 1", {}}, {"hand 2", {"1a", "4b"}}});
  CHECK(engine->Score(s) ==
        std::vector<int>{10, -5});  // minus: hand, then the formula's 10 for an empty hand
}

TEST_CASE("expressions/match: ends_when: the match ends after the round where it holds") {
  auto engine = Conditions(3);
  int ended_early = 0;
  for (uint64_t g = 0; g < 100; ++g) {
    const GameState s = RandomGame(*engine, MixSeed(44, g));
    REQUIRE(s.finished);
    REQUIRE(CheckState(*engine, s).empty());
    const bool low = std::any_of(s.totals.begin(), s.totals.end(), [](int t) { return t <= -30; });
    CHECK((low || s.round == 50));
    // Had it ended a round earlier, nobody would have been at -30: the rule ends it at once.
    ended_early += low ? 1 : 0;
  }
  CHECK(ended_early > 50);
}

TEST_CASE("expressions/arithmetic, aggregates, properties and parameters") {
  auto engine = Conditions(3);
  const GameState s = Table(*engine,
                            {{"stock", {"1b"}},
                             {"pile", {"2a", "4c"}},
                             {"hand 1", {"1a", "3a", "5b"}},
                             {"hand 2", {"2c"}},
                             {"hand 3", {}}},
                            R"(, "totals": [7, -3, 12])");
  CHECK(Value(*engine, s, "7 - 2 - 1") == 4);  // left to right
  CHECK(Value(*engine, s, "2 + 3 * 4") == 14);
  CHECK(Value(*engine, s, "(2 + 3) * 4") == 20);
  CHECK(Value(*engine, s, "-7 / 2") == -3);  // toward zero
  CHECK(Value(*engine, s, "7 % 0 + 7 / 0") == 0);
  CHECK(Value(*engine, s, "2147483647 + 1") == 2147483647);  // held at the end, never wrapped
  CHECK(Value(*engine, s, "count(hand)") == 3);
  CHECK(Value(*engine, s, "count(hand, suit == a)") == 2);
  CHECK(Value(*engine, s, "count(hand, rank > 2)") == 2);
  CHECK(Value(*engine, s, "sum(players, count(hand))") == 4);
  CHECK(Value(*engine, s, "sum(others, count(hand))") == 1);
  CHECK(Value(*engine, s, "max(players, total)") == 12);
  CHECK(Value(*engine, s, "min(others, total)") == -3);
  CHECK(Value(*engine, s, "count(players, count(hand) == 0)") == 1);
  CHECK(Value(*engine, s, "count(players)") == 3);
  CHECK(Value(*engine, s, "points(hand)") == 24);  // 1 + 3 + 20
  CHECK(Value(*engine, s, "sum(hand, points)") == 24);
  CHECK(Value(*engine, s, "count(pile, rank == top(pile).rank and suit != top(pile).suit)") == 2);  // 4a, 4b
  CHECK(Value(*engine, s, "max(1, 5, 3) + min(4, -2) + abs(-6)") == 9);
  CHECK(Value(*engine, s, "$max_plays + players + round + seat") == 55);
  CHECK(Value(*engine, s, "if(count(hand) > 2, 1, 2) + if(seat == 2, 10, 20)") == 21);
  CHECK(Value(*engine, s, "if(count(hand) == 0, 0, sum(others, points(hand)))") == 2);  // 2c
  CHECK(Value(*engine, s, "if(true, 1, 7 / 0)") == 1);
}

TEST_CASE("expressions/patterns among cards: sums, pairs, runs, streak and top_run, over zones joined") {
  auto engine = Conditions(3);
  const GameState s = Table(*engine, {{"stock", {"4b"}},
                                      {"pile", {"1b", "3b", "2a"}},  // on the rest, 5c under 1b
                                      {"hand 1", {"1a", "2b", "2c", "3a"}},
                                      {"hand 2", {}},
                                      {"hand 3", {}}});
  CHECK(Value(*engine, s, "sums(hand, points, 5)") == 3);          // 2b 3a, 2c 3a, 1a 2b 2c
  CHECK(Value(*engine, s, "sums(hand + stock, points, 5)") == 4);  // and 1a 4b
  CHECK(Value(*engine, s, "sums(hand, points, 0) + sums(hand, points, -1) + sums(hand, 1, 4)") == 1);
  CHECK(Value(*engine, s, "sums(hand, points, 1001)") == 0);                     // past the totals counted
  CHECK(Value(*engine, s, "pairs(hand, rank) * 10 + pairs(hand, suit)") == 11);  // 2b 2c; 1a 3a
  CHECK(Value(*engine, s, "runs(hand, rank, 3)") == 6);          // 1 2 3 twice, one for each Two
  CHECK(Value(*engine, s, "runs(hand + stock, rank, 3)") == 8);  // 1 2 3 4 twice
  CHECK(Value(*engine, s, "runs(hand, rank, 4) + runs(stock, rank, 1)") == 1);
  CHECK(Value(*engine, s, "top_run(pile, rank)") == 3);  // 2a 3b 1b: 1 2 3 in any order; 5c breaks it
  CHECK(Value(*engine, s, "streak(pile, rank) * 10 + streak(hand, suit) + top_run(stock, rank)") == 12);
  CHECK(Value(*engine, s, "count(hand + stock + pile) - count(pile)") == 5);
  CHECK(Value(*engine, s, "count(hand + stock, rank == 4) + points(hand + stock)") == 1 + 12);

  const std::string when = "when: \"count(hand) < 5\"";
  CHECK(LoadError(when, "when: \"top_run(hand + pile, rank) > 2\"")
            .find("reads one pile from its top: one zone") != std::string::npos);
  CHECK(LoadError(when, "when: \"pairs(hand, colour) > 0\"")
            .find("pairs(…)'s second part is a property of the cards; properties: rank, suit") !=
        std::string::npos);
  CHECK(LoadError(when, "when: \"runs(hand, rank) > 0\"").find("write runs(ZONE, PROPERTY, SHORTEST)") !=
        std::string::npos);
  CHECK(LoadError(when, "when: \"count(hand + players) > 0\"")
            .find("'+' joins zones (hand + starter), not players") != std::string::npos);
  CHECK(LoadError(when, "when: \"count(hand + pile + stock + hand + pile) > 0\"")
            .find("at most 4 zones joined") != std::string::npos);
  CHECK(
      LoadError(when, "when: \"top(hand + pile).rank == 1\"").find("top(ZONE): the card on top of a zone") !=
      std::string::npos);
}

TEST_CASE("expressions/the loader says where and what, and what was meant") {
  const std::string when = "when: \"count(hand) < 5\"";
  CHECK(LoadError(when, "when: \"count(hnd) < 5\"").find("did you mean 'hand'?") != std::string::npos);
  CHECK(LoadError(when, "when: \"count(hand) < 5\"").find("loaded without error") != std::string::npos);
  const std::string located = LoadError(when, "when: \"cuont(hand) < 5\"");
  CHECK(located.find("conditions.yaml:19:11: when: 'cuont(hand) < 5': unknown function 'cuont'; did you mean "
                     "'count'?") != std::string::npos);
  CHECK(LoadError(when, "when: \"count(hand)\"").find("this is a number, not a condition") !=
        std::string::npos);
  CHECK(LoadError(when, "when: \"hand < 5\"").find("'hand' is a zone: count(hand)") != std::string::npos);
  CHECK(LoadError(when, "when: \"count(hand) = 5\"").find("'=' alone: compare with '=='") !=
        std::string::npos);
  CHECK(LoadError(when, "when: \"1 < 2 < 3\"").find("comparisons do not chain") != std::string::npos);
  CHECK(LoadError(when, "when: \"count(hand) < 5 and\"").find("ends where a value should be") !=
        std::string::npos);
  CHECK(LoadError(when, "when: \"(count(hand) < 5\"").find("expected ')' to close '('") != std::string::npos);
  CHECK(LoadError(when, "when: \"card.rank == 5\"").find("there is no move's card here") !=
        std::string::npos);
  CHECK(LoadError(when, "when: \"top(pile).rank == 9\"").find("'9' is not one of the ranks: 1, 2, 3, 4, 5") !=
        std::string::npos);
  CHECK(LoadError(when, "when: \"top(pile).rank == top(pile).suit\"")
            .find("'==' compares a rank with a suit") != std::string::npos);
  CHECK(LoadError(when, "when: \"count(hand) < true\"").find("'<' compares a number with a condition") !=
        std::string::npos);
  CHECK(LoadError(when, "when: \"$max_play > 1\"").find("did you mean 'max_plays'?") != std::string::npos);
  CHECK(LoadError(when, "when: \"rank == 5\"").find("no card is in question here") != std::string::npos);
  CHECK(LoadError("ends_when: \"any(players, total <= -30)\"", "ends_when: \"total <= -30\"")
            .find("'total' is each player's, and no player is in question here") != std::string::npos);
  CHECK(LoadError(when, "when: \"" + std::string(30, '(') + "1 < 2" + std::string(30, ')') + "\"")
            .find("nested more than 24 deep") != std::string::npos);
  CHECK(LoadError(when, "when: \"" + std::string(3000, '1') + "\"").find("an expression is at most 2000") !=
        std::string::npos);
  CHECK(
      LoadError(when, "when: \"if(true, 1, count(hand) < 2)\"").find("if(…) gives a number or a condition") !=
      std::string::npos);
  // Aggregates within aggregates multiply: a test that could read 15^4 × 16^2 cards is refused.
  CHECK(LoadError(when,
                  "when: \"count(hand, count(pile, any(players, any(others, count(stock, count(pile, "
                  "true) > 0) > 0)))) > 0\"")
            .find("count(…) within others may read 12960000 cards or players each time it is tested; at most "
                  "1000000") != std::string::npos);
  CHECK(LoadError(when, "when: \"count(hand, count(pile, rank == 1) > 0) > 0\"").find("without error") !=
        std::string::npos);
  // An effect's if: as an expression reads the move's card; a formula is a number, not a truth.
  CHECK(LoadError("formula: \"max(0, 10 - 10 * count(hand))\"", "formula: \"count(hand) > 0\"")
            .find("this is a condition, not a number") != std::string::npos);
}

TEST_CASE(
    "expressions/random games with conditions conserve cards, end, and offer only what the conditions "
    "allow") {
  for (int players = 2; players <= 4; ++players) {
    auto engine = Conditions(players);
    for (uint64_t g = 0; g < static_cast<uint64_t>(Soak(50)); ++g) {
      GameState s = engine->NewGame(MixSeed(45, g));
      for (int guard = 0; !s.finished && guard < 100000; ++guard) {
        const auto legal = engine->LegalMoves(s);
        REQUIRE(!legal.empty());
        const int actor = engine->Actor(s);
        for (const Move& m : legal) {
          if (m.kind == kStopMove || engine->rules().moves[m.kind].name != "draw") continue;
          CHECK(s.zones[engine->ZoneSlot(engine->rules().ZoneIndex("hand"), actor)].cards.size() < 5);
        }
        const Move m = legal[MixSeed(g, s.moves_played) % legal.size()];
        REQUIRE(engine->Apply(s, m).ok);
      }
      REQUIRE(s.finished);
      REQUIRE(CheckState(*engine, s).empty());
    }
  }
}

TEST_CASE("expressions/an auction as data: bids above the best, set:, phase: and an effect's if: in order") {
  const std::string path = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/shedding/auction.yaml";
  auto engine = std::make_unique<Engine>(std::make_shared<GameConfig>(LoadRuleset(path), 3));
  GameState s = engine->NewGame(7);
  const auto var = [&](const char* name) {
    return s.variables[engine->config().VariableSlot(engine->rules().VariableIndex(name), -1)];
  };
  CHECK(LegalTexts(*engine, s).front() == "bid 1");
  Play(*engine, s, "bid 3");
  CHECK(var("best") == 3);
  CHECK(var("taker") == 1);
  // The next bid must beat 3: a lower one is refused, not turned into a fold.
  CHECK(LegalTexts(*engine, s).front() == "bid 4");
  CHECK(ParseMove(*engine, s, "bid 2").error == "bid from 4 to 10");
  Play(*engine, s, "fold");
  Play(*engine, s, "bid 5");  // player 3 outbids: the folds start again
  CHECK(var("folds") == 0);
  CHECK(var("taker") == 3);
  Play(*engine, s, "fold");
  CHECK(s.phase == 0);  // one fold of two: still bidding, and the fold's second effect did not run
  CHECK(engine->usage().effects[engine->rules().MoveIndex("fold")][1] == 0);
  Play(*engine, s, "fold");
  CHECK(s.phase == 1);  // the second fold, counted by the effect before: play begins
  CHECK(var("taker") == 3);
  CHECK(var("best") == 5);
  CHECK(engine->usage().effects[engine->rules().MoveIndex("fold")][1] == 1);
  const std::vector<std::string> playing = LegalTexts(*engine, s);
  CHECK(std::find(playing.begin(), playing.end(), "fold") == playing.end());

  for (uint64_t g = 0; g < 100; ++g) {  // every auction ends, and every game
    const GameState game = RandomGame(*engine, MixSeed(46, g));
    REQUIRE(game.finished);
    REQUIRE(CheckState(*engine, game).empty());
  }
}
