// tapis sim (with --compare and --shard) and tapis merge: bot games in bulk and their report.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <sstream>

#include "cli/commands.h"
#include "cli/file_write.h"
#include "cli/html_report.h"
#include "cli/report_numbers.h"
#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "interpreter/model/errors.h"
#include "interpreter/model/text_file.h"
#include "interpreter/records/json_text.h"
#include "interpreter/sim/simulate.h"

namespace tapis::cli {

std::function<void(int, int)> ProgressBar(const char* what) {
  const auto start = std::chrono::steady_clock::now();
  return [start, what](int done, int total) {
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double rate = seconds > 0 ? done / seconds : 0;
    const int width = 30, filled = total ? width * done / total : width;
    std::string left;
    if (rate > 0 && done < total) {
      const int s = static_cast<int>((total - done) / rate + 0.5);
      left = fmt::format(", {}:{:02d} left", s / 60, s % 60);
    }
    fmt::print(stderr, "\r\033[K[{}{}] {:3d}% {}/{} {}, {:.0f}/s{}", std::string(filled, '#'),
               std::string(width - filled, ' '), total ? 100 * done / total : 100, done, total, what, rate,
               left);
  };
}

namespace {

SimOptions Options(const GameOptions& game, int games, int threads, const std::vector<std::string>& seats) {
  SimOptions sim;
  sim.games = games;
  sim.seed = game.seed_given ? game.seed : 1;
  sim.threads = threads;
  sim.bots = seats;
  if (isatty(STDERR_FILENO)) sim.progress = ProgressBar("games");
  return sim;
}

std::shared_ptr<GameConfig> Config(const std::string& game, const GameOptions& options) {
  const auto rules = LoadRuleset(FindRuleset(game));
  const int players = options.players > 0 ? options.players : rules->min_players;
  return std::make_shared<GameConfig>(rules, players, options.Settings());
}

SimTotals Run(const std::shared_ptr<GameConfig>& config, const SimOptions& sim) {
  SimTotals totals = SimulateTotals(config, sim);
  if (sim.progress) fmt::print(stderr, "\r\033[K");  // the progress bar goes away
  if (!totals.error.empty()) throw ScriptError(totals.error);
  return totals;
}

// Rule coverage: what the games used, and what they never did.
void PrintUsage(const char* what, const std::vector<std::pair<std::string, double>>& usage) {
  std::vector<std::string> used, never;
  for (const auto& [name, per_game] : usage) {
    if (per_game > 0)
      used.push_back(fmt::format("{} {:.3g}", name, per_game));
    else
      never.push_back(name);
  }
  if (!used.empty()) fmt::print("  {} per game: {}\n", what, fmt::join(used, ", "));
  if (!never.empty()) fmt::print("  never used: {} ({})\n", fmt::join(never, ", "), what);
}

// `how`: "2 thread(s)", or the shards a merged run came from.
// Per-card attribution: the cards whose players won most and least often.
void PrintCards(const SimReport& report) {
  if (report.cards.empty() && report.never_legal.empty()) return;
  auto cards = report.cards;
  std::sort(cards.begin(), cards.end(), [](const auto& a, const auto& b) { return a.win_rate > b.win_rate; });
  auto show = [](const SimReport::CardStats& c) {
    return fmt::format("{} {:.1f}% ({})", c.code, 100 * c.win_rate, c.players);
  };
  const size_t shown = std::min<size_t>(5, cards.size());
  std::vector<std::string> best, worst;
  for (size_t i = 0; i < shown; ++i) {
    best.push_back(show(cards[i]));
    worst.push_back(show(cards[cards.size() - 1 - i]));
  }
  fmt::print("  players who played or held it won (player-games): best {}; worst {}\n", fmt::join(best, ", "),
             fmt::join(worst, ", "));
  if (!report.never_legal.empty())
    fmt::print("  never legal to play: {}\n", fmt::join(report.never_legal, ", "));
}

void PrintReport(const SimTotals& totals, const SimReport& report, const std::string& how, bool json) {
  const int players = totals.players;
  const int finished = report.games - report.unfinished;
  auto bot = [&](int p) { return p < static_cast<int>(totals.bots.size()) ? totals.bots[p] : "random"; };
  if (json) {
    nlohmann::json j = {{"ruleset", totals.ruleset},
                        {"players", players},
                        {"games", report.games},
                        {"unfinished", report.unfinished},
                        {"seed", totals.seed},
                        {"mean_turns", report.mean_turns},
                        {"stddev_turns", report.stddev_turns},
                        {"mean_moves", report.mean_moves},
                        {"games_per_second", report.games / report.seconds}};
    for (int p = 0; p < players; ++p) {
      const auto [low, high] = WilsonInterval(report.seats[p].wins, finished);
      const SeatStats& seat = report.seats[p];
      j["seats"].push_back(
          {{"seat", p + 1},
           {"bot", bot(p)},
           {"win_rate", finished ? seat.wins / finished : 0.0},
           {"win_rate_95", {low, high}},
           {"mean_score", seat.mean_score},
           {"mean_score_95", {seat.mean_score - seat.score_margin, seat.mean_score + seat.score_margin}}});
      if (seat.decisions > 0) {
        j["seats"].back()["decisions"] = seat.decisions;
        j["seats"].back()["seconds_per_decision"] = seat.think_mean;
        j["seats"].back()["longest_decision"] = seat.think_max;
      }
    }
    for (const auto& [name, mean] : report.variable_means) j["variable_means"][name] = mean;
    for (const auto& [name, n] : report.moves_per_game) j["moves_per_game"][name] = n;
    for (const auto& [name, n] : report.effects_per_game) j["effects_per_game"][name] = n;
    for (const auto& c : report.cards) {
      j["cards"].push_back({{"card", c.code}, {"player_games", c.players}, {"win_rate", c.win_rate}});
    }
    if (!report.never_legal.empty()) j["never_legal"] = report.never_legal;
    std::cout << j.dump(2) << "\n";
    return;
  }
  fmt::print("{}, {} players, {} games, seed {}, {}\n", totals.ruleset, players, report.games, totals.seed,
             how);
  for (int p = 0; p < players; ++p) {
    const SeatStats& seat = report.seats[p];
    fmt::print("  seat {} ({}): wins {:>6} {}, mean score {}\n", p + 1, bot(p), Percent(seat.wins, finished),
               PercentInterval(WilsonInterval(seat.wins, finished)),
               MeanWithMargin(seat.mean_score, seat.score_margin));
  }
  for (int p = 0; p < players; ++p) {
    const SeatStats& seat = report.seats[p];
    if (seat.decisions > 0)
      fmt::print("  thinking, seat {} ({}): {:.3f} s a decision, at most {:.3f} s ({} decisions)\n", p + 1, bot(p),
                 seat.think_mean, seat.think_max, seat.decisions);
  }
  fmt::print("  length: {:.1f} turns (sd {:.1f}), {:.1f} moves\n", report.mean_turns, report.stddev_turns,
             report.mean_moves);
  if (report.unfinished) fmt::print("  unfinished: {} game(s) hit the move limit\n", report.unfinished);
  PrintUsage("moves", report.moves_per_game);
  PrintUsage("effects fired", report.effects_per_game);
  if (!report.effects_off.empty())
    fmt::print("  switched off by the parameters: {} (effects)\n", fmt::join(report.effects_off, ", "));
  if (!report.variable_means.empty()) {
    std::vector<std::string> means;
    for (const auto& [name, mean] : report.variable_means)
      means.push_back(fmt::format("{} {:.3g}", name, mean));
    fmt::print("  table variables at the end (mean): {}\n", fmt::join(means, ", "));
  }
  PrintCards(report);
  fmt::print("  speed: {:.0f} games/s\n", report.games / report.seconds);
}

void WriteReport(const std::string& path, const SimTotals& totals, const SimReport& report) {
  if (path.empty()) return;
  WriteFileAtomically(path, HtmlReport(totals, report));
}

}  // namespace

int Sim(const GameOptions& game, int games, int threads, const std::vector<std::string>& seats, bool json,
        const std::string& shard, const std::string& out, bool cards, const std::string& html) {
  const auto config = Config(game.game, game);
  SimOptions sim = Options(game, games, threads, seats);
  sim.cards = cards;
  if (!shard.empty()) {
    // "i/n", i from 1: this machine's share of the run.
    int index = 0, count = 0;
    char slash = 0;
    std::istringstream in(shard);
    if (!(in >> index >> slash >> count) || slash != '/' || count < 1 || index < 1 || index > count ||
        !in.eof()) {
      throw Error(ErrorKind::kUsage,
                  fmt::format("--shard '{}': expected i/n with 1 <= i <= n, such as 2/8", shard));
    }
    sim.shard = index - 1;
    sim.shard_count = count;
  }
  const SimTotals totals = Run(config, sim);
  if (!out.empty()) {
    WriteFileAtomically(out, TotalsToJson(totals).dump(2) + "\n");
    fmt::print("{}: games {} of shard {}/{} written; combine the shards with: tapis merge FILES\n", out,
               totals.games, sim.shard + 1, sim.shard_count);
    return 0;
  }
  const SimReport report = Summarize(totals, config->rules());
  WriteReport(html, totals, report);
  PrintReport(totals, report, fmt::format("{} thread(s)", threads), json);
  return 0;
}

int Merge(const std::vector<std::string>& files, bool json, const std::string& html) {
  SimTotals totals;
  for (size_t i = 0; i < files.size(); ++i) {
    std::string text;
    if (const FileProblem problem = ReadTextFile(files[i], text); problem != FileProblem::kNone)
      throw IoError(fmt::format("{}: cannot read the file{}", files[i], ProblemSuffix(problem, files[i])));
    nlohmann::json j;
    if (std::string error; !ParseJsonText(text, j, error))
      throw IoError(fmt::format("{}: not JSON ({})", files[i], error));
    const SimTotals part = TotalsFromJson(j, files[i]);
    if (i == 0)
      totals = part;
    else
      totals.Merge(part);
  }
  if (!totals.Complete()) {
    throw Error(ErrorKind::kUsage, fmt::format("only {} of {} shards are here; a merge needs them all",
                                               totals.shards.size(), totals.shard_count));
  }
  const auto rules = LoadRuleset(FindRuleset(totals.ruleset));
  const SimReport report = Summarize(totals, *rules);
  WriteReport(html, totals, report);
  PrintReport(totals, report, fmt::format("{} shards merged", totals.shard_count), json);
  return 0;
}

int Compare(const GameOptions& game, const std::string& other, int games, int threads,
            const std::vector<std::string>& seats, const std::string& html) {
  const auto config_a = Config(game.game, game);
  const auto config_b = Config(other, game);
  if (config_a->players() != config_b->players()) {
    throw Error(ErrorKind::kUsage, "compare: give --players, the two rulesets start at different counts");
  }
  const SimOptions sim = Options(game, games, threads, seats);
  const SimTotals totals_a = Run(config_a, sim), totals_b = Run(config_b, sim);
  const SimReport a = Summarize(totals_a, config_a->rules()), b = Summarize(totals_b, config_b->rules());
  if (!html.empty()) {
    WriteFileAtomically(html, HtmlComparison({totals_a, a}, {totals_b, b}));
  }
  const int players = config_a->players();
  const int fa = a.games - a.unfinished, fb = b.games - b.unfinished;
  fmt::print("{} vs {}, {} players, {} games each under the same seeds\n", game.game, other, players, games);
  for (int p = 0; p < players; ++p) {
    const double z = ProportionZ(a.seats[p].wins, fa, b.seats[p].wins, fb);
    fmt::print("  seat {}: wins {:>6} vs {:>6} ({:+.1f} points, {}); mean score {:.2f} vs {:.2f}\n", p + 1,
               Percent(a.seats[p].wins, fa), Percent(b.seats[p].wins, fb),
               fa && fb ? 100.0 * a.seats[p].wins / fa - 100.0 * b.seats[p].wins / fb : 0.0, Verdict(z),
               a.seats[p].mean_score, b.seats[p].mean_score);
  }
  const double z =
      MeanZ(a.mean_turns, a.stddev_turns, std::max(1, fa), b.mean_turns, b.stddev_turns, std::max(1, fb));
  fmt::print("  length: {:.1f} vs {:.1f} turns ({:+.1f}, {})\n", a.mean_turns, b.mean_turns,
             a.mean_turns - b.mean_turns, Verdict(z));
  // Games that hit a limit are no finished games: their share is part of what differs.
  const double uz = ProportionZ(a.unfinished, a.games, b.unfinished, b.games);
  fmt::print("  unfinished: {} vs {} games ({} vs {}, {})\n", a.unfinished, b.unfinished,
             Percent(a.unfinished, a.games), Percent(b.unfinished, b.games), Verdict(uz));
  if (!html.empty()) fmt::print("  report: {}\n", html);
  return 0;
}

}  // namespace tapis::cli
