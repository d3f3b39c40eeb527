// Calling into the scripts: each kind of call a ruleset makes (an effect, a score, a
// filter of cards), and what it must give back, checked before the engine uses it. The
// state these calls run in is script_host.cpp's.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <lua.hpp>

#include "interpreter/model/errors.h"
#include "interpreter/script/lua_bridge.h"
#include "interpreter/script/script_host.h"

namespace tapis {
namespace {

// The script that defines `function` (the last, as PushFunction picks), for an error Lua
// gives with no place.
const std::string& DefiningScript(const std::vector<ScriptFile>& scripts, const std::string& function) {
  const ScriptFile* found = &scripts.front();
  for (const auto& s : scripts) {
    if (s.source.find("function " + function) != std::string::npos) found = &s;
  }
  return found->display_name;
}

}  // namespace

bool ScriptHost::Call(const std::string& function, int args, int results, std::string& error) {
  instructions_left_ = limits_.instructions;
  const int status = ProtectedCall(args, results);
  if (status == LUA_OK) {
    if (EnvironmentsKept(error)) return true;
    lua_pop(L_, results);
    return false;
  }
  const char* message = lua_isstring(L_, -1) ? lua_tostring(L_, -1) : nullptr;
  if (status == LUA_ERRMEM) {
    error = fmt::format("{}: memory cap of {} MB exceeded in '{}'", DefiningScript(rules_->scripts, function),
                        limits_.memory_bytes >> 20, function);
  } else if (status == LUA_ERRERR || (message != nullptr && std::strcmp(message, "C stack overflow") == 0)) {
    // Lua says where only when the overflow is met in a Lua function, not inside pcall or a metamethod.
    error = fmt::format("{}: calls nested too deep in '{}' (an endless recursion?)",
                        DefiningScript(rules_->scripts, function), function);
  } else {
    error = message != nullptr ? Printable(message) : fmt::format("error in '{}'", function);
  }
  lua_pop(L_, 1);
  lua_gc(L_, LUA_GCCOLLECT);
  return false;
}

bool ScriptHost::EnvironmentsKept(std::string& error) {
  bool kept = true;
  for (size_t i = 0; i < chunks_.size(); ++i) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, chunks_[i]);
    lua_getupvalue(L_, -1, 1);
    lua_rawgeti(L_, LUA_REGISTRYINDEX, environments_[i]);
    if (lua_rawequal(L_, -1, -2)) {
      lua_pop(L_, 3);
      continue;
    }
    lua_setupvalue(L_, -3, 1);  // shared by every function of the script
    lua_pop(L_, 2);
    if (kept)
      error = fmt::format("{}: cannot replace _ENV during play: scripts keep game state with tapis.set",
                          rules_->scripts[i].display_name);
    kept = false;
  }
  return kept;
}

bool ScriptHost::CallTrigger(const std::string& function, ScriptContext& ctx, std::string& error) {
  const int top = lua_gettop(L_);
  if (!PushFunction(function)) {
    error = fmt::format("no Lua function '{}'", function);
    return false;
  }
  context_ = &ctx;
  if (ctx.move) {
    lua_pushcfunction(L_, CallWithMove);  // builds the move table inside the protected call
    lua_insert(L_, -2);
  } else {
    lua_pushnil(L_);  // events get no move
  }
  const bool ok = Call(function, 1, 0, error);
  context_ = nullptr;
  lua_settop(L_, top);
  return ok;
}

bool ScriptHost::CallList(const std::string& function, ScriptContext& ctx, std::vector<int>& out,
                          std::string& error) {
  const int top = lua_gettop(L_);
  if (!PushFunction(function)) {
    error = fmt::format("no Lua function '{}'", function);
    return false;
  }
  context_ = &ctx;
  bool ok = Call(function, 0, 1, error);
  context_ = nullptr;
  out.clear();
  if (ok && ctx.tally != nullptr && lua_isnil(L_, -1)) {  // a score function that scored with tapis.score
    lua_settop(L_, top);
    return true;
  }
  if (ok && !lua_istable(L_, -1)) {
    error = fmt::format("'{}' must return a list of numbers{}", function,
                        ctx.tally != nullptr ? ", or nothing when it scores with tapis.score" : "");
    ok = false;
  }
  for (lua_Integer i = 1; ok && i <= static_cast<lua_Integer>(lua_rawlen(L_, -1)); ++i) {
    lua_rawgeti(L_, -1, i);
    int is_number = 0;
    const lua_Number v = lua_tonumberx(L_, -1, &is_number);
    if (!is_number) {
      error = fmt::format("'{}' returned a list with something other than a number at {}", function, i);
      ok = false;
    } else if (!(std::abs(v) <= kMaxListNumber) || v != std::floor(v)) {  // NaN fails the first
      error = fmt::format("'{}' returned {} at {}: a whole number from -{} to {} was expected", function,
                          Printable(lua_tostring(L_, -1)), i, kMaxListNumber, kMaxListNumber);
      ok = false;
    }
    out.push_back(ok ? static_cast<int>(v) : 0);
    lua_pop(L_, 1);
  }
  lua_settop(L_, top);
  return ok;
}

bool ScriptHost::CallWithPlayer(const std::string& function, ScriptContext& ctx, int player,
                                std::string& error) {
  const int top = lua_gettop(L_);
  if (!PushFunction(function)) {
    error = fmt::format("no Lua function '{}'", function);
    return false;
  }
  lua_pushinteger(L_, player);
  context_ = &ctx;
  const bool ok = Call(function, 1, 0, error);
  context_ = nullptr;
  lua_settop(L_, top);
  return ok;
}

bool ScriptHost::CallFilter(const std::string& function, ScriptContext& ctx, std::vector<CardId>& cards,
                            std::string& error, std::string* reason) {
  const int top = lua_gettop(L_);
  if (!PushFunction(function)) {
    error = fmt::format("no Lua function '{}'", function);
    return false;
  }
  context_ = &ctx;
  lua::PushCards(L_, ctx.engine->cards(), cards);
  lua_pushinteger(L_, ctx.player + 1);
  bool ok = Call(function, 2, 2, error);
  context_ = nullptr;
  // A second result, a text, says why the cards left out are (the player reads it when one is refused).
  if (ok && reason != nullptr && lua_type(L_, -1) == LUA_TSTRING) {
    size_t length = 0;
    const char* text = lua_tolstring(L_, -1, &length);
    *reason = Printable(std::string(text, std::min<size_t>(length, 300)));  // one line, not a book
  }
  lua_pop(L_, ok ? 1 : 0);
  std::vector<CardId> allowed;
  if (ok && !lua_istable(L_, -1)) {
    error = fmt::format("'{}' must return a list of cards", function);
    ok = false;
  }
  for (lua_Integer i = 1; ok && i <= static_cast<lua_Integer>(lua_rawlen(L_, -1)); ++i) {
    lua_rawgeti(L_, -1, i);
    const long long id = lua::CardIdOf(L_, -1);
    if (id < 0 || id >= ctx.engine->cards().size()) {
      error = fmt::format("'{}' returned a list with something other than a card at {}", function, i);
      ok = false;
    }
    allowed.push_back(static_cast<CardId>(id));
    lua_settop(L_, top + 1);
  }
  lua_settop(L_, top);
  if (ok) cards = std::move(allowed);
  return ok;
}

}  // namespace tapis
