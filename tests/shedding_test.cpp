// The shedding vocabulary on a small game with no Lua (tests/fixtures/shedding/shedding.yaml):
// follow: the top card, wild cards and what they are declared to stand for (declares:),
// counted moves (count: per turn, per round, in a row), fallback lists, refilling a stock,
// the engine's own effects (ask, skip, reverse, enabled), and the loader's refusals.
#include <doctest/doctest.h>

#include <set>

#include "interpreter/mechanisms/follow.h"
#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

using Texts = std::vector<std::string>;
const std::string kFixture = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/shedding/shedding.yaml";

std::unique_ptr<Engine> Shedding(int players, const std::map<std::string, std::string>& settings = {}) {
  return std::make_unique<Engine>(std::make_shared<GameConfig>(LoadRuleset(kFixture), players, settings));
}

int Variable(const Engine& engine, const GameState& s, const std::string& name) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), -1)];
}

std::string LoadError(const std::string& from, const std::string& to) {
  return EditedLoadError(kFixture, from, to, "shedding.yaml");
}

}  // namespace

TEST_CASE("shedding/a card follows the top by one of the properties, a wild card goes on anything") {
  auto engine = Shedding(2);
  GameState s =
      Table(*engine,
            {{"stock", {"1b"}}, {"pile", {"2a"}}, {"hand 1", {"1a", "2b", "3c", "5c"}}, {"hand 2", {"4b"}}});
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"draw", "play 1a", "play 2b", "play 5c"});
}

TEST_CASE(
    "shedding/a wild card played is declared by the move its effect asks, and the next card follows that") {
  auto engine = Shedding(2);
  GameState s = Table(
      *engine,
      {{"stock", {"3b"}}, {"pile", {"2a"}}, {"hand 1", {"5c", "1a"}}, {"hand 2", {"1b", "1c", "5a", "2c"}}});
  Play(*engine, s, "play 5c");
  CHECK(engine->Actor(s) == 0);
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"name a", "name b", "name c"});
  Play(*engine, s, "name b");
  CHECK(engine->Actor(s) == 1);
  // 5c stands for suit b: 1b follows it, 5a is wild, 2c and 1c share nothing with a 5 of b.
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"draw", "play 1b", "play 5a"});
}

TEST_CASE("shedding/a wild card on top that nobody declared takes any card") {
  auto engine = Shedding(2);
  GameState s =
      Table(*engine, {{"stock", {}}, {"pile", {"5a"}}, {"hand 1", {"1b", "2c"}}, {"hand 2", {"4b"}}});
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"pass", "play 1b", "play 2c"});  // no stock: no draw
}

TEST_CASE("shedding/draws are counted per turn up to their max, and pass is offered only once no draw is") {
  auto engine = Shedding(2);
  GameState s = Table(
      *engine, {{"stock", {"1c", "2c", "3c"}}, {"pile", {"4a"}}, {"hand 1", {"1b"}}, {"hand 2", {"4b"}}});
  CHECK(LegalTexts(*engine, s) == Texts{"draw"});
  Play(*engine, s, "draw");
  CHECK(LegalTexts(*engine, s) == Texts{"draw"});
  CHECK(Variable(*engine, s, "draws") == 1);
  Play(*engine, s, "draw");
  CHECK(LegalTexts(*engine, s) == Texts{"pass"});  // two draws: the max
  Play(*engine, s, "pass");
  CHECK(engine->Actor(s) == 1);
  CHECK(Variable(*engine, s, "draws") == 0);  // a new turn
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"draw", "play 4b"});
}

TEST_CASE("shedding/passes in a row with the stock empty end the game, any other move sets them back") {
  auto engine = Shedding(2);
  GameState s =
      Table(*engine, {{"stock", {}}, {"pile", {"4a"}}, {"hand 1", {"1b", "2b"}}, {"hand 2", {"4b", "3c"}}});
  Play(*engine, s, "pass");
  CHECK(Variable(*engine, s, "passes") == 1);
  Play(*engine, s, "play 4b");  // a play: the passes start again
  CHECK(Variable(*engine, s, "passes") == 0);
  Play(*engine, s, "play 2b");
  Play(*engine, s, "pass");
  CHECK_FALSE(s.finished);
  Play(*engine, s, "pass");  // players (2) passes in a row
  CHECK(s.finished);
}

