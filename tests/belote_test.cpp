// Belote (rulesets/belote.yaml), on its usual rules: take the turned card's suit or pass, then
// name another suit, or the deal is thrown in; the taker takes the turned card and every
// hand is dealt up to 8; the dealer's left leads; must trump and overtrump; belote-rebelote
// 20, dix de der 10, capot 90 more; the takers must score more than the defenders or lose the
// deal's points to them. The mechanisms: `take_trump` moves, `tricks: must_overtrump, held,
// slam`, `score: taker`.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include "interpreter/bots/knowledge.h"
#include "interpreter/model/errors.h"
#include "interpreter/records/move_text.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

int Variable(const Engine& engine, const GameState& s, const std::string& name, int seat = 0) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), seat)];
}

std::string TurnedSuit(const Engine& engine, const GameState& s) {
  const auto turned = Cards(engine, s, "turned", 0);
  REQUIRE(turned.size() == 1);
  return turned[0].substr(turned[0].size() - 1);
}

// A position in play: hearts trumps, taken by player 1 unless `variables` say otherwise.
std::string InPlay(const std::string& zones, int turn, int leader, const std::string& variables = "") {
  return fmt::format(R"({{"zones": {{{}}}, "turn": {}, "phase": "playing",
      "variables": {{"leader": {}, "trumps": 3, "taker": 1{}}}}})",
                     zones, turn, leader, variables.empty() ? "" : ", " + variables);
}

}  // namespace

TEST_CASE("belote/the turned card's suit is offered first, then any other once all passed") {
  auto engine = MakeEngine("belote", 4);
  GameState s = engine->NewGame(4);
  const std::string turned = TurnedSuit(*engine, s);
  CHECK(s.turn_player == 0);  // the dealer's left bids first
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"take " + turned, "pass"});
  for (int seat = 0; seat < 4; ++seat) {
    CHECK(engine->Actor(s) == seat);
    Play(*engine, s, "pass");
  }
  std::vector<std::string> second = LegalTexts(*engine, s);
  CHECK(second.size() == 4);  // three other suits, or pass
  CHECK(std::find(second.begin(), second.end(), "take " + turned) == second.end());
  CHECK(ParseMove(*engine, s, "take " + turned).error.find("was the turned card's suit") !=
        std::string::npos);
  CHECK(ParseMove(*engine, s, "take X").error.rfind("'X' is no suit; the suits are C D S H: take ", 0) == 0);
  CHECK(ParseMove(*engine, s, "take").error.rfind("take names one suit: take ", 0) == 0);
}

TEST_CASE("belote/a suit other than the turned one is refused the first time round, saying which") {
  auto engine = MakeEngine("belote", 4);
  GameState s = engine->NewGame(4);  // A♦ turned
  REQUIRE(TurnedSuit(*engine, s) == "D");
  CHECK(ParseMove(*engine, s, "take S").error ==
        "this first time round, only the turned card's suit may be taken: take D, or pass");
  Play(*engine, s, "take D");
  CHECK(ParseMove(*engine, s, "take D").error.find("not allowed in phase playing") != std::string::npos);
}

TEST_CASE("belote/when all pass twice the deal is thrown in, scores nothing, and the next player deals") {
  auto engine = MakeEngine("belote", 4);
  GameState s = engine->NewGame(4);
  for (int i = 0; i < 8; ++i) Play(*engine, s, "pass");
  CHECK(s.round == 1);
  CHECK(s.totals == std::vector<int>{0, 0, 0, 0});
  CHECK(s.turn_player == 1);  // the next deal's first bidder
  CHECK(Variable(*engine, s, "passes") == 0);
  CHECK(Cards(*engine, s, "hand", 2).size() == 5);
  // Without the second round, the first four passes throw it in.
  auto once = MakeEngine("belote", 4, {{"second_round", "false"}});
  GameState t = once->NewGame(4);
  for (int i = 0; i < 4; ++i) Play(*once, t, "pass");
  CHECK(t.round == 1);
}

TEST_CASE("belote/the taker takes the turned card, every hand is dealt up to 8, the dealer's left leads") {
  auto engine = MakeEngine("belote", 4);
  GameState s = engine->NewGame(4);
  const auto turned = Cards(*engine, s, "turned", 0);
  Play(*engine, s, "pass");
  Play(*engine, s, "pass");
  Play(*engine, s, "take D");  // player 3 takes diamonds
  CHECK(Variable(*engine, s, "taker") == 3);
  CHECK(Variable(*engine, s, "trumps") == 1);
  for (int seat = 1; seat <= 4; ++seat) CHECK(Cards(*engine, s, "hand", seat).size() == 8);
  const auto hand3 = Cards(*engine, s, "hand", 3);
  CHECK(std::find(hand3.begin(), hand3.end(), turned[0]) != hand3.end());
  CHECK(Cards(*engine, s, "stock", 0).empty());
  CHECK(engine->rules().phases[s.phase] == "playing");
  CHECK(s.turn_player == 0);  // player 1 leads, not the taker
  CHECK(CardsInPlay(s) == 32);
}

