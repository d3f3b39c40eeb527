// Fuzzes position files: the input is a position's JSON; when it reads, its legal moves,
// scores and a few moves from it are played. Seeds: tests/fuzz/corpus/position/.
#include "interpreter/records/position.h"
#include "tests/fuzz/fuzz_support.h"

using namespace tapis;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  const std::string text(reinterpret_cast<const char*>(bytes), size);
  try {
    const auto engine = EngineForPosition(text, "fuzz.json");
    GameState state = ReadPosition(*engine, text, "fuzz.json");
    FuzzedDataProvider choices(bytes, size);
    fuzz::PlaySome(*engine, state, choices, 20);
  } catch (const Error&) {
  }
  return 0;
}
