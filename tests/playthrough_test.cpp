// Golden playthroughs: whole seeded bot games checked in under tests/playthroughs/. The
// game is played again and must produce the same log, and the file must replay to its
// recorded scores. Set TAPIS_UPDATE_GOLDEN=1 to rewrite the files after a deliberate change.
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

#include "interpreter/records/game_log.h"
#include "interpreter/sim/simulate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

struct Golden {
  const char* file;
  const char* game;
  int players;
  uint64_t seed;
  std::vector<std::string> bots;
  std::map<std::string, std::string> settings;
};

const Golden kGoldens[] = {
    {"unisson_4p_seed42.jsonl", "unisson", 4, 42, {"greedy", "random", "greedy", "random"}, {}},
    {"unisson_5p_seed7.jsonl", "unisson", 5, 7, {"greedy", "greedy", "greedy", "greedy", "greedy"}, {}},
    {"empereur_normal_3p_seed3.jsonl", "empereur", 3, 3, {"random", "greedy", "random"}, {{"rounds", "2"}}},
    {"empereur_elite_3p_seed4.jsonl",
     "empereur",
     3,
     4,
     {"greedy", "greedy", "random"},
     {{"mode", "elite"}, {"target", "60"}}},
    {"empereur_miroir_normal_3p_seed5.jsonl",
     "empereur",
     3,
     5,
     {"random", "random", "random"},
     {{"mode", "miroir_normal"}, {"rounds", "2"}}},
    {"empereur_miroir_elite_3p_seed6.jsonl",
     "empereur",
     3,
     6,
     {"random", "greedy", "random"},
     {{"mode", "miroir_elite"}, {"target", "40"}}},
    {"super_bataille_3p_seed8.jsonl", "super_bataille", 3, 8, {}, {}},
    {"tir_a_la_carte_seed9.jsonl", "tir_a_la_carte", 2, 9, {}, {}},
    {"rikiki_4p_seed21.jsonl",
     "rikiki",
     4,
     21,
     {"greedy", "random", "greedy", "random"},
     {{"max_cards", "4"}}},
    {"oh_hell_4p_seed22.jsonl", "oh_hell", 4, 22, {}, {}},
    {"scopa_2p_seed26.jsonl", "scopa", 2, 26, {"greedy", "random"}, {}},
    {"hearts_4p_seed25.jsonl", "hearts", 4, 25, {"greedy", "random", "greedy", "random"}, {{"target", "40"}}},
    {"belote_4p_seed27.jsonl",
     "belote",
     4,
     27,
     {"greedy", "random", "greedy", "random"},
     {{"target", "300"}}},
    {"gin_rummy_2p_seed31.jsonl", "gin_rummy", 2, 31, {"greedy", "random"}, {{"target", "20"}}},
    {"euchre_4p_seed35.jsonl", "euchre", 4, 35, {"greedy", "random", "greedy", "random"}, {{"target", "5"}}},
    {"old_maid_4p_seed36.jsonl", "old_maid", 4, 36, {"greedy", "random", "greedy", "random"}, {}},
    {"cribbage_2p_seed37.jsonl", "cribbage", 2, 37, {"greedy", "random"}, {{"target", "31"}}},
    {"go_fish_4p_seed33.jsonl", "go_fish", 4, 33, {"greedy", "random", "greedy", "random"}, {}},
    {"poule_seed23.jsonl", "poule", 4, 23, {"greedy", "random", "random", "greedy"}, {{"target", "25"}}},
    {"quincunx_2p_seed11.jsonl", "quincunx", 2, 11, {"greedy", "random"}, {}},
    {"quincunx_3p_seed12.jsonl",
     "quincunx",
     3,
     12,
     {"random", "greedy", "random"},
     {{"muggins", "true"}, {"flush", "true"}}},
    {"quincunx_4p_seed13.jsonl",
     "quincunx",
     4,
     13,
     {"greedy", "random", "greedy", "random"},
     {{"excuse", "true"}, {"pawns", "true"}, {"courts", "true"}}},
    {"quincunx_solitaire_seed14.jsonl", "quincunx_solitaire", 1, 14, {"greedy"}, {}},
    {"quincunx_blank_tableau_2p_seed15.jsonl", "quincunx_blank_tableau", 2, 15, {"random", "greedy"}, {}},
    {"crazy_eights_4p_seed12.jsonl", "crazy_eights", 4, 12, {}, {}},
    {"crazy_eights_special_3p_seed13.jsonl", "crazy_eights", 3, 13, {}, {{"special_cards", "true"}}},
    {"huit_americain_3p_seed16.jsonl",
     "huit_americain",
     3,
     16,
     {"greedy", "random", "random"},
     {{"target", "30"}}},
    {"petite_ecole_3p_seed10.jsonl",
     "petite_ecole",
     3,
     10,
     {"greedy", "random", "greedy"},
     {{"max_rounds", "3"}}},
    {"kems_seed19.jsonl", "kems", 4, 19, {}, {{"target", "4"}}},
    {"zigity_4p_seed2005.jsonl", "zigity", 4, 2005, {"random", "greedy", "random", "random"}, {}},
    {"relance_3p_seed31.jsonl", "relance", 3, 31, {"greedy", "random", "greedy"}, {}},
    {"president_4p_seed24.jsonl",
     "president",
     4,
     24,
     {"greedy", "random", "greedy", "random"},
     {{"rounds", "2"}}},
};

}  // namespace

TEST_CASE("playthrough/golden games replay exactly") {
  for (const Golden& g : kGoldens) {
    CAPTURE(g.file);
    const std::string path = std::string(TAPIS_SOURCE_DIR) + "/tests/playthroughs/" + g.file;
    auto engine = MakeEngine(g.game, g.players, g.settings);
    const std::string played = WriteGameLog(PlayLoggedGame(*engine, g.game, g.seed, g.bots));
    if (std::getenv("TAPIS_UPDATE_GOLDEN")) std::ofstream(path) << played;
    std::ifstream in(path);
    REQUIRE_MESSAGE(in.good(), "missing golden file; run with TAPIS_UPDATE_GOLDEN=1");
    std::stringstream golden;
    golden << in.rdbuf();
    CHECK(played == golden.str());

    const GameLog log = ReadGameLog(golden.str(), path);
    auto replayer = EngineForLog(log);
    const GameState end = Replay(*replayer, log, path);
    CHECK(end.finished);
    REQUIRE(log.scores.has_value());
    CHECK(replayer->Score(end) == *log.scores);
  }
}
