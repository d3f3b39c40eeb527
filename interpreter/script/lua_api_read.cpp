// The reading half of the `tapis` table (docs/lua-api.md): players, cards, zones, variables,
// parameters, the move that fired an effect. Every function runs inside Guard (lua_bridge.h).
#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <lua.hpp>
#include <stdexcept>

#include "interpreter/mechanisms/combination.h"
#include "interpreter/mechanisms/trick.h"
#include "interpreter/model/names.h"
#include "interpreter/script/lua_bridge.h"
#include "interpreter/script/script_host.h"

namespace tapis {
namespace {

using namespace lua;

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
  long long steps = lua_isnoneornil(L, 2) ? 1 : IntArg(L, 2, "steps");
  // After the first step play goes round the players still in: as many steps as that.
  const int in = ctx.state->players - std::popcount(ctx.state->out & ((1u << ctx.state->players) - 1));
  if (steps > 1 && in > 0) steps = 1 + (steps - 1) % in;
  for (long long i = 0; i < steps && p >= 0; ++i) p = ctx.engine->NextActive(*ctx.state, p);
  if (p < 0)
    lua_pushnil(L);
  else
    lua_pushinteger(L, p + 1);
  return 1;
}

// tapis.team(p): p's team, 1 to `teams:` (p itself without teams).
int Team(lua_State* L, ScriptContext& ctx) {
  const int p = PlayerArg(L, 1, ctx);
  const int teams = ctx.engine->rules().teams;
  lua_pushinteger(L, (teams > 0 ? p % teams : p) + 1);
  return 1;
}

// tapis.partners(p): the other players of p's team, in seat order from p's left.
int Partners(lua_State* L, ScriptContext& ctx) {
  const int p = PlayerArg(L, 1, ctx);
  const int teams = ctx.engine->rules().teams;
  const int n = ctx.state->players;
  lua_newtable(L);
  for (int step = 1, i = 0; teams > 0 && step < n; ++step) {
    if (step % teams != 0) continue;
    lua_pushinteger(L, (p + step) % n + 1);
    lua_rawseti(L, -2, ++i);
  }
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
  const std::string name(StringArg(L, 2, "property"));
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

// tapis.points(card): what the card is worth under `card_points:`, as the round would be
// scored now (its `trump: true` points while its suit is trumps); 0 when no rule fits it.
int Points(lua_State* L, ScriptContext& ctx) {
  const CardId card = CardArg(L, 1, ctx);
  const GameConfig& config = ctx.engine->config();
  bool trump = false;
  if (ctx.engine->rules().tricks.zone >= 0) {
    trump = config.IsTrump(card, TrumpSuit(*ctx.engine, *ctx.state));
  }
  lua_pushinteger(L, config.CardPointsAs(card, trump));
  return 1;
}

int Cards(lua_State* L, ScriptContext& ctx) {
  const int zone = ZoneArg(L, 1, ctx);
  PushCards(L, ctx.engine->cards(), ctx.state->zones[zone].cards);
  return 1;
}

// The top card alone: reading a whole pile to look at its last card costs a table a call.
int Top(lua_State* L, ScriptContext& ctx) {
  const auto& cards = ctx.state->zones[ZoneArg(L, 1, ctx)].cards;
  if (cards.empty()) {
    lua_pushnil(L);
  } else {
    PushCard(L, ctx.engine->cards(), cards.back());
  }
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
  const std::string name(StringArg(L, 1, "zone"));
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

const char kMove = 0;  // its address keys the registry's move table

// The move table is one empty table whose metatable works out each field from the context
// when it is read: a trigger pays only for what it reads (most read one field or two), and
// nothing is allocated. __index's upvalue holds a cards list per depth of calls, filled when
// read (an effect whose API call runs another needs a second).
enum MoveField { kName, kPlayer, kCards, kExtra, kOption, kZone };  // as kMoveFieldNames

void PushMoveField(lua_State* L, const ScriptContext& ctx, int field) {
  const Ruleset& r = ctx.engine->rules();
  const Move& move = *ctx.move;
  switch (field) {
    case kName:
      lua_pushstring(L, move.kind == kStopMove ? "stop" : r.moves[move.kind].name.c_str());
      break;
    case kPlayer:
      lua_pushinteger(L, ctx.player + 1);
      break;
    case kCards: {
      const int depth = ScriptHost::From(L).depth();
      if (lua_rawgeti(L, lua_upvalueindex(1), depth) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, kMaxMoveCards, 0);
        lua_pushvalue(L, -1);
        lua_rawseti(L, lua_upvalueindex(1), depth);
      }
      SetCards(L, lua_gettop(L), ctx.engine->cards(), move.Cards());
      break;
    }
    case kExtra:
      lua_pushboolean(L, ctx.extra);
      break;
    case kOption:
      if (move.kind != kStopMove && r.moves[move.kind].type == MoveType::kNumber) {
        lua_pushinteger(L, move.value);
      } else if (const std::string option = r.OptionWord(move.kind, move.value); !option.empty()) {
        lua_pushstring(L, option.c_str());
      } else {
        lua_pushnil(L);
      }
      break;
    case kZone:
      if (ctx.zone >= 0) {
        PushZoneInstance(L, ctx, ctx.zone);
      } else {
        lua_pushnil(L);
      }
      break;
  }
}

// The field named by the string at `index`, or -1.
int FieldAt(lua_State* L, int index) {
  if (lua_type(L, index) != LUA_TSTRING) return -1;
  size_t length = 0;
  const char* text = lua_tolstring(L, index, &length);
  return ScriptHost::From(L).NameIndex(ScriptHost::kMoveFields, {text, length});
}

// __index(move, key)
int ReadMoveField(lua_State* L, ScriptContext& ctx) {
  const int field = FieldAt(L, 2);
  if (field < 0 || !ctx.move) {
    lua_pushnil(L);
  } else {
    PushMoveField(L, ctx, field);
  }
  return 1;
}

int WriteMoveField(lua_State*, ScriptContext&) { throw ApiError("the move is read-only"); }

// __pairs(move): a traversal sees every field, from a table of them made for it.
int MovePairs(lua_State* L, ScriptContext& ctx) {
  lua_getglobal(L, "next");
  lua_createtable(L, 0, static_cast<int>(kMoveFieldNames.size()));
  for (int f = kName; f <= kZone && ctx.move; ++f) {
    PushMoveField(L, ctx, f);
    lua_setfield(L, -2, kMoveFieldNames[f]);
  }
  lua_pushnil(L);
  return 3;
}

int MoveInfo(lua_State* L, ScriptContext& ctx) {
  if (ctx.move) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &kMove);
  } else {
    lua_pushnil(L);
  }
  return 1;
}

