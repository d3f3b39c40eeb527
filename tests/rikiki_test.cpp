// Le rikiki (rulesets/rikiki.yaml) and the trick-taking mechanism it runs on (`tricks:`):
// following suit, trumps, who wins and leads, tricks counted, the optional must-trump and
// must-overtake rules, bids and the last bidder rule, scoring, the rounds 1..max..1.
#include <doctest/doctest.h>

#include "interpreter/bots/bots.h"
#include "interpreter/records/position.h"
#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

int Variable(const Engine& engine, const GameState& s, const std::string& name, int player = 0) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), player - 1)];
}

using Texts = std::vector<std::string>;

// Three players in the play phase, hearts trumps; player 1 to lead.
constexpr const char* kThreeHands = R"({"phase": "playing", "zones": {"trumps": ["2H"],
  "hand 1": ["5S", "KS", "3H", "9D"], "hand 2": ["QS", "4H", "8D", "JC"], "hand 3": ["7D", "AD", "6H", "10C"]},
  "variables": {"bid 1": 1, "bid 2": 1, "bid 3": 1}})";

// rikiki with some `tricks:` keys changed, as a variant file would.
std::unique_ptr<Engine> Variant(const std::string& tricks_keys) {
  const std::string yaml = "extends: rikiki\nname: rikiki_test\ntricks: {" + tricks_keys + "}\n";
  auto rules = LoadRulesetFromString(yaml, std::string(TAPIS_SOURCE_DIR) + "/rulesets/rikiki_test.yaml");
  return std::make_unique<Engine>(std::make_shared<GameConfig>(rules, 3));
}

