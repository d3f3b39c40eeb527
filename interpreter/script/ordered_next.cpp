#include "interpreter/script/ordered_next.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <lua.hpp>

#include "interpreter/script/charged_library.h"
#include "interpreter/script/script_host.h"

namespace tapis::lua {
namespace {

// Their addresses: the registry keys of the weak tables of snapshots (table -> its keys,
// sorted; [0] the place of the key handed last) and of the order of tables and functions
// (object -> its rank; [0] the last rank given).
const char kSnapshots = 0;
const char kObjectOrder = 0;

enum Kind { kNumber, kString, kBoolean, kCard, kObject };

// A key as it sorts. Plain data, so that nothing is left to destroy if Lua raises an error.
struct KeyRank {
  int kind;
  bool integral;
  lua_Integer integer;  // an integer; a boolean; a card's id; an object's rank
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

// The rank of the value at `index`; pushes nothing. An object's rank is 0 when it has none
// yet. `cards` and `order`: absolute indices of the card cache and of the objects' order.
KeyRank RankOf(lua_State* L, int index, int cards, int order) {
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
      } else {
        lua_pop(L, 1);
        lua_pushvalue(L, index);
        lua_rawget(L, order);
        rank.kind = kObject;
      }
      rank.integer = lua_tointeger(L, -1);
      lua_pop(L, 1);
    }
  }
  return rank;
}

void PushRegistryTable(lua_State* L, const char* key) { lua_rawgetp(L, LUA_REGISTRYINDEX, key); }

// Sorts the keys of the table at 1 into a new snapshot, pushed and kept in the snapshots at
// `snapshots`; charged to the budget first. Tables and functions met for the first time get
// a rank, in the order Lua's `next` gives them.
void PushNewSnapshot(lua_State* L, int snapshots, int cards, int order) {
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
  lua_rawgeti(L, order, 0);
  lua_Integer ranks = lua_tointeger(L, -1);
  lua_pop(L, 1);
  lua_Integer slot = 0;
  lua_pushnil(L);
  while (lua_next(L, 1) != 0) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, unsorted, ++slot);
    const int type = lua_type(L, -1);
    if (type == LUA_TNUMBER || type == LUA_TSTRING || type == LUA_TBOOLEAN) continue;
    lua_pushvalue(L, -1);
    const bool known = lua_rawget(L, cards) != LUA_TNIL;
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    if (known || lua_rawget(L, order) != LUA_TNIL) {
      lua_pop(L, 1);
      continue;
    }
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushinteger(L, ++ranks);
    lua_rawset(L, order);
  }
  lua_pushinteger(L, ranks);
  lua_rawseti(L, order, 0);

  // Sorted in plain data held by Lua (no C++ object lives across a call that may raise), then
  // written into a table made large enough first: those writes allocate nothing.
  auto* keys = static_cast<KeyRank*>(lua_newuserdatauv(L, static_cast<size_t>(n) * sizeof(KeyRank), 0));
  lua_createtable(L, static_cast<int>(n), 1);
  const int sorted = lua_gettop(L);
  for (lua_Integer i = 0; i < n; ++i) {
    lua_rawgeti(L, unsorted, i + 1);
    keys[i] = RankOf(L, lua_gettop(L), cards, order);
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
lua_Integer PlaceOf(lua_State* L, int snapshot, int cards, int order) {
  lua_rawgeti(L, snapshot, 0);
  const lua_Integer last = lua_tointeger(L, -1);
  lua_pop(L, 1);
  lua_rawgeti(L, snapshot, last);
  const bool same = last > 0 && lua_rawequal(L, -1, 2);
  lua_pop(L, 1);
  if (same) return last;
  const KeyRank key = RankOf(L, 2, cards, order);
  if (key.kind == kObject && key.integer == 0) return 0;  // never met: in no snapshot
  lua_Integer low = 1, high = static_cast<lua_Integer>(lua_rawlen(L, snapshot));
  while (low <= high) {
    const lua_Integer middle = low + (high - low) / 2;
    lua_rawgeti(L, snapshot, middle);
    const KeyRank there = RankOf(L, lua_gettop(L), cards, order);
    const bool found = lua_rawequal(L, -1, 2);
    lua_pop(L, 1);
    if (found) return middle;
    if (Less(there, key))
      low = middle + 1;
    else
      high = middle - 1;
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

void PushWeakKeyedTable(lua_State* L) {
  lua_createtable(L, 0, 0);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
}

}  // namespace

int OrderedNext(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_settop(L, 2);
  PushRegistryTable(L, &kSnapshots);
  const int snapshots = 3;
  lua_rawgeti(L, LUA_REGISTRYINDEX, ScriptHost::From(L).card_cache());
  const int cards = 4;
  PushRegistryTable(L, &kObjectOrder);
  const int order = 5;
  lua_Integer place = 0;
  if (lua_isnil(L, 2)) {
    PushNewSnapshot(L, snapshots, cards, order);
  } else {
    lua_pushvalue(L, 1);
    if (lua_rawget(L, snapshots) != LUA_TNIL) place = PlaceOf(L, 6, cards, order);
    if (place == 0) {  // a key added since, or no snapshot yet
      lua_settop(L, order);
      PushNewSnapshot(L, snapshots, cards, order);
      place = PlaceOf(L, 6, cards, order);
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

void ForgetKeyOrder(lua_State* L) {
  // Most games never call next: their empty tables are kept (new ones cost 1.5% of a game).
  // Every snapshot made sets the order's [0], which no collection clears.
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &kObjectOrder) == LUA_TTABLE) {
    lua_pushnil(L);
    const bool used = lua_next(L, -2) != 0;
    lua_pop(L, used ? 3 : 1);
    if (!used) return;
  } else {
    lua_pop(L, 1);
  }
  PushWeakKeyedTable(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kSnapshots);
  PushWeakKeyedTable(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kObjectOrder);
}

void OpenOrderedPairs(lua_State* L) {
  ForgetKeyOrder(L);
  lua_pushcfunction(L, OrderedNext);
  lua_pushvalue(L, -1);
  lua_setglobal(L, "next");
  lua_pushcclosure(L, OrderedPairs, 1);
  lua_setglobal(L, "pairs");
}

}  // namespace tapis::lua
