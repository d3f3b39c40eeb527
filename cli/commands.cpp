// tapis list, sim, check, replay, moves, score.
#include "cli/commands.h"

#include <fmt/format.h>

#include <unistd.h>

#include <cmath>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "interpreter/errors.h"
#include "interpreter/game_log.h"
#include "interpreter/lint.h"
#include "interpreter/move_text.h"
#include "interpreter/position.h"
#include "interpreter/ruleset_finder.h"
#include "interpreter/ruleset_loader.h"
#include "interpreter/simulate.h"
#include "interpreter/validate.h"

namespace tapis::cli {

std::map<std::string, std::string> GameOptions::Settings() const {
  std::map<std::string, std::string> out;
  for (const auto& s : settings) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error(ErrorKind::kUsage, fmt::format("--set '{}': expected key=value", s));
    out[s.substr(0, eq)] = s.substr(eq + 1);
  }
  return out;
}

int List() {
  for (const auto& entry : ListRulesets()) {
    try {
      const auto rules = LoadRuleset(entry.path);
      fmt::print("{:<14} {}-{} players  {}  [{}]\n", entry.name, rules->min_players, rules->max_players,
                 rules->description, entry.path);
    } catch (const Error& e) {
      fmt::print("{:<14} (does not load: {})\n", entry.name, e.what());
    }
  }
  return 0;
}

namespace {

SimReport RunSim(const std::string& game, const GameOptions& options, int games, int threads,
                 const std::vector<std::string>& seats, int& players) {
  const auto rules = LoadRuleset(FindRuleset(game));
  players = options.players > 0 ? options.players : rules->min_players;
  SimOptions sim;
  sim.games = games;
  sim.seed = options.seed_given ? options.seed : 1;
  sim.threads = threads;
  sim.bots = seats;
  if (isatty(STDERR_FILENO)) {
    sim.progress = [](int done, int total) {
      const int width = 40, filled = total ? width * done / total : width;
      fmt::print(stderr, "\r[{}{}] {}/{} games", std::string(filled, '#'), std::string(width - filled, ' '), done,
                 total);
    };
  }
  SimReport report = Simulate(std::make_shared<GameConfig>(rules, players, options.Settings()), sim);
  if (sim.progress) fmt::print(stderr, "\r\033[K");  // the progress bar goes away
  if (!report.error.empty()) throw ScriptError(report.error);
  return report;
}

// Two proportions: the z statistic of their difference.
double ProportionZ(double a, int n_a, double b, int n_b) {
  const double p = (a + b) / (n_a + n_b);
  const double se = std::sqrt(p * (1 - p) * (1.0 / n_a + 1.0 / n_b));
  return se > 0 ? (a / n_a - b / n_b) / se : 0;
}

}  // namespace

int New(const std::string& name, const std::string& from) {
  const auto rules = LoadRuleset(FindRuleset(from));
  const std::string file = name + ".yaml";
  if (std::ifstream(file)) throw IoError(fmt::format("{}: already exists; choose another name", file));
  std::string text = fmt::format(
      "# {name}: a variant of {from} ({title}). Write only what changes: everything else\n"
      "# comes from {from}. Maps merge key by key, lists are replaced, `key: ~` removes a key,\n"
      "# and `scripts` add to {from}'s (docs/rulesets.md, \"Variants\").\n"
      "extends: {from}\n"
      "name: {name}\n"
      "title: \"{title}, my variant\"\n",
      fmt::arg("name", name), fmt::arg("from", from), fmt::arg("title", rules->title));
  if (!rules->parameters.empty()) {
    text +=
        "\n# Parameters: uncomment a line to change its default (or use --set NAME=VALUE).\n# parameters:\n";
    for (const auto& p : rules->parameters) {
      std::string value = std::to_string(p.default_value);
      if (p.type == Parameter::Type::kBool) value = p.default_value ? "true" : "false";
      if (p.type == Parameter::Type::kChoice) value = p.choices[p.default_value];
      text += fmt::format("#   {}: {{default: {}}}   # {}\n", p.name, value, p.description);
    }
  }
  text += fmt::format(
      "\n# Your own effects: a Lua file next to this one; name its functions below.\n"
      "# scripts: [{name}.lua]\n"
      "# score: my_score            # replaces {from}'s scoring function\n"
      "# moves:\n"
      "#   {move}: {{then: my_effect}}   # replaces that move's effect\n",
      fmt::arg("name", name), fmt::arg("from", from), fmt::arg("move", rules->moves.front().name));
  std::ofstream out(file);
  if (!out) throw IoError(fmt::format("{}: cannot write the file", file));
  out << text;
  fmt::print("wrote {}; try it: tapis check {} && tapis play {}\n", file, file, file);
  return 0;
}

