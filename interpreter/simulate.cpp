#include "interpreter/simulate.h"

#include <atomic>
#include <chrono>
#include <cmath>
#include <thread>

#include "interpreter/bots.h"
#include "interpreter/chance.h"
#include "interpreter/engine.h"
#include "interpreter/errors.h"
#include "interpreter/game_log.h"
#include "interpreter/move_text.h"

namespace tapis {

uint64_t MixSeed(uint64_t seed, uint64_t index) {
  uint64_t s = seed ^ (index * 0xD1B54A32D192ED03ULL);
  return NextRandom(s);
}

GameState RandomGame(Engine& engine, uint64_t seed, uint32_t max_moves) {
  RandomBot bot(MixSeed(seed, 0xB07));
  GameState state = engine.NewGame(seed);
  std::vector<Move> legal;
  while (!state.finished && state.moves_played < max_moves) {
    engine.LegalMoves(state, legal);
    if (legal.empty()) break;
    engine.Apply(state, legal[bot.Choose(engine, state, legal)]);
  }
  return state;
}

GameLog PlayLoggedGame(Engine& engine, const std::string& ruleset, uint64_t seed,
                       const std::vector<std::string>& kinds) {
  auto bots = MakeBots(kinds, engine.config().players(), seed);
  GameLog log{ruleset, engine.config().players(), engine.config().Settings(), seed, {}, {}};
  GameState state = engine.NewGame(seed);
  std::vector<Move> legal;
  while (!state.finished) {
    engine.LegalMoves(state, legal);
    const int actor = engine.Actor(state);
    const Move& m = legal[bots[actor]->Choose(engine, state, legal)];
    log.moves.push_back({actor, MoveText(engine, state, m)});
    const ApplyResult r = engine.Apply(state, m);
    if (!r.ok) throw ScriptError(r.error);
  }
  log.scores = engine.Score(state);
  return log;
}

namespace {

struct GameResult {
  bool finished = false;
  uint32_t turns = 0, moves = 0;
  std::vector<int> scores;
  std::vector<int> winners;
  std::vector<int> table_variables;
  std::string error;
};

GameResult PlayOne(Engine& engine, const SimOptions& options, uint64_t game_seed) {
  auto bots = MakeBots(options.bots, engine.config().players(), game_seed);
  GameResult r;
  GameState state = engine.NewGame(game_seed);
  std::vector<Move> legal;
  while (!state.finished && state.moves_played < options.max_moves) {
    engine.LegalMoves(state, legal);
    if (legal.empty()) break;
    const int actor = engine.Actor(state);
    const ApplyResult applied = engine.Apply(state, legal[bots[actor]->Choose(engine, state, legal)]);
    if (!applied.ok) {
      r.error = applied.error;
      return r;
    }
  }
  r.finished = state.finished;
  r.turns = state.turns;
  const Ruleset& rules = engine.rules();
  for (size_t v = 0; v < rules.variables.size(); ++v) {
    if (rules.variables[v].owner == Owner::kTable) {
      r.table_variables.push_back(state.variables[engine.config().VariableSlot(static_cast<int>(v), -1)]);
    }
  }
  r.moves = state.moves_played;
  if (r.finished) {
    r.scores = engine.Score(state, &r.error);
    if (r.error.empty()) r.winners = engine.Winners(state, r.scores);
  }
  return r;
}

}  // namespace

SimReport Simulate(std::shared_ptr<const GameConfig> config, const SimOptions& options) {
  const int n = config->players();
  std::vector<GameResult> results(options.games);
  const auto start = std::chrono::steady_clock::now();
  for (const auto& kind : options.bots) MakeBot(kind, 0);  // unknown bots fail here, not in a thread
  const int threads = std::max(1, std::min(options.threads, options.games));
  std::vector<std::thread> pool;
  std::vector<Engine::Usage> usage(threads);
  std::atomic<int> done{0};
  std::atomic<bool> running{true};
  std::thread monitor;
  if (options.progress) {
    monitor = std::thread([&] {
      for (int tick = 1; running; ++tick) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        if (tick >= 5 && running) options.progress(done, options.games);
      }
    });
  }
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      Engine engine(config);  // each thread its own Lua state
      for (int i = t; i < options.games; i += threads) {
        try {
          results[i] = PlayOne(engine, options, MixSeed(options.seed, i));
        } catch (const std::exception& e) {  // a script error in winners(), say
          results[i].error = e.what();
        }
        ++done;
      }
      usage[t] = engine.usage();
    });
  }
  for (auto& th : pool) th.join();
  running = false;
  if (monitor.joinable()) monitor.join();
  SimReport report;
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report.games = options.games;
  report.seats.resize(n);
  double sum_turns = 0, sum_sq = 0, sum_moves = 0;
  std::vector<double> variable_sums;
  std::vector<double> score_squares(n, 0);
  int finished = 0;
  for (const auto& r : results) {
    if (!r.error.empty() && report.error.empty()) report.error = r.error;
    if (!r.finished || !r.error.empty()) {
      ++report.unfinished;
      continue;
    }
    ++finished;
    sum_turns += r.turns;
    sum_sq += static_cast<double>(r.turns) * r.turns;
    sum_moves += r.moves;
    for (int w : r.winners) report.seats[w].wins += 1.0 / static_cast<double>(r.winners.size());
    for (int p = 0; p < n; ++p) {
      report.seats[p].mean_score += r.scores[p];
      score_squares[p] += static_cast<double>(r.scores[p]) * r.scores[p];
    }
    variable_sums.resize(r.table_variables.size());
    for (size_t v = 0; v < r.table_variables.size(); ++v) variable_sums[v] += r.table_variables[v];
  }
  const Ruleset& rules = config->rules();
  for (size_t k = 0; k < rules.moves.size(); ++k) {
    uint64_t moves = 0, effects = 0;
    for (const auto& u : usage) {
      moves += u.moves[k];
      effects += u.effects[k];
    }
    report.moves_per_game.push_back({rules.moves[k].name, static_cast<double>(moves) / report.games});
    if (!rules.moves[k].then.function.empty()) {
      report.effects_per_game.push_back({rules.moves[k].then.function, static_cast<double>(effects) / report.games});
    }
  }
  if (finished > 0) {
    report.mean_turns = sum_turns / finished;
    report.stddev_turns = std::sqrt(std::max(0.0, sum_sq / finished - report.mean_turns * report.mean_turns));
    report.mean_moves = sum_moves / finished;
    for (int p = 0; p < n; ++p) {
      SeatStats& seat = report.seats[p];
      seat.mean_score /= finished;
      const double variance = std::max(0.0, score_squares[p] / finished - seat.mean_score * seat.mean_score);
      seat.score_margin = 1.959964 * std::sqrt(variance / finished);
    }
    size_t i = 0;
    for (const auto& v : config->rules().variables) {
      if (v.owner == Owner::kTable && i < variable_sums.size()) {
        report.variable_means.push_back({v.name, variable_sums[i++] / finished});
      }
    }
  }
  return report;
}

std::pair<double, double> WilsonInterval(double successes, int trials) {
  if (trials <= 0) return {0, 0};
  const double z = 1.959964, n = trials, p = successes / n;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace tapis
