// What the sandbox adds to the libraries it leaves out (script_host.cpp), so that a hostile
// script can neither reach past its limits nor change what other calls and later games see
// (docs/lua-api.md#the-sandbox):
// - the libraries and the global table are read-only; the `tapis` table gains no field; the
//   metatables of strings, of `tapis`, of `base` and of the tables the engine hands out are
//   closed;
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
// Replaces pcall, xpcall and setmetatable, then freezes the libraries and the global
// table, and seals `tapis`. Call once the libraries and the tapis API are open, before any script runs.
void OpenSandbox(lua_State* L);

}  // namespace tapis::lua
