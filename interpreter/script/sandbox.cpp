#include "interpreter/script/sandbox.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <lua.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/model/errors.h"
#include "interpreter/model/names.h"
#include "interpreter/script/charged_library.h"
#include "interpreter/script/ordered_next.h"
#include "interpreter/script/repeatable_library.h"
#include "interpreter/script/script_host.h"

namespace tapis::lua {
namespace {

// The libraries a script may read, each frozen under its own name.
constexpr const char* kFrozenLibraries[] = {LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME};

// __newindex of a frozen or sealed table; upvalue 1: the table's name, 2: why it is closed.
int RefuseWrite(lua_State* L) {
  const int type = lua_type(L, 2);
  const char* key = type == LUA_TSTRING || type == LUA_TNUMBER ? lua_tostring(L, 2) : "?";
  return luaL_error(L, "cannot change '%s.%s': %s", lua_tostring(L, lua_upvalueindex(1)), key,
                    lua_tostring(L, lua_upvalueindex(2)));
}

void PushRefuseWrite(lua_State* L, const char* name, const char* reason) {
  lua_pushstring(L, name);
  lua_pushstring(L, reason);
  lua_pushcclosure(L, RefuseWrite, 2);
}

constexpr const char* kLibrariesReadOnly = "the libraries and the tapis table are read-only";

// __index of a sealed table: a name it lacks is a typo (tapis.setout), said with the name
// meant. Upvalues: the message's start ("tapis has no function") and what introduces the
// list of names. The message is built in a buffer so that no C++ object lives across
// lua_error.
int UnknownName(lua_State* L) {
  char message[1024];
  {
    std::vector<std::string> names;
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
      if (lua_type(L, -2) == LUA_TSTRING) names.emplace_back(lua_tostring(L, -2));
      lua_pop(L, 1);
    }
    std::sort(names.begin(), names.end());
    const int type = lua_type(L, 2);
    const std::string key =
        type == LUA_TSTRING || type == LUA_TNUMBER ? lua_tostring(L, 2) : luaL_typename(L, 2);
    const auto end =
        fmt::format_to_n(message, sizeof message - 1, "{} '{}'; {}", lua_tostring(L, lua_upvalueindex(1)),
                         key, Suggest(key, names, lua_tostring(L, lua_upvalueindex(2))));
    *end.out = '\0';
  }
  return luaL_error(L, "%s", message);
}

void PushUnknownName(lua_State* L, const char* unknown, const char* list_intro) {
  lua_pushstring(L, unknown);
  lua_pushstring(L, list_intro);
  lua_pushcclosure(L, UnknownName, 2);
}

// Closes the table at `index` but keeps its fields where they are, so reads stay fast: it
// gains no field, a name it lacks is an error that names the ones it has, and its
// metatable is hidden. Its fields can still be replaced.
void Seal(lua_State* L, int index, const char* name, const char* reason, const char* unknown,
          const char* list_intro) {
  index = lua_absindex(L, index);
  lua_createtable(L, 0, 3);
  PushRefuseWrite(L, name, reason);
  lua_setfield(L, -2, "__newindex");
  PushUnknownName(L, unknown, list_intro);
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, index);
}

// The iterator of a frozen table's fields (upvalue 1): the ordered `next` over them, without
// ever handing out the table of fields itself, which scripts could write to.
int NextField(lua_State* L) {
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_replace(L, 1);
  return OrderedNext(L);
}

// __pairs of a frozen table: NextField over its hidden fields (upvalue 1).
int PairsOfFields(lua_State* L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushcclosure(L, NextField, 1);
  lua_pushnil(L);
  lua_pushnil(L);
  return 3;
}

// An effect that ran out of instructions or memory ends, whatever pcall says.
bool MustStop(lua_State* L, int status) {
  return status == LUA_ERRMEM || (status != LUA_OK && ScriptHost::From(L).out_of_instructions());
}

int ProtectedCall(lua_State* L) {
  luaL_checkany(L, 1);
  const int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  if (MustStop(L, status)) return lua_error(L);
  lua_pushboolean(L, status == LUA_OK);
  lua_insert(L, 1);
  return lua_gettop(L);
}

// xpcall's message handler, wrapped (upvalue 1: the script's). Once the budget is spent the
// script's handler is not run: Lua runs a handler for an error the count hook raised with
// the hook off, so a handler that loops would never stop.
int MessageHandler(lua_State* L) {
  if (ScriptHost::From(L).out_of_instructions()) return 1;  // the error as it is
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

int ProtectedCallWithHandler(lua_State* L) {
  const int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);  // the handler, wrapped, below f
  lua_pushcclosure(L, MessageHandler, 1);
  lua_replace(L, 2);
  lua_pushvalue(L, 1);
  lua_copy(L, 2, 1);
  lua_replace(L, 2);
  const int status = lua_pcall(L, n - 2, LUA_MULTRET, 1);
  if (MustStop(L, status)) return lua_error(L);
  lua_pushboolean(L, status == LUA_OK);
  lua_replace(L, 1);
  return lua_gettop(L);
}

