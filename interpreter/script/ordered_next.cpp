#include "interpreter/script/ordered_next.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <lua.hpp>
#include <string>
#include <vector>

#include "interpreter/script/charged_library.h"
#include "interpreter/script/lua_bridge.h"
#include "interpreter/script/script_host.h"

namespace tapis::lua {
namespace {

// Their addresses: the registry keys of the weak table of snapshots (table -> its keys,
// sorted; [0] the place of the key handed last) and of the ranks of the C functions without
// upvalues (function -> its rank by name).
const char kSnapshots = 0;
const char kLightFunctionRanks = 0;

enum Kind { kNumber, kString, kBoolean, kCard, kLightFunction, kObject };

// A key as it sorts. Plain data, so that nothing is left to destroy if Lua raises an error.
struct KeyRank {
  int kind;
  bool integral;
  lua_Integer integer;  // an integer; a boolean; a card's id; a function's rank; a birth
  double number;
  const char* text;
  size_t length;
  int slot;  // where the key is in the unsorted list
};

bool Less(const KeyRank& a, const KeyRank& b) {
  if (a.kind != b.kind) return a.kind < b.kind;
  switch (a.kind) {
    case kNumber:
      if (a.integral && b.integral) return a.integer < b.integer;
      // A float key is never whole (Lua makes it an integer), so below 2^53 where an integer
      // converts exactly: the doubles never tie.
      return a.number < b.number;
    case kString: {
      const int c = std::memcmp(a.text, b.text, std::min(a.length, b.length));
      return c != 0 ? c < 0 : a.length < b.length;
    }
    default:
      return a.integer < b.integer;
  }
}

// A C function without upvalues is no block of the state's, so it has no birth (Lua
// 5.4 makes a C closure of no upvalue such a function).
bool IsLightFunction(lua_State* L, int index) {
  if (!lua_iscfunction(L, index)) return false;
  if (lua_getupvalue(L, index, 1) == nullptr) return true;
  lua_pop(L, 1);
  return false;
}

// The rank of the value at `index`; pushes nothing. `cards` and `lights`: absolute indices
// of the card cache and of the light functions' ranks. A table or a function ranks by its
// birth; what scripts cannot reach (userdata, threads) ranks 0.
KeyRank RankOf(lua_State* L, int index, int cards, int lights) {
  KeyRank rank{};
  switch (lua_type(L, index)) {
    case LUA_TNUMBER:
      rank.kind = kNumber;
      rank.integral = lua_isinteger(L, index);
      rank.integer = lua_tointeger(L, index);
      rank.number = lua_tonumber(L, index);
      break;
    case LUA_TSTRING:
      rank.kind = kString;
      rank.text = lua_tolstring(L, index, &rank.length);
      break;
    case LUA_TBOOLEAN:
      rank.kind = kBoolean;
      rank.integer = lua_toboolean(L, index);
      break;
    default: {
      lua_pushvalue(L, index);
      if (lua_rawget(L, cards) == LUA_TNUMBER) {  // a card proxy: cache[proxy] = its id
        rank.kind = kCard;
        rank.integer = lua_tointeger(L, -1);
      } else if (IsLightFunction(L, index)) {
        lua_pushvalue(L, index);
        lua_rawget(L, lights);
        rank.kind = kLightFunction;
        rank.integer = lua_tointeger(L, -1);
        lua_pop(L, 1);
      } else {
        const int type = lua_type(L, index);
        rank.kind = kObject;
        if (type == LUA_TTABLE || type == LUA_TFUNCTION)
          rank.integer = static_cast<lua_Integer>(ScriptHost::BirthOf(lua_topointer(L, index)));
      }
      lua_pop(L, 1);
    }
  }
  return rank;
}

void PushRegistryTable(lua_State* L, const char* key) { lua_rawgetp(L, LUA_REGISTRYINDEX, key); }

// Sorts the keys of the table at 1 into a new snapshot, pushed and kept in the snapshots at
// `snapshots`; charged to the budget first.
void PushNewSnapshot(lua_State* L, int snapshots, int cards, int lights) {
  lua_Integer n = 0;
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    lua_pop(L, 1);
    ++n;
  }
  const auto steps = static_cast<double>(n);
  ChargeOrStop(L, steps + steps * std::log2(steps + 2));
  lua_createtable(L, static_cast<int>(n), 0);  // the keys as Lua's next gives them
  const int unsorted = lua_gettop(L);
  lua_Integer slot = 0;
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, unsorted, ++slot);
  }

  // Sorted in plain data held by Lua (no C++ object lives across a call that may raise), then
  // written into a table made large enough first: those writes allocate nothing.
  auto* keys = static_cast<KeyRank*>(lua_newuserdatauv(L, static_cast<size_t>(n) * sizeof(KeyRank), 0));
  lua_createtable(L, static_cast<int>(n), 1);
  const int sorted = lua_gettop(L);
  for (lua_Integer i = 0; i < n; ++i) {
    lua_rawgeti(L, unsorted, i + 1);
    keys[i] = RankOf(L, lua_gettop(L), cards, lights);
    keys[i].slot = static_cast<int>(i + 1);
    lua_pop(L, 1);  // the string stays alive in `unsorted`
  }
  std::sort(keys, keys + n, Less);
  for (lua_Integer i = 0; i < n; ++i) {
    lua_rawgeti(L, unsorted, keys[i].slot);
    lua_rawseti(L, sorted, i + 1);
  }
  lua_pushinteger(L, 0);
  lua_rawseti(L, sorted, 0);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, sorted);
  lua_rawset(L, snapshots);
  lua_replace(L, unsorted);
  lua_settop(L, unsorted);
}

