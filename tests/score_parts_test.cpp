// Where a round's points came from (docs/rulesets.md#card_points, "Where the points came
// from"): each rule's share named, for YAML scoring and for scripts (tapis.score), adding up
// to the round's score in every bundled ruleset.
#include <doctest/doctest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <numeric>

#include "interpreter/bots/bots.h"
#include "interpreter/records/score_text.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

long long Sum(const std::vector<ScorePart>& parts) {
  return std::accumulate(parts.begin(), parts.end(), 0LL,
                         [](long long sum, const ScorePart& part) { return sum + part.points; });
}

std::vector<std::string> Labels(const std::vector<ScorePart>& parts) {
  std::vector<std::string> labels;
  for (const ScorePart& part : parts) labels.push_back(part.label);
  return labels;
}

// tests/bad/mini.yaml scored by `function score()` of `lua`, loaded from a folder of its own
// (one per process: ctest runs test cases side by side).
std::unique_ptr<Engine> ScriptScored(const std::string& lua) {
  const auto folder =
      std::filesystem::temp_directory_path() / ("tapis_score_parts_test_" + std::to_string(getpid()));
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "score.lua") << "function on_play(move) end\n" << lua << "\n";
  std::string yaml = ReadText(std::string(TAPIS_SOURCE_DIR) + "/tests/bad/mini.yaml");
  yaml.replace(yaml.find("mini.lua"), 8, "score.lua");
  auto rules = LoadRulesetFromString(yaml + "score: score\n", (folder / "score.yaml").string());
  return std::make_unique<Engine>(std::make_shared<GameConfig>(rules, 2));
}

}  // namespace

TEST_CASE("score parts/every bundled ruleset: each round's named parts add up to its score") {
  int rulesets = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(TAPIS_SOURCE_DIR) + "/rulesets")) {
    const std::string file = entry.path().filename().string();
    if (!file.ends_with(".yaml")) continue;
    const std::string game = file.substr(0, file.size() - 5);
    CAPTURE(game);
    auto rules = LoadRuleset(entry.path().string());
    const int players = std::clamp(4, rules->min_players, rules->max_players);
    Engine engine(std::make_shared<GameConfig>(rules, players));
    ++rulesets;
    int rounds = 0;
    for (uint64_t seed = 1; seed <= 2; ++seed) {
      GameState s = engine.NewGame(seed);
      RandomBot bot(seed);
      for (int moves = 0; !s.finished && moves < 3000; ++moves) {
        // As the round stands: the parts add up to the score less the totals.
        std::string error;
        const ScoreParts now = engine.ExplainRoundScore(s, &error);
        REQUIRE(error.empty());
        const std::vector<int> score = engine.Score(s);
        for (int p = 0; p < players; ++p)
          CHECK(Sum(now[p]) == static_cast<long long>(score[p]) - s.totals[p]);
        const std::vector<Move> legal = engine.LegalMoves(s);
        REQUIRE(!legal.empty());
        const GameState before = s;
        MoveStates states;
        engine.CaptureStates(&states);
        const ApplyResult result = engine.Apply(s, legal[bot.Choose(engine, s, legal)]);
        engine.CaptureStates(nullptr);
        REQUIRE(result.ok);
        if (!states.round_ended) continue;
        ++rounds;
        REQUIRE(states.round_parts.size() == static_cast<size_t>(players));
        for (int p = 0; p < players; ++p) {
          CHECK(Sum(states.round_parts[p]) ==
                static_cast<long long>(states.round_end.totals[p]) - before.totals[p]);
          for (const ScorePart& part : states.round_parts[p]) {
            CHECK(part.points != 0);
            CHECK(part.label != "score");  // every bundled ruleset names its parts
          }
        }
      }
    }
    CHECK(rounds > 0);
  }
  CHECK(rulesets >= 25);
}

TEST_CASE("score parts/Scopa: a point a scopa and the majorities, each by its name") {
  auto engine = MakeEngine("scopa", 2);
  // Player 1: more cards, the coins, the settebello and a primiera (a card of every suit);
  // player 2 two scope.
  GameState s =
      Position(*engine, R"({"zones": {"won 1": ["7D", "AD", "AH", "AC", "AS"], "won 2": ["3H", "5C"],
      "hand 1": ["5S"], "hand 2": ["6S"]}, "variables": {"scope 2": 2}, "turn": 1})");
  const ScoreParts parts = engine->ExplainRoundScore(s);
  CHECK(Labels(parts[0]) == std::vector<std::string>{"cards", "coins", "settebello", "primiera"});
  CHECK(Sum(parts[0]) == 4);
  REQUIRE(parts[1].size() == 1);
  CHECK(parts[1][0].label == "scope");
  CHECK(parts[1][0].points == 2);
  CHECK(ScoreBreakdown(*engine, parts, 1) ==
        std::vector<std::string>{"player 1: cards 1 + coins 1 + settebello 1 + primiera 1 = 4",
                                 "you: scope 2"});
}

