#include "interpreter/script/lua_bridge.h"

#include <fmt/format.h>

#include "interpreter/model/names.h"

namespace tapis::lua {
namespace {

int ReadOnlyCard(lua_State* L) { return luaL_error(L, "cards are read-only"); }

// The registry's table of card proxies, by card id + 1, and of card ids, by proxy: pushed on
// every card a script sees or gives.
void PushCardCache(lua_State* L) { lua_rawgeti(L, LUA_REGISTRYINDEX, ScriptHost::From(L).card_cache()); }

}  // namespace

void OpenCardCache(lua_State* L) {
  lua_newtable(L);
  ScriptHost::From(L).set_card_cache(luaL_ref(L, LUA_REGISTRYINDEX));
}

void PushWeakKeyedTable(lua_State* L) {
  lua_createtable(L, 0, 0);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
}

void NameApiFunctions(lua_State* L, int index) {
  index = lua_absindex(L, index);
  lua_newtable(L);
  lua_pushnil(L);
  while (lua_next(L, index) != 0) {  // the function -> its name
    lua_pushvalue(L, -2);
    lua_rawset(L, -4);
  }
  lua_setfield(L, LUA_REGISTRYINDEX, kApiNames);
}

// The API function running, by the name it was given in `tapis`: not by how it was called,
// which pcall(tapis.cards, …) or a local alias would not tell.
const char* FunctionName(lua_State* L) {
  lua_Debug ar;
  const char* name = "?";
  if (!lua_getstack(L, 0, &ar) || !lua_getinfo(L, "f", &ar)) return name;
  lua_getfield(L, LUA_REGISTRYINDEX, kApiNames);
  if (lua_istable(L, -1)) {
    lua_pushvalue(L, -2);
    if (lua_rawget(L, -2) == LUA_TSTRING) name = lua_tostring(L, -1);  // kept alive by the registry
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
  return name;
}

std::string_view StringArg(lua_State* L, int index, const char* what) {
  if (lua_type(L, index) != LUA_TSTRING) {
    throw ApiError(fmt::format("tapis.{}: argument {} ({}) must be a string", FunctionName(L), index, what));
  }
  size_t length = 0;
  const char* text = lua_tolstring(L, index, &length);
  return {text, length};
}

long long IntArg(lua_State* L, int index, const char* what) {
  int ok = 0;
  const lua_Integer v = lua_tointegerx(L, index, &ok);
  if (!ok)
    throw ApiError(
        fmt::format("tapis.{}: argument {} ({}) must be an integer", FunctionName(L), index, what));
  return v;
}

int PlayerArg(lua_State* L, int index, const ScriptContext& ctx) {
  const long long p = IntArg(L, index, "player");
  if (p < 1 || p > ctx.state->players) {
    throw ApiError(
        fmt::format("tapis.{}: no player {} (players are 1 to {})", FunctionName(L), p, ctx.state->players));
  }
  return static_cast<int>(p - 1);
}

void RequireWritable(lua_State* L, const ScriptContext& ctx) {
  if (ctx.read_only)
    throw ApiError(fmt::format("tapis.{}: cannot change the game while scoring", FunctionName(L)));
}

// A fixed zone from (name[, player]).
int ZoneArg(lua_State* L, int index, const ScriptContext& ctx) {
  const Ruleset& r = ctx.engine->rules();
  const std::string_view name = StringArg(L, index, "zone");
  const int decl = ScriptHost::From(L).NameIndex(ScriptHost::kZoneNames, name);
  if (decl < 0) {
    throw ApiError(fmt::format("tapis.{}: unknown zone '{}'; {}", FunctionName(L), name,
                               Suggest(std::string(name), Names(r.zones), "zones are")));
  }
  if (r.zones[decl].dynamic)
    throw ApiError(
        fmt::format("tapis.{}: zone '{}' is created in play; use tapis.melds", FunctionName(L), name));
  int owner = -1;
  if (r.zones[decl].owner == Owner::kPlayer) {
    if (lua_isnoneornil(L, index + 1))
      throw ApiError(
          fmt::format("tapis.{}: zone '{}' belongs to each player; say which player", FunctionName(L), name));
    owner = PlayerArg(L, index + 1, ctx);
  }
  return ctx.engine->ZoneSlot(decl, owner);
}

// Cards reach Lua as read-only proxies, built once per card and reused: an empty table
// whose reads fall through to {id, code, <property> = value}.
void PushCard(lua_State* L, const CardSet& set, CardId card) {
  PushCardCache(L);
  if (lua_rawgeti(L, -1, card + 1) != LUA_TNIL) {
    lua_replace(L, -2);
    return;
  }
  lua_pop(L, 1);
  const auto& props = set.catalog().properties();
  lua_createtable(L, 0, 0);  // the proxy
  lua_createtable(L, 0, 2);  // its metatable
  lua_createtable(L, 0, static_cast<int>(props.size()) + 2);
  lua_pushinteger(L, card);
  lua_setfield(L, -2, "id");
  lua_pushstring(L, set.Code(card).c_str());
  lua_setfield(L, -2, "code");
  for (size_t p = 0; p < props.size(); ++p) {
    const int v = set.Value(card, static_cast<int>(p));
    if (v == kNoValue) continue;
    lua_pushstring(L, props[p].values[v].c_str());
    lua_setfield(L, -2, props[p].name.c_str());
  }
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, ReadOnlyCard);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");  // getmetatable(card) cannot reach its fields
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_rawseti(L, -3, card + 1);  // cache[card + 1] = proxy
  lua_pushvalue(L, -1);
  lua_pushinteger(L, card);
  lua_rawset(L, -4);  // cache[proxy] = card
  lua_remove(L, -2);
}

void PushCards(lua_State* L, const CardSet& set, std::span<const CardId> cards) {
  lua_createtable(L, static_cast<int>(cards.size()), 0);
  SetCards(L, lua_gettop(L), set, cards);
}

void SetCards(lua_State* L, int table, const CardSet& set, std::span<const CardId> cards) {
  const auto had = static_cast<lua_Integer>(lua_rawlen(L, table));
  // The cache is looked up once for the list (this runs on every tapis.cards).
  PushCardCache(L);
  for (size_t i = 0; i < cards.size(); ++i) {
    if (lua_rawgeti(L, -1, cards[i] + 1) == LUA_TNIL) {
      lua_pop(L, 1);
      PushCard(L, set, cards[i]);
    }
    lua_rawseti(L, table, static_cast<lua_Integer>(i + 1));
  }
  lua_pop(L, 1);
  if (had <= static_cast<lua_Integer>(kMaxMoveCards)) {
    for (auto i = static_cast<lua_Integer>(cards.size()) + 1; i <= had; ++i) {
      lua_pushnil(L);
      lua_rawseti(L, table, i);
    }
    return;
  }
  // A script wrote past the list (its length can be made math.maxinteger with a few keys):
  // every key beyond the cards goes, however many the table holds.
  lua_pushnil(L);
  while (lua_next(L, table) != 0) {
    lua_pop(L, 1);
    int whole = 0;
    const lua_Integer key = lua_tointegerx(L, -1, &whole);
    if (lua_type(L, -1) == LUA_TNUMBER && whole && key >= 1 && key <= static_cast<lua_Integer>(cards.size()))
      continue;
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, table);  // clearing a field while traversing is allowed
  }
}

