#include "interpreter/script/script_host.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <lua.hpp>

#include "interpreter/model/errors.h"
#include "interpreter/script/lua_bridge.h"
#include "interpreter/script/repeatable_library.h"
#include "interpreter/script/sandbox.h"

namespace tapis {
namespace {

constexpr int kHookEvery = 1000;  // instructions between budget checks
const char kEmptyBase = 0;        // its address: the registry key of the empty `base` (PushBase)

// Names no script would define itself (one that did would still read these). `tapis` is the
// script's own view of the API, handed to its top level (PushTapisView).
constexpr const char* kLocalGlobals =
    "local tapis, ipairs, pairs, math, string, table = ..., ipairs, pairs, math, string, table; ";

// Gone: loading code, and ways around the read-only globals. math.random goes too: a game's
// randomness must come from its seed (tapis.random).
const char* const kRemovedGlobals[] = {"dofile", "loadfile", "load", "require", "collectgarbage", "rawset"};

int ReadOnlyEnvironment(lua_State* L) {
  const char* key = lua_tostring(L, 2);
  return luaL_error(L, "cannot set global '%s' during play: scripts keep game state with tapis.set",
                    key ? key : "?");
}

}  // namespace

ScriptHost& ScriptHost::From(lua_State* L) { return **static_cast<ScriptHost**>(lua_getextraspace(L)); }

// Every block Lua allocates is preceded by a header: its birth number when it holds a table
// or a function (Lua names the kind in old_size when ptr is null), 0 otherwise. `next`
// orders such keys by it, where Lua's order follows their addresses.
namespace {
constexpr size_t kBlockHeader = 16;  // keeps the block aligned as malloc's
std::byte* BlockOf(void* ptr) { return static_cast<std::byte*>(ptr) - kBlockHeader; }
}  // namespace

uint64_t ScriptHost::BirthOf(const void* object) {
  uint64_t birth = 0;
  std::memcpy(&birth, static_cast<const std::byte*>(object) - kBlockHeader, sizeof birth);
  return birth;
}

void* ScriptHost::Allocate(void* ud, void* ptr, size_t old_size, size_t new_size) {
  auto* host = static_cast<ScriptHost*>(ud);
  const bool object = ptr == nullptr && (old_size == LUA_TTABLE || old_size == LUA_TFUNCTION);
  // What a block costs, its header included: the cap is on what the machine gives.
  old_size = ptr == nullptr ? 0 : old_size + kBlockHeader;
  if (new_size == 0) {
    host->memory_used_ -= old_size;
    if (ptr != nullptr) std::free(BlockOf(ptr));
    return nullptr;
  }
  new_size += kBlockHeader;
  // The cap holds while scripts run, except inside an API function's body, which Guard checks
  // once it is done; the host's own pushes between calls are bounded.
  if (new_size > old_size && host->depth_ > 0 && host->in_api_ == 0 &&
      host->memory_used_ + (new_size - old_size) > host->memory_limit_)
    return nullptr;
  auto* block = static_cast<std::byte*>(std::realloc(ptr ? BlockOf(ptr) : nullptr, new_size));
  if (block == nullptr) return nullptr;
  if (ptr == nullptr) {
    const uint64_t birth = object ? ++host->births_ : 0;
    std::memcpy(block, &birth, sizeof birth);
  }
  host->memory_used_ = host->memory_used_ - old_size + new_size;
  return block + kBlockHeader;
}

void ScriptHost::CountHook(lua_State* L, lua_Debug* ar) {
  ScriptHost& host = From(L);
  host.instructions_left_ -= kHookEvery;
  if (host.instructions_left_ > 0) return;
  lua_getinfo(L, "Sl", ar);
  lua_pushfstring(L, "%s:%d: instruction budget of %d exceeded (an endless loop?)", ar->short_src,
                  ar->currentline, static_cast<int>(host.limits_.instructions));
  lua_error(L);
}

bool ScriptHost::Charge(double steps) {
  if (!(steps > 0)) return true;
  if (steps < static_cast<double>(instructions_left_)) {
    instructions_left_ -= static_cast<long long>(steps);
    return true;
  }
  instructions_left_ = 0;
  return false;
}

ScriptHost::ScriptHost(const Ruleset& rules, ScriptLimits limits) : rules_(&rules), limits_(limits) {
  memory_limit_ = limits_.memory_bytes;
  L_ = lua_newstate(&ScriptHost::Allocate, this);
  if (!L_) throw ScriptError("cannot create a Lua state");
  *static_cast<ScriptHost**>(lua_getextraspace(L_)) = this;
  static const luaL_Reg kLibraries[] = {{LUA_GNAME, luaopen_base},
                                        {LUA_TABLIBNAME, luaopen_table},
                                        {LUA_STRLIBNAME, luaopen_string},
                                        {LUA_MATHLIBNAME, luaopen_math},
                                        {LUA_UTF8LIBNAME, luaopen_utf8}};
  for (const auto& lib : kLibraries) {
    luaL_requiref(L_, lib.name, lib.func, 1);
    lua_pop(L_, 1);
  }
  for (const char* name : kRemovedGlobals) {
    lua_pushnil(L_);
    lua_setglobal(L_, name);
  }
  lua_getglobal(L_, LUA_STRLIBNAME);  // no binary chunks
  lua_pushnil(L_);
  lua_setfield(L_, -2, "dump");
  lua_pop(L_, 1);
  lua_getglobal(L_, LUA_MATHLIBNAME);
  lua_pushnil(L_);
  lua_setfield(L_, -2, "random");
  lua_pushnil(L_);
  lua_setfield(L_, -2, "randomseed");
  lua_pop(L_, 1);
  OpenTapisApi(L_);
  lua::OpenSandbox(L_);
  lua_getglobal(L_, LUA_STRLIBNAME);  // tapis.say's patterns: the scripts' own string.format
  lua_getfield(L_, -1, "format");
  lua_setfield(L_, LUA_REGISTRYINDEX, lua::kSayFormatKey);
  lua_pop(L_, 1);
  InternNames();

  // The global table's fields, behind the read-only global table (sandbox.h): scripts'
  // reads fall through to them directly.
  lua_pushglobaltable(L_);
  lua::PushFrozenFields(L_, -1);
  global_fields_ = luaL_ref(L_, LUA_REGISTRYINDEX);
  lua_pop(L_, 1);
  try {
    CompileChunks(0);
    RunChunks();
  } catch (const Error&) {
    Close();
    throw;
  }
}

void ScriptHost::CompileChunks(size_t from) {
  for (size_t i = from; i < rules_->scripts.size(); ++i) {
    const ScriptFile& script = rules_->scripts[i];
    const std::string chunk = "@" + script.display_name;
    // The API and the libraries as locals of the chunk: a global read goes through the
    // script's _ENV and two __index tables, a local is an upvalue (7-13% fewer instructions
    // a game). On line 1, so error lines stay the file's own.
    const std::string source = kLocalGlobals + script.source;
    if (luaL_loadbufferx(L_, source.data(), source.size(), chunk.c_str(), "t") != LUA_OK) {
      std::string message = lua_tostring(L_, -1);
      lua_pop(L_, 1);
      throw ScriptError(message);
    }
    chunks_.push_back(luaL_ref(L_, LUA_REGISTRYINDEX));
  }
}

void ScriptHost::Extend(const Ruleset& rules) {
  const size_t from = chunks_.size();
  rules_ = &rules;
  for (auto& [name, ref] : functions_) luaL_unref(L_, LUA_REGISTRYINDEX, ref);
  functions_.clear();
  for (auto& names : interned_) names.clear();
  InternNames();
  CompileChunks(from);
  RunChunks(from);
}

void ScriptHost::RunChunks(size_t from) {
  // One budget and one memory cap for all the top levels together, however many scripts
  // there are: 200 scripts that each looped near the budget, or kept 24 MB, were each
  // within their own (a load of minutes, or gigabytes). A variant's (Extend) run on what
  // its base's left, in the environments they ran in.
  if (from == 0) {
    definitions_.resize(0);
    instructions_left_ = limits_.instructions;
    load_start_ = memory_used_;
  }
  memory_limit_ = load_start_ + limits_.memory_bytes;
  for (size_t i = 0; i < from; ++i) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, chunks_[i]);
    lua_rawgeti(L_, LUA_REGISTRYINDEX, definitions_[i]);
    lua_setupvalue(L_, -2, 1);
    lua_pop(L_, 1);
  }
  for (size_t i = from; i < chunks_.size(); ++i) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, chunks_[i]);
    // While the top level runs, _ENV is the table of what the script defines, whose reads
    // fall through to the shared libraries: definitions stay the script's own.
    lua_createtable(L_, 0, 32);
    lua_createtable(L_, 0, 2);
    lua_rawgeti(L_, LUA_REGISTRYINDEX, global_fields_);
    lua_setfield(L_, -2, "__index");
    lua_pushboolean(L_, 0);
    lua_setfield(L_, -2, "__metatable");
    lua_setmetatable(L_, -2);
    PushBase(i);
    lua_setfield(L_, -2, "base");
    lua_pushvalue(L_, -1);
    definitions_.push_back(luaL_ref(L_, LUA_REGISTRYINDEX));
    lua_setupvalue(L_, -2, 1);
    // The script's own `tapis`: a function it replaces there is its own affair, until the
    // scripts start afresh, with the view as opened.
    if (i < views_.size()) {
      lua_rawgeti(L_, LUA_REGISTRYINDEX, views_[i]);
      lua::ResetTapisView(L_, -1);
    } else {
      lua::PushTapisView(L_);
      lua_pushvalue(L_, -1);
      views_.push_back(luaL_ref(L_, LUA_REGISTRYINDEX));
    }
    if (ProtectedCall(1, 0) != LUA_OK) {
      std::string message = lua_type(L_, -1) == LUA_TSTRING ? lua_tostring(L_, -1) : "error";
      if (message == "not enough memory")
        message = fmt::format("{}: memory cap exceeded while loading", rules_->scripts[i].display_name);
      lua_pop(L_, 1);
      throw ScriptError(message);
    }
  }
  // From now on scripts are code only: state lives in the GameState. Each _ENV becomes an
  // empty table that reads through to the definitions, so every assignment to a global (new
  // or not) reaches __newindex and fails. The script's functions share its _ENV upvalue.
  for (int env : environments_) luaL_unref(L_, LUA_REGISTRYINDEX, env);
  environments_.clear();
  for (size_t i = 0; i < chunks_.size(); ++i) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, chunks_[i]);
    lua_createtable(L_, 0, 0);
    lua_pushvalue(L_, -1);
    environments_.push_back(luaL_ref(L_, LUA_REGISTRYINDEX));
    lua_createtable(L_, 0, 3);
    lua_rawgeti(L_, LUA_REGISTRYINDEX, definitions_[i]);
    lua_setfield(L_, -2, "__index");
    lua_pushcfunction(L_, ReadOnlyEnvironment);
    lua_setfield(L_, -2, "__newindex");
    lua_pushboolean(L_, 0);
    lua_setfield(L_, -2, "__metatable");
    lua_setmetatable(L_, -2);
    lua_setupvalue(L_, -2, 1);
    lua_pop(L_, 1);
  }
  // One memory cap for the engine's life, above what the scripts held once first loaded:
  // what they keep from call to call counts. (After a Reset, what the scripts held before
  // is garbage: an allocation that would pass the cap collects it first.)
  if (loaded_bytes_ == 0 || from > 0) loaded_bytes_ = memory_used_;
  memory_limit_ = loaded_bytes_ + limits_.memory_bytes;
  dirty_ = false;
}

