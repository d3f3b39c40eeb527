// Crazy Eights (rulesets/crazy_eights.yaml), OpenSpiel's rules: following suit or rank,
// eights and the nominated suit, the draw limit, passing, the special cards, the end and
// the peer's card points; the starting card under a recorded chance source; the peer's
// 100 games; 10,000 random games.
#include <doctest/doctest.h>

#include <map>

#include "interpreter/records/peer_replay.h"
#include "interpreter/records/recorded_chance.h"
#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

using Texts = std::vector<std::string>;

// Player 1 is about to answer the nomination of the 8 they played (C8 on the discard): their
// turn's action is spent. After it, player 2's turn begins with `hand2`.
std::string AfterEight(const std::string& hand2, const std::string& extra = "") {
  return R"({"zones": {"discard": ["D4", "C8"], "hand 1": ["H9", "SK"], "hand 2": )" + hand2 +
         R"(, "hand 3": ["DK"]}, "actions": 0, "decisions": [{"player": 1, "moves": ["nominate"]}])" + extra +
         "}";
}

// A recorded chance source from the peer's chance texts ("Decide Player 1 to be the dealer",
// "Deal C2"…), each parsed or the test stops.
std::shared_ptr<RecordedChance> PeerChance(const Ruleset& rules, const std::vector<std::string>& texts) {
  std::vector<ChanceEvent> events;
  for (const auto& text : texts) {
    ChanceEvent e;
    REQUIRE(ChanceEvent::Parse(text, rules.catalog, e));
    events.push_back(e);
  }
  return std::make_shared<RecordedChance>(events);
}

}  // namespace

TEST_CASE("crazy_eights/an 8 is followed by its nominated suit, otherwise suit or rank, an 8 any time") {
  auto engine = MakeEngine("crazy_eights", 3);
  GameState s = Position(*engine, AfterEight(R"(["H3", "C5", "S8", "D9", "CT"])"));
  CHECK(Sorted(LegalTexts(*engine, s)) ==
        Texts{"Nominate suit C", "Nominate suit D", "Nominate suit H", "Nominate suit S"});
  Play(*engine, s, "Nominate suit H");
  CHECK(engine->Actor(s) == 1);
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"Draw", "Play H3", "Play S8"});
  // A card typed rank first, as most games write it, is read as what it is.
  CHECK(ParseMove(*engine, s, "Play 3h").error ==
        "unknown card '3h'; did you mean H3? (this game writes its cards as C2, SA…)");
  Play(*engine, s, "Play H3");
  // Player 3 holds DK: neither a Heart nor a Three.
  CHECK(LegalTexts(*engine, s) == Texts{"Draw"});
}

TEST_CASE("crazy_eights/a card of the same rank may be played on another suit") {
  auto engine = MakeEngine("crazy_eights", 3);
  GameState s = Position(*engine, AfterEight(R"(["H3", "S4", "D9"])"));
  Play(*engine, s, "Nominate suit C");
  CHECK(LegalTexts(*engine, s) == Texts{"Draw"});  // C8 is on top, Clubs nominated
  s = Position(*engine, R"({"zones": {"discard": ["D4"], "hand 1": ["D9", "SK"], "hand 2": ["C9", "D2", "H3"],
                            "hand 3": ["DK"]}})");
  Play(*engine, s, "Play D9");
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"Draw", "Play C9", "Play D2"});
}

TEST_CASE("crazy_eights/at most five draws a turn, then play or pass, a play ends the turn") {
  auto engine = MakeEngine("crazy_eights", 3);
  GameState s = Position(*engine, AfterEight(R"(["DJ"])"));
  Play(*engine, s, "Nominate suit S");
  for (int draw = 1; draw <= 5; ++draw) {
    CAPTURE(draw);
    const Texts legal = LegalTexts(*engine, s);
    REQUIRE(std::find(legal.begin(), legal.end(), "Draw") != legal.end());
    CHECK(std::find(legal.begin(), legal.end(), "Pass") == legal.end());
    Play(*engine, s, "Draw");
    CHECK(engine->Actor(s) == 1);
  }
  Texts legal = LegalTexts(*engine, s);
  CHECK(std::find(legal.begin(), legal.end(), "Draw") == legal.end());
  CHECK(std::find(legal.begin(), legal.end(), "Pass") != legal.end());
  Play(*engine, s, "Pass");
  CHECK(engine->Actor(s) == 2);
  CHECK(Cards(*engine, s, "hand", 2).size() == 6);
}

