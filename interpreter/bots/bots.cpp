#include "interpreter/bots/bots.h"

#include <fmt/format.h>

#include "interpreter/bots/determinize.h"
#include "interpreter/bots/ismcts.h"
#include "interpreter/bots/lookahead.h"
#include "interpreter/model/chance.h"
#include "interpreter/model/errors.h"

namespace tapis {

size_t RandomMove(const Engine& engine, const std::vector<Move>& legal, uint64_t& rng) {
  // Uniform over the moves, unless the ruleset weighs some kinds of move (bot_weight): then a
  // kind by its weight, and one of its moves uniformly, so that a choice of ten options is not
  // ten times as likely as a draw.
  if (engine.UniformBotWeights()) return RandomBelow(rng, static_cast<uint32_t>(legal.size()));
  const auto& moves = engine.rules().moves;
  double weight[256];  // by kind: at most 32 kinds and the stop
  uint32_t count[256] = {};
  for (size_t k = 0; k < moves.size(); ++k) weight[k] = moves[k].bot_weight;
  weight[kStopMove] = 1.0;
  double total = 0;
  for (const Move& m : legal) {
    if (count[m.kind]++ == 0) total += weight[m.kind];
  }
  double pick = static_cast<double>(NextRandom(rng) >> 11) * 0x1.0p-53 * total;
  int kind = legal.back().kind;  // the last one listed, should rounding leave pick at total
  for (int k = 0; k < 256; ++k) {
    if (count[k] == 0) continue;
    pick -= weight[k];
    if (pick < 0) {
      kind = k;
      break;
    }
  }
  uint32_t nth = count[kind] == 1 ? 0 : RandomBelow(rng, count[kind]);
  for (size_t i = 0; i < legal.size(); ++i) {
    if (legal[i].kind == kind && nth-- == 0) return i;
  }
  return legal.size() - 1;
}

size_t RandomBot::Choose(Engine& engine, const GameState&, const std::vector<Move>& legal) {
  return RandomMove(engine, legal, rng_);
}

void WatchingBot::Observe(const Engine& engine, int seat, const GameState& before, const Move& move,
                          const GameState& after) {
  if (knowledge_.player != seat) knowledge_ = NewKnowledge(engine, before, seat);
  tapis::Observe(knowledge_, engine, before, move, after);
}

const Knowledge& WatchingBot::KnowledgeFor(const Engine& engine, const GameState& state) {
  const int me = engine.Actor(state);
  if (knowledge_.player != me || knowledge_.moves_seen != state.moves_played)
    knowledge_ = NewKnowledge(engine, state, me);
  return knowledge_;
}

namespace {

// `me`'s value against the others' mean, times their number to stay whole: (n-1) * mine -
// theirs. Alone, the value itself.
long long Lead(const std::vector<int>& values, int me) {
  if (values.size() == 1) return values[0];
  long long lead = 0;
  for (size_t p = 0; p < values.size(); ++p)
    lead += static_cast<int>(p) == me
                ? static_cast<long long>(values[p]) * static_cast<long long>(values.size() - 1)
                : -static_cast<long long>(values[p]);
  return lead;
}

}  // namespace

size_t GreedyBot::Choose(Engine& engine, const GameState& real, const std::vector<Move>& legal) {
  if (legal.size() == 1) return 0;
  Engine& trial = LookaheadEngine(engine);
  const int me = engine.Actor(real);
  const bool evaluates = !engine.rules().bot_evaluate.empty();
  // An evaluation is higher-is-better; a score is so unless the lowest total wins.
  const int sign = engine.rules().match.lowest_wins ? -1 : 1;
  // A standing, not a score: points given to an opponent count against the bot (a wrong
  // call that scores for the other team), points a partner shares count for it.
  auto value = [&](const GameState& s) {
    const std::vector<int> values = evaluates ? trial.BotEvaluation(s) : trial.BotScore(s, real.round);
    return (evaluates ? 1 : sign) * Lead(values, me);
  };
  // Each move's value summed over samples of the unseen, so a move is judged by what it
  // gains on average, not in one imagined deal (a guess at a secret is right in one sample
  // in six).
  const Knowledge& knowledge = KnowledgeFor(engine, real);
  std::vector<long long> total(legal.size(), 0);
  const int samples = engine.rules().bot_samples > 0 ? engine.rules().bot_samples : kGreedySamples;
  for (int sample = 0; sample < samples; ++sample) {
    const GameState state = Determinize(trial, real, knowledge, sample_rng_);
    const long long now = value(state);
    for (size_t i = 0; i < legal.size(); ++i) {
      const Move& m = legal[i];
      const bool hidden = m.kind != kStopMove && engine.rules().moves[m.kind].type == MoveType::kDraw;
      if (hidden) continue;
      GameState next = state;
      if (trial.Apply(next, m).ok) total[i] += value(next) - now;
    }
  }
  std::vector<size_t> best;
  for (size_t i = 0; i < legal.size(); ++i) {
    if (best.empty() || total[i] > total[best[0]]) {
      best = {i};
    } else if (total[i] == total[best[0]]) {
      best.push_back(i);
    }
  }
  // Ties as the random bot breaks them, by the kinds' bot_weight: where scores say nothing
  // until the end, uniform ties made the moves a ruleset weighs down (draws, passes) far
  // more often than random play does, and greedy lost to it.
  std::vector<Move> tied;
  for (size_t i : best) tied.push_back(legal[i]);
  return best[RandomMove(engine, tied, rng_)];
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

bool AnyWatches(const std::vector<std::unique_ptr<Bot>>& bots) {
  for (const auto& b : bots) {
    if (b && b->Watches()) return true;
  }
  return false;
}

void TellBots(const std::vector<std::unique_ptr<Bot>>& bots, const Engine& engine, const GameState& before,
              const Move& move, const GameState& after) {
  for (size_t p = 0; p < bots.size(); ++p) {
    if (bots[p] && bots[p]->Watches()) bots[p]->Observe(engine, static_cast<int>(p), before, move, after);
  }
}

std::unique_ptr<Bot> MakeBot(const std::string& kind, uint64_t seed) {
  if (kind == "random") return std::make_unique<RandomBot>(seed);
  if (kind == "greedy") return std::make_unique<GreedyBot>(seed);
  if (kind == "ismcts" || kind.starts_with("ismcts:"))
    return std::make_unique<IsmctsBot>(seed, ParseBudget(kind.substr(std::min<size_t>(kind.size(), 7))));
  throw Error(ErrorKind::kUsage,
              fmt::format("unknown bot '{}'; bots are: random, greedy, ismcts (ismcts:ITERATIONS, ismcts:500ms)", kind));
}

}  // namespace tapis