// What loading rikiki with `yaml` added, as a variant file would, says ("" when it loads).
std::string VariantError(const std::string& yaml) {
  try {
    LoadRulesetFromString("extends: rikiki\nname: rikiki_test\n" + yaml,
                          std::string(TAPIS_SOURCE_DIR) + "/rulesets/rikiki_test.yaml");
  } catch (const std::exception& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("trick/the leader may play any card, the others must follow the suit led if they can") {
  auto engine = MakeEngine("rikiki", 3);
  GameState s = Position(*engine, kThreeHands);
  CHECK(LegalTexts(*engine, s) == Texts{"play 5S", "play KS", "play 3H", "play 9D"});
  Play(*engine, s, "play 9D");
  CHECK(LegalTexts(*engine, s) == Texts{"play 8D"});  // player 2 holds a diamond
  CHECK(ParseMove(*engine, s, "play QS").error ==
        "QS does not follow suit D, the suit led: you hold a card of suit D, so play one");
  Play(*engine, s, "play 8D");
  CHECK(LegalTexts(*engine, s) == Texts{"play 7D", "play AD"});
}

TEST_CASE("trick/void in the suit led: any card, a trump or a discard (no obligation by default)") {
  auto engine = MakeEngine("rikiki", 3);
  GameState s = Position(*engine, kThreeHands);
  Play(*engine, s, "play 5S");
  Play(*engine, s, "play QS");
  Play(*engine, s, "play AD");  // player 3 has no spade: a diamond is fine
  CHECK(s.turn_player == 1);    // QS won; player 2 leads
  CHECK(Variable(*engine, s, "tricks", 2) == 1);
  CHECK(Cards(*engine, s, "won", 2) == Texts{"5S", "QS", "AD"});
  CHECK(Cards(*engine, s, "trick").empty());
}

TEST_CASE("trick/the highest trump wins, else the highest card of the suit led, the winner leads") {
  auto engine = MakeEngine("rikiki", 3);
  GameState s = Position(*engine, kThreeHands);
  Play(*engine, s, "play 9D");
  Play(*engine, s, "play 8D");
  Play(*engine, s, "play AD");  // the ace of the suit led beats the 9
  CHECK(s.turn_player == 2);
  CHECK(Variable(*engine, s, "tricks", 3) == 1);
  Play(*engine, s, "play 10C");
  Play(*engine, s, "play 3H");  // player 1, void in clubs, trumps with a 3
  Play(*engine, s, "play JC");
  CHECK(s.turn_player == 0);  // the small trump beat the clubs
  CHECK(Variable(*engine, s, "tricks", 1) == 1);
  Play(*engine, s, "play KS");
  Play(*engine, s, "play QS");
  Play(*engine, s, "play 6H");  // player 3, void in spades, trumps the king
  CHECK(s.turn_player == 2);
  CHECK(Variable(*engine, s, "tricks", 3) == 2);
}

TEST_CASE("trick/a trick led with a trump is won by the highest trump") {
  auto engine = MakeEngine("rikiki", 3);
  GameState s = Position(*engine, kThreeHands);
  Play(*engine, s, "play 3H");
  Play(*engine, s, "play 4H");
  CHECK(LegalTexts(*engine, s) == Texts{"play 6H"});
  Play(*engine, s, "play 6H");
  CHECK(s.turn_player == 2);
}

TEST_CASE("trick/must_trump: void in the suit led, a player must trump if able") {
  auto engine = Variant("must_trump: true");
  GameState s = Position(*engine, kThreeHands);
  Play(*engine, s, "play 9D");
  Play(*engine, s, "play 8D");
  Play(*engine, s, "play AD");
  Play(*engine, s, "play 10C");
  CHECK(LegalTexts(*engine, s) == Texts{"play 3H"});  // no club: the trump is forced
  CHECK(ParseMove(*engine, s, "play KS").error ==
        "KS: with no card of suit C, the suit led, you must trump: play a card of suit H");
}

TEST_CASE("trick/must_overtake: a player must beat the best card so far if able") {
  auto engine = Variant("must_overtake: true");
  GameState s = Position(*engine, kThreeHands);
  Play(*engine, s, "play 9D");
  Play(*engine, s, "play 8D");                        // cannot beat the 9: any diamond
  CHECK(LegalTexts(*engine, s) == Texts{"play AD"});  // the 7 would not beat the 9
  CHECK(ParseMove(*engine, s, "play 7D").error ==
        "7D does not beat 9D, the best card so far: you must beat it when you can");
}

TEST_CASE("trick/the round ends with the last trick, hands, trick and table are empty") {
  auto engine = MakeEngine("rikiki", 3, {{"max_cards", "1"}});
  GameState s = Position(*engine, R"({"phase": "playing", "zones": {"trumps": ["2H"],
    "hand 1": ["5S"], "hand 2": ["QS"], "hand 3": ["7D"]},
    "variables": {"bid 1": 0, "bid 2": 1, "bid 3": 1}})");
  Play(*engine, s, "play 5S");
  Play(*engine, s, "play QS");
  Play(*engine, s, "play 7D");
  CHECK(s.finished);  // max_cards 1: a single round
  CHECK(s.totals == std::vector<int>{10, 15, -15});
}

TEST_CASE("rikiki/bids: in turn from left of the dealer, 0 up to the cards in hand, then play") {
  auto engine = MakeEngine("rikiki", 4);
  GameState s = engine->NewGame(3);
  // Round 1: one card each, one turned up; the dealer is seat 4, seat 1 bids first.
  CHECK(Cards(*engine, s, "hand", 1).size() == 1);
  CHECK(Cards(*engine, s, "trumps").size() == 1);
  CHECK(s.turn_player == 0);
  CHECK(LegalTexts(*engine, s) == Texts{"bid 0", "bid 1"});
  Play(*engine, s, "bid 1");
  Play(*engine, s, "bid 1");
  Play(*engine, s, "bid 1");
  // "chacun peut parier un pli": with the rule off, the last may make the total anything.
  CHECK(LegalTexts(*engine, s) == Texts{"bid 0", "bid 1"});
  Play(*engine, s, "bid 0");
  CHECK(engine->rules().phases[s.phase] == "playing");
  CHECK(s.turn_player == 0);  // the first bidder leads
  CHECK(Variable(*engine, s, "bid", 1) == 1);
}