TEST_CASE("belote/a trump led must be beaten when one can, even over the partner") {
  auto engine = MakeEngine("belote", 4);
  // Player 3 led the 10 of hearts (trumps); player 4 played the Queen; player 1 holds the
  // Nine and the 7 of trumps: the Nine beats the Ten.
  GameState s = Position(*engine, InPlay(R"("hand 1": ["7H", "9H", "8C"], "hand 2": ["7S", "8S"],
      "hand 3": ["7D", "8D"], "hand 4": ["9S", "10S"], "trick": ["10H", "QH"])",
                                         1, 3));
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"play 9H"});
  CHECK(ParseMove(*engine, s, "play 7H").error ==
        "7H does not beat 10H, the best trump so far: a trump must beat the trumps played when it can");
}

TEST_CASE("belote/void in the suit led, a trump must beat an opponent's, or any trump if none can") {
  auto engine = MakeEngine("belote", 4);
  // Player 3 led the ace of clubs, player 4 trumped with the King; player 1, void in clubs,
  // holds the 7 and the Ace of trumps: only the Ace overtrumps.
  const std::string over = InPlay(R"("hand 1": ["7H", "AH", "8D"], "hand 2": ["7S"], "hand 3": ["7D"],
      "hand 4": ["9S"], "trick": ["AC", "KH"])",
                                  1, 3);
  CHECK(LegalTexts(*engine, Position(*engine, over)) == std::vector<std::string>{"play AH"});
  // Holding only a lower trump, they must still trump (under).
  const std::string under = InPlay(R"("hand 1": ["7H", "8D"], "hand 2": ["7S"], "hand 3": ["7D"],
      "hand 4": ["9S"], "trick": ["AC", "KH"])",
                                   1, 3);
  CHECK(LegalTexts(*engine, Position(*engine, under)) == std::vector<std::string>{"play 7H"});
  // Their partner holds the trick (player 3's ace, player 4 discarding): anything will do.
  const std::string partner = InPlay(R"("hand 1": ["7H", "AH", "8D"], "hand 2": ["7S"], "hand 3": ["7D"],
      "hand 4": ["9S"], "trick": ["AC", "8S"])",
                                     1, 3);
  CHECK(LegalTexts(*engine, Position(*engine, partner)).size() == 3);
}

TEST_CASE("belote/without must_trump, a trump played must still beat, or the player holds nothing else") {
  const std::string path = FindRuleset("belote");
  std::string yaml = ReadText(path);
  yaml.replace(yaml.find("  must_trump: true\n"), 19, "");
  Engine engine(std::make_shared<GameConfig>(LoadRulesetFromString(yaml, path), 4));
  // Player 4 trumped player 3's ace of clubs with the King; player 1, void in clubs, may
  // discard the 8 of diamonds or overtrump with the Ace, not undertrump with the 7.
  const std::string cut = InPlay(R"("hand 1": ["7H", "AH", "8D"], "hand 2": ["7S"], "hand 3": ["7D"],
      "hand 4": ["9S"], "trick": ["AC", "KH"])",
                                 1, 3);
  CHECK(Sorted(LegalTexts(engine, Position(engine, cut))) == std::vector<std::string>{"play 8D", "play AH"});
}

TEST_CASE("belote/a player excused by their partner is not taken by the bots to lack trumps") {
  auto engine = MakeEngine("belote", 4);
  // Player 3 led the ace of clubs (holding the trick), player 4 discarded; player 1, void in
  // clubs with a trump, discards the 8 of diamonds: excused, not void in trumps.
  GameState s = Position(*engine, InPlay(R"("hand 1": ["7H", "8D"], "hand 2": ["7S"], "hand 3": ["7D"],
      "hand 4": ["9S"], "trick": ["AC", "8S"])",
                                         1, 3));
  Knowledge watcher = NewKnowledge(*engine, s, 1);
  const GameState before = s;
  const Move move = *ParseMove(*engine, s, "play 8D").move;
  REQUIRE(engine->Apply(s, move).ok);
  Observe(watcher, *engine, before, move, s);
  const int hand1 = engine->ZoneSlot(engine->rules().ZoneIndex("hand"), 0);
  CHECK((watcher.lacks[hand1] & 1) == 1);       // clubs (suit 0), the suit led: none held
  CHECK((watcher.lacks[hand1] >> 3 & 1) == 0);  // hearts (suit 3), the trumps: maybe held
}