// The place of the key at 2 in the snapshot at `snapshot`, or 0 when it is not there.
lua_Integer PlaceOf(lua_State* L, int snapshot, int cards, int lights) {
  lua_rawgeti(L, snapshot, 0);
  const lua_Integer last = lua_tointeger(L, -1);
  lua_pop(L, 1);
  lua_rawgeti(L, snapshot, last);
  const bool same = last > 0 && lua_rawequal(L, -1, 2);
  lua_pop(L, 1);
  if (same) return last;
  const KeyRank key = RankOf(L, 2, cards, lights);
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, snapshot));
  lua_Integer low = 1, high = n;
  while (low <= high) {
    const lua_Integer middle = low + (high - low) / 2;
    lua_rawgeti(L, snapshot, middle);
    const KeyRank there = RankOf(L, lua_gettop(L), cards, lights);
    const bool found = lua_rawequal(L, -1, 2);
    lua_pop(L, 1);
    if (found) return middle;
    if (Less(there, key))
      low = middle + 1;
    else
      high = middle - 1;
  }
  // Keys that rank alike (rank 0: what no script should reach) are looked for one by one.
  ChargeOrStop(L, static_cast<double>(n));
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, snapshot, i);
    const bool found = lua_rawequal(L, -1, 2);
    lua_pop(L, 1);
    if (found) return i;
  }
  return 0;
}

// __pairs of nothing: the ordered next (upvalue 1), t, nil; or what t's __pairs gives.
int OrderedPairs(lua_State* L) {
  luaL_checkany(L, 1);
  if (luaL_getmetafield(L, 1, "__pairs") != LUA_TNIL) {
    lua_pushvalue(L, 1);
    lua_call(L, 1, 3);
    return 3;
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

}  // namespace

int OrderedNext(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  PushRegistryTable(L, &kSnapshots);
  const int snapshots = 3;
  lua_rawgeti(L, LUA_REGISTRYINDEX, ScriptHost::From(L).card_cache());
  const int cards = 4;
  PushRegistryTable(L, &kLightFunctionRanks);
  const int lights = 5;
  lua_Integer place = 0;
  if (lua_isnil(L, 2)) {
    PushNewSnapshot(L, snapshots, cards, lights);
  } else {
    lua_pushvalue(L, 1);
    if (lua_rawget(L, snapshots) != LUA_TNIL) place = PlaceOf(L, 6, cards, lights);
    if (place == 0) {  // a key added since, or no snapshot yet
      lua_settop(L, lights);
      PushNewSnapshot(L, snapshots, cards, lights);
      place = PlaceOf(L, 6, cards, lights);
      if (place == 0) return luaL_error(L, "invalid key to 'next'");
    }
  }
  const int snapshot = 6;
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, snapshot));
  for (lua_Integer i = place + 1; i <= n; ++i) {
    lua_rawgeti(L, snapshot, i);
    lua_pushvalue(L, -1);
    if (lua_rawget(L, 1) != LUA_TNIL) {  // a key cleared since is passed over
      lua_pushinteger(L, i);
      lua_rawseti(L, snapshot, 0);
      ChargeOrStop(L, static_cast<double>(i - place));
      return 2;
    }
    lua_pop(L, 2);
  }
  lua_pushnil(L);
  return 1;
}

void RankLightFunctions(lua_State* L) {
  std::vector<std::string> names;  // "print", "string.find"
  lua_pushglobaltable(L);
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    if (lua_type(L, -2) == LUA_TSTRING) {
      const std::string name = lua_tostring(L, -2);
      if (IsLightFunction(L, -1)) {
        names.push_back(name);
      } else if (lua_type(L, -1) == LUA_TTABLE && name != "_G") {
        lua_pushnil(L);
        while (lua_next(L, -2) != 0) {
          if (lua_type(L, -2) == LUA_TSTRING && IsLightFunction(L, -1))
            names.push_back(name + "." + lua_tostring(L, -2));
          lua_pop(L, 1);
        }
      }
    }
    lua_pop(L, 1);
  }
  lua_pop(L, 1);
  std::sort(names.begin(), names.end());
  lua_createtable(L, 0, static_cast<int>(names.size()));
  lua_Integer rank = 0;
  for (const std::string& name : names) {
    const size_t dot = name.find('.');
    lua_getglobal(L, name.substr(0, dot).c_str());
    if (dot != std::string::npos) {
      lua_getfield(L, -1, name.c_str() + dot + 1);
      lua_remove(L, -2);
    }
    lua_pushvalue(L, -1);
    if (lua_rawget(L, -3) != LUA_TNIL) {  // met under a name before this one
      lua_pop(L, 2);
      continue;
    }
    lua_pop(L, 1);
    lua_pushinteger(L, ++rank);
    lua_rawset(L, -3);
  }
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kLightFunctionRanks);
}

void OpenOrderedPairs(lua_State* L) {
  PushWeakKeyedTable(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kSnapshots);
  lua_pushcfunction(L, OrderedNext);
  lua_pushvalue(L, -1);
  lua_setglobal(L, "next");
  lua_pushcclosure(L, OrderedPairs, 1);
  lua_setglobal(L, "pairs");
}

}  // namespace tapis::lua
