// Fuzzes game logs (save files): the input is a log's JSON lines; it is read, its ruleset
// loaded and its moves replayed, then told as its first seat saw it (narration.h). Seeds:
// tests/playthroughs/ and tests/bad/.
#include "interpreter/records/game_log.h"
#include "interpreter/records/narration.h"
#include "tests/fuzz/fuzz_support.h"

using namespace tapis;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  const std::string text(reinterpret_cast<const char*>(bytes), size);
  try {
    const GameLog log = ReadGameLog(text, "fuzz.jsonl");
    const auto engine = EngineForLog(log);
    const GameState state = Replay(*engine, log, "fuzz.jsonl");
    fuzz::CheckCards(*engine, state);
    engine->Score(state);
    NarrateGame(log, 0, "fuzz.jsonl");
  } catch (const Error&) {
  }
  return 0;
}
