// Library functions whose results Lua lets depend on the run, made the same on every run
// (DESIGN.md §14, docs/lua-api.md#the-sandbox): `tostring` (and `print`, and
// `string.format`'s `%s`) of a table or function showed its address, and `%p` the address
// itself; `table.sort` picks a random pivot (from the clock) for large arrays, so that
// elements its comparison finds equal came out in another order on another run. Here a
// table or function shows as `table: #3`, numbered in the order the game first showed it,
// `%p` is refused, and `table.sort` is a stable merge sort.
#pragma once

#include <cstddef>

struct lua_State;

namespace tapis::lua {

// Replaces tostring, string.format and table.sort; before the libraries are wrapped by
// OpenChargedLibrary (which charges the sort) and frozen.
void OpenRepeatableLibrary(lua_State* L);
// Pushes the value at `index` as text, as tostring does (its __tostring run): what
// luaL_tolstring gives, but a table or a function numbered in place of its address.
const char* PushShown(lua_State* L, int index, size_t* length);
// Forgets the numbers shown: at each game's start, so that each game numbers from 1.
void ForgetShownNumbers(lua_State* L);

}  // namespace tapis::lua
