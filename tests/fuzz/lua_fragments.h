// fuzz_lua_api's input and its custom mutator: bytes that choose calls, then, after a line
// `--lua`, Lua statements run as the variant's own code. The mutator works on whole
// statements (adds one made from the API's names and hostile values, removes, repeats or
// loops one, swaps a number or an API name), so that mutated inputs stay programs that
// compile; two times in three it leaves the bytes to libFuzzer's own mutations.
// TAPIS_FUZZ_PLAIN=1 in the environment turns it off (the coverage figures' "before").
#pragma once

#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <lua.hpp>
#include <random>
#include <string>
#include <string_view>
#include <vector>

extern "C" size_t LLVMFuzzerMutate(uint8_t* data, size_t size, size_t max_size);

namespace tapis::fuzz {

inline constexpr std::string_view kLuaMarker = "\n--lua\n";

struct SplitInput {
  std::vector<uint8_t> choices;  // for FuzzedDataProvider
  std::string lua;               // statements, one a line
};

inline SplitInput SplitAtLua(const uint8_t* bytes, size_t size) {
  const std::string_view all(reinterpret_cast<const char*>(bytes), size);
  const size_t at = all.find(kLuaMarker);
  if (at == std::string_view::npos) return {{bytes, bytes + size}, ""};
  return {{bytes, bytes + at}, std::string(all.substr(at + kLuaMarker.size()))};
}

// The tapis functions, as docs/lua-api.md lists them (`#### \`tapis.draw(`).
inline const std::vector<std::string>& ApiNames() {
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    std::ifstream in(std::string(TAPIS_SOURCE_DIR) + "/docs/lua-api.md");
    const std::string head = "#### `tapis.";
    for (std::string line; std::getline(in, line);) {
      if (!line.starts_with(head)) continue;
      const size_t end = line.find('(', head.size());
      if (end != std::string::npos) out.push_back(line.substr(head.size(), end - head.size()));
    }
    if (out.empty()) out.push_back("say");
    return out;
  }();
  return names;
}

template <size_t N>
const char* OneOf(std::minstd_rand& random, const char* const (&list)[N]) {
  return list[random() % N];
}

inline std::string Api(std::minstd_rand& random) {
  const auto& names = ApiNames();
  return "tapis." + names[random() % names.size()];
}

// A value: an atom, or (while `depth` lasts) one built of others.
inline std::string Expression(std::minstd_rand& random, int depth = 2) {
  static const char* const kAtoms[] = {"nil",
                                       "true",
                                       "false",
                                       "0",
                                       "-1",
                                       "1",
                                       "2",
                                       "3",
                                       "13",
                                       "127",
                                       "128",
                                       "255",
                                       "256",
                                       "65536",
                                       "2^31",
                                       "2^53",
                                       "0/0",
                                       "1/0",
                                       "-1/0",
                                       "0.5",
                                       "math.maxinteger",
                                       "math.mininteger",
                                       "'hand'",
                                       "'stock'",
                                       "'pile'",
                                       "'trick'",
                                       "'score'",
                                       "'table'",
                                       "'AS'",
                                       "'10H'",
                                       "'JKR'",
                                       "''",
                                       "('x'):rep(4096)",
                                       "t",
                                       "h",
                                       "h[1]",
                                       "h[#h]",
                                       "move",
                                       "move.cards",
                                       "move.cards[1]",
                                       "tapis.current()",
                                       "tapis.players()",
                                       "{}",
                                       "{1, 2, 3}",
                                       "{id = 0}",
                                       "{id = -1}",
                                       "function() return 1 end",
                                       "print",
                                       "string.len",
                                       "_ENV",
                                       "base"};
  if (depth <= 0 || random() % 3 != 0) return OneOf(random, kAtoms);
  const std::string a = Expression(random, depth - 1), b = Expression(random, depth - 1);
  switch (random() % 9) {
    case 0:
      return "{" + a + ", " + b + ", k = " + a + "}";
    case 1:
      return "setmetatable({}, {__index = function() return " + a + " end, __len = function() return " + b +
             " end})";
    case 2:
      return Api(random) + "(" + a + ", " + b + ")";
    case 3:
      return "select('#', " + a + ", " + b + ")";
    case 4:
      return "string.rep(tostring(" + a + "), 3)";
    case 5:
      return "#(" + a + ")";
    case 6:
      return "(" + a + ") + (" + b + ")";
    case 7:
      return "tostring(" + a + ") .. tostring(" + b + ")";
    default:
      return "(" + a + ") or (" + b + ")";
  }
}

// How often a loop goes round: mostly a few times, now and then past the budget. The calls
// run at every turn's end of a game, and one that runs out of instructions takes a second
// under the sanitizers: long loops would leave the fuzzer time for little else.
inline std::string LoopCount(std::minstd_rand& random) {
  static const char* const kCounts[] = {"2", "3", "10", "#h", "1000", "math.maxinteger"};
  return random() % 16 == 0 ? OneOf(random, kCounts) : kCounts[random() % 4];
}