TEST_CASE("rikiki/last_bidder_rule: the last bidder may not make the bids add up to the tricks") {
  auto engine = MakeEngine("rikiki", 4, {{"last_bidder_rule", "true"}});
  GameState s = engine->NewGame(3);
  Play(*engine, s, "bid 0");
  Play(*engine, s, "bid 1");
  CHECK(LegalTexts(*engine, s) == Texts{"bid 0", "bid 1"});  // not last: free
  Play(*engine, s, "bid 0");
  CHECK(LegalTexts(*engine, s) == Texts{"bid 1"});  // 0 would make the total 1
  CHECK_FALSE(IsLegal(*engine, s, "bid 0"));
  CHECK(ParseMove(*engine, s, "bid 0").error ==
        "bid 0 would make the bids add up to 1 (the others' come to 1), which the last to bid may not do");
  CHECK(ParseMove(*engine, s, "bid 2").error == "bid from 0 to 1, the cards in your hand");
  CHECK(ParseMove(*engine, s, "bid two").error == "try: bid N, a whole number");
}

TEST_CASE("rikiki/scoring: \"dix points plus cinq points par pli\", else minus ten plus five per trick off") {
  auto engine = MakeEngine("rikiki", 3);
  GameState s = Position(*engine, R"({"phase": "playing", "zones": {"trumps": ["2H"],
    "hand 1": ["5S"], "hand 2": ["QS"], "hand 3": ["7D"], "won 1": ["2S", "3S", "4S", "6S", "7S", "8S"],
    "won 2": ["9S", "10S", "JS"]},
    "variables": {"bid 1": 2, "bid 2": 3, "bid 3": 0, "tricks 1": 2, "tricks 2": 1, "tricks 3": 0}})");
  // Met: 10 + 5 × 2; missed by 2: −(10 + 5 × 2); met with 0: 10.
  CHECK(engine->Score(s) == std::vector<int>{20, -20, 10});
  // A house rule's numbers: 20 for a contract, 1 a trick.
  auto house = MakeEngine("rikiki", 3, {{"contract_points", "20"}, {"trick_points", "1"}});
  CHECK(house->Score(Position(*house, WritePosition(*engine, s))) == std::vector<int>{22, -22, 20});
}

TEST_CASE("rikiki/rounds: 1, 2, … up to the most cards, then back down to 1, the deal rotates") {
  auto engine = MakeEngine("rikiki", 4, {{"max_cards", "3"}});
  GameState s = engine->NewGame(11);
  std::vector<int> sizes, first_bidders;
  RandomBot bot(5);
  std::vector<Move> legal;
  int last_round = -1;
  while (!s.finished) {
    if (s.round != last_round) {
      last_round = s.round;
      sizes.push_back(static_cast<int>(Cards(*engine, s, "hand", 1).size()));
      first_bidders.push_back(s.turn_player + 1);
    }
    engine->LegalMoves(s, legal);
    REQUIRE(engine->Apply(s, legal[bot.Choose(*engine, s, legal)]).ok);
  }
  CHECK(sizes == std::vector<int>{1, 2, 3, 2, 1});
  CHECK(first_bidders == std::vector<int>{1, 2, 3, 4, 1});
}

TEST_CASE("rikiki/leave: 1 caps a max_cards set too high, and the way back down still ends the match") {
  auto engine = MakeEngine("rikiki", 5, {{"max_cards", "17"}});  // 5 players: 10 at most
  GameState s = engine->NewGame(2);
  RandomBot bot(3);
  std::vector<Move> legal;
  int most = 0, rounds = 0, last_round = -1;
  while (!s.finished) {
    if (s.round != last_round) {
      last_round = s.round;
      ++rounds;
      most = std::max(most, static_cast<int>(Cards(*engine, s, "hand", 1).size()));
      CHECK(Cards(*engine, s, "trumps").size() == 1);
    }
    engine->LegalMoves(s, legal);
    REQUIRE(engine->Apply(s, legal[bot.Choose(*engine, s, legal)]).ok);
  }
  CHECK(most == 10);
  CHECK(rounds == 19);
  // The schedule makes the match, whatever match: rounds says; a parameter below 0 deals nothing.
  for (const char* rounds_line : {"match: ~", "match: {rounds: 3}"}) {
    CAPTURE(rounds_line);
    auto rules = LoadRulesetFromString(std::string("extends: rikiki\nname: r\n") + rounds_line + "\n",
                                       std::string(TAPIS_SOURCE_DIR) + "/rulesets/r.yaml");
    auto short_one = std::make_unique<Engine>(
        std::make_shared<GameConfig>(rules, 4, std::map<std::string, std::string>{{"max_cards", "2"}}));
    const GameState g = RandomGame(*short_one, 5);
    CHECK(g.finished);
    CHECK(g.round == 3);  // 1, 2, 1
  }
}