int Sim(const GameOptions& game, int games, int threads, const std::vector<std::string>& seats, bool json) {
  int players = 0;
  const SimReport report = RunSim(game.game, game, games, threads, seats, players);
  const auto rules = LoadRuleset(FindRuleset(game.game));
  const uint64_t seed = game.seed_given ? game.seed : 1;
  const int finished = report.games - report.unfinished;
  if (json) {
    nlohmann::json j = {{"ruleset", rules->name},
                        {"players", players},
                        {"games", report.games},
                        {"unfinished", report.unfinished},
                        {"seed", seed},
                        {"mean_turns", report.mean_turns},
                        {"stddev_turns", report.stddev_turns},
                        {"mean_moves", report.mean_moves},
                        {"games_per_second", report.games / report.seconds}};
    for (int p = 0; p < players; ++p) {
      const auto [low, high] = WilsonInterval(report.seats[p].wins, finished);
      j["seats"].push_back({{"seat", p + 1},
                            {"bot", p < static_cast<int>(seats.size()) ? seats[p] : "random"},
                            {"win_rate", finished ? report.seats[p].wins / finished : 0.0},
                            {"win_rate_95", {low, high}},
                            {"mean_score", report.seats[p].mean_score},
                            {"mean_score_95",
                             {report.seats[p].mean_score - report.seats[p].score_margin,
                              report.seats[p].mean_score + report.seats[p].score_margin}}});
    }
    for (const auto& [name, mean] : report.variable_means) j["variable_means"][name] = mean;
    for (const auto& [name, n] : report.moves_per_game) j["moves_per_game"][name] = n;
    for (const auto& [name, n] : report.effects_per_game) j["effects_per_game"][name] = n;
    std::cout << j.dump(2) << "\n";
    return 0;
  }
  fmt::print("{}, {} players, {} games, seed {}, {} thread(s)\n", rules->name, players, report.games, seed,
             threads);
  for (int p = 0; p < players; ++p) {
    const auto [low, high] = WilsonInterval(report.seats[p].wins, finished);
    const std::string bot = p < static_cast<int>(seats.size()) ? seats[p] : "random";
    fmt::print("  seat {} ({}): wins {:5.1f}% [{:.1f}%, {:.1f}%], mean score {:.2f} ± {:.2f}\n", p + 1, bot,
               finished ? 100.0 * report.seats[p].wins / finished : 0.0, 100 * low, 100 * high,
               report.seats[p].mean_score, report.seats[p].score_margin);
  }
  fmt::print("  length: {:.1f} turns (sd {:.1f}), {:.1f} moves\n", report.mean_turns, report.stddev_turns,
             report.mean_moves);
  if (report.unfinished) fmt::print("  unfinished: {} game(s) hit the move limit\n", report.unfinished);
  // Rule coverage: what the games used, and what they never did.
  auto usage_line = [](const char* what, const std::vector<std::pair<std::string, double>>& usage) {
    std::vector<std::string> used, never;
    for (const auto& [name, per_game] : usage) {
      if (per_game > 0)
        used.push_back(fmt::format("{} {:.3g}", name, per_game));
      else
        never.push_back(name);
    }
    if (!used.empty()) fmt::print("  {} per game: {}\n", what, fmt::join(used, ", "));
    if (!never.empty()) fmt::print("  never used: {} ({})\n", fmt::join(never, ", "), what);
  };
  usage_line("moves", report.moves_per_game);
  usage_line("effects fired", report.effects_per_game);
  if (!report.variable_means.empty()) {
    std::vector<std::string> means;
    for (const auto& [name, mean] : report.variable_means)
      means.push_back(fmt::format("{} {:.3g}", name, mean));
    fmt::print("  table variables at the end (mean): {}\n", fmt::join(means, ", "));
  }
  fmt::print("  speed: {:.0f} games/s\n", report.games / report.seconds);
  return 0;
}

