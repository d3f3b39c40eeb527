#include "interpreter/sim/simulate.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <ctime>
#include <thread>

#include "interpreter/bots/bots.h"
#include "interpreter/engine/engine.h"
#include "interpreter/model/chance.h"
#include "interpreter/model/errors.h"
#include "interpreter/records/game_log.h"
#include "interpreter/records/move_text.h"

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
  GameLog log{ruleset, engine.config().players(), engine.config().Settings(), seed, {}, {}, {}};
  const bool watched = AnyWatches(bots);  // copying each state before its move costs only then
  GameState state = engine.NewGame(seed);
  std::vector<Move> legal;
  while (!state.finished) {
    engine.LegalMoves(state, legal);
    const int actor = engine.Actor(state);
    const Move m = legal[bots[actor]->Choose(engine, state, legal)];
    log.moves.push_back({actor, MoveText(engine, state, m)});
    const GameState before = watched ? state : GameState{};
    const ApplyResult r = engine.Apply(state, m);
    if (!r.ok) throw ScriptError(r.error);
    if (watched) TellBots(bots, engine, before, m, state);
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
  std::vector<int64_t> decisions;  // per seat, timed when some bot looks ahead
  std::vector<double> think_seconds, think_max;
  // With per-card attribution: per player, the card kinds played or held at the end; and
  // the kinds some legal move used.
  std::vector<std::vector<bool>> touched;
  std::vector<bool> legal_kinds;
  std::string error;
};

// Processor time of this thread: what a bot's thinking costs, whatever else the machine runs.
double ThreadSeconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The cards a move takes from its player's own zones (not a draw: its card was unseen).
void NoteCardsPlayed(const Engine& engine, const Move& m, int player, GameResult& r) {
  if (m.kind == kStopMove || engine.rules().moves[m.kind].type == MoveType::kDraw) return;
  for (CardId c : m.Cards()) r.touched[player][engine.cards().Kind(c)] = true;
}

// Plays one game in `state` and `legal`, which a thread reuses from game to game (their
// storage, not what they held).
struct Table {
  GameState state, before;
  std::vector<Move> legal;
};

