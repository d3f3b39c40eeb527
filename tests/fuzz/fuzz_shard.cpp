// Fuzzes the shard totals `tapis merge` reads (`tapis sim --shard i/n --out FILE`): the input
// is one or more totals, JSON texts separated by a NUL byte. Each is read as merge reads it,
// written back and read again (the same totals), then added up; when the shards are all
// there, the report is made with the ruleset they name. Seeds: tests/fuzz/corpus/shard/.
#include <map>
#include <memory>

#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "interpreter/model/errors.h"
#include "interpreter/records/json_text.h"
#include "interpreter/sim/simulate.h"
#include "tests/fuzz/fuzz_support.h"

using namespace tapis;

namespace {

SimTotals Read(const std::string& text) {
  nlohmann::json j;
  if (std::string error; !ParseJsonText(text, j, error)) throw IoError("fuzz.json: not JSON (" + error + ")");
  SimTotals totals = TotalsFromJson(j, "fuzz.json");
  // What is written reads back as the same totals.
  const nlohmann::json written = TotalsToJson(totals);
  if (TotalsToJson(TotalsFromJson(written, "fuzz.json")) != written) fuzz::Finding("totals do not read back");
  return totals;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  static std::map<std::string, std::shared_ptr<const Ruleset>> rulesets;
  const std::string input(reinterpret_cast<const char*>(bytes), size);
  try {
    SimTotals totals;
    size_t start = 0;
    for (int part = 0; start <= input.size() && part < 8; ++part) {
      const size_t end = std::min(input.find('\0', start), input.size());
      const SimTotals shard = Read(input.substr(start, end - start));
      if (part == 0)
        totals = shard;
      else
        totals.Merge(shard);
      start = end + 1;
    }
    if (!totals.Complete()) return 0;
    auto& rules = rulesets[totals.ruleset];
    if (!rules) rules = LoadRuleset(FindRuleset(totals.ruleset));
    Summarize(totals, *rules);
  } catch (const Error&) {
  }
  return 0;
}