void ScriptHost::PushBase(size_t script) {
  const int generation = rules_->scripts[script].generation;
  bool older = false;
  for (size_t j = 0; j < script; ++j) older = older || rules_->scripts[j].generation > generation;
  if (!older) {
    // One sealed, empty `base` for every script whose ruleset extends none, made once: nothing
    // can change it, and making it was a fifth of starting the scripts afresh at each game.
    if (lua_rawgetp(L_, LUA_REGISTRYINDEX, &kEmptyBase) != LUA_TNIL) return;
    lua_pop(L_, 1);
    lua_createtable(L_, 0, 0);
    lua::FreezeNamespace(L_, -1, "base", "it holds the definitions of the ruleset this one extends",
                         "base is for a variant's scripts, and this script's ruleset extends none: no",
                         "a variant reads there what its base defines");
    lua_pushvalue(L_, -1);
    lua_rawsetp(L_, LUA_REGISTRYINDEX, &kEmptyBase);
    return;
  }
  // Older generations come first in the list: a later definition of a name wins, as in PushFunction.
  lua_createtable(L_, 0, 16);
  for (size_t j = 0; j < script; ++j) {
    if (rules_->scripts[j].generation <= generation) continue;
    lua_rawgeti(L_, LUA_REGISTRYINDEX, definitions_[j]);
    lua_pushnil(L_);
    while (lua_next(L_, -2) != 0) {
      if (lua_type(L_, -2) == LUA_TSTRING && std::strcmp(lua_tostring(L_, -2), "base") == 0) {
        lua_pop(L_, 1);  // that script's own `base`
        continue;
      }
      lua_pushvalue(L_, -2);
      lua_insert(L_, -2);
      lua_rawset(L_, -5);
    }
    lua_pop(L_, 1);
  }
  lua::FreezeNamespace(L_, -1, "base", "it holds the definitions of the ruleset this one extends",
                       "the ruleset this one extends defines no", "it defines");
}