// What a pattern search may cost at worst, in steps: Lua's matcher runs in C, where the
// instruction count does not reach, and backtracks through each `*`, `+` or `-` in turn, so
// a search of a subject of n characters may take n^(k+1) steps for k such items (n^k when
// anchored with `^`); a back-reference (`%1`) or a balance (`%bxy`) counts as one, since
// each may scan the rest of the subject. Each step may read the whole pattern of m characters
// (a long literal, a large set), so all is multiplied by m. A plain search (no special
// characters, or find's `plain`) compares the pattern at each place: n × m.
double WorstPatternSteps(std::string_view subject, std::string_view pattern, bool plain) {
  const double n = static_cast<double>(subject.size()) + 1;
  if (plain || pattern.find_first_of("^$*+?.([%-") == std::string_view::npos)
    return n * static_cast<double>(pattern.size() + 1);
  int repeats = 0;
  for (size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if (c == '%') {
      ++i;  // an escaped character, or a class
      if (i >= pattern.size()) break;
      // A back-reference (%1) or a balance (%bxy) may scan the rest of the subject.
      if (pattern[i] == 'b' || (pattern[i] >= '1' && pattern[i] <= '9')) ++repeats;
      if (pattern[i] == 'b') i += 2;
      continue;
    }
    if (c == '[') {  // a set: its `-` are ranges, its `]` may come first
      ++i;
      if (i < pattern.size() && pattern[i] == '^') ++i;
      if (i < pattern.size() && pattern[i] == ']') ++i;
      while (i < pattern.size() && pattern[i] != ']') i += pattern[i] == '%' ? 2 : 1;
      continue;
    }
    if (c == '*' || c == '+' || c == '-') ++repeats;
  }
  // And each step may read the whole pattern: its literal characters, a set of any size.
  const double starts = pattern.front() == '^' ? 1 : n;
  return starts * std::pow(n, repeats) * static_cast<double>(pattern.size() + 1);
}

// string.find, match, gmatch and gsub, refused when the search could run past the budget
// (upvalue 1: the library's function; upvalue 2: its name).
int BoundedPatternSearch(lua_State* L) {
  if (lua_type(L, 1) == LUA_TSTRING && lua_type(L, 2) == LUA_TSTRING) {
    size_t n = 0, m = 0;
    const char* s = lua_tolstring(L, 1, &n);
    const char* p = lua_tolstring(L, 2, &m);
    const std::string_view name = lua_tostring(L, lua_upvalueindex(2));
    const bool plain = name == "find" && lua_toboolean(L, 4);
    const auto budget = static_cast<double>(ScriptHost::From(L).limits().instructions);
    if (m > 0 && WorstPatternSteps({s, n}, {p, m}, plain) > budget)
      return luaL_error(L,
                        "string.%s: this pattern could take more than the instruction budget on a string of "
                        "%d characters; use a shorter string or a simpler pattern",
                        name.data(), static_cast<int>(n));
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

// print, with control characters escaped: a script may not drive the player's terminal. A
// value prints at most kMostPrinted bytes, each charged to the budget: a call prints a
// bounded text, and its escaped copy stays small.
constexpr size_t kMostPrinted = 4096;

int Print(lua_State* L) {
  const int n = lua_gettop(L);
  for (int i = 1; i <= n; ++i) {
    size_t length = 0;
    const char* text = PushShown(L, i, &length);  // may raise: nothing of ours is alive
    ChargeOrStop(L, static_cast<double>(std::min(length, kMostPrinted)));
    {
      std::string clean = Printable({text, std::min(length, kMostPrinted)});
      if (length > kMostPrinted) clean += fmt::format("… ({} bytes more)", length - kMostPrinted);
      if (i > 1) std::fputc('\t', stdout);
      std::fwrite(clean.data(), 1, clean.size(), stdout);
    }
    lua_pop(L, 1);
  }
  std::fputc('\n', stdout);
  return 0;
}

// setmetatable without finalizers or weak tables; upvalue 1: the library's setmetatable.
int SetMetatable(lua_State* L) {
  // Said here rather than by the library's function, so that the message names the line.
  if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
    return luaL_error(L, "cannot change a protected metatable");
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    const bool finalizer = lua_rawget(L, 2) != LUA_TNIL;
    lua_pop(L, 1);
    if (finalizer) return luaL_error(L, "setmetatable: finalizers (__gc) are not allowed");
    // What a weak table holds shows when the collector ran, which differs from run to run.
    lua_pushliteral(L, "__mode");
    const bool weak = lua_rawget(L, 2) != LUA_TNIL;
    lua_pop(L, 1);
    if (weak)
      return luaL_error(L,
                        "setmetatable: weak tables (__mode) are not allowed: what they keep depends on "
                        "when memory is collected, which differs from run to run");
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

void FreezeBecause(lua_State* L, int index, const char* name, const char* reason) {
  index = lua_absindex(L, index);
  lua_newtable(L);  // the fields
  const int fields = lua_gettop(L);
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {
    lua_pushvalue(L, -2);
    lua_insert(L, -2);
    lua_rawset(L, fields);
  }
  lua_pushnil(L);
  while (lua_next(L, fields) != 0) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, index);
  }
  lua_createtable(L, 0, 4);
  lua_pushvalue(L, fields);
  lua_setfield(L, -2, "__index");
  PushRefuseWrite(L, name, reason);
  lua_setfield(L, -2, "__newindex");
  lua_pushvalue(L, fields);
  lua_pushcclosure(L, PairsOfFields, 1);
  lua_setfield(L, -2, "__pairs");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, index);
  lua_settop(L, fields - 1);
}

}  // namespace