TEST_CASE("shedding/a pass with cards left in the stock does not count towards the end") {
  auto engine = Shedding(2);
  GameState s =
      Table(*engine, {{"stock", {"1c", "2c"}}, {"pile", {"4a"}}, {"hand 1", {"1b"}}, {"hand 2", {"2b"}}},
            R"(, "variables": {"draws": 2})");
  Play(*engine, s, "pass");
  CHECK(Variable(*engine, s, "passes") == 0);
  CHECK(engine->Actor(s) == 1);
}

TEST_CASE("shedding/plays are counted over the round and end it at their count") {
  auto engine = Shedding(2, {{"max_plays", "2"}});
  GameState s = Table(
      *engine, {{"stock", {"1c"}}, {"pile", {"1a"}}, {"hand 1", {"2a", "2b"}}, {"hand 2", {"2c", "1b"}}});
  Play(*engine, s, "play 2a");
  CHECK_FALSE(s.finished);
  CHECK(Variable(*engine, s, "plays") == 1);
  Play(*engine, s, "play 2c");
  CHECK(s.finished);
}

TEST_CASE("shedding/skip passes over the next player, reverse turns play round, enabled switches an effect") {
  const std::vector<std::pair<std::string, Texts>> table = {
      {"stock", {"1c"}},  {"pile", {"1a"}},   {"hand 1", {"3a", "4a", "2b"}},
      {"hand 2", {"1b"}}, {"hand 3", {"3c"}}, {"hand 4", {"2a"}}};
  auto engine = Shedding(4);
  GameState s = Table(*engine, table);
  Play(*engine, s, "play 3a");
  CHECK(engine->Actor(s) == 2);  // player 2 skipped
  s = Table(*engine, table);
  Play(*engine, s, "play 4a");
  CHECK(engine->Actor(s) == 3);  // to the right: player 4
  auto no_skips = Shedding(4, {{"skips", "false"}});
  s = Table(*no_skips, table);
  Play(*no_skips, s, "play 3a");
  CHECK(no_skips->Actor(s) == 1);
}

namespace {

// The fixture with a 2 that makes the next player draw 2, or answer with a 2 (`penalty:`).
std::unique_ptr<Engine> WithPenalty(int players) {
  const std::string yaml = R"(extends: shedding.yaml
name: shedding_penalty
variables: {penalty: {visible: all}}
moves:
  play:
    then:
      - {ask: name, if: {rank: "5"}}
      - {penalty: {draw: 2, into: penalty, paid_by: draw}, if: {rank: "2"}}
)";
  const std::string as = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/shedding/penalty.yaml";
  return std::make_unique<Engine>(std::make_shared<GameConfig>(LoadRulesetFromString(yaml, as), players));
}

}  // namespace

TEST_CASE(
    "shedding/penalty: a 2 makes the next draw two or answer with a 2, the draws add up, a turn is spent") {
  auto engine = WithPenalty(4);
  GameState s = Table(*engine, {{"stock", {"1c", "3c", "4c", "1b", "3b", "4b"}},
                                {"pile", {"2c"}},
                                {"hand 1", {"2a", "5a"}},
                                {"hand 2", {"2b", "3a"}},
                                {"hand 3", {"1a", "4a"}},
                                {"hand 4", {"5b", "5c"}}});
  Play(*engine, s, "play 2a");
  CHECK(engine->Actor(s) == 1);  // player 2 answers: draw, or a 2 (not the 3a that follows suit)
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"draw", "play 2b"});
  CHECK(Variable(*engine, s, "penalty") == 2);
  Play(*engine, s, "play 2b");
  CHECK(engine->Actor(s) == 2);  // player 3 holds no 2: draw
  CHECK(LegalTexts(*engine, s) == Texts{"draw"});
  CHECK(Variable(*engine, s, "penalty") == 4);
  for (int i = 0; i < 4; ++i) {
    CHECK(engine->Actor(s) == 2);
    Play(*engine, s, "draw");
  }
  CHECK(Cards(*engine, s, "hand", 3).size() == 2 + 4);
  CHECK(Variable(*engine, s, "penalty") == 0);
  CHECK(engine->Actor(s) == 3);  // player 3's turn went on the draws: player 4 plays
}