int Get(lua_State* L, ScriptContext& ctx) {
  lua_pushinteger(L, ctx.state->variables[VariableSlotArg(L, ctx, 2)]);
  return 1;
}

int Param(lua_State* L, ScriptContext& ctx) {
  const Ruleset& r = ctx.engine->rules();
  const std::string name(StringArg(L, 1, "parameter"));
  const int i = r.ParameterIndex(name);
  if (i < 0)
    throw ApiError(fmt::format("tapis.param: unknown parameter '{}'; {}", name,
                               Suggest(name, Names(r.parameters), "parameters are")));
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
    case Parameter::Type::kFile:
      lua_pushstring(L, ctx.engine->config().ParameterFile(i).c_str());
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
  // Each card once: the search for the best split grows fast with repeated cards.
  std::vector<bool> seen(ctx.engine->cards().size(), false);
  for (CardId c : cards) {
    if (seen[c])
      throw ApiError(fmt::format("tapis.runs: card {} is in the list twice", ctx.engine->cards().Code(c)));
    seen[c] = true;
  }
  const Combination& combo = CombinationArg(L, 2, ctx);
  std::vector<std::vector<CardId>> groups;
  try {
    groups = BestPartition(ctx.engine->cards(), combo, cards);
  } catch (const TooManyGroupings& e) {
    throw ApiError(fmt::format("tapis.runs: {}", e.what()));
  }
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

}  // namespace

int CallWithMove(lua_State* L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kMove);
  lua_call(L, 1, 0);
  return 0;
}

void ForgetMoveCards(lua_State* L) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &kMove);
  lua_getmetatable(L, -1);
  lua_getfield(L, -1, "__index");
  lua_getupvalue(L, -1, 1);  // the cards lists, by depth
  lua_pushnil(L);
  while (lua_next(L, -2) != 0) {
    lua_pop(L, 1);
    lua_pushvalue(L, -1);
    lua_pushnil(L);
    lua_rawset(L, -4);
  }
  lua_pop(L, 4);
}

void AddReadingApi(lua_State* L) {
  lua_newtable(L);           // the move
  lua_createtable(L, 0, 3);  // its metatable
  lua_newtable(L);           // the cards lists, by depth: __index's and __pairs' upvalue
  lua_pushvalue(L, -1);
  lua_pushcclosure(L, Guard<ReadMoveField>, 1);
  lua_setfield(L, -3, "__index");
  lua_pushcclosure(L, Guard<MovePairs>, 1);
  lua_setfield(L, -2, "__pairs");
  lua_pushcfunction(L, Guard<WriteMoveField>);
  lua_setfield(L, -2, "__newindex");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");  // getmetatable(move) cannot reach the closures
  lua_setmetatable(L, -2);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &kMove);
  lua_pushcfunction(L, Guard<MoveInfo>);
  lua_setfield(L, -2, "move_info");
  static const luaL_Reg kFunctions[] = {{"players", Guard<Players>},
                                        {"current", Guard<Current>},
                                        {"next_player", Guard<NextPlayer>},
                                        {"cards", Guard<Cards>},
                                        {"count", Guard<Count>},
                                        {"top", Guard<Top>},
                                        {"melds", Guard<Melds>},
                                        {"get", Guard<Get>},
                                        {"param", Guard<Param>},
                                        {"last_player", Guard<LastPlayer>},
                                        {"runs", Guard<Runs>},
                                        {"is_combination", Guard<IsCombinationApi>},
                                        {"round", Guard<Round>},
                                        {"total", Guard<Total>},
                                        {"phase", Guard<Phase>},
                                        {"is_out", Guard<IsOut>},
                                        {"in_play", Guard<InPlay>},
                                        {"team", Guard<Team>},
                                        {"partners", Guard<Partners>},
                                        {"value", Guard<Value>},
                                        {"order", Guard<Order>},
                                        {"points", Guard<Points>},
                                        {nullptr, nullptr}};
  luaL_setfuncs(L, kFunctions, 0);
}

}  // namespace tapis
