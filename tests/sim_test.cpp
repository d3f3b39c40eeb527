// Simulation: reproducible from the seed whatever the threads, and shards of a run merge
// into exactly the run.
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "interpreter/model/errors.h"
#include "interpreter/sim/simulate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

std::shared_ptr<GameConfig> Unisson() {
  return std::make_shared<GameConfig>(LoadRuleset(FindRuleset("unisson")), 4);
}

SimTotals Run(int threads, int shard = 0, int shards = 1) {
  SimOptions options;
  options.games = 600;
  options.seed = 9;
  options.threads = threads;
  options.shard = shard;
  options.shard_count = shards;
  options.cards = true;
  SimTotals totals = SimulateTotals(Unisson(), options);
  totals.seconds = 0;  // the only thing that may differ
  return totals;
}

}  // namespace

TEST_CASE("sim/the same seed gives the same totals with one thread or two") {
  CHECK(TotalsToJson(Run(1)) == TotalsToJson(Run(2)));
}

TEST_CASE("sim/three shards merged equal one run, through their JSON") {
  SimTotals merged = TotalsFromJson(TotalsToJson(Run(1, 2, 3)), "part 3");
  merged.Merge(TotalsFromJson(TotalsToJson(Run(2, 0, 3)), "part 1"));
  merged.Merge(TotalsFromJson(TotalsToJson(Run(1, 1, 3)), "part 2"));
  CHECK(merged.Complete());
  SimTotals single = Run(1);
  merged.shard_count = single.shard_count;  // what tells them apart, by design
  merged.shards = single.shards;
  CHECK(TotalsToJson(merged) == TotalsToJson(single));
  const SimReport report = Summarize(single, Unisson()->rules());
  CHECK(report.games == 600);
  CHECK(report.moves_per_game.front().first == "draw");  // in the ruleset's order
}

TEST_CASE("sim/totals of an older shard, with no timings, read back as written") {
  // They read with no seat's timings, were written with none, and read back with a zero for
  // each seat: found by fuzz_shard.
  nlohmann::json old = TotalsToJson(Run(1, 0, 2));
  old.erase("decisions");
  const nlohmann::json written = TotalsToJson(TotalsFromJson(old, "old.json"));
  CHECK(written.at("decisions") == nlohmann::json::array({0, 0, 0, 0}));  // four players
  CHECK(TotalsToJson(TotalsFromJson(written, "written.json")) == written);
}

TEST_CASE("sim/shards that do not belong together are refused") {
  SimTotals a = Run(1, 0, 2);
  CHECK_THROWS_WITH(a.Merge(Run(1, 0, 2)), "shard 1/2 is given twice");
  SimTotals other_seed = Run(1, 1, 2);
  other_seed.seed = 10;
  CHECK_THROWS_WITH(a.Merge(other_seed), "these results are not shards of one run: their seeds differ");
  CHECK_FALSE(a.Complete());
}

TEST_CASE("sim/per-card attribution covers every card of the game") {
  const SimReport report = Summarize(Run(1), Unisson()->rules());
  CHECK(report.cards.size() == 32);
  CHECK(report.never_legal.empty());  // every card can be chosen or discarded at some point
  for (const auto& card : report.cards) {
    CHECK(card.win_rate >= 0);
    CHECK(card.win_rate <= 1);
    CHECK(card.players > 0);
  }
}

TEST_CASE("sim/an effect shared by two moves is reported once") {
  // Zigity's action and counter moves both call on_action.
  auto config = std::make_shared<GameConfig>(LoadRuleset(FindRuleset("zigity")), 4);
  SimOptions options;
  options.games = 20;
  const SimReport report = Summarize(SimulateTotals(config, options), config->rules());
  int listed = 0;
  for (const auto& [name, per_game] : report.effects_per_game) listed += name == "on_action";
  CHECK(listed == 1);
}

TEST_CASE("sim/effects the parameters switch off are listed apart, not as never used") {
  auto rules = LoadRuleset(FindRuleset("crazy_eights"));
  SimOptions options;
  options.games = 20;
  for (const char* special : {"false", "true"}) {
    CAPTURE(special);
    auto config = std::make_shared<GameConfig>(
        rules, 4, std::map<std::string, std::string>{{"special_cards", special}});
    const SimReport report = Summarize(SimulateTotals(config, options), config->rules());
    std::vector<std::string> listed;
    for (const auto& [name, per_game] : report.effects_per_game) listed.push_back(name);
    if (std::string(special) == "false") {
      CHECK(report.effects_off == std::vector<std::string>{"skip 1", "reverse", "penalty draw", "on_draw"});
      CHECK(listed == std::vector<std::string>{"ask nominate"});
    } else {
      CHECK(report.effects_off.empty());
      CHECK(listed.size() == 5);
    }
  }
}

TEST_CASE("sim/bots' look-ahead is not counted: the moves per game add up to the game's moves") {
  // Greedy tried every move on the game's own engine, so a 49-move L'Unisson game reported
  // "choose 620, discard 145" (issue 27). Trials now run on the look-ahead engine.
  SimOptions options;
  options.games = 6;
  options.seed = 3;
  options.bots = {"greedy", "ismcts:30", "greedy", "random"};
  const SimReport report = Simulate(Unisson(), options);
  double moves = 0;
  for (const auto& [name, per_game] : report.moves_per_game) moves += per_game;
  CHECK(report.mean_moves > 20);
  CHECK(moves == doctest::Approx(report.mean_moves));
}

