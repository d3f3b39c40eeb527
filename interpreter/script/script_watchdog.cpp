#include "interpreter/script/script_watchdog.h"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

namespace tapis::watchdog {
namespace {

constexpr auto kTick = std::chrono::milliseconds(5);
constexpr uint64_t kQuietTicks = 2;  // a call older than this gets the hook: 5 to 10 ms

struct State {
  std::mutex mutex;
  std::vector<WatchedCalls*> watched;
  std::atomic<uint64_t> tick{1};
  bool running = false;
};

// Never destroyed: hosts may outlive static destructors, and the thread runs until exit.
State& Shared() {
  static State* state = new State;
  return *state;
}

void Run(State& state) {
  for (;;) {
    std::this_thread::sleep_for(kTick);
    const uint64_t now = state.tick.fetch_add(1, std::memory_order_relaxed) + 1;
    std::lock_guard<std::mutex> lock(state.mutex);
    for (WatchedCalls* calls : state.watched) {
      const uint64_t started = calls->started.load(std::memory_order_relaxed);
      if (started == 0 || now - started < kQuietTicks || calls->hooked.load(std::memory_order_relaxed)) continue;
      // The call may have ended meanwhile: the next one is then counted, which is harmless.
      calls->hooked.store(true, std::memory_order_relaxed);
      calls->hook(calls->L);
    }
  }
}

}  // namespace

void Watch(WatchedCalls* calls) {
  State& state = Shared();
  std::lock_guard<std::mutex> lock(state.mutex);
  state.watched.push_back(calls);
  if (!state.running) {
    state.running = true;
    std::thread(Run, std::ref(state)).detach();
  }
}

void Forget(WatchedCalls* calls) {
  State& state = Shared();
  std::lock_guard<std::mutex> lock(state.mutex);
  state.watched.erase(std::remove(state.watched.begin(), state.watched.end(), calls), state.watched.end());
}

uint64_t Tick() { return Shared().tick.load(std::memory_order_relaxed); }

}  // namespace tapis::watchdog
