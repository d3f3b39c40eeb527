// The instruction budget without its everyday cost. Lua counts instructions only through a
// count hook, and a hook set makes the VM stop at every instruction: about 15% of a
// playout's time where effects run often. A call that ends quickly cannot have run away, so
// the hook is set only on a call still running after a few milliseconds (about 5 to 10), by
// a watchdog thread, and the budget is counted from then on. No call that stops before then
// can reach the budget: 20 million instructions take far longer.
//
// lua_sethook may be called from outside the thread running Lua (Lua's own interpreter
// calls it from a signal handler); the watchdog calls it under its lock, and a host leaves
// the watch list, under the same lock, before its state is closed.
#pragma once

#include <atomic>
#include <cstdint>

struct lua_State;

namespace tapis {

// What the watchdog reads of a host's calls. Owned by the host, written by its thread.
struct WatchedCalls {
  lua_State* L = nullptr;
  void (*hook)(lua_State*) = nullptr;  // sets the host's count hook on L
  std::atomic<uint64_t> started{0};  // the watchdog's tick when the outermost call began; 0 between calls
  std::atomic<bool> hooked{false};   // the count hook was set and is still on
};

namespace watchdog {

void Watch(WatchedCalls* calls);   // from the host's constructor
void Forget(WatchedCalls* calls);  // before the host closes its Lua state
uint64_t Tick();                   // now, in the watchdog's ticks (never 0)

}  // namespace watchdog
}  // namespace tapis
