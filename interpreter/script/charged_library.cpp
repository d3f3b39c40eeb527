#include "interpreter/script/charged_library.h"

#include <cmath>
#include <cstring>
#include <lua.hpp>

#include "interpreter/script/script_host.h"

namespace tapis::lua {
namespace {

// The integer argument at `index`, or `otherwise` when absent or not an integer (the
// library's function then says what is wrong).
double IntegerOr(lua_State* L, int index, double otherwise) {
  int ok = 0;
  const lua_Integer value = lua_tointegerx(L, index, &ok);
  return ok ? static_cast<double>(value) : otherwise;
}

// #list as the library reads it (its __len included), or 0 when it is no table.
double LengthOf(lua_State* L, int index) {
  if (lua_type(L, index) != LUA_TTABLE) return 0;
  return static_cast<double>(luaL_len(L, index));
}

// The steps each function's loop takes, from its arguments.
double Steps(lua_State* L, const char* name) {
  if (std::strcmp(name, "insert") == 0 || std::strcmp(name, "remove") == 0) return LengthOf(L, 1);
  if (std::strcmp(name, "sort") == 0) {
    const double n = LengthOf(L, 1);
    return n * std::log2(n + 2);
  }
  if (std::strcmp(name, "move") == 0) return IntegerOr(L, 3, 0) - IntegerOr(L, 2, 0) + 1;
  if (std::strcmp(name, "concat") == 0) {
    // The last index is read once, here, and handed on: its __len runs once.
    if (lua_type(L, 1) == LUA_TTABLE && lua_isnoneornil(L, 4)) {
      lua_settop(L, 4);
      lua_pushinteger(L, luaL_len(L, 1));
      lua_replace(L, 4);
    }
    return IntegerOr(L, 4, 0) - IntegerOr(L, 3, 1) + 1;
  }
  return 0;
}

// A library function charged before it runs; upvalue 1: the function, 2: its name. It runs
// in this frame (not through lua_call), so its errors name it as the script called it.
int Charged(lua_State* L) {
  ChargeOrStop(L, Steps(L, lua_tostring(L, lua_upvalueindex(2))));
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

// string.rep: of an empty string and separator it loops as often as asked and makes nothing;
// otherwise what it makes is under the memory cap, and its loop as long as that.
int Repeat(lua_State* L) {
  size_t length = 0, separator = 0;
  luaL_checklstring(L, 1, &length);
  const lua_Integer n = luaL_checkinteger(L, 2);
  luaL_optlstring(L, 3, "", &separator);
  if (n <= 0 || length + separator == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

}  // namespace

void ChargeOrStop(lua_State* L, double steps) {
  ScriptHost& host = ScriptHost::From(L);
  if (host.Charge(steps)) return;
  // The script's line: the nearest Lua function's (pcall may stand between).
  lua_Debug ar{};
  int level = 1;
  for (; lua_getstack(L, level, &ar); ++level) {
    lua_getinfo(L, "Sl", &ar);
    if (ar.currentline > 0) break;
  }
  if (ar.currentline > 0)
    lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
  else
    lua_pushliteral(L, "");
  lua_pushfstring(L, "instruction budget of %d exceeded (an endless loop?)",
                  static_cast<int>(host.limits().instructions));
  lua_concat(L, 2);
  lua_error(L);
}

void WrapLibraryFunctions(lua_State* L, const char* library, std::initializer_list<const char*> names,
                          lua_CFunction wrapper) {
  lua_getglobal(L, library);
  for (const char* name : names) {
    lua_getfield(L, -1, name);
    lua_pushstring(L, name);
    lua_pushcclosure(L, wrapper, 2);
    lua_setfield(L, -2, name);
  }
  lua_pop(L, 1);
}

void OpenChargedLibrary(lua_State* L) {
  WrapLibraryFunctions(L, LUA_TABLIBNAME, {"insert", "remove", "move", "concat", "sort"}, Charged);
  lua_getglobal(L, LUA_STRLIBNAME);
  lua_getfield(L, -1, "rep");
  lua_pushcclosure(L, Repeat, 1);
  lua_setfield(L, -2, "rep");
  lua_pop(L, 1);
}

}  // namespace tapis::lua
