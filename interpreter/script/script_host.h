// ScriptHost: the sandboxed Lua 5.4 state that runs a ruleset's effects (DESIGN.md §3).
// Only base, table, string, math and utf8 are opened, minus load/dofile/loadfile/require;
// each script gets its own _ENV; each call runs under an instruction budget and a memory
// cap. Errors come back as "scripts/x.lua:LINE: message"; nothing longjmps past C++.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "interpreter/model/move.h"
#include "interpreter/model/ruleset.h"
#include "interpreter/model/score_parts.h"

struct lua_State;
struct lua_Debug;

namespace tapis {

class EngineServices;
struct GameState;

// What an effect works on during one call.
// The largest score, evaluation or seat a list (or tapis.score) may give, either way: totals
// of many rounds stay in an int.
inline constexpr int kMaxListNumber = 100'000'000;

// What a score function adds with tapis.score: points per player, and, when the table asks
// where they came from (Engine::ExplainRoundScore), the named parts.
struct ScoreTally {
  std::vector<long long> points;
  ScoreParts* parts = nullptr;
};

struct ScriptContext {
  EngineServices* engine;
  GameState* state;
  int player;          // who made the move (or is asked to score)
  const Move* move;    // the move that fired the trigger; null when scoring
  int zone;            // the zone instance the move created or extended, or -1
  bool read_only;      // scoring may read but not change the game
  bool extra = false;  // the move answered a decision (an extra discard, say)
  int asked = 0;       // decisions asked so far by this call
  ScoreTally* tally = nullptr;  // the score function's: tapis.score adds to it (null elsewhere)
};

struct ScriptLimits {
  long long instructions = 20'000'000;        // per call
  size_t memory_bytes = 64u * 1024u * 1024u;  // for the engine's whole life, above what loading took
  int decisions = 256;                        // decisions one call may ask (tapis.ask)
};

// The fields of the move table a trigger receives (lua_api_read.cpp).
inline constexpr std::array<const char*, 6> kMoveFieldNames = {"name",  "player", "cards",
                                                               "extra", "option", "zone"};

class ScriptHost {
 public:
  // Compiles and runs every script's top level; throws Error(kScript) on failure.
  explicit ScriptHost(const Ruleset& rules, ScriptLimits limits = {});
  ~ScriptHost();
  ScriptHost(const ScriptHost&) = delete;
  ScriptHost& operator=(const ScriptHost&) = delete;

  // For a variant's load (ruleset_loader.cpp): binds the host to `rules`, whose scripts begin
  // with the ones this host has run (the base's), and runs only the others' top levels, with
  // what the base's left of the one budget and memory cap, the base's environments open
  // again while they run: the same as running them all, each top level once, where building
  // each file of a chain of n ran n(n+1)/2. Throws Error(kScript) on failure.
  void Extend(const Ruleset& rules);
  // The scripts of this host's ruleset that have run.
  size_t scripts_run() const { return chunks_.size(); }

  // Starts the scripts afresh, as loaded: their top levels run again, so what a script kept
  // in its upvalues or tables, or a `tapis` function it replaced, is gone. Every game starts
  // so (Engine::NewGame: no state crosses from one game to the next); `tapis check` replays
  // each game so after every move, to find scripts that keep state outside the game. Costs
  // nothing when no script has run since.
  void Reset();

  bool HasFunction(const std::string& name);
  // The functions of the `tapis` table, sorted.
  std::vector<std::string> ApiFunctionNames();
  // What each script may read from `base` (its ruleset's base's definitions), sorted; empty for
  // a script whose ruleset extends none.
  std::vector<std::vector<std::string>> BaseNames();
  // Runs `function(move)`; false with `error` set when the script fails.
  bool CallTrigger(const std::string& function, ScriptContext& ctx, std::string& error);
  // Runs `function()`, which returns a list of numbers (scores, or winners' seats); with
  // `ctx.tally`, a score function, which may return nothing (it scored with tapis.score).
  bool CallList(const std::string& function, ScriptContext& ctx, std::vector<int>& out, std::string& error);

  // Runs `function(player)` for what it does to the state (player numbered from 1).
  bool CallWithPlayer(const std::string& function, ScriptContext& ctx, int player, std::string& error);
  // Runs `function(cards, player)`, which returns the cards it allows (a subset of `cards`),
  // and may return, second, a text that says why (kept in `reason` when given).
  bool CallFilter(const std::string& function, ScriptContext& ctx, std::vector<CardId>& cards,
                  std::string& error, std::string* reason = nullptr);
  // For the API functions (lua_api.cpp).
  ScriptContext* context() const { return context_; }
  const Ruleset& rules() const { return *rules_; }
  const ScriptLimits& limits() const { return limits_; }
  int depth() const { return depth_; }  // calls under way: 1 in an effect, 2 in one it runs
  // While an API function's body runs, the memory cap is lifted: Lua's memory error would
  // jump past the body's C++ objects. Guard (lua_bridge.h) checks the cap after the body.
  class ApiBody {
   public:
    explicit ApiBody(ScriptHost& host) : host_(host) { ++host_.in_api_; }
    ~ApiBody() { --host_.in_api_; }
    ApiBody(const ApiBody&) = delete;
    ApiBody& operator=(const ApiBody&) = delete;

