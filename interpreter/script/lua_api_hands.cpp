// Hands and tokens in the `tapis` table (docs/lua-api.md, "Hands and tokens"): which poker-like
// hand some cards make, and the stack of tokens line moves laid on a card. Every function runs
// inside Guard (lua_bridge.h).
#include <fmt/format.h>

#include <lua.hpp>

#include "interpreter/mechanisms/hand_rank.h"
#include "interpreter/script/lua_bridge.h"
#include "interpreter/script/script_host.h"

namespace tapis {
namespace {

using namespace lua;

// tapis.hand(cards, ranking): the kind's name and the hand's strength, or nil.
int Hand(lua_State* L, ScriptContext& ctx) {
  const std::vector<CardId> cards = CardListArg(L, 1, ctx);
  const Ruleset& r = ctx.engine->rules();
  const std::string name(StringArg(L, 2, "hand ranking"));
  const int h = r.HandIndex(name);
  if (h < 0) {
    const std::vector<std::string> names = Names(r.hands);
    throw ApiError(fmt::format("tapis.hand: unknown hand ranking '{}'; hands are: {}", name,
                               names.empty() ? "(none)" : fmt::format("{}", fmt::join(names, ", "))));
  }
  const int strength = HandStrength(ctx.engine->cards(), r.hands[h], cards);
  if (strength == kNoHand) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushstring(L, r.hands[h].kinds[HandKindOf(strength)].name.c_str());
  lua_pushinteger(L, strength);
  return 2;
}

// tapis.tokens(card): the players whose tokens the card carries, bottom to top.
int Tokens(lua_State* L, ScriptContext& ctx) {
  const CardId card = CardArg(L, 1, ctx);
  const auto& tokens = ctx.state->tokens;
  lua_newtable(L);
  if (tokens.empty()) return 1;  // the rules lay no tokens
  int n = 0;
  for (int8_t player : tokens[card]) {
    lua_pushinteger(L, player + 1);
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

}  // namespace

void AddHandApi(lua_State* L) {
  static const luaL_Reg kFunctions[] = {{"hand", Guard<Hand>}, {"tokens", Guard<Tokens>}, {nullptr, nullptr}};
  luaL_setfuncs(L, kFunctions, 0);
}

}  // namespace tapis