void Freeze(lua_State* L, int index, const char* name) { FreezeBecause(L, index, name, kLibrariesReadOnly); }

void FreezeNamespace(lua_State* L, int index, const char* name, const char* reason, const char* unknown,
                     const char* list_intro) {
  index = lua_absindex(L, index);
  FreezeBecause(L, index, name, reason);
  PushFrozenFields(L, index);
  lua_createtable(L, 0, 2);
  PushUnknownName(L, unknown, list_intro);
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
}

void PushFrozenFields(lua_State* L, int index) {
  lua_getmetatable(L, index);
  lua_getfield(L, -1, "__index");
  lua_remove(L, -2);
}

namespace {

// Their addresses: the registry keys of the API's fields as an array {key, value, key,
// value…}, and of the views' metatable.
const char kViewFields = 0, kViewMetatable = 0;

// Pushes the array of the API's fields, made at the first call.
lua_Integer PushViewFields(lua_State* L) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &kViewFields) == LUA_TNIL) {
    lua_pop(L, 1);
    lua_getglobal(L, "tapis");
    PushFrozenFields(L, -1);
    lua_remove(L, -2);
    lua_newtable(L);
    lua_Integer slots = 0;
    lua_pushnil(L);
    while (lua_next(L, -3) != 0) {
      lua_pushvalue(L, -2);
      lua_rawseti(L, -4, ++slots);
      lua_rawseti(L, -3, ++slots);
    }
    lua_remove(L, -2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &kViewFields);
  }
  return static_cast<lua_Integer>(lua_rawlen(L, -1));
}

}  // namespace

void ResetTapisView(lua_State* L, int index) {
  index = lua_absindex(L, index);
  const lua_Integer slots = PushViewFields(L);
  for (lua_Integer i = 1; i < slots; i += 2) {
    lua_rawgeti(L, -1, i);
    lua_rawgeti(L, -2, i + 1);
    lua_rawset(L, index);
  }
  lua_pop(L, 1);
}

void PushTapisView(lua_State* L) {
  lua_createtable(L, 0, 96);
  ResetTapisView(L, -1);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &kViewMetatable) != LUA_TNIL) {
    lua_setmetatable(L, -2);
    return;
  }
  lua_pop(L, 1);
  Seal(L, -1, "tapis", kLibrariesReadOnly, "tapis has no function", "its functions are");
  lua_getmetatable(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kViewMetatable);
}

void OpenSandbox(lua_State* L) {
  OpenRepeatableLibrary(L);
  OpenChargedLibrary(L);
  OpenOrderedPairs(L);
  lua_pushcfunction(L, Print);
  lua_setglobal(L, "print");
  WrapLibraryFunctions(L, LUA_STRLIBNAME, {"find", "match", "gmatch", "gsub"}, BoundedPatternSearch);
  lua_pushcfunction(L, ProtectedCall);
  lua_setglobal(L, "pcall");
  lua_pushcfunction(L, ProtectedCallWithHandler);
  lua_setglobal(L, "xpcall");
  lua_getglobal(L, "setmetatable");
  lua_pushcclosure(L, SetMetatable, 1);
  lua_setglobal(L, "setmetatable");
  RankLightFunctions(L);

  for (const char* name : kFrozenLibraries) {
    lua_getglobal(L, name);
    Freeze(L, -1, name);
    lua_pop(L, 1);
  }
  // Strings read their methods straight from the hidden fields; their metatable is closed.
  lua_pushliteral(L, "");
  lua_getmetatable(L, -1);
  lua_getglobal(L, LUA_STRLIBNAME);
  PushFrozenFields(L, -1);
  lua_setfield(L, -3, "__index");
  lua_pop(L, 1);
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 2);

  // The global `tapis` is read-only; each script reads its own view of it (PushTapisView).
  lua_getglobal(L, "tapis");
  FreezeNamespace(L, -1, "tapis", kLibrariesReadOnly, "tapis has no function", "its functions are");
  lua_pop(L, 1);

  lua_pushglobaltable(L);
  Freeze(L, -1, "_G");
  lua_pop(L, 1);
}

}  // namespace tapis::lua
