// Work the libraries do in C, where Lua counts no instruction, charged to the call's budget
// (docs/lua-api.md#the-sandbox): each loop of `table.insert`, `remove`, `move`, `concat` and
// `sort` runs once an element, however long a `__len` says the list is and whatever its
// `__index` returns; `string.rep` of nothing loops as often as asked. Each is charged, before
// it runs, one instruction an element it will visit (n log n for a sort), so a loop that
// would pass the budget stops with the budget's own error, and pcall cannot catch it.
#pragma once

#include <initializer_list>
#include <lua.hpp>

namespace tapis::lua {

// Charges `steps` to the budget of the call under way; past it, raises the budget's error
// at the script's line (nothing of C++ may be alive in the caller's frame).
void ChargeOrStop(lua_State* L, double steps);
// Replaces the table functions named above and string.rep by charged ones; before the
// libraries are frozen.
void OpenChargedLibrary(lua_State* L);
// Replaces each function `names` of the global library `library` by a closure of `wrapper`
// whose upvalues are the function replaced and its name.
void WrapLibraryFunctions(lua_State* L, const char* library, std::initializer_list<const char*> names,
                          lua_CFunction wrapper);

}  // namespace tapis::lua
