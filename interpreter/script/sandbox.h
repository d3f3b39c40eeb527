// What the sandbox adds to the libraries it leaves out (script_host.cpp), so that a hostile
// script can neither reach past its limits nor change what other calls and later games see
// (docs/lua-api.md#the-sandbox):
// - the libraries, the global table and the global `tapis` are read-only; each script reads
//   its own view of `tapis`, which gains no field, so a function a script replaces there
//   fools only that script; the metatables of strings, of `tapis`, of `base` and of the tables the engine
//   hands out are closed;
// - `pcall` and `xpcall` cannot catch the end of the instruction budget or of the memory
//   cap: the effect stops; string patterns that could backtrack past the budget (in C,
//   where instructions are not counted) are refused;
// - `setmetatable` refuses finalizers (`__gc`), which Lua would run in the middle of any
//   allocation, an API call's included.
#pragma once

struct lua_State;

namespace tapis::lua {

// Makes the table at `index` read-only: its fields move to a hidden table that reads fall
// through to, a write fails naming `name`, and its metatable can be neither read nor replaced.
void Freeze(lua_State* L, int index, const char* name);
// Freeze with a reason of its own ("cannot change 'name.key': reason"), where reading a name
// the table lacks fails too: "unknown 'key'; did you mean…" (or "list_intro: its names").
void FreezeNamespace(lua_State* L, int index, const char* name, const char* reason, const char* unknown,
                     const char* list_intro);
// Pushes the hidden table of fields behind a table made read-only by Freeze.
void PushFrozenFields(lua_State* L, int index);
// Pushes a script's own view of `tapis`: a table of the API's functions that gains no field,
// where a name it lacks is an error naming the one meant. Its fields stay in place, since
// effects read them at every call (a frozen table cost 7-9% of a game in script-heavy
// rulesets); a function a script replaces there is replaced for that script alone.
void PushTapisView(lua_State* L);
// Puts back in the view at `index` every function of the API as opened (a script may have
// replaced some): a view is reused from game to game, as it gains no field.
void ResetTapisView(lua_State* L, int index);
// Replaces pcall, xpcall and setmetatable, then freezes the libraries, the global table and
// `tapis`. Call once the libraries and the tapis API are open, before any script runs.
void OpenSandbox(lua_State* L);

}  // namespace tapis::lua
