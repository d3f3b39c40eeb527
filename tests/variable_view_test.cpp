// Variables in players' views (docs/rulesets.md, `variables`): `visible: all` shows a value
// to everyone, `owner` shows a player's value to that player only (a secret told to one
// player), and the default keeps it out of every view, as the scripts' own bookkeeping.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "interpreter/model/errors.h"
#include "interpreter/records/view.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

const std::string kBad = std::string(TAPIS_SOURCE_DIR) + "/tests/bad/";

// tests/bad/mini.yaml with `variables` added before its setup.
std::string MiniWith(const std::string& variables) {
  std::string yaml = ReadText(kBad + "mini.yaml");
  yaml.insert(yaml.find("setup:"), variables);
  return yaml;
}

constexpr const char* kVariables = R"(variables:
  round_count: {visible: all}
  points: {owner: player, visible: all}
  secret: {owner: player, visible: owner}
  bookkeeping: {owner: player}
)";

}  // namespace

TEST_CASE("variable views/all, owner and the default") {
  auto rules = LoadRulesetFromString(MiniWith(kVariables), kBad + "case.yaml");
  Engine engine(std::make_shared<GameConfig>(rules, 2, std::map<std::string, std::string>{}));
  GameState s = Position(engine, R"({"variables": {"round_count": 3, "points 1": 5, "points 2": 7,
    "secret 1": 11, "secret 2": 22, "bookkeeping 1": 9}})");

  const auto seen = ViewJson(engine, s, 0)["variables"];
  CHECK(seen == nlohmann::json{{"round_count", 3}, {"points 1", 5}, {"points 2", 7}, {"secret 1", 11}});
  CHECK(ViewJson(engine, s, 1)["variables"]["secret 2"] == 22);
  CHECK_FALSE(ViewJson(engine, s, 1)["variables"].contains("secret 1"));

  const std::string text = RenderView(engine, s, 1);
  CHECK(text.find("round_count: 3") != std::string::npos);
  // A player variable is one line for all the players the viewer may see.
  CHECK(text.find("  points: player 1 5, you 7\n") != std::string::npos);
  CHECK(text.find("  secret: you 22\n") != std::string::npos);
  CHECK(text.find("11") == std::string::npos);
  CHECK(text.find("bookkeeping") == std::string::npos);
  // A spectator (-1) sees every shown variable, secrets included.
  CHECK(ViewJson(engine, s, -1)["variables"]["secret 1"] == 11);
}

TEST_CASE(
    "variable views/hidden_at: the text view leaves out a value that means nothing yet, JSON keeps it") {
  auto rules = LoadRulesetFromString(
      MiniWith(
          "variables:\n  place: {owner: player, visible: all, hidden_at: 0, values: [none, 1st, 2nd]}\n"),
      kBad + "case.yaml");
  Engine engine(std::make_shared<GameConfig>(rules, 2, std::map<std::string, std::string>{}));
  const GameState s = Position(engine, R"({"variables": {"place 1": 0, "place 2": 1}})");
  const std::string text = RenderView(engine, s, 0);
  CHECK(text.find("your place") == std::string::npos);
  CHECK(text.find("  place: player 2 1st\n") != std::string::npos);
  CHECK(ViewJson(engine, s, 0)["variables"] == nlohmann::json{{"place 1", 0}, {"place 2", 1}});
  std::string message;
  try {
    LoadRulesetFromString(MiniWith("variables:\n  x: {hidden_at: 0}\n"), kBad + "case.yaml");
  } catch (const Error& e) {
    message = e.what();
  }
  CHECK(message.find("hidden_at: only a variable players see (visible: all or owner) is hidden") !=
        std::string::npos);
}

TEST_CASE("variable views/none shown: a view has no variables key") {
  auto rules = LoadRulesetFromString(MiniWith("variables:\n  hidden: {owner: player}\n"), kBad + "case.yaml");
  Engine engine(std::make_shared<GameConfig>(rules, 2, std::map<std::string, std::string>{}));
  const GameState s = engine.NewGame(1);
  CHECK_FALSE(ViewJson(engine, s, 0).contains("variables"));
}

TEST_CASE("variable views/a table variable cannot be seen by its owner only") {
  std::string message = "(loaded without error)";
  try {
    LoadRulesetFromString(MiniWith("variables:\n  x: {visible: owner}\n"), kBad + "case.yaml");
  } catch (const Error& e) {
    message = e.what();
  }
  CHECK(message == kBad + "case.yaml:16:16: visible: owner needs a variable with owner: player");
  try {
    LoadRulesetFromString(MiniWith("variables:\n  x: {visible: partner}\n"), kBad + "case.yaml");
  } catch (const Error& e) {
    message = e.what();
  }
  CHECK(message == kBad + "case.yaml:16:16: unknown visible 'partner'; expected all, owner or none");
}

TEST_CASE("variable views/partners are shown with the table, the viewer's team marked") {
  CHECK(TeamsText(2, 4, 0) == "teams: 1 & 3 (yours), 2 & 4");
  CHECK(TeamsText(2, 6, 5) == "teams: 1 & 3 & 5, 2 & 4 & 6 (yours)");
  CHECK(TeamsText(2, 4, -1) == "teams: 1 & 3, 2 & 4");
  auto engine = MakeEngine("poule", 4);
  const GameState s = engine->NewGame(3);
  CHECK(RenderView(*engine, s, 1).find("  teams: 1 & 3, 2 & 4 (yours)\n") != std::string::npos);
}

TEST_CASE("variable views/a trick game's board for four players fits a few lines at a glance") {
  // It took 19 lines: each empty zone, each hidden hand and each player's tricks had one.
  Engine engine(
      std::make_shared<GameConfig>(LoadRuleset(std::string(TAPIS_SOURCE_DIR) + "/rulesets/hearts.yaml"), 4));
  const GameState s = engine.NewGame(5);
  const std::string view = RenderView(engine, s, 0, true);
  CHECK(view ==
        "  your hand: 7C 10C KC AC 4D 7D 9D JD AD 5S 6S 10S 2H\n"
        "  hand of players 2, 3 and 4: 13 cards each\n"
        "  empty: stock, passed, trick, won\n"
        "  tricks: you 0, player 2 0, player 3 0, player 4 0\n"
        "  turn of player 1\n");
  // Counts that differ are listed.
  GameState t = s;
  for (size_t z = 0; z < t.zones.size(); ++z)
    if (ZoneName(engine, t, static_cast<int>(z), 0) == "hand of player 2") t.zones[z].cards.pop_back();
  CHECK(RenderView(engine, t, 0).find("  hand of players 2, 3 and 4: 12, 13 and 13 cards\n") !=
        std::string::npos);
}