GameResult PlayOne(Engine& engine, const SimOptions& options, uint64_t game_seed, Table& table) {
  auto bots = MakeBots(options.bots, engine.config().players(), game_seed);
  const bool watched = AnyWatches(bots);
  GameResult r;
  r.decisions.assign(engine.config().players(), 0);
  r.think_seconds.assign(engine.config().players(), 0);
  r.think_max.assign(engine.config().players(), 0);
  const int kinds = static_cast<int>(engine.rules().catalog.kinds().size());
  if (options.cards) {
    r.touched.assign(engine.config().players(), std::vector<bool>(kinds, false));
    r.legal_kinds.assign(kinds, false);
  }
  GameState& state = table.state;
  std::vector<Move>& legal = table.legal;
  engine.NewGame(game_seed, state);
  while (!state.finished && state.moves_played < options.max_moves) {
    engine.LegalMoves(state, legal);
    if (legal.empty()) break;
    const int actor = engine.Actor(state);
    const bool timed = watched && bots[actor]->Watches() && legal.size() > 1;  // bots that look ahead
    const double start = timed ? ThreadSeconds() : 0;
    const Move& chosen = legal[bots[actor]->Choose(engine, state, legal)];  // Apply does not touch `legal`
    if (timed) {
      const double spent = ThreadSeconds() - start;
      ++r.decisions[actor];
      r.think_seconds[actor] += spent;
      r.think_max[actor] = std::max(r.think_max[actor], spent);
    }
    if (options.cards) {
      for (const Move& m : legal) {
        for (CardId c : m.Cards()) r.legal_kinds[engine.cards().Kind(c)] = true;
      }
      NoteCardsPlayed(engine, chosen, actor, r);
    }
    if (watched) table.before = state;  // what bots that watch compare the move's result with
    const ApplyResult applied = engine.Apply(state, chosen);
    if (!applied.ok) {
      r.error = applied.error;
      return r;
    }
    if (watched) TellBots(bots, engine, table.before, chosen, state);
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
  if (options.cards) {  // held at the end: in a zone the player owns
    for (const Zone& z : state.zones) {
      if (z.owner < 0) continue;
      for (CardId c : z.cards) r.touched[z.owner][engine.cards().Kind(c)] = true;
    }
  }
  if (r.finished) {
    r.scores = engine.Score(state, &r.error);
    if (r.error.empty()) r.winners = engine.Winners(state, r.scores);
  }
  return r;
}

// A run's totals before any game: what was run, and a zero for each seat and card.
SimTotals NoGames(const GameConfig& config, const SimOptions& options) {
  const Ruleset& rules = config.rules();
  const int n = config.players();
  SimTotals totals;
  totals.ruleset = rules.name;
  totals.players = n;
  totals.seed = options.seed;
  totals.settings = config.Settings();
  totals.bots = options.bots;
  totals.shard_count = options.shard_count;
  totals.win_units.assign(n, 0);
  totals.score_sum.assign(n, 0);
  totals.score_squares.assign(n, 0);
  totals.decisions.assign(n, 0);
  totals.think_seconds.assign(n, 0);
  totals.think_max.assign(n, 0);
  if (options.cards) {  // every card of the game, offered or not
    const CardSet& set = config.cards();
    for (int c = 0; c < set.size(); ++c) totals.card_legal[set.Code(static_cast<CardId>(c))] += 0;
  }
  return totals;
}

// Adds one game to the totals (its error aside: the caller keeps the first game's).
void AddGame(SimTotals& totals, const GameResult& r, const Ruleset& rules, bool cards) {
  ++totals.games;
  const int n = totals.players;
  for (int p = 0; p < n && p < static_cast<int>(r.decisions.size()); ++p) {
    totals.decisions[p] += r.decisions[p];
    totals.think_seconds[p] += r.think_seconds[p];
    totals.think_max[p] = std::max(totals.think_max[p], r.think_max[p]);
  }
  if (cards) {
    for (size_t k = 0; k < r.legal_kinds.size(); ++k) {
      if (r.legal_kinds[k]) totals.card_legal[rules.catalog.kind(static_cast<int>(k)).code] += 1;
    }
  }
  if (!r.finished || !r.error.empty()) {
    ++totals.unfinished;
    return;
  }
  totals.turns_sum += r.turns;
  ++totals.length_counts[r.turns];
  totals.turns_squares += static_cast<int64_t>(r.turns) * r.turns;
  totals.moves_sum += r.moves;
  for (int w : r.winners) totals.win_units[w] += kWinUnit / static_cast<int64_t>(r.winners.size());
  for (int p = 0; p < n; ++p) {
    totals.score_sum[p] += r.scores[p];
    totals.score_squares[p] += static_cast<int64_t>(r.scores[p]) * r.scores[p];
  }
  size_t v = 0;  // the table variables, in the order the ruleset declares them
  for (size_t i = 0; i < rules.variables.size(); ++i) {
    const VariableDecl& variable = rules.variables[i];
    if (variable.owner != Owner::kTable || v >= r.table_variables.size()) continue;
    const int value = r.table_variables[v++];
    // A seat or a card the engine wrote (the knocker): its mean would mean nothing.
    if (variable.report && !rules.NamesSomething(static_cast<int>(i)))
      totals.variable_sums[variable.name] += value;
  }
  if (cards) {
    for (int p = 0; p < n; ++p) {
      int64_t share = 0;
      for (int w : r.winners) share += w == p ? kWinUnit / static_cast<int64_t>(r.winners.size()) : 0;
      for (size_t k = 0; k < r.touched[p].size(); ++k) {
        if (!r.touched[p][k]) continue;
        const std::string& code = rules.catalog.kind(static_cast<int>(k)).code;
        totals.card_players[code] += 1;
        totals.card_win_units[code] += share;
      }
    }
  }
}

}  // namespace