TEST_CASE(
    "shedding/penalty: nothing to draw, nobody is attacked, and the stock running out forgives the rest") {
  auto engine = WithPenalty(2);
  GameState s = Table(*engine, {{"pile", {"2c"}}, {"hand 1", {"2a", "1a"}}, {"hand 2", {"3a", "4b"}}});
  Play(*engine, s, "play 2a");
  CHECK(Variable(*engine, s, "penalty") == 0);
  CHECK(engine->Actor(s) == 1);  // an ordinary turn for player 2
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"pass", "play 3a"});
  GameState t =
      Table(*engine, {{"stock", {"1c"}}, {"pile", {"2c"}}, {"hand 1", {"2a", "1a"}}, {"hand 2", {"3a"}}});
  Play(*engine, t, "play 2a");
  Play(*engine, t, "draw");  // the stock's one card: the second is forgiven
  CHECK(Variable(*engine, t, "penalty") == 0);
  CHECK(engine->Actor(t) == 0);
}

TEST_CASE("shedding/an empty stock takes the pile but its top, when refill is enabled") {
  for (const char* reshuffle : {"true", "false"}) {
    CAPTURE(reshuffle);
    auto engine = Shedding(2, {{"reshuffle", reshuffle}});
    GameState s =
        Table(*engine, {{"stock", {"1c"}}, {"pile", {"2a"}}, {"hand 1", {"1b"}}, {"hand 2", {"4b"}}});
    Play(*engine, s, "draw");  // the stock's last card
    if (std::string(reshuffle) == "true") {
      CHECK(Cards(*engine, s, "stock").size() == 15 - 4);  // all but the hands' and the top
      CHECK(Cards(*engine, s, "pile") == Texts{"2a"});
    } else {
      CHECK(Cards(*engine, s, "stock").empty());
      CHECK(Cards(*engine, s, "pile").size() == 15 - 3);
    }
  }
}

TEST_CASE(
    "shedding/card points: the first rule that fits a card counts, values add up, a rule may be switched") {
  for (const char* club_cost : {"false", "true"}) {
    CAPTURE(club_cost);
    auto engine = Shedding(2, {{"club_cost", club_cost}});
    GameState s = Table(
        *engine, {{"stock", {"1a"}}, {"pile", {"2a"}}, {"hand 1", {"5c", "3c", "4b"}}, {"hand 2", {"1c"}}});
    // 5c: 20 whatever its suit (the first rule); 3c: 3, or 103; 4b: 4; 1c: 1, or 101.
    if (std::string(club_cost) == "true")
      CHECK(engine->Score(s) == std::vector<int>{-127, -101});
    else
      CHECK(engine->Score(s) == std::vector<int>{-27, -1});
  }
}

TEST_CASE("shedding/score: team: true, partners each score their team's sum") {
  const std::string as = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/shedding/teams.yaml";
  auto rules = LoadRulesetFromString(
      "extends: shedding.yaml\nname: teams\nplayers: {min: 4, max: 4}\nteams: 2\n"
      "score: {team: true}\n",
      as);
  Engine engine(std::make_shared<GameConfig>(rules, 4));
  const GameState s = Table(engine, {{"stock", {"1c"}},
                                     {"pile", {"2c"}},
                                     {"hand 1", {"1a"}},
                                     {"hand 2", {"2a"}},
                                     {"hand 3", {"3a"}},
                                     {"hand 4", {"4b"}}});
  CHECK(engine.Score(s) == std::vector<int>{-4, -6, -4, -6});  // 1 + 3 and 2 + 4, cards left in hand
  try {
    LoadRulesetFromString("extends: shedding.yaml\nname: teams\nscore: {team: true}\n", as);
    FAIL("loaded");
  } catch (const std::exception& e) {
    CHECK(std::string(e.what()).find(
              "score: team: partners share their team's points; declare teams: first") != std::string::npos);
  }
}

