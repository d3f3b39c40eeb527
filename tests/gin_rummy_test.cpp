// Gin rummy (rulesets/gin_rummy.yaml), on its usual rules: draw from the stock or the discard
// pile, then discard or knock; a knock leaves 10 or less of deadwood (Ace 1, face cards 10) in
// sets and runs; the other player lays off onto the knocker's melds; gin 25 with no lay-off;
// undercut 25 when the other counts no more; a discard that leaves two in the stock draws the
// deal. The mechanisms: `take` with `knock:`, `score: knock`, `turn: round_ends_when_low`.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <random>

#include "interpreter/mechanisms/deadwood.h"
#include "interpreter/model/errors.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

int Variable(const Engine& engine, const GameState& s, const std::string& name) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), 0)];
}

// Player 1 to discard (drawn already) with `hand1` (11 cards), player 2 holding `hand2`.
GameState AfterDraw(const Engine& engine, const std::string& hand1, const std::string& hand2) {
  return Position(engine, fmt::format(R"({{"zones": {{"hand 1": {}, "hand 2": {}, "discard": ["6S"]}},
      "turn": 1, "variables": {{"drawn": 1}}}})",
                                      hand1, hand2));
}

// 7H 8H 9H, KS KD KC and 2C 3C 4C meld; 5D and QH are left out.
const std::string kKnocker = R"(["7H", "8H", "9H", "KS", "KD", "KC", "2C", "3C", "4C", "5D", "QH"])";
// 5S 5H 5C meld; 10H JH extend the knocker's hearts, KH their Kings; AS 2S 9D QD count 22.
const std::string kOther = R"(["10H", "JH", "5S", "5H", "5C", "AS", "2S", "9D", "QD", "KH"])";

// The deadwood of `hand` as the engine counts it, without its card `without` ("" for none).
long long DeadwoodOf(const Engine& engine, std::vector<CardId> hand, CardId without = 0xFFFF) {
  hand.erase(std::remove(hand.begin(), hand.end(), without), hand.end());
  std::vector<int> points;
  for (CardId c : hand) points.push_back(engine.config().CardPointsAs(c, false));
  const std::vector<int> melds = {engine.rules().CombinationIndex("set"),
                                  engine.rules().CombinationIndex("run")};
  return BestArrangement(engine, hand, points, melds).deadwood;
}

// Gin rummy with `edits` (each `from` replaced by its `to`).
std::unique_ptr<Engine> EditedGin(const std::vector<std::pair<std::string, std::string>>& edits) {
  const std::string path = FindRuleset("gin_rummy");
  std::string yaml = ReadText(path);
  for (const auto& [from, to] : edits) {
    REQUIRE(yaml.find(from) != std::string::npos);
    yaml.replace(yaml.find(from), from.size(), to);
  }
  return std::make_unique<Engine>(std::make_shared<GameConfig>(LoadRulesetFromString(yaml, path), 2));
}

// Twos wild in sets and runs, worth `two` points.
std::unique_ptr<Engine> WildTwos(const std::string& two) {
  return EditedGin(
      {{"  pack: every\n", "  pack: every\n  wild: {rank: \"2\"}\n"}, {"\"2\": 2,", "\"2\": " + two + ","}});
}

}  // namespace

TEST_CASE("gin_rummy/a turn draws from the stock or the pile, then discards or knocks") {
  auto engine = MakeEngine("gin_rummy", 2);
  GameState s = engine->NewGame(3);
  CHECK(Cards(*engine, s, "hand", 1).size() == 10);
  CHECK(Cards(*engine, s, "discard").size() == 1);  // the upcard
  CHECK(Cards(*engine, s, "stock").size() == 31);
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"draw", "pick"});
  CHECK(ParseMove(*engine, s, "discard " + Cards(*engine, s, "hand", 1)[0]).error.find("only once") !=
        std::string::npos);
  Play(*engine, s, "pick");
  const std::vector<std::string> after = LegalTexts(*engine, s);
  CHECK(after.size() >= 10);  // a discard of each card but the one picked, and any knocks
  CHECK(std::find(after.begin(), after.end(), "draw") == after.end());
  Play(*engine, s, "discard " + Cards(*engine, s, "hand", 1)[0]);
  CHECK(s.turn_player == 1);
}

