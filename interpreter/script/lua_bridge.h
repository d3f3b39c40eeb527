// Helpers for the Lua API functions: argument readers that throw ApiError with the
// function's name, card proxies, and Guard, which turns a thrown ApiError into a Lua error
// only once every C++ object of the function's body is gone (no longjmp past destructors).
#pragma once

#include <lua.hpp>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/model/engine_services.h"
#include "interpreter/script/script_host.h"

namespace tapis::lua {

// Where the registry keeps the scripts' string.format (repeatable_library.h) for tapis.say.
inline constexpr const char* kSayFormatKey = "tapis.say_format";

struct ApiError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <int (*Body)(lua_State*, ScriptContext&)>
int Guard(lua_State* L) {
  ScriptHost& host = ScriptHost::From(L);
  bool failed = false;
  int results = 0;
  {
    try {
      const ScriptHost::ApiBody body(host);  // no memory error inside: it would skip destructors
      ScriptContext* ctx = host.context();
      if (!ctx) throw ApiError("the tapis API is only available during a game");
      results = Body(L, *ctx);
    } catch (const std::exception& e) {
      luaL_where(L, 1);
      lua_pushstring(L, e.what());
      lua_concat(L, 2);
      failed = true;
    }
  }
  if (failed) return lua_error(L);
  if (host.over_memory()) {
    // The body went past the cap: any allocation now raises Lua's memory error, here,
    // where no C++ object is left (or, if a collection made room, the call goes on).
    lua_newuserdatauv(L, 0, 0);
    lua_pop(L, 1);
  }
  return results;
}

// The registry's table of the API's functions by function, for FunctionName.
inline constexpr const char* kApiNames = "tapis.names";
// Names each function of the table at `index` (the `tapis` table, as opened) for FunctionName.
void NameApiFunctions(lua_State* L, int index);
// The name of the API function running ("cards"), or "?".
const char* FunctionName(lua_State* L);
// Valid while the argument stays on the stack: the API function's body.
std::string_view StringArg(lua_State* L, int index, const char* what);
long long IntArg(lua_State* L, int index, const char* what);
int PlayerArg(lua_State* L, int index, const ScriptContext& ctx);
void RequireWritable(lua_State* L, const ScriptContext& ctx);
// A fixed zone instance from (name[, player]) at `index`.
int ZoneArg(lua_State* L, int index, const ScriptContext& ctx);
CardId CardArg(lua_State* L, int index, const ScriptContext& ctx);
// Pushes t[name] for the table at `index` without running a metamethod; returns its type.
int RawField(lua_State* L, int index, const char* name);
// The id of the card at `index` (a card proxy, a table {id = …} or a number), or -1; runs no
// metamethod. Pushes nothing.
long long CardIdOf(lua_State* L, int index);
std::vector<CardId> CardListArg(lua_State* L, int index, const ScriptContext& ctx);
const Combination& CombinationArg(lua_State* L, int index, const ScriptContext& ctx);
// (name, …) with the player, for a per-player variable, at `player_index`.
int VariableSlotArg(lua_State* L, const ScriptContext& ctx, int player_index);

// Cards reach Lua as read-only proxies, built once per card and reused.
void PushCard(lua_State* L, const CardSet& set, CardId card);
void PushCards(lua_State* L, const CardSet& set, std::span<const CardId> cards);
// Makes the list at `table` hold exactly `cards` (for tables reused from call to call).
void SetCards(lua_State* L, int table, const CardSet& set, std::span<const CardId> cards);
// Creates the registry table that caches card proxies.
void OpenCardCache(lua_State* L);
// Pushes a new table whose keys do not keep their objects alive (`__mode = "k"`).
void PushWeakKeyedTable(lua_State* L);

}  // namespace tapis::lua
