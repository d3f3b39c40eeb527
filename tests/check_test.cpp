// tapis check's random games: a share of games that do not end fails the check whatever
// the number of games, and the few-valued parameters have their other values tried.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "interpreter/load/ruleset_finder.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

// Players pass; a game ends after six turns, except the `endless` percent of games that
// chance makes endless at the start.
std::shared_ptr<const Ruleset> SometimesEndless(int endless_percent) {
  const auto folder = std::filesystem::temp_directory_path() / ("tapis_endless_" + std::to_string(getpid()));
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "endless.lua")
      << "function start() tapis.set('endless', tapis.random(100) <= " << endless_percent
      << " and 1 or 0) end\n"
      << "function turn_end()\n  tapis.set('turns', tapis.get('turns') + 1)\n"
      << "  if tapis.get('endless') == 0 and tapis.get('turns') >= 6 then tapis.end_game() end\nend\n";
  const std::string yaml = R"(name: endless
players: {min: 2, max: 2}
cards:
  properties: {rank: ["1", "2"]}
  code: "{rank}"
  pack: every
  into: stock
zones:
  stock: {owner: table, visible: none}
variables:
  endless: {}
  turns: {}
turn: {actions: 1}
moves:
  pass: {type: pass}
on: {round_start: start, turn_end: turn_end}
scripts: [endless.lua]
)";
  return LoadRulesetFromString(yaml, (folder / "endless.yaml").string());
}

}  // namespace

TEST_CASE("check/a variant where 8% of games never end fails with the default number of games") {
  // It passed with `--games 5` and failed with 100: a count, not a share, decided. The
  // default 100 games find it, and the message gives the share with its interval.
  CheckOptions options;
  const CheckOutcome outcome = CheckRandomGames(SometimesEndless(8), options);
  REQUIRE(outcome.problems.size() == 1);
  CAPTURE(outcome.problems[0]);
  CHECK(outcome.problems[0].find("2 players: ") == 0);
  CHECK(outcome.problems[0].find(
            " of 100 random games did not end (a round past 100000 moves, or a match past 1000 rounds) (") !=
        std::string::npos);
  CHECK(outcome.problems[0].find("95% interval") != std::string::npos);
  CHECK(outcome.problems[0].find("above the 1.0% allowed (--unfinished)") != std::string::npos);
  // Where more are allowed, it is a note.
  options.unfinished_limit = 0.25;
  const CheckOutcome lenient = CheckRandomGames(SometimesEndless(8), options);
  CHECK(lenient.problems.empty());
  REQUIRE(lenient.notes.size() == 1);
  CHECK(lenient.notes[0].find("within the 25.0% allowed") != std::string::npos);
  // A variant whose games all end passes with nothing to say.
  const CheckOutcome fine = CheckRandomGames(SometimesEndless(0), CheckOptions{});
  CHECK(fine.problems.empty());
  CHECK(fine.notes.empty());
}

TEST_CASE(
    "check/each other value of the bool and small choice parameters is tried, but not those --set fixes") {
  const auto kems = LoadRuleset(FindRuleset("kems"));
  using Values = std::vector<std::pair<std::string, std::string>>;
  CHECK(ParameterValuesToCheck(*kems, {}) == Values{{"leak", "never"}, {"leak", "always"}});
  CHECK(ParameterValuesToCheck(*kems, {{"leak", "always"}}).empty());
  // A default that depends on the player count: both values are tried.
  const Values quincunx = ParameterValuesToCheck(*LoadRuleset(FindRuleset("quincunx")), {});
  CHECK(std::count(quincunx.begin(), quincunx.end(),
                   std::pair<std::string, std::string>{"centre_card", "true"}) == 1);
  CHECK(std::count(quincunx.begin(), quincunx.end(),
                   std::pair<std::string, std::string>{"centre_card", "false"}) == 1);
  CHECK(std::count(quincunx.begin(), quincunx.end(),
                   std::pair<std::string, std::string>{"muggins", "true"}) == 1);
  CHECK(std::count(quincunx.begin(), quincunx.end(),
                   std::pair<std::string, std::string>{"muggins", "false"}) == 0);
  // A setting reaches every game: problems say which settings they were found with.
  CheckOptions options;
  options.games = 3;
  options.settings = {{"leak", "always"}};
  CHECK(CheckRandomGames(kems, options).problems.empty());
}