namespace {

// The table variables whose means a 20-game run reports.
std::vector<std::string> MeanNames(const std::shared_ptr<const GameConfig>& config) {
  SimOptions options;
  options.games = 20;
  options.seed = 4;
  options.threads = 1;
  std::vector<std::string> names;
  for (const auto& [name, mean] : Simulate(config, options).variable_means) names.push_back(name);
  return names;
}

}  // namespace

TEST_CASE(
    "sim/a table variable declared report: false has no mean, and a player variable may not be so declared") {
  // L'Empereur's scripts keep the dealer's seat and the first out's: "dealer 1.48" said nothing.
  const auto config = std::make_shared<GameConfig>(LoadRuleset(FindRuleset("empereur")), 4);
  const std::vector<std::string> names = MeanNames(config);
  CHECK(std::find(names.begin(), names.end(), "dealer") == names.end());
  CHECK(std::find(names.begin(), names.end(), "first_out") == names.end());
  CHECK(std::find(names.begin(), names.end(), "played") != names.end());  // a count: still reported
  std::string message;
  try {
    LoadRulesetFromString(ReadText(std::string(TAPIS_SOURCE_DIR) + "/tests/bad/mini.yaml")
                              .insert(0, "variables:\n  seat: {owner: player, report: false}\n"),
                          "case.yaml");
  } catch (const Error& e) {
    message = e.what();
  }
  CHECK(
      message ==
      "case.yaml:2:33: report: only a table variable's mean is reported (tapis sim); this one is a player's");
}

TEST_CASE("sim/table variables that name a seat or a card have no mean in the report") {
  // Gin rummy's `picked` holds a card and `knocker` a seat: "picked 12.6" told a designer nothing.
  const auto config = std::make_shared<GameConfig>(LoadRuleset(FindRuleset("gin_rummy")), 2,
                                                   std::map<std::string, std::string>{{"deals", "1"}});
  CHECK(config->rules().NamesSomething(config->rules().VariableIndex("picked")));
  CHECK(config->rules().NamesSomething(config->rules().VariableIndex("knocker")));
  CHECK_FALSE(config->rules().NamesSomething(config->rules().VariableIndex("drawn")));
  const std::vector<std::string> names = MeanNames(config);
  CHECK(names == std::vector<std::string>{"drawn"});
}

namespace {

// tests/bad/mini.yaml without its pass (a game ends once the hands are played), with a table
// variable `count` and `script` as its Lua, loaded from a folder of this process's own.
std::shared_ptr<GameConfig> MiniWith(const std::string& script) {
  std::string yaml = ReadText(std::string(TAPIS_SOURCE_DIR) + "/tests/bad/mini.yaml");
  yaml.erase(yaml.find("  pass: {type: pass}\n"), 21);
  yaml += "variables:\n  count: {owner: table}\n";
  const auto folder = std::filesystem::temp_directory_path() / ("tapis_sim_test_" + std::to_string(getpid()));
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "mini.lua") << script;
  return std::make_shared<GameConfig>(LoadRulesetFromString(yaml, (folder / "case.yaml").string()), 2);
}

}  // namespace

TEST_CASE("sim/a script that keeps state in Lua: each game starts from the scripts as loaded") {
  // Its plays so far, in an upvalue, end each game in `count`: games used to see the games
  // played before them on their thread (means 202, 102 and 52 with 1, 2 and 4 threads).
  const auto config = MiniWith(
      "local plays = 0\nfunction on_play(move)\n  plays = plays + 1\n"
      "  tapis.set('count', plays)\nend\n");
  SimOptions options;
  options.games = 100;
  const auto report = [](SimTotals totals) {
    totals.seconds = 0;
    totals.shard_count = 1;
    totals.shards = {0};
    return TotalsToJson(totals).dump();
  };
  // Each game alone on a new engine (a shard of one game each), merged: what no state
  // crossing from one game to the next gives.
  options.shard_count = options.games;
  SimTotals alone = SimulateTotals(config, options);
  for (options.shard = 1; options.shard < options.games; ++options.shard)
    alone.Merge(SimulateTotals(config, options));
  options.shard = 0;
  options.shard_count = 1;
  for (int threads : {1, 2, 4}) {
    CAPTURE(threads);
    options.threads = threads;
    CHECK(report(SimulateTotals(config, options)) == report(alone));
  }
}

TEST_CASE("sim/a call near the budget ends the same way on every run: counted from its first instruction") {
  // The first play of each game loops just past, or just within, the 20,000,000 instructions.
  const auto looping = [](int iterations) {
    return MiniWith(
        fmt::format("function on_play(move)\n  if tapis.count('pile') == 1 then\n"
                    "    for i = 1, {} do end\n  end\nend\n",
                    iterations));
  };
  SimOptions options;
  options.games = 2;
  for (int run = 0; run < 2; ++run) {
    CHECK(
        SimulateTotals(looping(20'010'000), options).error.find("instruction budget of 20000000 exceeded") !=
        std::string::npos);
    CHECK(SimulateTotals(looping(19'990'000), options).error == "");
  }
}