TEST_CASE("rikiki/the most cards: ⌊51 / players⌋, so a card is left to turn up") {
  for (int players = 3; players <= 7; ++players) {
    auto engine = MakeEngine("rikiki", players);
    CHECK(engine->config().ParameterValue(engine->rules().ParameterIndex("max_cards")) == 51 / players);
  }
}

TEST_CASE("rikiki/10,000 random matches conserve cards and end") {
  for (int players = 3; players <= 7; ++players) {
    CAPTURE(players);
    auto engine = MakeEngine("rikiki", players);
    for (int i = 0; i < 2000; ++i) {
      const GameState s = RandomGame(*engine, MixSeed(13, i));
      REQUIRE(s.finished);
      REQUIRE(CheckState(*engine, s).empty());
    }
  }
}

TEST_CASE("trick/bad tricks: keys get a one-line answer at their place") {
  const std::string file = std::string(TAPIS_SOURCE_DIR) + "/rulesets/rikiki_test.yaml";
  CHECK(VariantError("tricks: {trump: hearts}") ==
        file + ":3:17: trump: expected none, {zone: ZONE} (the suit of its top card) or {variable: NAME}");
  CHECK(VariantError("tricks: {leader: tricks}") == file + ":3:18: variable 'tricks' must be a table variable");
  CHECK(VariantError("tricks: {zone: hand}") == file + ":3:16: tricks: the trick's zone must be a table zone");
  CHECK(VariantError("tricks: {must_trump: often}") == file + ":3:22: expected true or false");
  CHECK(VariantError("moves: {bid: {next_phase: scoring}}") ==
        file + ":3:27: unknown phase 'scoring'; phases are: bidding, playing");
}

TEST_CASE("rikiki/bad deals and contracts get a one-line answer at their place") {
  const std::string file = std::string(TAPIS_SOURCE_DIR) + "/rulesets/rikiki_test.yaml";
  const std::string deal = "setup: [{from: stock, to: hand, ";
  CHECK(VariantError(deal + "deal: {random: 0}}]") ==
        file + ":3:48: random: the most cards each player gets, 1 or more");
  CHECK(VariantError(deal + "deal: {random: 2, up_and_down: 3}}]") ==
        file + ":3:39: deal: give one of {random: N} or {up_and_down: N}");
  CHECK(VariantError(deal + "deal: {often: 2}}]") ==
        file + ":3:40: unknown key 'often'; expected one of: random, up_and_down");
  CHECK(VariantError(deal + "deal: 2, first_seat: 4}]") ==
        file + ":3:54: first_seat: a seat from 1 to 3 (the fewest players)");
  // A variant's score: merges with rikiki's, which names both variables (a merged map has no
  // one place in either file).
  CHECK(VariantError("score: {won: ~}") ==
        file + ": score: a contract needs both bid: and won: (the player variables compared)");
  CHECK(VariantError("score: {bid: leader, won: tricks}") ==
        file + ":3:14: variable 'leader' must be a player variable");
  CHECK(VariantError("score: {bid: bid, won: tricks, made: {points: -$contract}}") ==
        file +
            ":3:47: unknown parameter 'contract'; parameters are: max_cards, last_bidder_rule, "
            "contract_points, "
            "trick_points");
  CHECK(VariantError("score: {bid: bid, won: tricks, made: {bonus: 3}}") ==
        file + ":3:39: unknown key 'bonus'; expected one of: points, per_won, per_difference");
  CHECK(VariantError("score: {bid: bid, won: tricks, made: 10}") ==
        file + ":3:38: expected {points: N, per_won: N, per_difference: N} (each may be omitted: 0)");
}
