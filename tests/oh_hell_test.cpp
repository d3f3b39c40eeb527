// OpenSpiel's oh_hell (rulesets/oh_hell.yaml) against the peer's own records: its
// playthrough (tests/fixtures/openspiel/oh_hell.txt) and 150 random games (*.jsonl). Each
// game starts from a position built from the peer's chance steps (tricks, dealer, the
// cards dealt one by one, the trump); then at every player step the legal moves must be
// the peer's (as sets), and the final scores the peer's returns.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>

#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

struct PeerStep {
  int player;
  std::string action;
  std::vector<std::string> legal;
};

struct PeerGame {
  int players = 0;
  std::vector<std::string> chance;  // tricks, dealer, the cards dealt, the trump
  std::vector<PeerStep> steps;
  std::vector<int> returns;
};

std::string Fixture(const std::string& name) {
  std::ifstream in(std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/openspiel/" + name);
  REQUIRE_MESSAGE(in.good(), name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The position after the peer's chance steps: hands dealt card n to player n mod players.
GameState DealtPosition(const Engine& engine, const PeerGame& g) {
  const int tricks = std::stoi(g.chance[0]);
  const int dealer = std::stoi(g.chance[1]);
  REQUIRE(static_cast<int>(g.chance.size()) == 2 + tricks * g.players + 1);
  nlohmann::json zones;
  for (int i = 0; i < tricks * g.players; ++i)
    zones["hand " + std::to_string(i % g.players + 1)].push_back(g.chance[2 + i]);
  zones["trumps"] = {g.chance.back()};
  nlohmann::json position = {{"phase", "bidding"}, {"zones", zones}, {"turn", (dealer + 1) % g.players + 1}};
  return Position(engine, position.dump());
}

void ReplayPeerGame(const PeerGame& g) {
  auto engine = MakeEngine("oh_hell", g.players);
  GameState s = DealtPosition(*engine, g);
  for (size_t i = 0; i < g.steps.size(); ++i) {
    const PeerStep& step = g.steps[i];
    CAPTURE(i);
    CAPTURE(step.action);
    REQUIRE(engine->Actor(s) == step.player);
    std::vector<std::string> ours = LegalTexts(*engine, s), theirs = step.legal;
    std::sort(ours.begin(), ours.end());
    std::sort(theirs.begin(), theirs.end());
    REQUIRE(ours == theirs);
    Play(*engine, s, step.action);
  }
  REQUIRE(s.finished);
  CHECK(engine->Score(s) == g.returns);
}

// The playthrough's text: "StringLegalActions() = [...]", "# Apply action "X"", "Returns()".
PeerGame ReadPlaythrough(const std::string& text) {
  PeerGame g;
  std::istringstream in(text);
  std::string line;
  int player = -1;
  std::vector<std::string> legal;
  const std::regex quoted("\"([^\"]*)\"");
  while (std::getline(in, line)) {
    if (line.rfind("NumPlayers() = ", 0) == 0) g.players = std::stoi(line.substr(15));
    if (line.rfind("CurrentPlayer() = ", 0) == 0) player = std::stoi(line.substr(18));
    if (line.rfind("StringLegalActions() = ", 0) == 0) {
      legal.clear();
      for (auto it = std::sregex_iterator(line.begin(), line.end(), quoted); it != std::sregex_iterator();
           ++it)
        legal.push_back((*it)[1]);
    }
    if (line.rfind("# Apply action \"", 0) == 0) {
      const std::string action = line.substr(16, line.size() - 17);
      if (player < 0)
        g.chance.push_back(action);
      else
        g.steps.push_back({player, action, legal});
      player = -1;  // chance states between the shown ones print no CurrentPlayer
    }
    if (line.rfind("Returns() = [", 0) == 0) {
      g.returns.clear();
      std::istringstream numbers(line.substr(13));
      for (double v; numbers >> v;) {
        g.returns.push_back(static_cast<int>(v));
        numbers.ignore(1);
      }
    }
  }
  return g;
}

std::vector<PeerGame> ReadJsonl(const std::string& text) {
  std::vector<PeerGame> games;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    const auto j = nlohmann::json::parse(line);
    PeerGame g;
    const std::string name = j["game"];
    g.players = std::stoi(name.substr(name.find("players=") + 8));
    for (const auto& step : j["steps"]) {
      if (step["p"] == -1)
        g.chance.push_back(step["a"]);
      else
        g.steps.push_back({step["p"], step["a"], step["legal"]});
    }
    for (const auto& r : j["returns"]) g.returns.push_back(static_cast<int>(r.get<double>()));
    games.push_back(std::move(g));
  }
  return games;
}

}  // namespace

TEST_CASE("oh_hell/the peer's playthrough: legal moves at every step and the returns") {
  const PeerGame g = ReadPlaythrough(Fixture("oh_hell.txt"));
  REQUIRE(g.players == 3);
  REQUIRE(g.chance.size() == 2 + 2 * 3 + 1);  // 2 tricks, dealer 2, 6 cards, trump H2
  REQUIRE(g.steps.size() == 3 + 6);
  CHECK(g.returns == std::vector<int>{0, 0, 2});
  ReplayPeerGame(g);
}

TEST_CASE(
    "oh_hell/the playthrough's position: the hands as the peer shows them, bidding left of the dealer") {
  auto engine = MakeEngine("oh_hell", 3);
  const GameState s = DealtPosition(*engine, ReadPlaythrough(Fixture("oh_hell.txt")));
  // "Player: 0  C: 7  H: 6 / Player: 1  C: 5  S: 8 / Player: 2  C: 9  H: 9 / Trump: H2"
  CHECK(Cards(*engine, s, "hand", 1) == std::vector<std::string>{"H6", "C7"});
  CHECK(Cards(*engine, s, "hand", 2) == std::vector<std::string>{"C5", "S8"});
  CHECK(Cards(*engine, s, "hand", 3) == std::vector<std::string>{"H9", "C9"});
  CHECK(engine->Actor(s) == 0);
}

TEST_CASE("oh_hell/150 of the peer's random games (3 and 4 players) replay move for move") {
  for (const char* file : {"oh_hell_p3_shared.jsonl", "oh_hell_p4_shared.jsonl"}) {
    const auto games = ReadJsonl(Fixture(file));
    CHECK(games.size() == (std::string(file).find("p3") != std::string::npos ? 50u : 100u));
    for (size_t i = 0; i < games.size(); ++i) {
      CAPTURE(file);
      CAPTURE(i);
      ReplayPeerGame(games[i]);
    }
  }
}

TEST_CASE("oh_hell/the last bidder may not make the total equal the tricks") {
  auto engine = MakeEngine("oh_hell", 3);
  PeerGame g;
  g.players = 3;
  g.chance = {"2", "2", "H6", "C5", "H9", "C7", "S8", "C9", "H2"};
  GameState s = DealtPosition(*engine, g);
  Play(*engine, s, "0");
  Play(*engine, s, "1");
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"0", "2"});  // 1 would make 2
  // The refusal names the rule, and the range.
  CHECK(ParseMove(*engine, s, "1").error ==
        "bid 1 would make the bids add up to 2 (the others' come to 1), which the last to bid may not do");
  CHECK(ParseMove(*engine, s, "3").error == "type a bid from 0 to 2, the cards in your hand");
}

TEST_CASE("oh_hell/random games: one deal of 1 to ⌊51 / players⌋ cards each") {
  for (int players = 3; players <= 7; ++players) {
    auto engine = MakeEngine("oh_hell", players);
    for (uint64_t seed = 1; seed <= 200; ++seed) {
      GameState s = engine->NewGame(seed);
      const int dealt = static_cast<int>(Cards(*engine, s, "hand", 1).size());
      CHECK(dealt >= 1);
      CHECK(dealt <= 51 / players);
    }
  }
}

TEST_CASE("oh_hell/10,000 random games end with every card accounted for") {
  int games = 0;
  for (int players = 3; players <= 7; ++players) {
    auto engine = MakeEngine("oh_hell", players);
    for (int i = 0; i < 2000; ++i, ++games) {
      const GameState s = RandomGame(*engine, MixSeed(22, games));
      REQUIRE(s.finished);
      REQUIRE(CheckState(*engine, s).empty());
    }
  }
  CHECK(games == 10000);
}