TEST_CASE("gin_rummy/the card picked from the pile stays in the hand until the next turn (keep_picked)") {
  auto engine = MakeEngine("gin_rummy", 2);
  GameState s = engine->NewGame(3);
  const std::string upcard = Cards(*engine, s, "discard")[0];
  const auto offers = [&](Engine& e, const GameState& state, const std::string& text) {
    const std::vector<std::string> legal = LegalTexts(e, state);
    return std::find(legal.begin(), legal.end(), text) != legal.end();
  };
  Play(*engine, s, "pick");
  CHECK_FALSE(offers(*engine, s, "discard " + upcard));
  const std::string why = upcard + " was taken with 'pick' this turn: it stays in your hand until the turn is over";
  CHECK(ParseMove(*engine, s, "discard " + upcard).error == why);
  CHECK(ParseMove(*engine, s, "knock " + upcard).error == why);
  std::string other = Cards(*engine, s, "hand", 1)[0];
  if (other == upcard) other = Cards(*engine, s, "hand", 1)[1];
  CHECK(offers(*engine, s, "discard " + other));
  Play(*engine, s, "discard " + other);
  Play(*engine, s, "draw");
  Play(*engine, s, "discard " + Cards(*engine, s, "hand", 2)[0]);
  Play(*engine, s, "draw");  // player 1's next turn: the card may go now
  CHECK(offers(*engine, s, "discard " + upcard));

  auto loose = MakeEngine("gin_rummy", 2, {{"keep_picked", "false"}});
  GameState t = loose->NewGame(3);
  Play(*loose, t, "pick");
  CHECK(offers(*loose, t, "discard " + upcard));
}

TEST_CASE("gin_rummy/a player left with only the card picked has no move: the table is told the turn passes") {
  auto engine = MakeEngine("gin_rummy", 2);
  GameState s = Position(*engine, R"({"zones": {"hand 1": [], "hand 2": )" + kOther +
                                      R"(, "discard": ["QH"]}, "turn": 1})");
  MoveStates states;
  engine->CaptureStates(&states);
  Play(*engine, s, "pick");
  engine->CaptureStates(nullptr);
  CHECK(states.said == std::vector<std::string>{"player 1 has no move: the turn passes"});
  CHECK(s.turn_player == 1);
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"draw"});  // the pile is empty
}

TEST_CASE("gin_rummy/with two packs, the copy of the card picked stays too") {
  auto engine = EditedGin({{"  pack: every\n", "  pack: every\n  copies: 2\n"}});
  GameState s = AfterDraw(*engine, R"(["4D", "4D", "7H", "8H", "9H", "KS", "KD", "KC", "2C", "3C", "QH"])", kOther);
  const auto& hand = s.zones[engine->ZoneSlot(engine->rules().ZoneIndex("hand"), 0)].cards;
  REQUIRE(engine->cards().Code(hand[1]) == "4D");
  std::vector<std::string> legal = LegalTexts(*engine, s);
  CHECK(std::find(legal.begin(), legal.end(), "discard 4D") != legal.end());  // nothing kept yet
  s.variables[engine->config().VariableSlot(engine->rules().VariableIndex("picked"), 0)] = hand[1] + 1;
  legal = LegalTexts(*engine, s);
  CHECK(std::find(legal.begin(), legal.end(), "discard 4D") == legal.end());
  CHECK(std::find(legal.begin(), legal.end(), "discard QH") != legal.end());
  CHECK(ParseMove(*engine, s, "discard 4D").error.find("was taken with 'pick' this turn") != std::string::npos);
}