TEST_CASE("shedding/a refused move says which rule it broke") {
  auto engine = Shedding(2);
  GameState s =
      Table(*engine,
            {{"stock", {"1c", "2c", "3c"}}, {"pile", {"2a"}}, {"hand 1", {"3b", "1a"}}, {"hand 2", {"4b"}}});
  CHECK(ParseMove(*engine, s, "play 3b").error ==
        "3b does not follow 2a on top: play a card of suit a or of rank 2, or a card of rank 5 (wild)");
  CHECK(ParseMove(*engine, s, "pass").error == "'pass' only once you may not draw");
  Play(*engine, s, "draw");
  Play(*engine, s, "draw");
  CHECK(ParseMove(*engine, s, "draw").error == "'draw' is allowed 2 times a turn, and that is done");
  // A wild card on top names what it stands for.
  s = Table(*engine, {{"stock", {"1c"}}, {"pile", {"5a=c"}}, {"hand 1", {"3b"}}, {"hand 2", {"4b"}}});
  CHECK(ParseMove(*engine, s, "play 3b").error ==
        "3b does not follow 5a on top, standing for suit c: play a card of suit c or of rank 5, or a card of "
        "rank 5 "
        "(wild)");
}

TEST_CASE("shedding/the bit masks of follow: agree with reading each value, on every top and card") {
  for (const char* game : {"crazy_eights", "huit_americain", "zigity"}) {
    CAPTURE(game);
    auto engine = MakeEngine(game, 3);
    const auto& moves = engine->rules().moves;
    GameState s = engine->NewGame(1);
    const CardSet& set = engine->cards();
    for (size_t k = 0; k < moves.size(); ++k) {
      if (moves[k].follow.empty()) continue;
      const FollowKeys keys = MakeFollowKeys(set, moves[k]);
      REQUIRE_FALSE(keys.keys.empty());
      auto& pile = s.zones[engine->ZoneSlot(moves[k].to, -1)].cards;
      for (int top = 0; top < set.size(); ++top) {
        for (int declared = -1; declared < 4; ++declared) {
          pile = {static_cast<CardId>(top)};
          s.declared.assign(set.size(), -1);
          if (set.Wild(static_cast<CardId>(top)) >= 0) s.declared[top] = static_cast<int8_t>(declared);
          const TopToFollow fast = ReadTop(*engine, s, moves[k], keys, 0);
          const TopToFollow slow = ReadTop(*engine, s, moves[k], FollowKeys{}, 0);
          for (int c = 0; c < set.size(); ++c) {
            const auto card = static_cast<CardId>(c);
            if (Follows(set, fast, keys, card) != Follows(set, slow, FollowKeys{}, card)) {
              FAIL_CHECK(set.Code(card)
                         << " on " << set.Code(static_cast<CardId>(top)) << " declared " << declared);
            }
          }
        }
      }
    }
  }
}

TEST_CASE("shedding/random games conserve cards and end") {
  int i = 0;
  for (int players = 2; players <= 4; ++players) {
    for (const char* reshuffle : {"false", "true"}) {
      CAPTURE(players);
      CAPTURE(reshuffle);
      auto engine = Shedding(players, {{"reshuffle", reshuffle}});
      for (int g = 0; g < Soak(300); ++g) {
        const GameState s = RandomGame(*engine, MixSeed(5, i++));
        REQUIRE(s.finished);
        REQUIRE(CheckState(*engine, s).empty());
      }
    }
  }
}

