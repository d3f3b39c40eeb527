// The `tapis` table: the narrow API effects use to read and change a game (docs/lua-api.md).
// This file holds the functions that change the game and registers the table; the reading
// ones are in lua_api_read.cpp. Every function runs its C++ body inside Guard (lua_bridge.h).
#include <fmt/format.h>

#include <algorithm>
#include <lua.hpp>
#include <stdexcept>

#include "interpreter/mechanisms/combination.h"
#include "interpreter/mechanisms/refill.h"
#include "interpreter/model/errors.h"
#include "interpreter/model/names.h"
#include "interpreter/script/lua_bridge.h"
#include "interpreter/script/script_host.h"

namespace tapis {
namespace {

using namespace lua;

ApiError UnknownMove(const Ruleset& r, const std::string& name) {
  return ApiError(
      fmt::format("tapis.ask: unknown move '{}'; {}", name, Suggest(name, Names(r.moves), "moves are")));
}

int Set(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  const int slot = VariableSlotArg(L, ctx, 3);  // tapis.set(name, value[, player])
  long long v = 0;
  if (lua_isboolean(L, 2))
    v = lua_toboolean(L, 2);
  else
    v = IntArg(L, 2, "value");
  if (v < INT32_MIN || v > INT32_MAX)
    throw ApiError(
        fmt::format("tapis.set: {} is out of range (a variable holds {} to {})", v, INT32_MIN, INT32_MAX));
  ctx.state->variables[slot] = static_cast<int32_t>(v);
  return 0;
}

// tapis.move(card, zone[, player][, "bottom"])
int MoveApi(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  const CardId card = CardArg(L, 1, ctx);
  const int zone = ZoneArg(L, 2, ctx);
  if (ctx.engine->rules().zones[ctx.state->zones[zone].decl].columns > 0)
    throw ApiError("tapis.move: that zone is a grid; put a card on a cell with tapis.place");
  const bool per_player = ctx.engine->rules().zones[ctx.state->zones[zone].decl].owner == Owner::kPlayer;
  const int where_index = per_player ? 4 : 3;
  bool bottom = false;
  if (!lua_isnoneornil(L, where_index)) {
    const std::string where(StringArg(L, where_index, "where"));
    if (where != "top" && where != "bottom") throw ApiError("tapis.move: where is \"top\" or \"bottom\"");
    bottom = where == "bottom";
  }
  ctx.engine->MoveCard(*ctx.state, card, zone);
  if (bottom) {
    auto& cards = ctx.state->zones[zone].cards;
    std::rotate(cards.begin(), cards.end() - 1, cards.end());
  }
  ctx.engine->CheckLastRound(*ctx.state);
  return 0;
}

// tapis.random(n): a whole number from 1 to n; tapis.random(low, high): from low to high.
// Asks the chance source, so a recorded game can dictate it.
int Random(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  long long low = 1, high = IntArg(L, 1, "n");
  if (!lua_isnoneornil(L, 2)) {
    low = high;
    high = IntArg(L, 2, "high");
    if (high < low || high - low >= INT32_MAX || low < INT32_MIN / 2 || high > INT32_MAX / 2)
      throw ApiError("tapis.random: low must not be above high");
  } else if (high < 1 || high > INT32_MAX) {
    throw ApiError("tapis.random: n must be at least 1");
  }
  lua_pushinteger(L, ctx.engine->ChanceNumber(*ctx.state, static_cast<int>(low), static_cast<int>(high)));
  return 1;
}

int Shuffle(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  ctx.engine->Shuffle(*ctx.state, ZoneArg(L, 1, ctx));
  return 0;
}

int SetTurn(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  ctx.state->turn_player = static_cast<int8_t>(PlayerArg(L, 1, ctx));
  ctx.state->actions_left =
      static_cast<int8_t>(ctx.engine->config().Resolve(ctx.engine->rules().actions_per_turn));
  ctx.state->end_turn = false;
  return 0;
}

// tapis.say(text, ...): a line every seat reads under the move (at most 300 bytes of one
// line). With more arguments, `text` is a string.format pattern, formatted only when the line
// is kept: a simulation, which narrates nothing, pays nothing for it.
int Say(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  StringArg(L, 1, "text");
  if (!ctx.engine->Narrating()) return 0;
  if (lua_gettop(L) > 1) {  // string.format(text, ...), its error said in the line, never the move's
    const int args = lua_gettop(L);
    lua_getfield(L, LUA_REGISTRYINDEX, kSayFormatKey);  // the registry has no metamethod to fail
    lua_insert(L, 1);                                   // string.format, then the arguments
    if (lua_pcall(L, args, 1, 0) != LUA_OK) {
      lua_pushfstring(L, "(tapis.say: %s)",
                      lua_isstring(L, -1) ? lua_tostring(L, -1) : "a pattern that fails");
      lua_remove(L, -2);
    } else if (!lua_isstring(L, -1)) {
      lua_pop(L, 1);
      lua_pushliteral(L, "(tapis.say: the pattern gave no text)");
    }
  }
  size_t size = 0;
  const char* text = lua_tolstring(L, -1, &size);
  ctx.engine->Say(Printable(std::string_view(text, std::min<size_t>(size, 300))));
  return 0;
}

// tapis.score(player, points, label): adds points to the player's round, named for the table
// ("primiera", "last trick"); only in the score function.
int Score(lua_State* L, ScriptContext& ctx) {
  if (ctx.tally == nullptr) throw ApiError("tapis.score: only the score function scores");
  const int p = PlayerArg(L, 1, ctx);
  const long long points = IntArg(L, 2, "points");
  if (points < -kMaxListNumber || points > kMaxListNumber)
    throw ApiError(fmt::format("tapis.score: {} points: a whole number from -{} to {} was expected", points,
                               kMaxListNumber, kMaxListNumber));
  const std::string_view label = StringArg(L, 3, "label");
  if (label.empty() || label.size() > 32 || label.find_first_of("\n\t") != std::string_view::npos)
    throw ApiError("tapis.score: argument 3 (label) must name the points in 1 to 32 characters on one line");
  ctx.tally->points[p] += points;  // at most kMaxListNumber a call and 2^32 calls: no overflow
  if (ctx.tally->parts != nullptr)
    AddScorePart(ctx.tally->parts, p, Printable(label), points);  // the table asks
  return 0;
}

int EndTurn(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  ctx.state->end_turn = true;
  return 0;
}

int SetOut(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  const int p = PlayerArg(L, 1, ctx);
  const bool out = lua_isnoneornil(L, 2) ? true : lua_toboolean(L, 2);
  if (out)
    ctx.state->out |= 1u << p;
  else
    ctx.state->out &= ~(1u << p);
  return 0;
}

int Draw(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  const int from = ZoneArg(L, 1, ctx);
  const bool from_player = ctx.engine->rules().zones[ctx.state->zones[from].decl].owner == Owner::kPlayer;
  const int to_index = from_player ? 3 : 2;
  const int to = ZoneArg(L, to_index, ctx);
  const bool to_player = ctx.engine->rules().zones[ctx.state->zones[to].decl].owner == Owner::kPlayer;
  const int n_index = to_index + (to_player ? 2 : 1);
  const long long asked = lua_isnoneornil(L, n_index) ? 1 : IntArg(L, n_index, "count");
  auto& src = ctx.state->zones[from].cards;
  // At most the cards there were, and then those a refill brings: drawing from a zone onto
  // itself would never empty it. Refills stop at the pack's size, as drawing onto the zone a
  // refill takes from would never end.
  const long long n = std::min<long long>(asked, static_cast<long long>(ctx.engine->cards().size()));
  long long moved = 0, left = static_cast<long long>(src.size());
  for (; moved < n; ++moved, --left) {
    if (left == 0) {
      if (!src.empty()) break;
      RefillToDraw(*ctx.engine, *ctx.state, from);
      left = static_cast<long long>(src.size());
      if (left == 0) break;
    }
    ctx.engine->BeforeDraw(*ctx.state, from);
    ctx.state->zones[to].cards.push_back(src.back());
    ctx.state->declared[src.back()] = -1;
    src.pop_back();
  }
  ctx.engine->CheckLastRound(*ctx.state);
  lua_pushinteger(L, moved);
  return 1;
}

int Ask(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  Decision d;
  d.player = static_cast<int8_t>(PlayerArg(L, 1, ctx));
  if (!lua_istable(L, 2))
    throw ApiError("tapis.ask: argument 2 must be a table {moves = {...}, count = n, optional = bool}");
  const Ruleset& r = ctx.engine->rules();
  RawField(L, 2, "moves");
  if (lua_isstring(L, -1)) {
    const int k = r.MoveIndex(lua_tostring(L, -1));
    if (k < 0) throw UnknownMove(r, lua_tostring(L, -1));
    d.moves |= 1u << k;
  } else if (lua_istable(L, -1)) {
    const auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, i);
      const char* name = lua_tostring(L, -1);
      const int k = name ? r.MoveIndex(name) : -1;
      if (k < 0) throw UnknownMove(r, name ? name : "?");
      d.moves |= 1u << k;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  if (d.moves == 0) throw ApiError("tapis.ask: say which moves answer, e.g. {moves = {\"discard\"}}");
  RawField(L, 2, "count");
  if (!lua_isnil(L, -1)) {
    const long long count = IntArg(L, lua_gettop(L), "count");
    if (count < 0 || count > INT16_MAX)
      throw ApiError(fmt::format("tapis.ask: count {} is out of range", count));
    d.remaining = static_cast<int16_t>(count);
  }
  lua_pop(L, 1);
  RawField(L, 2, "optional");
  d.optional = lua_toboolean(L, -1);
  lua_pop(L, 1);
  RawField(L, 2, "costs_actions");
  d.costs_actions = lua_toboolean(L, -1);
  lua_pop(L, 1);
  RawField(L, 2, "to");
  if (!lua_isnil(L, -1)) d.target = static_cast<int8_t>(PlayerArg(L, lua_gettop(L), ctx));
  lua_pop(L, 1);
  RawField(L, 2, "highest");
  if (!lua_isnil(L, -1)) {
    const int prop = ctx.engine->cards().catalog().PropertyIndex(StringArg(L, lua_gettop(L), "highest"));
    if (prop < 0) throw ApiError("tapis.ask: 'highest' names no card property");
    d.highest = static_cast<int8_t>(prop);
  }
  lua_pop(L, 1);
  RawField(L, 2, "only");
  if (!lua_isnil(L, -1)) {
    d.only = CardListArg(L, lua_gettop(L), ctx);
    if (d.only.empty()) d.remaining = 0;  // nothing may be used: nothing to ask
  }
  lua_pop(L, 1);
  if (d.remaining <= 0) return 0;
  if (++ctx.asked > ScriptHost::From(L).limits().decisions)
    throw ApiError(fmt::format("tapis.ask: more than {} decisions asked in one call",
                               ScriptHost::From(L).limits().decisions));
  ctx.engine->Ask(*ctx.state, d);
  return 0;
}

int Actions(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  // Clamped before the sum, which a huge delta would overflow.
  const long long delta = std::clamp<long long>(IntArg(L, 1, "actions"), -100, 100);
  ctx.state->actions_left =
      static_cast<int8_t>(std::clamp<long long>(ctx.state->actions_left + delta, 0, 100));
  lua_pushinteger(L, ctx.state->actions_left);
  return 1;
}

int Reverse(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  ctx.state->direction = static_cast<int8_t>(-ctx.state->direction);
  return 0;
}

int SetPhase(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  const std::string_view name = StringArg(L, 1, "phase");
  const int phase = ScriptHost::From(L).NameIndex(ScriptHost::kPhaseNames, name);
  if (phase < 0) {
    const Ruleset& r = ctx.engine->rules();
    throw ApiError(fmt::format("tapis.set_phase: unknown phase '{}'; {}", name,
                               Suggest(std::string(name), r.phases, "phases are")));
  }
  ctx.state->phase = static_cast<int8_t>(phase);
  return 0;
}

int EndRound(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  ctx.engine->EndRound(*ctx.state, false, -1);
  return 0;
}

int EndGame(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  const int winner = lua_isnoneornil(L, 1) ? -1 : PlayerArg(L, 1, ctx);
  ctx.engine->EndRound(*ctx.state, true, winner);
  return 0;
}

}  // namespace

void OpenTapisApi(lua_State* L) {
  static const luaL_Reg kFunctions[] = {{"set", Guard<Set>},
                                        {"move", Guard<MoveApi>},
                                        {"draw", Guard<Draw>},
                                        {"ask", Guard<Ask>},
                                        {"actions", Guard<Actions>},
                                        {"reverse", Guard<Reverse>},
                                        {"end_game", Guard<EndGame>},
                                        {"end_round", Guard<EndRound>},
                                        {"set_phase", Guard<SetPhase>},
                                        {"set_out", Guard<SetOut>},
                                        {"shuffle", Guard<Shuffle>},
                                        {"random", Guard<Random>},
                                        {"set_turn", Guard<SetTurn>},
                                        {"end_turn", Guard<EndTurn>},
                                        {"say", Guard<Say>},
                                        {"score", Guard<Score>},
                                        {nullptr, nullptr}};
  luaL_newlib(L, kFunctions);
  AddReadingApi(L);
  AddTrickApi(L);
  AddGridApi(L);
  AddHandApi(L);
  AddWordsApi(L);
  NameApiFunctions(L, -1);
  lua_setglobal(L, "tapis");
  OpenCardCache(L);
}

}  // namespace tapis