TEST_CASE(
    "gin_rummy/a knock is offered only for a card that leaves 10 or less, and a refusal says the count") {
  auto engine = MakeEngine("gin_rummy", 2);
  GameState s = AfterDraw(*engine, kKnocker, kOther);
  std::vector<std::string> knocks;
  for (const std::string& text : LegalTexts(*engine, s)) {
    if (text.rfind("knock ", 0) == 0) knocks.push_back(text);
  }
  // Without QH: 5 left; without 5D: QH's 10, as many as a knock may leave.
  CHECK(Sorted(knocks) == std::vector<std::string>{"knock 5D", "knock QH"});
  CHECK(ParseMove(*engine, s, "knock 2C").error ==
        "knocking with 2C leaves 22 of deadwood; a knock leaves 10 at most");
  auto strict = MakeEngine("gin_rummy", 2, {{"knock", "5"}});
  GameState t = AfterDraw(*strict, kKnocker, kOther);
  CHECK(IsLegal(*strict, t, "knock QH"));
  CHECK_FALSE(IsLegal(*strict, t, "knock 5D"));
}

TEST_CASE("gin_rummy/the knocker scores the difference once the other lays off: 22 - 5") {
  auto engine = MakeEngine("gin_rummy", 2);
  GameState s = AfterDraw(*engine, kKnocker, kOther);
  Play(*engine, s, "knock QH");
  CHECK(s.round == 1);
  CHECK(s.totals == std::vector<int>{17, 0});
  // Without laying off, 10H JH KH count too: 52 - 5.
  auto strict = MakeEngine("gin_rummy", 2, {{"lay_off", "false"}});
  GameState t = AfterDraw(*strict, kKnocker, kOther);
  Play(*strict, t, "knock QH");
  CHECK(t.totals == std::vector<int>{47, 0});
}

TEST_CASE("gin_rummy/gin scores 25 and the other's whole deadwood, with nothing laid off") {
  auto engine = MakeEngine("gin_rummy", 2);
  GameState s = AfterDraw(*engine, R"(["7H", "8H", "9H", "KS", "KD", "KC", "2C", "3C", "4C", "5C", "QH"])",
                          R"(["10H", "JH", "5S", "5H", "5D", "AS", "2S", "9D", "QD", "KH"])");
  Play(*engine, s, "knock QH");
  CHECK(s.totals == std::vector<int>{25 + 52, 0});  // 10H JH KH stay in hand: 52
}

TEST_CASE("gin_rummy/a player counting no more than the knocker undercuts: 25 and the difference") {
  auto engine = MakeEngine("gin_rummy", 2);
  // The knocker keeps QH (10); the other counts AS 2S 3D 4S, 10 too: a tie undercuts.
  GameState s =
      AfterDraw(*engine, kKnocker, R"(["5S", "5H", "5C", "6D", "7D", "8D", "AS", "2S", "3D", "4S"])");
  Play(*engine, s, "knock 5D");
  CHECK(s.totals == std::vector<int>{0, 25});
  // With 3S for 3D, AS 2S 3S 4S is a run: the other counts nothing and takes 25 + 10.
  GameState t =
      AfterDraw(*engine, kKnocker, R"(["5S", "5H", "5C", "6D", "7D", "8D", "AS", "2S", "3S", "4S"])");
  Play(*engine, t, "knock 5D");
  CHECK(t.totals == std::vector<int>{0, 35});
}