inline std::string Statement(std::minstd_rand& random) {
  const std::string e = Expression(random);
  switch (random() % 12) {
    case 0:
      return "local t = " + e;
    case 1:
      return Api(random) + "(" + e + ", " + Expression(random) + ")";
    case 2:
      return "for i = 1, " + LoopCount(random) + " do " + Api(random) + "(" + e + ", i) end";
    case 3:
      return "t = setmetatable({}, {__index = function(_, k) return " + e +
             " end, __len = function() return " + Expression(random, 0) + " end})";
    case 4:
      return "h = tapis.cards(" + e + ", " + Expression(random, 0) + ") or {}";
    case 5:
      return "pcall(" + Api(random) + ", " + e + ", " + Expression(random) + ", " + Expression(random) + ")";
    case 6:
      return "for k, v in pairs(type(" + e + ") == 'table' and " + e + " or {}) do " + Api(random) +
             "(k, v) end";
    case 7:
      return "table.sort(h, function(a, b) return " + e + " end)";
    case 8:
      return "local s = string.format('%s %d', " + e + ", 1)";
    case 9:
      return "t = {" + e + ", " + e + "}; t[" + Expression(random, 0) + "] = t";
    case 10:
      return "if " + e + " then return end";
    default:
      return "print(" + e + ")";
  }
}

// The statements of `lua` that compile, each run under a pcall of its own: a line that does
// not compile (byte mutations make many) would fail the whole script, and one that fails at
// run time would stop the lines after it. Compiled apart, in a bare Lua state of the fuzzer's.
inline std::string CompiledStatements(const std::string& lua) {
  static lua_State* const checker = luaL_newstate();
  std::string out;
  size_t start = 0;
  while (start < lua.size()) {
    const size_t end = std::min(lua.find('\n', start), lua.size());
    const std::string body = "pcall(function() " + lua.substr(start, end - start) + "\nend)";
    if (luaL_loadbuffer(checker, body.data(), body.size(), "line") == LUA_OK) out += "  " + body + "\n";
    lua_settop(checker, 0);
    start = end + 1;
  }
  return out;
}

// The statements of `lua`, one a line.
inline std::vector<std::string> Lines(const std::string& lua) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < lua.size()) {
    const size_t end = std::min(lua.find('\n', start), lua.size());
    lines.push_back(lua.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

// One change of whole statements to the Lua part of `input` (added when it has none).
inline void MutateStatements(SplitInput& input, std::minstd_rand& random) {
  std::vector<std::string> lines = Lines(input.lua);
  const size_t at = lines.empty() ? 0 : random() % lines.size();
  const int kind = lines.empty() ? 0 : static_cast<int>(random() % 8);
  switch (kind) {
    case 0:
    case 1:
    case 2:
      lines.insert(
          lines.begin() + static_cast<std::ptrdiff_t>(lines.empty() ? 0 : random() % (lines.size() + 1)),
          Statement(random));
      break;
    case 3:
      lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(at));
      break;
    case 4:
      lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(at), lines[at]);
      break;
    case 5:
      lines[at] = "for i = 1, " + LoopCount(random) + " do " + lines[at] + " end";
      break;
    case 6: {  // another API function in place of the first one named
      const size_t name = lines[at].find("tapis.");
      if (name == std::string::npos) break;
      size_t end = name + 6;
      while (end < lines[at].size() &&
             (std::isalnum(static_cast<unsigned char>(lines[at][end])) || lines[at][end] == '_'))
        ++end;
      lines[at].replace(name, end - name, Api(random));
      break;
    }
    default: {  // another value in place of a number
      const size_t digit = lines[at].find_first_of("0123456789");
      if (digit == std::string::npos) break;
      const size_t end = lines[at].find_first_not_of("0123456789.", digit);
      lines[at].replace(digit, (end == std::string::npos ? lines[at].size() : end) - digit,
                        "(" + Expression(random, 0) + ")");
    }
  }
  input.lua.clear();
  for (const auto& line : lines) input.lua += line + "\n";
}

inline size_t MutateLuaFragment(uint8_t* bytes, size_t size, size_t max_size, unsigned int seed) {
  static const char* const off = std::getenv("TAPIS_FUZZ_PLAIN");
  static const bool plain = off != nullptr && *off != '\0';
  std::minstd_rand random(seed);
  if (plain || random() % 3 != 0) return LLVMFuzzerMutate(bytes, size, max_size);
  SplitInput input = SplitAtLua(bytes, size);
  MutateStatements(input, random);
  const size_t total = input.choices.size() + kLuaMarker.size() + input.lua.size();
  if (total > max_size) return LLVMFuzzerMutate(bytes, size, max_size);
  std::memcpy(bytes, input.choices.data(), input.choices.size());
  std::memcpy(bytes + input.choices.size(), kLuaMarker.data(), kLuaMarker.size());
  std::memcpy(bytes + input.choices.size() + kLuaMarker.size(), input.lua.data(), input.lua.size());
  return total;
}

}  // namespace tapis::fuzz