TEST_CASE("crazy_eights/with the deck empty players may only play or pass, players + 1 passes end the game") {
  auto engine = MakeEngine("crazy_eights", 2);
  // Every card but the hands' is in the discard pile: the deck is empty.
  std::string discard;
  const Texts hands = {"C8", "D4", "H9", "SK", "DK", "C3"};
  for (const auto& kind : engine->rules().catalog.kinds()) {
    if (std::find(hands.begin(), hands.end(), kind.code) != hands.end()) continue;
    discard += (discard.empty() ? "\"" : ", \"") + kind.code + "\"";
  }
  GameState s = Position(*engine, R"({"zones": {"discard": [)" + discard + R"(, "D4", "C8"],
      "hand 1": ["H9", "SK"], "hand 2": ["DK", "C3"]}, "actions": 0, "decisions": [{"player": 1, "moves": ["nominate"]}]})");
  Play(*engine, s, "Nominate suit H");
  CHECK(LegalTexts(*engine, s) == Texts{"Pass"});
  Play(*engine, s, "Pass");                                  // 1
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"Pass", "Play H9"});
  Play(*engine, s, "Pass");                                  // 2
  CHECK_FALSE(s.finished);
  Play(*engine, s, "Pass");                                  // 3 = players + 1
  REQUIRE(s.finished);
  // Peer points: H9 -(4 x 7 + 2 + 2) = -32, SK -10; DK -10, C3 -(4 x 1 + 0 + 2) = -6.
  CHECK(engine->Score(s) == std::vector<int>{-42, -16});
}

TEST_CASE("crazy_eights/the game ends when a hand is empty, the others score minus their cards") {
  for (const char* points : {"true", "false"}) {
    CAPTURE(points);
    auto engine = MakeEngine("crazy_eights", 3, {{"peer_points", points}});
    GameState s =
        Position(*engine, R"({"zones": {"discard": ["D4"], "hand 1": ["D9"], "hand 2": ["S8", "HQ", "C5"],
        "hand 3": ["HA", "D2"]}})");
    Play(*engine, s, "Play D9");
    REQUIRE(s.finished);
    // An 8 -50, a court card or an Ace -10; C5 -(4 x 3 + 0 + 2) = -14 and D2 -(0 + 1 + 2) = -3 as
    // the peer counts, else their face value.
    if (std::string(points) == "true")
      CHECK(engine->Score(s) == std::vector<int>{0, -74, -13});
    else
      CHECK(engine->Score(s) == std::vector<int>{0, -65, -12});
  }
}

TEST_CASE("crazy_eights/the game ends after max_plays cards played") {
  auto engine = MakeEngine("crazy_eights", 2, {{"max_plays", "3"}});
  GameState s =
      Position(*engine, R"({"zones": {"discard": ["D4"], "hand 1": ["D9", "D5"], "hand 2": ["D7", "DQ"]},
      "variables": {"plays": 1}})");
  Play(*engine, s, "Play D9");
  CHECK_FALSE(s.finished);
  Play(*engine, s, "Play D7");
  CHECK(s.finished);
}

TEST_CASE("crazy_eights/the last play allowed that empties a hand still names its player the winner") {
  auto engine = MakeEngine("crazy_eights", 2, {{"max_plays", "2"}});
  GameState s = Position(*engine, R"({"zones": {"discard": ["D4"], "hand 1": ["D9", "D5"], "hand 2": ["D7"]},
      "variables": {"plays": 0}})");
  Play(*engine, s, "Play D9");
  Play(*engine, s, "Play D7");  // the second play: max_plays, and player 2's hand is empty
  REQUIRE(s.finished);
  CHECK(s.declared_winner == 1);
}

TEST_CASE("crazy_eights/special cards: Q skips, A reverses, 2 makes the next draw two unless they answer a 2") {
  auto engine = MakeEngine("crazy_eights", 4, {{"special_cards", "true"}});
  auto start = [&](const std::string& card) {
    return Position(*engine, R"({"zones": {"discard": ["D4"], "hand 1": [")" + card + R"(", "S5"],
        "hand 2": ["C2", "H6"], "hand 3": ["H2", "C6"], "hand 4": ["S7", "C9"]}})");
  };
  GameState s = start("DQ");
  Play(*engine, s, "Play DQ");
  CHECK(engine->Actor(s) == 2);  // player 2 skipped
  s = start("DA");
  Play(*engine, s, "Play DA");
  CHECK(engine->Actor(s) == 3);  // to the right: player 4
  s = start("D2");
  Play(*engine, s, "Play D2");
  CHECK(engine->Actor(s) == 1);
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"Draw", "Play C2"});  // only a 2 answers a 2
  Play(*engine, s, "Play C2");
  CHECK(Sorted(LegalTexts(*engine, s)) == Texts{"Draw", "Play H2"});
  Play(*engine, s, "Draw");  // player 3 starts drawing the four: no more 2s, no pass
  CHECK(LegalTexts(*engine, s) == Texts{"Draw"});
  Play(*engine, s, "Draw");
  Play(*engine, s, "Draw");
  Play(*engine, s, "Draw");
  CHECK(engine->Actor(s) == 3);  // then play moves on
  CHECK(Cards(*engine, s, "hand", 3).size() == 6);
}