void ScriptHost::Reset() {
  if (!dirty_) return;
  for (auto& [name, ref] : functions_) luaL_unref(L_, LUA_REGISTRYINDEX, ref);
  functions_.clear();
  for (int defs : definitions_) luaL_unref(L_, LUA_REGISTRYINDEX, defs);
  ForgetMoveCards(L_);
  lua::ForgetShownNumbers(L_);
  RunChunks();
}

ScriptHost::~ScriptHost() { Close(); }

void ScriptHost::InternNames() {
  lua_newtable(L_);  // holds the names, so that their addresses stay theirs
  int held = 0;
  auto intern = [&](NameList list, const std::string& name) {
    interned_[list].emplace_back(lua_pushlstring(L_, name.data(), name.size()), name.size());
    lua_rawseti(L_, -2, ++held);
  };
  for (const auto& zone : rules_->zones) intern(kZoneNames, zone.name);
  for (const auto& variable : rules_->variables) intern(kVariableNames, variable.name);
  for (const auto& phase : rules_->phases) intern(kPhaseNames, phase);
  for (const char* field : kMoveFieldNames) intern(kMoveFields, field);
  luaL_ref(L_, LUA_REGISTRYINDEX);  // for the life of the state
}

void ScriptHost::Close() {
  if (!L_) return;
  lua_close(L_);
  L_ = nullptr;
}

