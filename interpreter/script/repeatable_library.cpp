#include "interpreter/script/repeatable_library.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <lua.hpp>

#include "interpreter/script/lua_bridge.h"

namespace tapis::lua {
namespace {

// Its address: the registry key of the weak table of the numbers shown (object -> its
// number; [0] the last number given).
const char kShownNumbers = 0;

// The number of the object at `index`, given now if it has none.
lua_Integer ShownNumber(lua_State* L, int index) {
  index = lua_absindex(L, index);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kShownNumbers);
  lua_pushvalue(L, index);
  if (lua_rawget(L, -2) == LUA_TNUMBER) {
    const lua_Integer number = lua_tointeger(L, -1);
    lua_pop(L, 2);
    return number;
  }
  lua_pop(L, 1);
  lua_rawgeti(L, -1, 0);
  const lua_Integer number = lua_tointeger(L, -1) + 1;
  lua_pop(L, 1);
  lua_pushinteger(L, number);
  lua_rawseti(L, -2, 0);
  lua_pushvalue(L, index);
  lua_pushinteger(L, number);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  return number;
}

int Tostring(lua_State* L) {
  luaL_checkany(L, 1);
  PushShown(L, 1, nullptr);
  return 1;
}

// string.format, with `%s` of a table or function shown by PushShown and `%p` refused
// (upvalue 1: the library's function).
int Format(lua_State* L) {
  size_t length = 0;
  const char* format = luaL_checklstring(L, 1, &length);
  int argument = 1;
  for (size_t i = 0; i < length; ++i) {
    if (format[i] != '%') continue;
    if (++i < length && format[i] == '%') continue;
    ++argument;
    while (i < length && std::strchr("-+ #0123456789.", format[i]) != nullptr) ++i;  // flags, width
    if (i >= length) break;
    if (format[i] == 'p')
      return luaL_error(L, "string.format: '%%p' shows an address, which changes from run to run");
    if (format[i] == 's' && argument <= lua_gettop(L)) {
      PushShown(L, argument, nullptr);
      lua_replace(L, argument);
    }
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

// Whether the value at `right` comes before the one at `left`: the order function at 2, or <.
bool ComesBefore(lua_State* L, int right, int left) {
  if (lua_isnil(L, 2)) return lua_compare(L, right, left, LUA_OPLT) != 0;
  lua_pushvalue(L, 2);
  lua_pushvalue(L, right);
  lua_pushvalue(L, left);
  lua_call(L, 2, 1);
  const bool before = lua_toboolean(L, -1) != 0;
  lua_pop(L, 1);
  return before;
}

// table.sort(list [, comp]): a merge sort, bottom up, between two Lua arrays (3 and 4), so
// that no C++ object lives across a call that may raise. Stable: of two elements that
// neither comes before the other, the first stays first. The list is written back once
// sorted, so an error in the order function leaves it as it was.
int StableSort(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  const lua_Integer n = luaL_len(L, 1);
  luaL_argcheck(L, n < INT_MAX, 1, "array too big");
  if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  lua_createtable(L, static_cast<int>(n), 0);
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_geti(L, 1, i);
    lua_rawseti(L, 3, i);
  }
  lua_createtable(L, static_cast<int>(n), 0);
  for (lua_Integer width = 1; width < n; width *= 2) {
    for (lua_Integer low = 1; low <= n; low += 2 * width) {
      const lua_Integer middle = std::min(low + width, n + 1), high = std::min(low + 2 * width, n + 1);
      lua_Integer left = low, right = middle, out = low;
      while (left < middle && right < high) {
        lua_rawgeti(L, 3, left);
        lua_rawgeti(L, 3, right);
        if (ComesBefore(L, 6, 5)) {
          ++right;
        } else {
          lua_pop(L, 1);
          ++left;
        }
        lua_rawseti(L, 4, out++);
        lua_settop(L, 4);
      }
      for (; left < middle; ++left, ++out) {
        lua_rawgeti(L, 3, left);
        lua_rawseti(L, 4, out);
      }
      for (; right < high; ++right, ++out) {
        lua_rawgeti(L, 3, right);
        lua_rawseti(L, 4, out);
      }
    }
    lua_rotate(L, 3, 1);  // the merged runs become the ones to merge
  }
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, 3, i);
    lua_seti(L, 1, i);
  }
  return 0;
}

}  // namespace

const char* PushShown(lua_State* L, int index, size_t* length) {
  index = lua_absindex(L, index);
  const int type = lua_type(L, index);
  const bool addressed = type == LUA_TTABLE || type == LUA_TFUNCTION || type == LUA_TUSERDATA ||
                         type == LUA_TTHREAD || type == LUA_TLIGHTUSERDATA;
  if (!addressed || luaL_getmetafield(L, index, "__tostring") != LUA_TNIL) {
    if (addressed) lua_pop(L, 1);
    return luaL_tolstring(L, index, length);
  }
  const char* kind = luaL_typename(L, index);
  const int name = luaL_getmetafield(L, index, "__name");  // pushed, when there is one
  if (name == LUA_TSTRING) kind = lua_tostring(L, -1);
  const char* text = lua_pushfstring(L, "%s: #%I", kind, static_cast<LUAI_UACINT>(ShownNumber(L, index)));
  if (name != LUA_TNIL) lua_remove(L, -2);
  if (length != nullptr) *length = std::strlen(text);
  return text;
}

void ForgetShownNumbers(lua_State* L) {
  // Most games show no table: their empty table is kept.
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kShownNumbers);
  const bool used = lua_rawgeti(L, -1, 0) != LUA_TNIL;
  lua_pop(L, 2);
  if (!used) return;
  PushWeakKeyedTable(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kShownNumbers);
}

void OpenRepeatableLibrary(lua_State* L) {
  PushWeakKeyedTable(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kShownNumbers);
  lua_pushcfunction(L, Tostring);
  lua_setglobal(L, "tostring");
  lua_getglobal(L, LUA_STRLIBNAME);
  lua_getfield(L, -1, "format");
  lua_pushcclosure(L, Format, 1);
  lua_setfield(L, -2, "format");
  lua_pop(L, 1);
  lua_getglobal(L, LUA_TABLIBNAME);
  lua_pushcfunction(L, StableSort);
  lua_setfield(L, -2, "sort");
  lua_pop(L, 1);
}

}  // namespace tapis::lua