   private:
    ScriptHost& host_;
  };
  bool over_memory() const { return memory_used_ > memory_limit_; }
  // The call under way has used up its instruction budget (sandbox.cpp: pcall cannot go on).
  bool out_of_instructions() const { return instructions_left_ <= 0; }
  // Takes `steps` of work done in C from the call's budget (charged_library.h); false, with
  // the budget spent, when they do not fit.
  bool Charge(double steps);
  static ScriptHost& From(lua_State* L);
  // When a table or a function was made, in this state (1 for the first): what lua_topointer
  // gives of it. Not for a C function without upvalues, which is no block of the state's.
  static uint64_t BirthOf(const void* object);
  // The registry reference of the card proxies' cache (lua_bridge.cpp).
  int card_cache() const { return card_cache_; }
  void set_card_cache(int ref) { card_cache_ = ref; }
  // The index of the zone, variable, phase or move field named `text` (a string a script gave
  // the API), or -1. Found by address first: Lua keeps one copy of each short string, and the
  // host keeps these names alive, so a script's "stock" is the very copy interned here. Text
  // is compared only for other strings (a long name, or a wrong one).
  enum NameList { kZoneNames, kVariableNames, kPhaseNames, kMoveFields };
  int NameIndex(NameList list, std::string_view text) const {
    const auto& names = interned_[list];
    for (size_t i = 0; i < names.size(); ++i) {
      if (names[i].data() == text.data()) return static_cast<int>(i);
    }
    for (size_t i = 0; i < names.size(); ++i) {
      if (names[i] == text) return static_cast<int>(i);
    }
    return -1;
  }

 private:
  // Compiles the scripts from `from` on.
  void CompileChunks(size_t from);
  // Runs each compiled chunk from `from` on in an environment of its own, then closes the
  // environments.
  void RunChunks(size_t from = 0);
  bool PushFunction(const std::string& name);
  // Pushes script `script`'s `base`: what the scripts of the ruleset it extends define (older
  // generations, ScriptFile::generation), sealed (sandbox.h).
  void PushBase(size_t script);
  // lua_pcall, its instructions counted from its first (outermost calls).
  int ProtectedCall(int args, int results);
  void Close();
  void InternNames();
  bool Call(const std::string& function, int args, int results, std::string& error);
  // False, with the error, when a script assigned its _ENV during the call: that gave it
  // writable globals kept from call to call. The closed environment is put back.
  bool EnvironmentsKept(std::string& error);
  static void* Allocate(void* ud, void* ptr, size_t old_size, size_t new_size);
  static void CountHook(lua_State* L, lua_Debug* ar);

  const Ruleset* rules_;
  ScriptLimits limits_;
  lua_State* L_ = nullptr;
  std::vector<int> chunks_;       // registry refs, each script compiled
  std::vector<int> definitions_;  // registry refs, what each script defined
  std::vector<int> environments_;  // registry refs, each script's closed _ENV during play
  std::vector<int> views_;         // registry refs, each script's own `tapis` (sandbox.h)
  int global_fields_ = 0;          // registry ref: the fields behind the read-only _G
  bool dirty_ = false;  // a script has run since the chunks last ran
  // Functions by name, looked up once: scripts cannot change their definitions after loading.
  std::unordered_map<std::string, int> functions_;  // registry refs, LUA_NOREF when undefined
  ScriptContext* context_ = nullptr;
  size_t memory_used_ = 0;
  uint64_t births_ = 0;  // tables and functions made so far (Allocate)
  size_t memory_limit_ = 0;
  size_t loaded_bytes_ = 0;  // what the scripts held once first loaded
  size_t load_start_ = 0;    // what the state held before the top levels first ran
  long long instructions_left_ = 0;
  int depth_ = 0;
  int in_api_ = 0;  // API bodies under way (ApiBody)
  int card_cache_ = 0;
  std::array<std::vector<std::string_view>, 4> interned_;  // by NameList, Lua's copies
};

// Registers the `tapis` table (lua_api.cpp); AddReadingApi adds the reading half to the
// table on top of the stack (lua_api_read.cpp).
void OpenTapisApi(lua_State* L);
void AddReadingApi(lua_State* L);
// lua_CFunction: calls the function it is given with the table of the context's move.
int CallWithMove(lua_State* L);
// Drops the lists of the move's cards kept for reuse, and what a script added to them.
void ForgetMoveCards(lua_State* L);
// Adds the trick-taking functions (lua_api_trick.cpp) to the table on top of the stack.
void AddTrickApi(lua_State* L);
void AddGridApi(lua_State* L);  // lua_api_grid.cpp
void AddHandApi(lua_State* L);  // tapis.hand, tapis.tokens (lua_api_hands.cpp)
void AddWordsApi(lua_State* L);  // tapis.words, tapis.is_word (lua_api_words.cpp)

}  // namespace tapis