int ScriptHost::ProtectedCall(int args, int results) {
  const bool outermost = depth_ == 0;
  dirty_ = true;
  // Setting the hook restarts its count: the budget is counted from the call's first
  // instruction, so a call near it ends the same way on every machine and run.
  if (outermost) lua_sethook(L_, &ScriptHost::CountHook, LUA_MASKCOUNT, kHookEvery);
  // Lua that an API body runs (a filter, say) is under the cap again.
  const int in_api = in_api_;
  in_api_ = 0;
  ++depth_;
  const int status = lua_pcall(L_, args, results, 0);
  --depth_;
  in_api_ = in_api;
  return status;
}

bool ScriptHost::PushFunction(const std::string& name) {
  auto [known, added] = functions_.try_emplace(name, LUA_NOREF);
  if (added) {
    // The last script that defines it wins: a variant's scripts come after its base's, and
    // its function of the same name replaces the base's (tapis check says so).
    for (auto it = definitions_.rbegin(); it != definitions_.rend(); ++it) {
      const int defs = *it;
      lua_rawgeti(L_, LUA_REGISTRYINDEX, defs);
      lua_pushlstring(L_, name.data(), name.size());
      lua_rawget(L_, -2);
      lua_remove(L_, -2);
      if (lua_isfunction(L_, -1)) {
        known->second = luaL_ref(L_, LUA_REGISTRYINDEX);
        break;
      }
      lua_pop(L_, 1);
    }
  }
  if (known->second == LUA_NOREF) return false;
  lua_rawgeti(L_, LUA_REGISTRYINDEX, known->second);
  return true;
}

bool ScriptHost::HasFunction(const std::string& name) {
  if (!PushFunction(name)) return false;
  lua_pop(L_, 1);
  return true;
}

std::vector<std::string> ScriptHost::ApiFunctionNames() {
  std::vector<std::string> names;
  lua_getglobal(L_, "tapis");
  lua::PushFrozenFields(L_, -1);
  lua_remove(L_, -2);
  lua_pushnil(L_);
  while (lua_next(L_, -2) != 0) {
    if (lua_type(L_, -2) == LUA_TSTRING) names.emplace_back(lua_tostring(L_, -2));
    lua_pop(L_, 1);
  }
  lua_pop(L_, 1);
  std::sort(names.begin(), names.end());
  return names;
}

std::vector<std::vector<std::string>> ScriptHost::BaseNames() {
  std::vector<std::vector<std::string>> out(rules_->scripts.size());
  for (size_t i = 0; i < out.size(); ++i) {
    PushBase(i);
    lua::PushFrozenFields(L_, -1);
    lua_remove(L_, -2);
    lua_pushnil(L_);
    while (lua_next(L_, -2) != 0) {
      if (lua_type(L_, -2) == LUA_TSTRING) out[i].emplace_back(lua_tostring(L_, -2));
      lua_pop(L_, 1);
    }
    lua_pop(L_, 1);
    std::sort(out[i].begin(), out[i].end());
  }
  return out;
}

}  // namespace tapis
