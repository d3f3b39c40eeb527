// The trick-taking part of the `tapis` table (docs/lua-api.md#tricks): dealing a round's
// hands, and what a script asks about the trick in play. Runs inside Guard (lua_bridge.h).
#include <fmt/format.h>

#include <lua.hpp>

#include "interpreter/mechanisms/trick.h"
#include "interpreter/script/lua_bridge.h"
#include "interpreter/script/script_host.h"

namespace tapis {
namespace {

using namespace lua;

// tapis.deal(from, to, n [, first]): n rounds of one card from the top of the table zone
// `from` to each player's `to`, starting with seat `first` (the current player by default).
int Deal(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  const Ruleset& r = ctx.engine->rules();
  const int from = ZoneArg(L, 1, ctx);
  const std::string to_name(StringArg(L, 2, "to"));
  const int to = r.ZoneIndex(to_name);
  if (to < 0 || r.zones[to].owner != Owner::kPlayer || r.zones[to].dynamic)
    throw ApiError(fmt::format("tapis.deal: '{}' is not a zone that belongs to each player", to_name));
  const long long n = IntArg(L, 3, "n");
  if (n < 0) throw ApiError("tapis.deal: n must be 0 or more");
  const int first = lua_isnoneornil(L, 4) ? ctx.state->turn_player : PlayerArg(L, 4, ctx);
  GameState& s = *ctx.state;
  auto& source = s.zones[from].cards;
  for (long long round = 0; round < n && !source.empty(); ++round) {  // n may be huge
    for (int i = 0; i < s.players && !source.empty(); ++i) {
      ctx.engine->BeforeDraw(s, from);
      s.zones[ctx.engine->ZoneSlot(to, (first + i) % s.players)].cards.push_back(source.back());
      s.declared[source.back()] = -1;
      source.pop_back();
    }
  }
  ctx.engine->CheckLastRound(s);
  return 0;
}

// tapis.trick_winner(): the player whose card is best in the trick so far, or nil.
int TrickWinner(lua_State* L, ScriptContext& ctx) {
  if (ctx.engine->rules().tricks.zone < 0) throw ApiError("tapis.trick_winner: the ruleset has no tricks");
  const int holder = TrickHolder(*ctx.engine, *ctx.state);
  if (holder < 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, holder + 1);
  return 1;
}

// tapis.trump(): the suit of trumps (a value such as "H"), or nil.
int Trump(lua_State* L, ScriptContext& ctx) {
  const TrickDecl& t = ctx.engine->rules().tricks;
  if (t.zone < 0) throw ApiError("tapis.trump: the ruleset has no tricks");
  const int suit = TrumpSuit(*ctx.engine, *ctx.state);
  const auto& values = ctx.engine->rules().catalog.properties()[t.suit].values;
  if (suit < 0 || suit >= static_cast<int>(values.size()))
    lua_pushnil(L);
  else
    lua_pushstring(L, values[suit].c_str());
  return 1;
}

}  // namespace

void AddTrickApi(lua_State* L) {
  static const luaL_Reg kFunctions[] = {{"deal", Guard<Deal>},
                                        {"trick_winner", Guard<TrickWinner>},
                                        {"trump", Guard<Trump>},
                                        {nullptr, nullptr}};
  luaL_setfuncs(L, kFunctions, 0);
}

}  // namespace tapis