TEST_CASE("belote/the King and Queen of trumps held together are worth 20, told with the first") {
  auto engine = MakeEngine("belote", 4);
  GameState s = Position(*engine, InPlay(R"("hand 1": ["KH", "QH", "7C"], "hand 2": ["7S", "8S", "9S"],
      "hand 3": ["7D", "8D", "9D"], "hand 4": ["JS", "QS", "KS"])",
                                         1, 0));
  Play(*engine, s, "play KH");
  CHECK(Variable(*engine, s, "belote", 0) == 1);
  // A King of trumps played without its Queen is no belote.
  GameState t = Position(*engine, InPlay(R"("hand 1": ["KH", "QC", "7C"], "hand 2": ["7S", "8S", "9S"],
      "hand 3": ["7D", "8D", "9D"], "hand 4": ["JS", "QS", "KS"])",
                                         1, 0));
  Play(*engine, t, "play KH");
  CHECK(Variable(*engine, t, "belote", 0) == 0);
  // Nor a King and Queen of another suit.
  GameState u = Position(*engine, InPlay(R"("hand 1": ["KC", "QC", "7H"], "hand 2": ["7S", "8S", "9S"],
      "hand 3": ["7D", "8D", "9D"], "hand 4": ["JS", "QS", "KS"])",
                                         1, 0));
  Play(*engine, u, "play KC");
  CHECK(Variable(*engine, u, "belote", 0) == 0);
}

TEST_CASE("belote/takers who score more keep their points, who do not are dedans and keep only the belote") {
  auto engine = MakeEngine("belote", 4);
  // Hearts trumps. Team 1 (players 1 and 3) took J♥ 9♥ (34) and A♠ (11): 45, and holds the
  // belote (20): 65; team 2 took A♣ 10♣: 21.
  const std::string zones = R"("won 1": ["JH", "9H"], "won 3": ["AS"], "won 2": ["AC", "10C"],
      "hand 1": ["7D"], "hand 2": ["8D"], "hand 3": ["QD"], "hand 4": ["KD"])";
  // Team 1 took, and scores more than team 2: each scores its own.
  CHECK(engine->Score(Position(*engine, InPlay(zones, 1, 0, R"("belote 1": 1)"))) ==
        std::vector<int>{65, 21, 65, 21});
  // Team 2 took (player 2), scoring 21 against 65: dedans. Team 1 scores every card point,
  // 45 + 21 = 66, with its belote 86; team 2 nothing.
  CHECK(engine->Score(Position(*engine, InPlay(zones, 1, 0, R"("taker": 2, "belote 1": 1)"))) ==
        std::vector<int>{86, 0, 86, 0});
  // Team 2 took and holds the belote: dedans, it keeps its 20.
  CHECK(engine->Score(Position(*engine, InPlay(zones, 1, 0, R"("taker": 2, "belote 2": 1)"))) ==
        std::vector<int>{66, 20, 66, 20});
  // A tie is dedans: team 1 takes with 21 against 21.
  const std::string tie = R"("won 1": ["AD", "10D"], "won 2": ["AC", "10C"],
      "hand 1": ["7D"], "hand 2": ["8D"], "hand 3": ["QD"], "hand 4": ["KD"])";
  CHECK(engine->Score(Position(*engine, InPlay(tie, 1, 0))) == std::vector<int>{0, 42, 0, 42});
  // Nobody took (a deal thrown in): each scores what it holds.
  CHECK(engine->Score(Position(*engine, InPlay(zones, 1, 0, R"("taker": 0)"))) ==
        std::vector<int>{45, 21, 45, 21});
}

