// `next` and `pairs` in an order that is the same on every run (DESIGN.md §14): Lua seeds its
// string hashes from the clock and addresses, and places tables and functions by their
// addresses, so its own `next` visits such keys in another order on another run or thread,
// and a script that depends on that order gave another game from the same seed. Here a
// table's keys are visited in one total order: numbers (ascending), strings (bytewise),
// false then true, cards (by id), the libraries' C functions (by name), then other tables
// and functions by when they were made (docs/lua-api.md#the-sandbox).
//
// The first `next(t)` of a traversal sorts t's keys into a snapshot, kept in a weak table by
// t; each later step finds its key there (at once when it is the key given last) and hands
// the next key whose value is not nil. The collection and the sort are charged to the
// budget (n + n log n instructions): `next` cannot be used to run work Lua does not count.
#pragma once

struct lua_State;

namespace tapis::lua {

// lua_CFunction: next(t [, key]) in the order above, for any table (metamethods not run).
int OrderedNext(lua_State* L);
// Replaces the globals `next` and `pairs` (which honours __pairs, as Lua's does) by ordered
// ones; before the libraries are frozen.
void OpenOrderedPairs(lua_State* L);
// Ranks the C functions of no upvalue that the globals and the libraries hold, by their
// names ("math.abs" before "print"): they have no birth (ScriptHost::BirthOf). Once every
// library function is in place, before the libraries are frozen.
void RankLightFunctions(lua_State* L);

}  // namespace tapis::lua
