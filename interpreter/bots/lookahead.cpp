#include "interpreter/bots/lookahead.h"

#include <algorithm>
#include <memory>
#include <vector>

namespace tapis {

namespace {

// A few configurations at once: `tapis sim --compare` alternates two rulesets game by game.
constexpr size_t kKeptEngines = 4;

}  // namespace

Engine& LookaheadEngine(const Engine& game) {
  thread_local std::vector<std::unique_ptr<Engine>> kept;  // most recently used last
  const auto found = std::find_if(kept.begin(), kept.end(), [&](const std::unique_ptr<Engine>& e) {
    return e->shared_config() == game.shared_config();
  });
  if (found != kept.end()) {
    std::rotate(found, found + 1, kept.end());
  } else {
    if (kept.size() == kKeptEngines) kept.erase(kept.begin());
    kept.push_back(std::make_unique<Engine>(game.shared_config()));
  }
  return *kept.back();
}

}  // namespace tapis