TEST_CASE("belote/a team that takes every trick scores the capot's 90 more: 252") {
  auto engine = MakeEngine("belote", 4);
  // The last trick: team 1 took the seven others (every diamond and spade, and the rest of
  // clubs and hearts); player 1 leads the Jack of trumps.
  GameState s = Position(*engine, InPlay(R"("hand 1": ["JH"], "hand 2": ["7C"], "hand 3": ["8C"],
      "hand 4": ["9C"], "won 1": ["7D", "8D", "9D", "JD", "QD", "KD", "10D", "AD",
      "7S", "8S", "9S", "JS", "QS", "KS", "10S", "AS"], "won 3": ["JC", "QC", "KC", "10C", "AC",
      "7H", "8H", "9H", "QH", "KH", "10H", "AH"])",
                                         1, 0));
  for (const char* card : {"play JH", "play 7C", "play 8C", "play 9C"}) Play(*engine, s, card);
  CHECK(s.round == 1);
  CHECK(s.totals == std::vector<int>{252, 0, 252, 0});
  // Without the capot's bonus: 162.
  auto plain = MakeEngine("belote", 4, {{"capot", "0"}});
  GameState t = Position(*plain, InPlay(R"("hand 1": ["JH"], "hand 2": ["7C"], "hand 3": ["8C"],
      "hand 4": ["9C"], "won 3": ["7D", "8D", "9D", "JD", "QD", "KD", "10D", "AD",
      "7S", "8S", "9S", "JS", "QS", "KS", "10S", "AS", "JC", "QC", "KC", "10C", "AC",
      "7H", "8H", "9H", "QH", "KH", "10H", "AH"])",
                                        1, 0));
  for (const char* card : {"play JH", "play 7C", "play 8C", "play 9C"}) Play(*plain, t, card);
  CHECK(t.totals == std::vector<int>{162, 0, 162, 0});
}

TEST_CASE(
    "belote/every random deal counts 162, with the belote's 20 and the capot's 90, and no card is lost") {
  auto engine = MakeEngine("belote", 4);
  int dedans = 0;
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(Soak(200)); ++seed) {
    CAPTURE(seed);
    GameState s = engine->NewGame(seed);
    RandomBot bot(seed);
    int moves = 0;
    while (!s.finished) {
      const int round = s.round;
      const std::vector<int> before = s.totals;
      GameState last = s;
      const auto legal = engine->LegalMoves(s);
      REQUIRE(engine->Apply(s, legal[bot.Choose(*engine, s, legal)]).ok);
      REQUIRE(++moves < 5000);
      if (s.round == round) {
        CHECK(CardsInPlay(s) == 32);
        continue;
      }
      const int team1 = s.totals[0] - before[0], team2 = s.totals[1] - before[1];
      CHECK(s.totals[0] - before[0] == s.totals[2] - before[2]);
      if (Variable(*engine, last, "taker") == 0) {  // thrown in
        CHECK(team1 + team2 == 0);
        continue;
      }
      int bonus = 0;
      for (int seat = 0; seat < 4; ++seat) bonus += 20 * Variable(*engine, last, "belote", seat);
      const int taken = team1 + team2 - bonus;
      CHECK((taken == 162 || taken == 252));
      const int takers = (Variable(*engine, last, "taker") - 1) % 2;
      if ((takers == 0 ? team1 : team2) <= 20) ++dedans;
    }
    CHECK(std::max(s.totals[0], s.totals[1]) >= 1000);
  }
  CHECK(dedans > 0);
}

TEST_CASE("belote/take_trump is checked at load") {
  const std::string path = FindRuleset("belote");
  CHECK(
      EditedLoadError(path, "  trump: {variable: trumps}\n", "")
          .find(
              "take_trump: the bid sets the trumps, so it needs 'tricks:' with 'trump: {variable: NAME}'") !=
      std::string::npos);
  CHECK(EditedLoadError(path, "    pass: pass\n", "    pass: play\n")
            .find("pass: 'play' is not a move of type pass") != std::string::npos);
  CHECK(EditedLoadError(path, "    from: turned\n", "    from: hand\n")
            .find("take_trump: from: the table zone of the card turned up") != std::string::npos);
  CHECK(EditedLoadError(path, "keeps: [belote]", "keeps: [der2]").find("der2") != std::string::npos);
  CHECK(EditedLoadError(path, "    taker: taker\n", "    taker: leader\n")
            .find("taker: 'leader' is already the tricks' trump or leader variable") != std::string::npos);
  CHECK(EditedLoadError(path, "  turned: {owner: table, visible: all}",
                        "  turned: {owner: table, visible: none}")
            .find("take_trump: from: the table zone of the card turned up, visible: all") !=
        std::string::npos);
  CHECK(EditedLoadError(path, "    phases: bidding\n    next_phase: playing\n", "    next_phase: playing\n")
            .find("take_trump: give it 'phases:', the bidding's, which next_phase is not") !=
        std::string::npos);
  CHECK(EditedLoadError(path, "  held: {", "  first_lead: 7C\n  held: {").find("not with first_lead") !=
        std::string::npos);
  CHECK(EditedLoadError(path, "keeps: [belote]", "keeps: [capot, taker]").find("taker") != std::string::npos);
}