TEST_CASE("crazy_eights/an 8 turned up to start goes back and another is turned, play starts left of the dealer") {
  auto rules = LoadRuleset(FindRuleset("crazy_eights"));
  auto config = std::make_shared<GameConfig>(rules, 2);
  // The peer's chance texts: the dealer (numbered from 0), 14 cards dealt, then the start.
  std::vector<std::string> texts = {"Decide Player 1 to be the dealer"};
  for (const char* card : {"C2", "C3", "C4", "C5", "C6", "C7", "C9", "D2", "D3", "D4", "D5", "D6", "D7", "D9"})
    texts.push_back(std::string("Deal ") + card);
  texts.push_back("Deal H8");
  texts.push_back("Deal HK");
  auto chance = PeerChance(*rules, texts);
  Engine engine(config, chance);
  GameState s = engine.NewGame(1);
  CHECK(chance->failure().empty());
  CHECK(chance->used() == texts.size());
  CHECK(Cards(engine, s, "discard") == Texts{"HK"});
  const Texts deck = Cards(engine, s, "deck");
  CHECK(std::find(deck.begin(), deck.end(), "H8") != deck.end());
  CHECK(Cards(engine, s, "hand", 1) == Texts{"C2", "C4", "C6", "C9", "D3", "D5", "D7"});  // dealt first
  CHECK(engine.Actor(s) == 0);  // left of the dealer, player 2 (seat 1)
}

TEST_CASE("crazy_eights/special cards: a card turned up to start acts as if the dealer had played it") {
  auto rules = LoadRuleset(FindRuleset("crazy_eights"));
  auto config =
      std::make_shared<GameConfig>(rules, 4, std::map<std::string, std::string>{{"special_cards", "true"}});
  // Player 2 (seat 1) deals; 20 cards, then the starting card.
  auto start = [&](const std::string& turned) {
    std::vector<std::string> texts = {"Decide Player 1 to be the dealer"};
    for (const char* card : {"C3", "C4", "C5", "C6", "C7", "D3", "D4", "D5", "D6", "D7",
                             "H3", "H4", "H5", "H6", "H7", "S3", "S4", "S5", "S6", "S7"})
      texts.push_back(std::string("Deal ") + card);
    texts.push_back("Deal " + turned);
    auto chance = PeerChance(*rules, texts);
    auto engine = std::make_unique<Engine>(config, chance);
    GameState s = engine->NewGame(1);
    CHECK(chance->failure().empty());
    return std::make_pair(std::move(engine), s);
  };
  auto [king, s_king] = start("CK");
  CHECK(king->Actor(s_king) == 2);  // left of the dealer
  auto [queen, s_queen] = start("CQ");
  CHECK(queen->Actor(s_queen) == 3);  // the first player is skipped
  auto [ace, s_ace] = start("CA");
  CHECK(ace->Actor(s_ace) == 0);  // play goes to the dealer's right
  auto [two, s_two] = start("C2");
  CHECK(two->Actor(s_two) == 2);  // the first player must draw two
  CHECK(LegalTexts(*two, s_two) == Texts{"Draw"});
  Play(*two, s_two, "Draw");
  Play(*two, s_two, "Draw");
  CHECK(two->Actor(s_two) == 3);  // then play moves on
  CHECK(Cards(*two, s_two, "hand", 3).size() == 7);
}

TEST_CASE("crazy_eights/recorded chance: a wrong record is reported, not obeyed") {
  auto rules = LoadRuleset(FindRuleset("crazy_eights"));
  ChanceEvent e;
  REQUIRE(ChanceEvent::Parse("Decide Player 7 to be the dealer", rules->catalog, e));
  auto chance = std::make_shared<RecordedChance>(std::vector<ChanceEvent>{e});
  Engine engine(std::make_shared<GameConfig>(rules, 3), chance);
  engine.NewGame(1);
  CHECK(chance->failure() == "chance event 1: 'Decide Player 7 to be the dealer' is outside 0 to 2");
}

TEST_CASE("crazy_eights/OpenSpiel's 100 games replay: every legal move list and every return") {
  const PeerReplay result = ReplayPeerGames(LoadRuleset(FindRuleset("crazy_eights")),
                                            std::string(TAPIS_SOURCE_DIR) +
                                                "/tests/fixtures/openspiel/crazy_eights_p4_shared.jsonl");
  CHECK(result.difference == "");
  CHECK(result.games == 100);
}

TEST_CASE("crazy_eights/10,000 random games conserve cards and end") {
  auto rules = LoadRuleset(FindRuleset("crazy_eights"));
  int i = 0;
  for (int players = 2; players <= 5; ++players) {
    for (const char* special : {"false", "true"}) {
      for (const char* reshuffle : {"false", "true"}) {
        CAPTURE(players);
        CAPTURE(special);
        CAPTURE(reshuffle);
        Engine engine(std::make_shared<GameConfig>(
            rules, players,
            std::map<std::string, std::string>{{"special_cards", special}, {"reshuffle", reshuffle}}));
        for (int g = 0; g < 625; ++g) {
          const GameState s = RandomGame(engine, MixSeed(88, i++));
          REQUIRE(s.finished);
          REQUIRE(CheckState(engine, s).empty());
        }
      }
    }
  }
  CHECK(i == 10000);
}
