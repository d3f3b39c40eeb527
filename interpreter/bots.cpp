#include "interpreter/bots.h"

#include <fmt/format.h>

#include "interpreter/chance.h"
#include "interpreter/errors.h"

namespace tapis {

size_t RandomBot::Choose(Engine& engine, const GameState&, const std::vector<Move>& legal) {
  // Uniform, unless the ruleset weighs some kinds of move (bot_weight).
  const auto& moves = engine.rules().moves;
  auto weight = [&](const Move& m) { return m.kind == kStopMove ? 1.0 : moves[m.kind].bot_weight; };
  double total = 0;
  bool uniform = true;
  for (const Move& m : legal) {
    total += weight(m);
    uniform = uniform && weight(m) == 1.0;
  }
  if (uniform) return RandomBelow(rng_, static_cast<uint32_t>(legal.size()));
  double pick = static_cast<double>(NextRandom(rng_) >> 11) * 0x1.0p-53 * total;
  for (size_t i = 0; i < legal.size(); ++i) {
    pick -= weight(legal[i]);
    if (pick < 0) return i;
  }
  return legal.size() - 1;
}

size_t GreedyBot::Choose(Engine& engine, const GameState& state, const std::vector<Move>& legal) {
  const int me = engine.Actor(state);
  const int now = engine.Score(state)[me];
  std::vector<size_t> best;
  int best_value = 0;
  for (size_t i = 0; i < legal.size(); ++i) {
    const Move& m = legal[i];
    int value = now;
    const bool hidden = m.kind != kStopMove && engine.rules().moves[m.kind].type == MoveType::kDraw;
    if (!hidden) {
      GameState next = state;
      if (engine.Apply(next, m).ok) value = engine.Score(next)[me];
    }
    if (best.empty() || value > best_value) {
      best = {i};
      best_value = value;
    } else if (value == best_value) {
      best.push_back(i);
    }
  }
  return best[RandomBelow(rng_, static_cast<uint32_t>(best.size()))];
}

std::vector<std::unique_ptr<Bot>> MakeBots(const std::vector<std::string>& kinds, int players,
                                           uint64_t game_seed) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (int p = 0; p < players; ++p) {
    const std::string kind = p < static_cast<int>(kinds.size()) ? kinds[p] : "random";
    uint64_t seed = game_seed ^ (0x9E3779B97F4A7C15ULL * static_cast<uint64_t>(p + 1));
    bots.push_back(MakeBot(kind, NextRandom(seed)));
  }
  return bots;
}

std::unique_ptr<Bot> MakeBot(const std::string& kind, uint64_t seed) {
  if (kind == "random") return std::make_unique<RandomBot>(seed);
  if (kind == "greedy") return std::make_unique<GreedyBot>(seed);
  throw Error(ErrorKind::kUsage, fmt::format("unknown bot '{}'; bots are: random, greedy", kind));
}

}  // namespace tapis