TEST_CASE("score parts/a contract: bid made or missed, the tricks, the difference") {
  auto engine = MakeEngine("rikiki", 3);
  GameState s = Position(*engine, R"({"variables": {"bid 1": 2, "tricks 1": 2, "bid 2": 3, "tricks 2": 1,
      "bid 3": 0, "tricks 3": 0}, "phase": "playing", "turn": 1})");
  const ScoreParts parts = engine->ExplainRoundScore(s);
  CHECK(PartsText(parts[0]) == "bid made 10 + tricks 10 = 20");  // 10, and 5 a trick, by default
  CHECK(PartsText(parts[1]) == "bid missed -10 - difference 10 = -20");
  CHECK(PartsText(parts[2]) == "bid made 10");
}

TEST_CASE("score parts/teams: partners share one breakdown, told once, and a failed taker's loss named") {
  auto engine = MakeEngine("belote", 4);
  // Team 1 & 3 took (taker 1) and won less than team 2 & 4: its points go to them, its belote stays.
  GameState s = Position(*engine, R"({"zones": {"won 1": ["JH", "9H"], "won 2": ["AS", "10S", "AD", "10D"],
      "won 3": [], "won 4": ["AC", "10C"]}, "variables": {"taker": 1, "trumps": 3, "belote 1": 1, "der 4": 1},
      "phase": "playing", "turn": 1})");
  const ScoreParts parts = engine->ExplainRoundScore(s);
  CHECK(parts[0] == parts[2]);
  CHECK(parts[1] == parts[3]);
  const std::vector<int> score = engine->Score(s);
  CHECK(Sum(parts[0]) == score[0]);
  CHECK(Sum(parts[1]) == score[1]);
  const std::vector<std::string> lines = ScoreBreakdown(*engine, parts, 0);
  REQUIRE(lines.size() == 2);
  CHECK(lines[0] == "team 1 & 3 (yours): won cards 34 + belote 20 - taker failed 34 = 20");
  CHECK(lines[1] == "team 2 & 4: won cards 63 + der 10 + taker failed 34 = 107");
}

TEST_CASE("score parts/a formula's named expressions: La poule's aces, honours and last trick") {
  auto engine = MakeEngine("poule", 4);
  std::vector<std::string> names;
  for (const NamedFormula& f : engine->rules().score_formulas) names.push_back(f.name);
  CHECK(names == std::vector<std::string>{"aces", "poules made", "honours by threes", "last trick"});
  // Seat 1 and 3 play together: two aces and six honours between them, and the last trick.
  GameState s =
      Position(*engine, R"({"zones": {"won 1": ["AH", "KH", "QH", "JH"], "won 3": ["AS", "10S", "9S", "KS"]},
      "variables": {"last_trick": 3}, "turn": 1})");
  const ScoreParts parts = engine->ExplainRoundScore(s);
  CHECK(PartsText(parts[0]) == "aces 2 + honours by threes 2 + last trick 1 = 5");
  CHECK(parts[2] == parts[0]);
  CHECK(parts[1].empty());
}

TEST_CASE("score parts/a script names its parts with tapis.score, and may return a list too") {
  auto both = ScriptScored(R"(function score()
  tapis.score(1, 5, "aces")
  tapis.score(1, -2, "hand")
  tapis.score(1, 3, "aces")
  return {1, 0}
end)");
  GameState s = both->NewGame(1);
  CHECK(both->Score(s) == std::vector<int>{7, 0});
  const ScoreParts parts = both->ExplainRoundScore(s);
  CHECK(PartsText(parts[0]) == "aces 8 - hand 2 + score 1 = 7");
  CHECK(parts[1].empty());

  auto only_parts = ScriptScored("function score() tapis.score(2, 4, 'melds') end");
  s = only_parts->NewGame(1);
  CHECK(only_parts->Score(s) == std::vector<int>{0, 4});
}

TEST_CASE("score parts/tapis.score is refused outside the score function and with a bad label") {
  auto engine = ScriptScored(R"(function score() tapis.score(1, 1, "") end)");
  GameState s = engine->NewGame(1);
  std::string error;
  engine->Score(s, &error);
  CHECK(error.find("tapis.score: argument 3 (label) must name the points") != std::string::npos);

  engine = ScriptScored(R"(function score() tapis.score(3, 1, "x") end)");
  s = engine->NewGame(1);
  engine->Score(s, &error);
  CHECK(error.find("tapis.score: no player 3") != std::string::npos);

  engine = ScriptScored(R"(function score() tapis.score(1, 1e9, "x") end)");
  s = engine->NewGame(1);
  engine->Score(s, &error);
  CHECK(error.find("tapis.score: 1000000000 points: a whole number") != std::string::npos);

  engine = ScriptScored(R"(function score() return "many" end)");
  s = engine->NewGame(1);
  engine->Score(s, &error);
  CHECK(error.find("'score' must return a list of numbers, or nothing when it scores with tapis.score") !=
        std::string::npos);
}

TEST_CASE("score parts/names are checked at load") {
  const std::string poule = FindRuleset("poule");
  CHECK(EditedLoadError(poule, "    aces: ", "    \"\": ").find("formula: a short name players read") !=
        std::string::npos);
  const std::string scopa = FindRuleset("scopa");
  CHECK(EditedLoadError(scopa, "name: settebello", "name: [a]").find("most: name: a short name") !=
        std::string::npos);
}