TEST_CASE("gin_rummy/a discard that leaves two cards in the stock draws the deal, which scores nothing") {
  auto engine = MakeEngine("gin_rummy", 2);
  // Every card but the hands' and three is in the discard pile: the stock holds AD 2D 3D.
  std::vector<std::string> pile;
  for (const char* suit : {"C", "D", "H", "S"}) {
    for (const char* rank : {"A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"}) {
      const std::string code = std::string(rank) + suit;
      if (kKnocker.find('"' + code + '"') == std::string::npos &&
          kOther.find('"' + code + '"') == std::string::npos && code != "AD" && code != "2D" && code != "3D")
        pile.push_back('"' + code + '"');
    }
  }
  // Player 1 holds ten cards (not QH) and is to draw.
  const std::string hand1 = R"(["7H", "8H", "9H", "KS", "KD", "KC", "2C", "3C", "4C", "5D"])";
  pile.push_back("\"QH\"");
  GameState s = Position(*engine, fmt::format(R"({{"zones": {{"hand 1": {}, "hand 2": {}, "discard": [{}]}},
      "turn": 1}})",
                                              hand1, kOther, fmt::join(pile, ", ")));
  REQUIRE(Cards(*engine, s, "stock").size() == 3);
  Play(*engine, s, "draw");
  MoveStates states;
  engine->CaptureStates(&states);
  Play(*engine, s, "discard 7H");
  engine->CaptureStates(nullptr);
  CHECK(states.said == std::vector<std::string>{"the stock is down to 2 cards: the round ends"});
  CHECK(s.round == 1);
  CHECK(s.totals == std::vector<int>{0, 0});
  CHECK(Variable(*engine, s, "knocker") == 0);
  // The player who draws the stock's third-last card may still knock.
  GameState t = Position(*engine, fmt::format(R"({{"zones": {{"hand 1": {}, "hand 2": {}, "discard": [{}]}},
      "turn": 1}})",
                                              hand1, kOther, fmt::join(pile, ", ")));
  Play(*engine, t, "draw");
  CHECK(IsLegal(*engine, t, "knock 5D"));
}

TEST_CASE("gin_rummy/the table is told how a knock was counted") {
  auto engine = MakeEngine("gin_rummy", 2);
  GameState s = AfterDraw(*engine, kKnocker, kOther);
  MoveStates states;
  engine->CaptureStates(&states);
  Play(*engine, s, "knock QH");
  engine->CaptureStates(nullptr);
  REQUIRE(states.said.size() == 3);
  CHECK(states.said[0] == "player 1 knocks: 7H 8H 9H · KC KD KS · 2C 3C 4C; 5D left, deadwood 5");
  CHECK(states.said[1] ==
        "player 2: 5C 5H 5S, lays off 10H JH on 7H 8H 9H, KH on KC KD KS; 9D QD AS 2S left, deadwood 22");
  CHECK(states.said[2] == "player 1 scores 17 (22 - 5)");
}