int Compare(const GameOptions& game, const std::string& other, int games, int threads,
            const std::vector<std::string>& seats) {
  int players = 0, other_players = 0;
  const SimReport a = RunSim(game.game, game, games, threads, seats, players);
  const SimReport b = RunSim(other, game, games, threads, seats, other_players);
  if (players != other_players)
    throw Error(ErrorKind::kUsage, "compare: give --players, the two rulesets start at different counts");
  const int fa = a.games - a.unfinished, fb = b.games - b.unfinished;
  fmt::print("{} vs {}, {} players, {} games each under the same seeds\n", game.game, other, players, games);
  auto verdict = [](double z) { return std::abs(z) > 1.959964 ? "significant (95%)" : "within chance"; };
  for (int p = 0; p < players; ++p) {
    const double z = ProportionZ(a.seats[p].wins, fa, b.seats[p].wins, fb);
    fmt::print("  seat {}: wins {:5.1f}% vs {:5.1f}% ({:+.1f} points, {}); mean score {:.2f} vs {:.2f}\n",
               p + 1, 100.0 * a.seats[p].wins / std::max(1, fa), 100.0 * b.seats[p].wins / std::max(1, fb),
               100.0 * (a.seats[p].wins / std::max(1, fa) - b.seats[p].wins / std::max(1, fb)), verdict(z),
               a.seats[p].mean_score, b.seats[p].mean_score);
  }
  const double se = std::sqrt(a.stddev_turns * a.stddev_turns / std::max(1, fa) +
                              b.stddev_turns * b.stddev_turns / std::max(1, fb));
  const double z = se > 0 ? (a.mean_turns - b.mean_turns) / se : 0;
  fmt::print("  length: {:.1f} vs {:.1f} turns ({:+.1f}, {})\n", a.mean_turns, b.mean_turns,
             a.mean_turns - b.mean_turns, verdict(z));
  return 0;
}

int Check(const std::vector<std::string>& games, int random_games) {
  int failures = 0;
  for (const auto& game : games) {
    const std::string path = FindRuleset(game);
    const auto rules = LoadRuleset(path);  // a bad ruleset throws: file:line:col
    for (const auto& warning : Lint(*rules)) fmt::print(stderr, "{}: {}\n", path, warning);
    const std::vector<std::string> problems = CheckRandomGames(rules, random_games);
    for (const auto& p : problems) fmt::print(stderr, "{}: {}\n", path, p);
    if (problems.empty()) {
      fmt::print("{}: ok ({} random games for each of {} to {} players)\n", rules->name, random_games,
                 rules->min_players, rules->max_players);
    }
    failures += problems.empty() ? 0 : 1;
  }
  return failures ? 1 : 0;
}

namespace {

struct LoadedGame {
  GameLog log;
  std::unique_ptr<Engine> engine;
  GameState state;
};

// A saved game: a log (replayed) or a position file (read as it is).
LoadedGame LoadGame(const std::string& path) {
  LoadedGame g;
  std::ifstream in(path);
  if (!in) throw IoError(fmt::format("{}: cannot read the file", path));
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (IsPosition(text)) {
    g.engine = EngineForPosition(text, path);
    g.state = ReadPosition(*g.engine, text, path);
    return g;
  }
  g.log = ReadGameLog(text, path);
  g.engine = EngineForLog(g.log);
  g.state = Replay(*g.engine, g.log, path);
  return g;
}

}  // namespace

int ReplayLog(const std::string& path) {
  LoadedGame g = LoadGame(path);
  if (g.log.scores) {
    if (!g.state.finished)
      throw Error(ErrorKind::kIllegalMove,
                  fmt::format("{}: the log has scores but the game is not over after its moves", path));
    const auto scores = g.engine->Score(g.state);
    if (scores != *g.log.scores) {
      throw Error(ErrorKind::kIllegalMove,
                  fmt::format("{}: scores differ: the log says [{}], the replay gives [{}]", path,
                              fmt::join(*g.log.scores, ", "), fmt::join(scores, ", ")));
    }
  }
  fmt::print("{}: {} moves replayed{}\n", path, g.log.moves.size(), g.log.scores ? ", scores match" : "");
  return 0;
}

int Moves(const std::string& path) {
  LoadedGame g = LoadGame(path);
  if (g.state.finished) {
    fmt::print("the game is over\n");
    return 0;
  }
  fmt::print("player {} to play:\n", g.engine->Actor(g.state) + 1);
  for (const Move& m : g.engine->LegalMoves(g.state)) fmt::print("  {}\n", MoveText(*g.engine, g.state, m));
  return 0;
}

int Score(const std::string& path) {
  LoadedGame g = LoadGame(path);
  const auto scores = g.engine->Score(g.state);
  for (size_t p = 0; p < scores.size(); ++p) fmt::print("player {}: {}\n", p + 1, scores[p]);
  if (g.state.finished) {
    std::vector<int> shown;
    for (int w : g.engine->Winners(g.state, scores)) shown.push_back(w + 1);
    fmt::print("winner: player {}\n", fmt::join(shown, ", player "));
  }
  return 0;
}

}  // namespace tapis::cli