int RawField(lua_State* L, int index, const char* name) {
  index = lua_absindex(L, index);
  lua_pushstring(L, name);
  return lua_rawget(L, index);
}

long long CardIdOf(lua_State* L, int index) {
  index = lua_absindex(L, index);
  const int top = lua_gettop(L);
  if (lua_type(L, index) == LUA_TTABLE) {
    // A card proxy is found in the cache (proxy -> id); a script's own table {id = …} holds
    // its id itself. Read raw either way: no script code runs here.
    PushCardCache(L);
    lua_pushvalue(L, index);
    if (lua_rawget(L, -2) == LUA_TNIL) RawField(L, index, "id");
  } else {
    lua_pushvalue(L, index);
  }
  int ok = 0;
  const lua_Integer id = lua_tointegerx(L, -1, &ok);
  lua_settop(L, top);
  return ok ? id : -1;
}

CardId CardArg(lua_State* L, int index, const ScriptContext& ctx) {
  const long long id = lua_istable(L, index) || lua_isinteger(L, index) ? CardIdOf(L, index) : -1;
  if (id < 0 || id >= ctx.engine->cards().size()) {
    throw ApiError(fmt::format("tapis.{}: argument {} must be a card (a table from tapis.cards)",
                               FunctionName(L), index));
  }
  return static_cast<CardId>(id);
}

std::vector<CardId> CardListArg(lua_State* L, int index, const ScriptContext& ctx) {
  if (!lua_istable(L, index))
    throw ApiError(fmt::format("tapis.{}: argument {} must be a list of cards", FunctionName(L), index));
  std::vector<CardId> out;
  const auto n = static_cast<lua_Integer>(lua_rawlen(L, index));
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, index, i);
    out.push_back(CardArg(L, lua_gettop(L), ctx));
    lua_pop(L, 1);
  }
  return out;
}

const Combination& CombinationArg(lua_State* L, int index, const ScriptContext& ctx) {
  const Ruleset& r = ctx.engine->rules();
  const std::string_view name = StringArg(L, index, "combination");
  const int c = r.CombinationIndex(name);
  if (c < 0) throw ApiError(fmt::format("tapis.{}: unknown combination '{}'", FunctionName(L), name));
  return r.combinations[c];
}

// (name, …) with the player, for a per-player variable, at `player_index`.
int VariableSlotArg(lua_State* L, const ScriptContext& ctx, int player_index) {
  const Ruleset& r = ctx.engine->rules();
  const std::string_view name = StringArg(L, 1, "variable");
  const int v = ScriptHost::From(L).NameIndex(ScriptHost::kVariableNames, name);
  if (v < 0)
    throw ApiError(fmt::format("tapis.{}: unknown variable '{}'; {}", FunctionName(L), name,
                               r.variables.empty()
                                   ? std::string("declare it under 'variables:'")
                                   : Suggest(std::string(name), Names(r.variables), "variables are")));
  int owner = -1;
  if (r.variables[v].owner == Owner::kPlayer) {
    if (lua_isnoneornil(L, player_index))
      throw ApiError(fmt::format("tapis.{}: variable '{}' belongs to each player; say which player",
                                 FunctionName(L), name));
    owner = PlayerArg(L, player_index, ctx);
  }
  return ctx.engine->config().VariableSlot(v, owner);
}

}  // namespace tapis::lua
