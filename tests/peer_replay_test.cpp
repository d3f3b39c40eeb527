// A peer's games replayed under a recorded chance source (interpreter/peer_replay.h): all
// three of OpenSpiel's files match, and a game that differs is reported at its first
// difference with the game and step.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "interpreter/records/peer_replay.h"
#include "interpreter/records/recorded_chance.h"
#include "tests/helpers.h"

using namespace tapis;

namespace {

const std::string kFixtures = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/openspiel/";

PeerReplay Replay(const std::string& game, const std::string& file) {
  return ReplayPeerGames(LoadRuleset(FindRuleset(game)), file);
}

}  // namespace

TEST_CASE("peer replay/every game of OpenSpiel's three files matches") {
  struct File {
    const char* game;
    const char* file;
    int games;
  };
  for (const File& f : {File{"oh_hell", "oh_hell_p3_shared.jsonl", 50}, File{"oh_hell", "oh_hell_p4_shared.jsonl", 100},
                        File{"crazy_eights", "crazy_eights_p4_shared.jsonl", 100}}) {
    CAPTURE(f.file);
    const PeerReplay result = Replay(f.game, kFixtures + f.file);
    CHECK(result.difference == "");
    CHECK(result.games == f.games);
  }
}

TEST_CASE("peer replay/the first difference names the game, the step, what was expected and what came") {
  // The first game of the peer's file with one legal move taken out of step 23's list.
  std::ifstream in(kFixtures + "crazy_eights_p4_shared.jsonl");
  std::string line;
  std::getline(in, line);
  const std::string from = R"("legal":["Play S4","Play C8","Draw"])";
  REQUIRE(line.find(from) != std::string::npos);
  line.replace(line.find(from), from.size(), R"("legal":["Play C8","Draw"])");
  const std::string path = (std::filesystem::temp_directory_path() / "tapis_peer_replay_test.jsonl").string();
  std::ofstream(path) << line << "\n";
  CHECK(Replay("crazy_eights", path).difference ==
        "game 1, step 23: legal moves: expected [Draw, Play C8], got [Draw, Play C8, Play S4]");
  std::remove(path.c_str());
}

TEST_CASE("peer replay/chance texts: a card when a word is a card code, else the first number") {
  auto rules = LoadRuleset(FindRuleset("crazy_eights"));
  ChanceEvent e;
  REQUIRE(ChanceEvent::Parse("Deal C8", rules->catalog, e));
  CHECK(e.Text() == "card C8");
  REQUIRE(ChanceEvent::Parse("Decide Player 3 to be the dealer", rules->catalog, e));
  CHECK(e.Text() == "number 3");
  REQUIRE(ChanceEvent::Parse("12", rules->catalog, e));
  CHECK(e.Text() == "number 12");
  CHECK_FALSE(ChanceEvent::Parse("Shuffle", rules->catalog, e));
}

TEST_CASE("peer replay/forged numbers are differences, not crashes") {
  // std::stoi threw out_of_range and invalid_argument: tapis ended with exit code 70.
  auto rules = LoadRuleset(FindRuleset("crazy_eights"));
  ChanceEvent e;
  CHECK_FALSE(ChanceEvent::Parse("Decide Player 99999999999 to be the dealer", rules->catalog, e));
  const std::string path = (std::filesystem::temp_directory_path() / "tapis_peer_forged_test.jsonl").string();
  std::ofstream(path) << R"j({"game": "crazy_eights(players=x)", "steps": []})j"
                      << "\n";
  CHECK(Replay("crazy_eights", path).difference ==
        "game 1, step 0: 'players=x': expected a number of players");
  std::ofstream(path) << std::string(100000, '[') << "\n";  // 1.5 GB for 20 MB of them
  CHECK(Replay("crazy_eights", path).difference.find("not JSON: lists and objects nested deeper than 32") !=
        std::string::npos);
  std::remove(path.c_str());
}