SimTotals SimulateTotals(std::shared_ptr<const GameConfig> config, const SimOptions& options) {
  const Ruleset& rules = config->rules();
  for (const auto& kind : options.bots) MakeBot(kind, 0);  // unknown bots fail here, not in a thread
  // This shard's games: i = shard, shard + count, …
  std::vector<int> indexes;
  for (int i = options.shard; i < options.games; i += options.shard_count) indexes.push_back(i);
  const int games = static_cast<int>(indexes.size());
  const auto start = std::chrono::steady_clock::now();
  const int threads = std::max(1, std::min(options.threads, games));
  std::vector<std::thread> pool;
  std::vector<Engine::Usage> usage(threads);
  // Each thread adds up its own games as they end (memory does not grow with the run), and
  // keeps the first error it met: games go to threads in order, so the lowest game wins.
  std::vector<SimTotals> partial(threads, NoGames(*config, options));
  std::vector<int> first_error(threads, games);
  std::atomic<int> done{0};
  std::atomic<bool> running{true};
  std::thread monitor;
  if (options.progress) {
    monitor = std::thread([&] {
      for (int tick = 1; running; ++tick) {
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        if (tick >= 5 && running) options.progress(done, games);
      }
    });
  }
  for (int t = 0; t < threads; ++t) {
    pool.emplace_back([&, t] {
      Engine engine(config);  // each thread its own Lua state
      engine.SetUndoOnError(false);  // a game stops at its first script error
      Table table;
      for (int g = t; g < games; g += threads) {
        GameResult result;
        try {
          result = PlayOne(engine, options, MixSeed(options.seed, indexes[g]), table);
        } catch (const std::exception& e) {  // a script error in winners(), say
          result.error = e.what();
        }
        AddGame(partial[t], result, rules, options.cards);
        if (!result.error.empty() && first_error[t] == games) {
          first_error[t] = g;
          partial[t].error = result.error;
        }
        ++done;
      }
      usage[t] = engine.usage();
    });
  }
  for (auto& th : pool) th.join();
  running = false;
  if (monitor.joinable()) monitor.join();

  SimTotals totals = NoGames(*config, options);
  totals.shards = {options.shard};
  int error_game = games;
  for (int t = 0; t < threads; ++t) {
    if (first_error[t] < error_game) {
      error_game = first_error[t];
      totals.error = partial[t].error;
    }
    partial[t].error.clear();
    partial[t].shards.clear();  // the same shard's games, not another shard
    totals.Merge(partial[t]);
  }
  totals.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // `stop` (declining what a decision offers) is a move too: listed once someone made it.
  int64_t stops = 0;
  for (const auto& u : usage) stops += static_cast<int64_t>(u.stops);
  if (stops > 0) totals.move_counts["stop"] += stops;
  for (size_t k = 0; k < rules.moves.size(); ++k) {
    const auto& then = rules.moves[k].then;
    for (const auto& u : usage) {
      totals.move_counts[rules.moves[k].name] += static_cast<int64_t>(u.moves[k]);
      for (size_t i = 0; i < then.size(); ++i)
        totals.effect_counts[then[i].Name()] += static_cast<int64_t>(u.effects[k][i]);
    }
    for (const Trigger& t : then) {
      if (config->Resolve(t.enabled) == 0) totals.effects_off.insert(t.Name());
    }
  }
  return totals;
}

SimReport Summarize(const SimTotals& totals, const Ruleset& rules) {
  std::vector<std::string> moves, effects;
  for (const auto& m : rules.moves) {
    moves.push_back(m.name);
    // An effect shared by several moves is counted once, under its name.
    for (const Trigger& t : m.then) {
      if (std::find(effects.begin(), effects.end(), t.Name()) == effects.end()) effects.push_back(t.Name());
    }
  }
  SimReport report = Summarize(totals, moves, effects);
  // Table variables in the order the ruleset declares them.
  std::vector<std::pair<std::string, double>> ordered;
  for (const auto& v : rules.variables) {
    for (const auto& entry : report.variable_means) {
      if (entry.first == v.name) ordered.push_back(entry);
    }
  }
  report.variable_means = ordered;
  return report;
}

SimReport Simulate(std::shared_ptr<const GameConfig> config, const SimOptions& options) {
  return Summarize(SimulateTotals(config, options), config->rules());
}

std::pair<double, double> WilsonInterval(double successes, int trials) {
  if (trials <= 0) return {0, 0};
  const double z = 1.959964, n = trials, p = successes / n;
  const double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  const double half = z * std::sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace tapis
