// The `tapis` table: the narrow API effects use to read and change a game (docs/lua-api.md).
// Every function runs its C++ body inside Guard (lua_bridge.h).
#include <fmt/format.h>

#include <algorithm>
#include <lua.hpp>
#include <stdexcept>

#include "interpreter/combination.h"
#include "interpreter/engine.h"
#include "interpreter/lua_bridge.h"
#include "interpreter/script_host.h"

namespace tapis {
namespace {

using namespace lua;

// --- reading ---------------------------------------------------------------------------

int Players(lua_State* L, ScriptContext& ctx) {
  lua_pushinteger(L, ctx.state->players);
  return 1;
}

int Current(lua_State* L, ScriptContext& ctx) {
  lua_pushinteger(L, ctx.state->turn_player + 1);
  return 1;
}

// The next player still in the round, `steps` times (1 by default).
int NextPlayer(lua_State* L, ScriptContext& ctx) {
  int p = PlayerArg(L, 1, ctx);
  const long long steps = lua_isnoneornil(L, 2) ? 1 : IntArg(L, 2, "steps");
  for (long long i = 0; i < steps && p >= 0; ++i) p = ctx.engine->NextActive(*ctx.state, p);
  if (p < 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, p + 1);
  return 1;
}

// tapis.in_play(): the players not out of the round, by seat.
int InPlay(lua_State* L, ScriptContext& ctx) {
  lua_newtable(L);
  int i = 0;
  for (int p = 0; p < ctx.state->players; ++p) {
    if (ctx.state->out & (1u << p)) continue;
    lua_pushinteger(L, p + 1);
    lua_rawseti(L, -2, ++i);
  }
  return 1;
}

int IsOut(lua_State* L, ScriptContext& ctx) {
  lua_pushboolean(L, (ctx.state->out >> PlayerArg(L, 1, ctx)) & 1u);
  return 1;
}

// (card, property) → the property's index and the card's value of it (what a wild card in
// play stands for), or kNoValue.
std::pair<int, int> EffectiveValueArgs(lua_State* L, ScriptContext& ctx) {
  const CardId card = CardArg(L, 1, ctx);
  const std::string name = StringArg(L, 2, "property");
  const auto& catalog = ctx.engine->cards().catalog();
  const int prop = catalog.PropertyIndex(name);
  if (prop < 0) {
    throw ApiError(fmt::format("tapis.{}: unknown property '{}'; properties are: {}", FunctionName(L), name,
                               catalog.PropertyNames()));
  }
  return {prop, ctx.engine->EffectiveValue(*ctx.state, card, prop)};
}

// tapis.value(card, property): the value's name, or nil.
int Value(lua_State* L, ScriptContext& ctx) {
  const auto [prop, v] = EffectiveValueArgs(L, ctx);
  if (v == kNoValue)
    lua_pushnil(L);
  else
    lua_pushstring(L, ctx.engine->cards().catalog().properties()[prop].values[v].c_str());
  return 1;
}

// tapis.order(card, property): the value's place in the property's order, from 1, or nil.
int Order(lua_State* L, ScriptContext& ctx) {
  const auto [prop, v] = EffectiveValueArgs(L, ctx);
  if (v == kNoValue)
    lua_pushnil(L);
  else
    lua_pushinteger(L, v + 1);
  return 1;
}

int Cards(lua_State* L, ScriptContext& ctx) {
  const int zone = ZoneArg(L, 1, ctx);
  PushCards(L, ctx.engine->cards(), ctx.state->zones[zone].cards);
  return 1;
}

int Count(lua_State* L, ScriptContext& ctx) {
  const int zone = ZoneArg(L, 1, ctx);
  lua_pushinteger(L, static_cast<lua_Integer>(ctx.state->zones[zone].cards.size()));
  return 1;
}

void PushZoneInstance(lua_State* L, const ScriptContext& ctx, int z) {
  const Zone& zone = ctx.state->zones[z];
  const ZoneDecl& decl = ctx.engine->rules().zones[zone.decl];
  lua_createtable(L, 0, 4);
  lua_pushstring(L, fmt::format("{}{}", decl.label, zone.label).c_str());
  lua_setfield(L, -2, "label");
  lua_pushinteger(L, zone.owner + 1);
  lua_setfield(L, -2, "owner");
  lua_pushinteger(L, static_cast<lua_Integer>(zone.cards.size()));
  lua_setfield(L, -2, "size");
  PushCards(L, ctx.engine->cards(), zone.cards);
  lua_setfield(L, -2, "cards");
}

int Melds(lua_State* L, ScriptContext& ctx) {
  const Ruleset& r = ctx.engine->rules();
  const std::string name = StringArg(L, 1, "zone");
  const int decl = r.ZoneIndex(name);
  if (decl < 0 || !r.zones[decl].dynamic)
    throw ApiError(fmt::format("tapis.melds: '{}' is not a zone created in play", name));
  const int owner = lua_isnoneornil(L, 2) ? -2 : PlayerArg(L, 2, ctx);
  lua_newtable(L);
  int i = 0;
  for (size_t z = ctx.engine->config().FixedZoneCount(); z < ctx.state->zones.size(); ++z) {
    const Zone& zone = ctx.state->zones[z];
    if (zone.decl != decl || (owner != -2 && zone.owner != owner)) continue;
    PushZoneInstance(L, ctx, static_cast<int>(z));
    lua_rawseti(L, -2, ++i);
  }
  return 1;
}

int MoveInfo(lua_State* L, ScriptContext& ctx) {
  if (!ctx.move) {
    lua_pushnil(L);
    return 1;
  }
  const Ruleset& r = ctx.engine->rules();
  lua_createtable(L, 0, 4);
  lua_pushstring(L, ctx.move->kind == kStopMove ? "stop" : r.moves[ctx.move->kind].name.c_str());
  lua_setfield(L, -2, "name");
  lua_pushinteger(L, ctx.player + 1);
  lua_setfield(L, -2, "player");
  PushCards(L, ctx.engine->cards(), ctx.move->Cards());
  lua_setfield(L, -2, "cards");
  lua_pushboolean(L, ctx.extra);
  lua_setfield(L, -2, "extra");
  if (ctx.zone >= 0) {
    PushZoneInstance(L, ctx, ctx.zone);
    lua_setfield(L, -2, "zone");
  }
  return 1;
}

int Get(lua_State* L, ScriptContext& ctx) {
  lua_pushinteger(L, ctx.state->variables[VariableSlotArg(L, ctx, 2)]);
  return 1;
}

int Param(lua_State* L, ScriptContext& ctx) {
  const Ruleset& r = ctx.engine->rules();
  const std::string name = StringArg(L, 1, "parameter");
  const int i = r.ParameterIndex(name);
  if (i < 0) throw ApiError(fmt::format("tapis.param: unknown parameter '{}'", name));
  const int v = ctx.engine->config().ParameterValue(i);
  switch (r.parameters[i].type) {
    case Parameter::Type::kBool:
      lua_pushboolean(L, v);
      break;
    case Parameter::Type::kChoice:
      lua_pushstring(L, r.parameters[i].choices[v].c_str());
      break;
    case Parameter::Type::kInt:
      lua_pushinteger(L, v);
      break;
  }
  return 1;
}

int LastPlayer(lua_State* L, ScriptContext& ctx) {
  if (ctx.state->last_round_player < 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, ctx.state->last_round_player + 1);
  return 1;
}

int Runs(lua_State* L, ScriptContext& ctx) {
  const std::vector<CardId> cards = CardListArg(L, 1, ctx);
  const Combination& combo = CombinationArg(L, 2, ctx);
  const auto groups = BestPartition(ctx.engine->cards(), combo, cards);
  lua_createtable(L, static_cast<int>(groups.size()), 0);
  for (size_t i = 0; i < groups.size(); ++i) {
    PushCards(L, ctx.engine->cards(), groups[i]);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  return 1;
}

int IsCombinationApi(lua_State* L, ScriptContext& ctx) {
  const std::vector<CardId> cards = CardListArg(L, 1, ctx);
  const Combination& combo = CombinationArg(L, 2, ctx);
  lua_pushboolean(L, !cards.empty() && IsCombination(ctx.engine->cards(), combo, cards));
  return 1;
}

int Round(lua_State* L, ScriptContext& ctx) {
  lua_pushinteger(L, ctx.state->round + 1);
  return 1;
}

int Total(lua_State* L, ScriptContext& ctx) {
  lua_pushinteger(L, ctx.state->totals[PlayerArg(L, 1, ctx)]);
  return 1;
}

int Phase(lua_State* L, ScriptContext& ctx) {
  const auto& phases = ctx.engine->rules().phases;
  if (phases.empty())
    lua_pushnil(L);
  else
    lua_pushstring(L, phases[ctx.state->phase].c_str());
  return 1;
}

// --- changing ----------------------------------------------------------------------------

int Set(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  const int slot = VariableSlotArg(L, ctx, 3);  // tapis.set(name, value[, player])
  long long v = 0;
  if (lua_isboolean(L, 2))
    v = lua_toboolean(L, 2);
  else
    v = IntArg(L, 2, "value");
  ctx.state->variables[slot] = static_cast<int32_t>(v);
  return 0;
}

// tapis.move(card, zone[, player][, "bottom"])
int MoveApi(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  const CardId card = CardArg(L, 1, ctx);
  const int zone = ZoneArg(L, 2, ctx);
  const bool per_player = ctx.engine->rules().zones[ctx.state->zones[zone].decl].owner == Owner::kPlayer;
  const int where_index = per_player ? 4 : 3;
  bool bottom = false;
  if (!lua_isnoneornil(L, where_index)) {
    const std::string where = StringArg(L, where_index, "where");
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

// tapis.random(n): a whole number from 1 to n, from the game's seeded generator.
int Random(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  const long long n = IntArg(L, 1, "n");
  if (n < 1 || n > INT32_MAX) throw ApiError("tapis.random: n must be at least 1");
  lua_pushinteger(L, static_cast<lua_Integer>(RandomBelow(ctx.state->rng, static_cast<uint32_t>(n))) + 1);
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
  const long long n = lua_isnoneornil(L, n_index) ? 1 : IntArg(L, n_index, "count");
  long long moved = 0;
  auto& src = ctx.state->zones[from].cards;
  for (; moved < n && !src.empty(); ++moved) {
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
  lua_getfield(L, 2, "moves");
  if (lua_isstring(L, -1)) {
    const int k = r.MoveIndex(lua_tostring(L, -1));
    if (k < 0) throw ApiError(fmt::format("tapis.ask: unknown move '{}'", lua_tostring(L, -1)));
    d.moves |= 1u << k;
  } else if (lua_istable(L, -1)) {
    const lua_Integer n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n; ++i) {
      lua_rawgeti(L, -1, i);
      const char* name = lua_tostring(L, -1);
      const int k = name ? r.MoveIndex(name) : -1;
      if (k < 0) throw ApiError(fmt::format("tapis.ask: unknown move '{}'", name ? name : "?"));
      d.moves |= 1u << k;
      lua_pop(L, 1);
    }
  }
  lua_pop(L, 1);
  if (d.moves == 0) throw ApiError("tapis.ask: say which moves answer, e.g. {moves = {\"discard\"}}");
  lua_getfield(L, 2, "count");
  if (!lua_isnil(L, -1)) d.remaining = static_cast<int16_t>(IntArg(L, lua_gettop(L), "count"));
  lua_pop(L, 1);
  lua_getfield(L, 2, "optional");
  d.optional = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, 2, "costs_actions");
  d.costs_actions = lua_toboolean(L, -1);
  lua_pop(L, 1);
  lua_getfield(L, 2, "to");
  if (!lua_isnil(L, -1)) d.target = static_cast<int8_t>(PlayerArg(L, lua_gettop(L), ctx));
  lua_pop(L, 1);
  lua_getfield(L, 2, "highest");
  if (!lua_isnil(L, -1)) {
    const int prop = ctx.engine->cards().catalog().PropertyIndex(StringArg(L, lua_gettop(L), "highest"));
    if (prop < 0) throw ApiError("tapis.ask: 'highest' names no card property");
    d.highest = static_cast<int8_t>(prop);
  }
  lua_pop(L, 1);
  lua_getfield(L, 2, "only");
  if (!lua_isnil(L, -1)) {
    d.only = CardListArg(L, lua_gettop(L), ctx);
    if (d.only.empty()) d.remaining = 0;  // nothing may be used: nothing to ask
  }
  lua_pop(L, 1);
  if (d.remaining > 0) ctx.engine->Ask(*ctx.state, d);
  return 0;
}

int Actions(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  const long long delta = IntArg(L, 1, "actions");
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
  const std::string name = StringArg(L, 1, "phase");
  const int phase = ctx.engine->rules().PhaseIndex(name);
  if (phase < 0) throw ApiError(fmt::format("tapis.set_phase: unknown phase '{}'", name));
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
  static const luaL_Reg kFunctions[] = {{"players", Guard<Players>},
                                        {"current", Guard<Current>},
                                        {"next_player", Guard<NextPlayer>},
                                        {"cards", Guard<Cards>},
                                        {"count", Guard<Count>},
                                        {"melds", Guard<Melds>},
                                        {"move_info", Guard<MoveInfo>},
                                        {"get", Guard<Get>},
                                        {"param", Guard<Param>},
                                        {"last_player", Guard<LastPlayer>},
                                        {"runs", Guard<Runs>},
                                        {"is_combination", Guard<IsCombinationApi>},
                                        {"set", Guard<Set>},
                                        {"move", Guard<MoveApi>},
                                        {"draw", Guard<Draw>},
                                        {"ask", Guard<Ask>},
                                        {"actions", Guard<Actions>},
                                        {"reverse", Guard<Reverse>},
                                        {"end_game", Guard<EndGame>},
                                        {"end_round", Guard<EndRound>},
                                        {"round", Guard<Round>},
                                        {"total", Guard<Total>},
                                        {"phase", Guard<Phase>},
                                        {"set_phase", Guard<SetPhase>},
                                        {"is_out", Guard<IsOut>},
                                        {"in_play", Guard<InPlay>},
                                        {"set_out", Guard<SetOut>},
                                        {"value", Guard<Value>},
                                        {"order", Guard<Order>},
                                        {"shuffle", Guard<Shuffle>},
                                        {"random", Guard<Random>},
                                        {"set_turn", Guard<SetTurn>},
                                        {nullptr, nullptr}};
  luaL_newlib(L, kFunctions);
  lua_setglobal(L, "tapis");
  OpenCardCache(L);
}

}  // namespace tapis
