// Fuzzes typed moves: the input's first bytes pick a bundled ruleset and a position reached
// by a seeded random game, the rest is what a player types. Whatever it is, it is either
// one of the legal moves (and then applied) or refused with a reason.
#include <map>
#include <memory>

#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "tests/fuzz/fuzz_support.h"

using namespace tapis;

namespace {

// Loaded once: an engine per ruleset, as a player's session keeps one.
Engine& EngineFor(const std::string& game, int players) {
  static std::map<std::string, std::unique_ptr<Engine>> engines;
  auto& engine = engines[game];
  if (!engine)
    engine = std::make_unique<Engine>(std::make_shared<GameConfig>(LoadRuleset(FindRuleset(game)), players));
  return *engine;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  static const std::pair<const char*, int> kGames[] = {
      {"unisson", 4},  {"empereur", 3},     {"rikiki", 4},         {"poule", 4},
      {"quincunx", 2}, {"crazy_eights", 3}, {"kems", 4},           {"relance", 3},
      {"zigity", 3},   {"petite_ecole", 3}, {"super_bataille", 3}, {"tir_a_la_carte", 2}};
  FuzzedDataProvider data(bytes, size);
  const auto& [game, players] = kGames[data.ConsumeIntegralInRange<size_t>(0, std::size(kGames) - 1)];
  const uint64_t seed = data.ConsumeIntegral<uint8_t>();
  const int moves_before = data.ConsumeIntegralInRange<int>(0, 40);
  const std::string typed = data.ConsumeRemainingBytesAsString();
  Engine& engine = EngineFor(game, players);
  GameState state = engine.NewGame(seed);
  std::vector<Move> legal;
  for (int i = 0; i < moves_before; ++i) {
    engine.LegalMoves(state, legal);
    if (legal.empty()) return 0;
    if (!engine.Apply(state, legal[(seed + i) % legal.size()]).ok) return 0;
  }
  const ParsedMove parsed = ParseMove(engine, state, typed);
  if (!parsed.move) {
    if (parsed.error.empty()) fuzz::Finding("a move refused without a reason");
    return 0;
  }
  engine.LegalMoves(state, legal);
  bool found = false;
  for (const Move& m : legal) found |= MoveText(engine, state, m) == MoveText(engine, state, *parsed.move);
  if (!found) fuzz::Finding("'" + typed + "' was read as a move that is not legal");
  engine.Apply(state, *parsed.move);
  fuzz::CheckCards(engine, state);
  return 0;
}
