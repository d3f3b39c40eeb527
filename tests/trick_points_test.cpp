// Trick games' counts as data (docs/rulesets.md, `card_points` with `trump:`, `tricks:
// partner_excuses` and `last_trick`, `score: bonus`), on Belote's play without its bidding
// (tests/fixtures/tricks/belote.yaml): the values are the usual ones, 162 points a deal.
#include <doctest/doctest.h>

#include <numeric>

#include "interpreter/model/errors.h"
#include "interpreter/records/move_text.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

const std::string kFixture = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/tricks/belote.yaml";

std::unique_ptr<Engine> BeloteEngine() {
  return std::make_unique<Engine>(std::make_shared<GameConfig>(LoadRuleset(kFixture), 4));
}

}  // namespace

TEST_CASE("trick points/a trump Jack is worth 20 and a trump Nine 14, the others as in the plain suits") {
  auto engine = BeloteEngine();
  // Team 1 (players 1 and 3) took the Jack and Nine of trumps (hearts) and a plain Jack and
  // Nine; team 2 the aces of clubs and spades.
  GameState s = Position(*engine, R"({"zones": {"won 1": ["JH", "9H", "JS"], "won 3": ["9C"],
      "won 2": ["AC", "AS"], "hand 1": ["7D"], "hand 2": ["8D"], "hand 3": ["QD"], "hand 4": ["KD"]}, "turn": 1})");
  CHECK(engine->Score(s) == std::vector<int>{36, 22, 36, 22});
}

TEST_CASE("trick points/a deal counts 162 with the last trick's 10, to the team that took it") {
  auto engine = BeloteEngine();
  for (uint64_t seed = 1; seed <= 50; ++seed) {
    CAPTURE(seed);
    GameState s = engine->NewGame(seed);
    RandomBot bot(seed);
    while (!s.finished) {
      const auto legal = engine->LegalMoves(s);
      REQUIRE(engine->Apply(s, legal[bot.Choose(*engine, s, legal)]).ok);
    }
    CHECK(s.totals[0] == s.totals[2]);
    CHECK(s.totals[1] == s.totals[3]);
    CHECK(s.totals[0] + s.totals[1] == 162);
  }
}

TEST_CASE("trick points/a player whose partner holds the trick need not trump") {
  auto engine = BeloteEngine();
  // Player 3 led the ace of clubs, player 4 followed; player 1, out of clubs, holds a trump.
  // Player 3, their partner, holds the trick: any card will do.
  const std::string partner = R"({"zones": {"hand 1": ["7H", "8D"], "hand 2": ["9S"], "hand 3": ["KS"],
      "hand 4": ["QS"], "trick": ["AC", "7C"]}, "turn": 1, "variables": {"leader": 3}})";
  CHECK(LegalTexts(*engine, Position(*engine, partner)).size() == 2);
  // An opponent holds it: trump.
  const std::string opponent = R"({"zones": {"hand 1": ["7H", "8D"], "hand 2": ["9S"], "hand 3": ["KS"],
      "hand 4": ["QS"], "trick": ["7C", "AC"]}, "turn": 1, "variables": {"leader": 3}})";
  GameState s = Position(*engine, opponent);
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"play 7H"});
  CHECK(ParseMove(*engine, s, "play 8D").error ==
        "8D: with no card of suit C, the suit led, you must trump: play a card of suit H");
}

TEST_CASE("trick points/trump values and partners are checked at load") {
  CHECK(EditedLoadError(kFixture, "teams: 2\n", "")
            .find("partner_excuses: partners are a team's: declare teams: first") != std::string::npos);
  CHECK(EditedLoadError(kFixture, "score: {plus: won, bonus: {der: 10}, team: true}",
                        "score: {plus: won, bonus: {dre: 10}, team: true}")
            .find("dre") != std::string::npos);
}
