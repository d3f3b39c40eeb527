// Fuzzes the ruleset loader: the input is a ruleset's YAML, read as if it were a file of
// rulesets/ (so `extends: unisson` and `scripts: [../scripts/unisson.lua]` resolve); when it
// loads, a short game of it is played. Seeds: rulesets/ and tests/fuzz/corpus/ruleset/.
#include "interpreter/load/ruleset_loader.h"
#include "tests/fuzz/fuzz_support.h"

using namespace tapis;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  static const std::string kFile = std::string(TAPIS_SOURCE_DIR) + "/rulesets/fuzz_input.yaml";
  const std::string yaml(reinterpret_cast<const char*>(bytes), size);
  try {
    const auto rules = LoadRulesetFromString(yaml, kFile);
    Engine engine(std::make_shared<GameConfig>(rules, rules->min_players));
    GameState state = engine.NewGame(size);
    FuzzedDataProvider choices(bytes, size);
    fuzz::PlaySome(engine, state, choices, 200);
  } catch (const Error&) {
  }
  return 0;
}