TEST_CASE(
    "gin_rummy/random games: the knocks offered are those a full count allows, no card is lost, every deal "
    "scores one player") {
  auto engine = MakeEngine("gin_rummy", 2, {{"deals", "12"}});
  const int knock = engine->rules().MoveIndex("knock");
  std::mt19937_64 rng(7);
  int knocks_seen = 0, deals = 0;
  for (int game = 0; game < Soak(40); ++game) {
    GameState s = engine->NewGame(static_cast<uint64_t>(game) + 1);
    int moves = 0;
    while (!s.finished) {
      REQUIRE(++moves < 100'000);
      const std::vector<Move> legal = engine->LegalMoves(s);
      REQUIRE_FALSE(legal.empty());
      // Every card of an 11-card hand knocks exactly when a full count without it allows.
      const auto& hand = s.zones[engine->ZoneSlot(engine->rules().ZoneIndex("hand"), s.turn_player)].cards;
      if (hand.size() == 11) {
        for (CardId c : hand) {
          const bool offered = std::any_of(legal.begin(), legal.end(),
                                           [&](const Move& m) { return m.kind == knock && m.cards[0] == c; });
          CHECK(offered == (DeadwoodOf(*engine, hand, c) <= 10));
          knocks_seen += offered;
        }
      }
      // Prefer a knock when there is one, so that deals end by knocking too.
      std::vector<Move> knocking;
      for (const Move& m : legal) {
        if (m.kind == knock) knocking.push_back(m);
      }
      const std::vector<Move>& pick = knocking.empty() ? legal : knocking;
      const std::vector<int> before = s.totals;
      const int round = s.round;
      REQUIRE(engine->Apply(s, pick[rng() % pick.size()]).ok);
      CHECK(CardsInPlay(s) == 52);
      if (s.round != round || s.finished) {
        ++deals;
        const int gained = (s.totals[0] != before[0]) + (s.totals[1] != before[1]);
        CHECK(gained <= 1);
        CHECK(s.totals[0] >= before[0]);
        CHECK(s.totals[1] >= before[1]);
      }
    }
  }
  CHECK(knocks_seen > 0);
  CHECK(deals >= Soak(40));
}

TEST_CASE("gin_rummy/load errors name the knock's and the keep's rules") {
  const std::string path = FindRuleset("gin_rummy");
  const std::string yaml = ReadText(path);
  auto fails = [&](const std::string& from, const std::string& to, const std::string& message) {
    std::string edited = yaml;
    REQUIRE(edited.find(from) != std::string::npos);
    edited.replace(edited.find(from), from.size(), to);
    try {
      LoadRulesetFromString(edited, path);
      FAIL("loaded: ", to);
    } catch (const Error& e) {
      CHECK(std::string(e.what()).find(message) != std::string::npos);
    }
  };
  fails("    type: take\n    from: hand\n    to: discard\n    fallback: [draw, pick]\n    knock:",
        "    type: draw\n    from: hand\n    to: discard\n    fallback: [draw, pick]\n    knock:",
        "knock: only for take moves");
  fails("knock: {move: knock,", "knock: {move: discard,", "'discard' is not a move with knock:");
  fails("melds: [set, run], max", "melds: [set, rnu], max", "melds: unknown combination 'rnu'");
  fails("round_ends_when_low: {zone: stock", "round_ends_when_low: {zone: hand", "a table zone (the stock)");
  fails("keep: {into: picked,", "keep: {into: pickd,", "unknown variable 'pickd'");
  fails("keep: {into: picked, enabled: $keep_picked}", "keep: picked", "keep: a map {into: VARIABLE");
  fails("keep: {into: picked,", "keep: {into: drawn,", "keep: into: 'drawn' is written by the count of 'draw'");
  fails("    count: {into: drawn, per: turn, max: 1}\n    keep:", "    keep:", "keep: the move is made once a turn");
  fails("keep: {into: picked,", "keep: {into: knocker,", "keep: into: 'knocker' is written by the knock of 'knock'");
  fails(
      "card_points:\n  - {if: {rank: [J, Q, K]}, points: 10}\n  - points: {rank: {A: 1, \"2\": 2, \"3\": 3, "
      "\"4\": 4, \"5\": 5, \"6\": 6, \"7\": 7, \"8\": 8, \"9\": 9, \"10\": 10}}\n",
      "", "give them under card_points:");
}

TEST_CASE(
    "gin_rummy/a tie for the least deadwood is shown as the knocker scores best, whatever the cards' order") {
  auto engine = MakeEngine("gin_rummy", 2);
  // 10H may end the run 7H 8H 9H 10H or make four Tens; either leaves 2C AD 3S (6). Shown as
  // four Tens, the other lays JH off onto 7H 8H 9H 10H: the knocker shows the run of three.
  const std::string other = R"(["JH", "5D", "2H", "JC", "QC", "KD", "KH", "9S", "3D", "6D"])";
  for (const std::string& knocker :
       {std::string(R"(["7H", "8H", "9H", "10H", "10C", "10D", "10S", "2C", "AD", "3S", "QS"])"),
        std::string(R"(["10C", "10D", "10S", "10H", "2C", "AD", "3S", "7H", "8H", "9H", "QS"])")}) {
    GameState s = AfterDraw(*engine, knocker, other);
    Play(*engine, s, "knock QS");
    CHECK(s.totals == std::vector<int>{75 - 6, 0});
  }
}

TEST_CASE(
    "gin_rummy/wild cards: a negative one may be knocked away, a set holding one takes a lay-off, a full one "
    "none") {
  auto engine = WildTwos("-5");
  // Without 2C, 5H 6H 7H KS leave the King's 10: a knock.
  GameState s = AfterDraw(*engine, R"(["5H", "6H", "7H", "2C", "KS"])", R"(["9S"])");
  CHECK(IsLegal(*engine, s, "knock 2C"));
  auto twos = WildTwos("2");
  // KS KD 2C is a set with room: KH is laid off onto it (9S left, 9; the knocker's 3D, 3).
  GameState t = AfterDraw(*twos, R"(["KS", "KD", "2C", "3D", "QH"])", R"(["KH", "9S"])");
  Play(*twos, t, "knock QH");
  CHECK(t.totals == std::vector<int>{6, 0});
  // KS KD KC 2C is a full set (four at most): KH stays, 19 against 3D 4S's 7.
  GameState u = AfterDraw(*twos, R"(["KS", "KD", "KC", "2C", "3D", "4S", "QH"])", R"(["KH", "9S"])");
  MoveStates states;
  twos->CaptureStates(&states);
  Play(*twos, u, "knock QH");
  twos->CaptureStates(nullptr);
  CHECK(u.totals == std::vector<int>{12, 0});
  REQUIRE_FALSE(states.said.empty());
  CHECK(states.said[0] == "player 1 knocks: KC KD KS 2C; 3D 4S left, deadwood 7");
}

TEST_CASE("gin_rummy/a knock's own effect runs before the round ends") {
  auto engine =
      EditedGin({{"    knock: {melds: [set, run], max: $knock, knocker: knocker}\n",
                  "    knock: {melds: [set, run], max: $knock, knocker: knocker}\n    then: on_knock\n"},
                 {"card_points:\n", "scripts: [" + std::string(TAPIS_SOURCE_DIR) +
                                        "/tests/fixtures/scoring/knock_then.lua]\ncard_points:\n"}});
  GameState s = AfterDraw(*engine, kKnocker, kOther);
  MoveStates states;
  engine->CaptureStates(&states);
  Play(*engine, s, "knock QH");
  engine->CaptureStates(nullptr);
  REQUIRE_FALSE(states.said.empty());
  CHECK(states.said[0] == "the knock's effect ran");
  CHECK(s.totals == std::vector<int>{17, 0});
}

TEST_CASE("gin_rummy/the drawn deal is told, and drawing twice is refused as one allowance") {
  auto engine = MakeEngine("gin_rummy", 2);
  GameState s = engine->NewGame(3);
  Play(*engine, s, "draw");
  CHECK(ParseMove(*engine, s, "pick").error == "'draw' or 'pick' is allowed 1 time a turn, and that is done");
}

TEST_CASE("gin_rummy/bots weigh a hand by its deadwood while the deal is played: greedy throws a ten away") {
  auto engine = MakeEngine("gin_rummy", 2);
  // 7H 8H 9H meld; the rest count 59, too much to knock: the best discard is a ten-pointer.
  const std::string hand = R"(["7H", "8H", "9H", "KS", "KD", "2C", "3C", "9C", "QH", "JS", "5D"])";
  for (uint64_t seed = 1; seed <= 5; ++seed) {
    GameState s = AfterDraw(*engine, hand, kOther);
    const std::vector<Move> legal = engine->LegalMoves(s);
    auto greedy = MakeBot("greedy", seed);
    const std::string chosen = MoveText(*engine, s, legal[greedy->Choose(*engine, s, legal)]);
    CAPTURE(chosen);
    CHECK((chosen == "discard KS" || chosen == "discard KD" || chosen == "discard QH" ||
           chosen == "discard JS"));
  }
}

TEST_CASE("gin_rummy/greedy knocks when a knock wins, not judging it by the next deal's hands") {
  auto engine = MakeEngine("gin_rummy", 2);
  for (uint64_t seed = 1; seed <= 6; ++seed) {
    GameState s = AfterDraw(*engine, kKnocker, kOther);
    const std::vector<Move> legal = engine->LegalMoves(s);
    auto greedy = MakeBot("greedy", seed);
    const std::string chosen = MoveText(*engine, s, legal[greedy->Choose(*engine, s, legal)]);
    CAPTURE(seed);
    CHECK(chosen == "knock QH");
  }
}