TEST_CASE("shedding/the loader refuses what the vocabulary cannot mean") {
  CHECK(LoadError("follow: [suit, rank]", "follow: [suit, colour]") ==
        "shedding.yaml:45:20: unknown card property 'colour'; properties are: rank, suit");
  CHECK(LoadError("    type: draw\n", "    type: draw\n    follow: suit\n") ==
        "shedding.yaml:53:13: follow: only for take moves (one card onto a pile)");
  CHECK(LoadError("per: turn", "per: weekly") ==
        "shedding.yaml:56:31: unknown per 'weekly'; expected round, turn or row");
  CHECK(LoadError("ends_round_at: players}", "ends_round_at: players * 2}") ==
        "shedding.yaml:60:72: 'players * 2': expected a number, $parameter, players, or players + N / "
        "players - N");
  CHECK(LoadError("fallback: [draw]", "fallback: [drew]") ==
        "shedding.yaml:59:16: unknown move 'drew'; did you mean 'draw'?");
  CHECK(LoadError("{ask: name,", "{ask: nmae,") ==
        "shedding.yaml:48:15: unknown move 'nmae'; did you mean 'name'?");
  CHECK(LoadError("{skip: 1,", "{skip: 0,") == "shedding.yaml:49:16: skip: the players passed over, from 1");
  CHECK(LoadError("{reverse: true,", "{reverse: true, skip: 1,") ==
        "shedding.yaml:50:9: an effect is one of script: FUNCTION, ask: MOVE, skip: N, reverse: true, "
        "penalty: {draw, into, paid_by}, set: {VARIABLE: EXPRESSION}, phase: NAME, lay: {combination, from, "
        "to}, next: SEAT, move: {from, to} or end: round|game");
  CHECK(LoadError("{reverse: true,", "{penalty: {draw: 2, into: plays, paid_by: pass},") ==
        "shedding.yaml:50:51: penalty: paid_by: 'pass' is not a move of type draw");
  CHECK(
      LoadError("{reverse: true,",
                "{penalty: {draw: 2, into: plays, paid_by: draw}, if: {rank: \"1\"}}\n"
                "      - {penalty: {draw: 2, into: draws, paid_by: draw},") ==
      "shedding.yaml:51:51: penalty: 'draw' already pays the penalty kept in 'plays'; a draw move pays one");
  CHECK(LoadError("{reverse: true,", "{penalty: {draw: 0, into: plays, paid_by: draw},") ==
        "shedding.yaml:50:26: penalty: draw: the cards to draw, 1 or more");
  CHECK(LoadError("{reverse: true,", "{penalty: {draw: 2, into: hand, paid_by: draw},") ==
        "shedding.yaml:50:35: unknown variable 'hand'; variables are: draws, plays, passes");
  CHECK(LoadError("options: suit", "options: [a, b]") ==
        "shedding.yaml:64:15: declares: only for a choose move whose options are a card property (options: "
        "suit)");
  CHECK(LoadError("refill: {from: pile,", "refill: {from: stock,") ==
        "shedding.yaml:22:55: refill: a zone cannot refill itself");
  CHECK(LoadError("into: draws,", "into: drwas,") ==
        "shedding.yaml:56:19: unknown variable 'drwas'; did you mean 'draws'?");
  CHECK(LoadError("{if: {rank: \"5\"}, points: 20}", "{if: {rank: \"5\"}, points: {rank: {\"6\": 1}}}") ==
        "shedding.yaml:67:39: '6' is not a value of 'rank'; its values are: 1, 2, 3, 4, 5");
  CHECK(LoadError("score: {minus: hand}", "score: {minus: pile}") ==
        "shedding.yaml:71:16: score: minus: a zone each player owns (a hand, the tricks won)");
  CHECK(LoadError("wild: {rank: \"5\", for: suit}", "wild: {rank: \"5\"}") ==
        "shedding.yaml:64:15: declares: no card is wild for 'suit', so nothing could stand for its options "
        "(cards: "
        "wild: {…, for: suit})");
  CHECK(LoadError("wild: {rank: \"5\", for: suit}", "wild: {rank: \"5\", for: color}") ==
        "shedding.yaml:19:26: unknown card property 'color'; properties are: rank, suit");
}
