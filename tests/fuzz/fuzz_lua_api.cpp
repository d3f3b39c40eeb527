// Fuzzes the Lua API as a hostile variant would use it: the input's bytes become a list of
// tapis.* calls with arguments of every kind (extreme and NaN numbers, huge strings, odd
// tables, card proxies, the ruleset's own zone, variable and card names), made at the end
// of every turn of a short game of a bundled ruleset. Whatever the calls do, the game goes
// on or stops with a script error, and no card is created or lost. Every base is played by
// four players.
//
// After a line `--lua`, the input is Lua itself, run in the same place under pcall: the
// custom mutator (lua_fragments.h) adds, removes and rewrites whole statements there, so
// that loops, metatables and calls with the API's names reach the sandbox as code, where
// byte flips alone seldom make a program that compiles.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "tests/fuzz/fuzz_support.h"
#include "tests/fuzz/lua_fragments.h"

using namespace tapis;

namespace {

const char* const kBases[] = {"unisson", "rikiki", "quincunx", "relance", "kems", "empereur", "petite_ecole"};

std::string Quoted(const std::string& text) {
  std::string out = "\"";
  for (unsigned char c : text) out += "\\" + std::to_string(c);
  return out + "\"";
}

template <typename List>
std::string NameFrom(FuzzedDataProvider& data, const List& list) {
  if (list.empty()) return "\"none\"";
  return Quoted(list[data.ConsumeIntegralInRange<size_t>(0, list.size() - 1)].name);
}

// One argument, of a kind chosen by the input.
std::string Argument(FuzzedDataProvider& data, const Ruleset& rules, const CardSet& cards) {
  static const char* const kNumbers[] = {"0",
                                         "1",
                                         "-1",
                                         "2",
                                         "3",
                                         "4",
                                         "7",
                                         "13",
                                         "52",
                                         "255",
                                         "256",
                                         "65536",
                                         "1e6",
                                         "0/0",
                                         "1/0",
                                         "-1/0",
                                         "0.5",
                                         "-0.0",
                                         "1e308",
                                         "2^53",
                                         "math.maxinteger",
                                         "math.mininteger",
                                         "tapis.current()",
                                         "tapis.players()"};
  static const char* const kOdd[] = {"{}",
                                     "{1, {2}, x = 'y'}",
                                     "{h[1], h[1]}",
                                     "setmetatable({}, {__index = function() return 1 end})",
                                     "setmetatable({}, {__len = function() return math.maxinteger end})",
                                     "function() return 1 end",
                                     "string.rep('x', 100000)",
                                     "h",
                                     "h[1]",
                                     "h[#h]"};
  switch (data.ConsumeIntegralInRange(0, 7)) {
    case 0:
      return "nil";
    case 1:
      return data.ConsumeBool() ? "true" : "false";
    case 2:
      return kNumbers[data.ConsumeIntegralInRange<size_t>(0, std::size(kNumbers) - 1)];
    case 3:
      return kOdd[data.ConsumeIntegralInRange<size_t>(0, std::size(kOdd) - 1)];
    case 4:
      return NameFrom(data, rules.zones);
    case 5:
      return data.ConsumeBool() ? NameFrom(data, rules.variables) : NameFrom(data, rules.parameters);
    case 6:
      return Quoted(cards.Code(data.ConsumeIntegralInRange<CardId>(0, cards.size() - 1)));
    default:
      return Quoted(data.ConsumeRandomLengthString(12));
  }
}

// The Lua file: `fuzz_calls` makes the calls the input lists, each under pcall (which the
// sandbox does not let catch the end of the budget or of memory), then the statements of
// `fragment` that compile, each under a pcall of its own.
std::string Program(FuzzedDataProvider& data, const Ruleset& rules, const CardSet& cards,
                    const std::string& fragment) {
  std::string lua =
      "local names = {}\n"
      "for name in pairs(tapis) do names[#names + 1] = name end\n"
      "table.sort(names)\n"
      "local function api(i) return tapis[names[i % #names + 1]] end\n"
      "function fuzz_calls()\n"
      "  local ok, h = pcall(tapis.cards, " +
      NameFrom(data, rules.zones) +
      ", tapis.current())\n"
      "  if not ok or type(h) ~= 'table' then h = {} end\n";
  const int calls = data.ConsumeIntegralInRange(1, 12);
  for (int i = 0; i < calls; ++i) {
    lua += "  pcall(api(" + std::to_string(data.ConsumeIntegral<uint8_t>()) + ")";
    const int arguments = data.ConsumeIntegralInRange(0, 4);
    for (int a = 0; a < arguments; ++a) lua += ", " + Argument(data, rules, cards);
    lua += ")\n";
  }
  if (!fragment.empty()) lua += "  local t = {}\n" + fuzz::CompiledStatements(fragment);
  return lua + "end\n";
}

}  // namespace

extern "C" size_t LLVMFuzzerCustomMutator(uint8_t* bytes, size_t size, size_t max_size, unsigned int seed) {
  return fuzz::MutateLuaFragment(bytes, size, max_size, seed);
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* bytes, size_t size) {
  static const auto folder =
      std::filesystem::temp_directory_path() / ("tapis_fuzz_" + std::to_string(getpid()));
  static std::map<std::string, std::shared_ptr<GameConfig>> bases;
  const fuzz::SplitInput input = fuzz::SplitAtLua(bytes, size);
  FuzzedDataProvider data(input.choices.data(), input.choices.size());
  const std::string base = kBases[data.ConsumeIntegralInRange<size_t>(0, std::size(kBases) - 1)];
  auto& config = bases[base];
  if (!config) config = std::make_shared<GameConfig>(LoadRuleset(FindRuleset(base)), 4);
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "fuzz.lua") << Program(data, config->rules(), config->cards(), input.lua);
  const std::string variant = "extends: " + base + "\non: {turn_end: fuzz_calls}\nscripts: [fuzz.lua]\n";
  try {
    Engine engine(std::make_shared<GameConfig>(
        LoadRulesetFromString(variant, (folder / "fuzz.yaml").string()), config->players()));
    GameState state = engine.NewGame(input.choices.size());
    fuzz::PlaySome(engine, state, data, 30);
  } catch (const Error&) {
  }
  return 0;
}
