// The match machinery on a test-only ruleset (tests/fixtures/race.yaml): rounds with a
// rotating first player, running totals, phases that restrict moves, and events.
#include <doctest/doctest.h>

#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

const std::string kRace = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/race.yaml";

int Variable(const Engine& engine, const GameState& s, const std::string& name, int player = -1) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), player)];
}

}  // namespace

TEST_CASE("match/phases restrict the moves offered, an effect changes the phase") {
  auto engine = MakeEngine(kRace, 2);
  GameState s = engine->NewGame(5);
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"draw", "pass"});
  Play(*engine, s, "draw");
  const auto legal = LegalTexts(*engine, s);
  REQUIRE(legal.size() == 3);  // two cards to play, or pass
  CHECK(legal[0].rfind("play ", 0) == 0);
  CHECK(legal[2] == "pass");
}

TEST_CASE("match/rounds rotate the first player, events fire each round and turn") {
  auto engine = MakeEngine(kRace, 2);
  GameState s = engine->NewGame(9);
  CHECK(Variable(*engine, s, "rounds_started") == 1);
  CHECK(Variable(*engine, s, "turns_started", 0) == 1);
  std::vector<int> first_players{s.turn_player};
  while (!s.finished) {
    const int round = s.round;
    Play(*engine, s, LegalTexts(*engine, s)[0]);  // draw, then play the first card
    if (s.round != round && !s.finished) first_players.push_back(s.turn_player);
  }
  CHECK(first_players == std::vector<int>{0, 1, 0});
  CHECK(Variable(*engine, s, "rounds_started") == 3);
  CHECK(s.round == 3);
  CHECK(engine->Score(s) == s.totals);
}

TEST_CASE("match/a round's end adds its scores to the totals and deals the next round") {
  auto engine = MakeEngine(kRace, 2);
  GameState s = Position(*engine, R"({
    "zones": {"stock": [], "hand 1": ["R4", "R5"], "hand 2": ["R6"], "pile 1": ["R1", "R2"], "pile 2": ["R3"]},
    "turn": 2, "phase": "playing", "actions": 1, "last_round_player": 1, "totals": [10, 4]})");
  CHECK(engine->Score(s) == std::vector<int>{13, 7});  // totals plus the round so far
  Play(*engine, s, "play R6");
  CHECK(s.totals == std::vector<int>{13, 13});
  CHECK(s.round == 1);
  CHECK(s.turn_player == 1);  // the next round starts one seat further
  CHECK(Cards(*engine, s, "hand", 1).size() == 1);
  CHECK(Cards(*engine, s, "pile", 1).empty());
  CHECK_FALSE(s.finished);
}

TEST_CASE("match/the race fixture passes the conformance checks") {
  const auto problems = CheckRandomGames(LoadRuleset(kRace), 30, 3);
  std::string all;
  for (const auto& p : problems) all += p + "\n";
  CHECK_MESSAGE(problems.empty(), all);
}
