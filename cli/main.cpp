// tapis: play, simulate and check card-game rulesets. Exit codes: 0 fine, 1 a check
// failed, 2 bad rules, 3 script error, 4 I/O error, 5 illegal move, 6 bad usage, 130 a
// game stopped by Ctrl-C.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <charconv>
#include <cmath>
#include <csignal>
#include <cstdint>
#include <iostream>
#include <thread>

#include "cli/commands.h"
#include "cli/completion.h"
#include "cli/man_page.h"
#include "cli/ruleset_schema.h"
#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/errors.h"
#include "interpreter/sim/sim_totals.h"

namespace {

// A whole number from `low` to `high`, said so when it is not.
CLI::Validator Within(long long low, long long high) {
  return CLI::Validator(
      [low, high](std::string& text) -> std::string {
        long long value = 0;
        if (!CLI::detail::lexical_cast(text, value)) return "expected a whole number, not '" + text + "'";
        if (value < low || value > high)
          return "must be from " + std::to_string(low) + " to " + std::to_string(high) + ", not " + text;
        return "";
      },
      "INT in [" + std::to_string(low) + ", " + std::to_string(high) + "]");
}

// A seed: the digits of a number from 0 to 2^64 - 1 (CLI11 wrapped -1 and cut 2^64 silently).
CLI::Validator Seed() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        uint64_t value = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (text.empty() || text[0] == '-' || error != std::errc() || end != text.data() + text.size())
          return fmt::format("must be a whole number from 0 to {}, not {}", UINT64_MAX, text);
        return "";
      },
      "UINT64");
}

CLI::Validator Percent() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value) || !(value >= 0 && value <= 100))
          return "expected a percentage from 0 to 100, not '" + text + "'";
        return "";
      },
      "PERCENT");
}

// A number of seconds, more than none and at most an hour.
CLI::Validator Seconds() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        double value = 0;
        if (!CLI::detail::lexical_cast(text, value) || !std::isfinite(value) || value <= 0 || value > 3600)
          return "expected a number of seconds above 0 and at most 3600, not '" + text + "'";
        return "";
      },
      "SECONDS");
}

// What went wrong with the command line, naming the word mistyped where CLI11 does not
// ("A subcommand is required" for `tapis plya`, "not expected: --playrs 3").
std::string UsageMessage(const CLI::App& app, const CLI::ParseError& e, int argc, char** argv) {
  std::vector<std::string> commands;
  for (const CLI::App* sub : app.get_subcommands({}))
    if (!sub->get_group().empty()) commands.push_back(sub->get_name());  // not the hidden __complete
  const auto parsed = app.get_subcommands();
  if (parsed.empty()) {
    for (int i = 1; i < argc; ++i) {
      const std::string word = argv[i];
      if (word.empty() || word[0] == '-') continue;
      return fmt::format("unknown command '{}'; {}", word,
                         tapis::Suggest(word, commands, "the commands are"));
    }
    if (argc > 1)
      return fmt::format("unknown option '{}'; give a command first: {}", argv[1], tapis::Join(commands));
    return fmt::format("give a command: {}", tapis::Join(commands));
  }
  const CLI::App& command = *parsed.front();
  std::vector<std::string> options;
  for (const CLI::Option* option : command.get_options()) {
    for (const std::string& name : option->get_lnames()) options.push_back("--" + name);
  }
  for (int i = 2; i < argc; ++i) {
    const std::string word = argv[i];
    if (word == "--") break;
    if (word.rfind("--", 0) != 0) continue;
    const std::string name = word.substr(0, word.find('='));
    if (std::find(options.begin(), options.end(), name) != options.end()) continue;
    return fmt::format("{}: unknown option '{}'; {}", command.get_name(), name,
                       tapis::Suggest(name, options, "its options are"));
  }
  return e.what();
}

constexpr long long kMostPlayers = 64;
constexpr long long kMostThreads = 256;
constexpr long long kMostGames = tapis::kMaxSimGames;

}  // namespace

int main(int argc, char** argv) {
  // A file grown past the size limit (ulimit -f) fails its write, which is reported,
  // instead of killing the process mid-save.
  std::signal(SIGXFSZ, SIG_IGN);
  using tapis::cli::GameOptions;
  CLI::App app{"tapis — rules-as-data card games"};
  app.set_version_flag("--version", "tapis " TAPIS_VERSION);
  app.require_subcommand(1);

  GameOptions game;
  std::vector<std::string> seats;
  auto add_game_options = [&](CLI::App* cmd) {
    auto* name =
        cmd->add_option("game", game.game, "ruleset name (see `tapis list`) or path to a .yaml file");
    if (cmd->get_name() != "play") name->required();
    cmd->add_option("--players", game.players, "number of players (default: the ruleset's minimum)")
        ->check(Within(1, kMostPlayers));
    cmd->add_option("--seed", game.seed, "seed of the game's randomness")
        ->check(Seed())
        ->each([&](const std::string&) { game.seed_given = true; });
    // One value per flag, so `--set a=1 GAME` leaves GAME to the positional argument.
    cmd->add_option("--set", game.settings, "parameter value, key=value (repeatable)")
        ->allow_extra_args(false);
    cmd->add_option("--seat", seats, "who plays each seat in order: human, random, greedy or ismcts[:BUDGET] (repeatable)")
        ->allow_extra_args(false);
  };

  auto* list = app.add_subcommand("list", "the known rulesets, with player counts and descriptions");
  bool list_long = false;
  list->add_flag("--long", list_long, "whole descriptions and where each ruleset's file is");

  auto* rules =
      app.add_subcommand("rules", "how to play a ruleset: its rules for players and its parameters");
  std::string rules_section;
  rules->add_option("game", game.game, "ruleset name (see `tapis list`) or path to a .yaml file")->required();
  rules->add_option("section", rules_section, "only the sections whose names start so (goal, scoring…)");
  rules->add_option("--players", game.players, "number of players (default: the ruleset's minimum)")
      ->check(Within(1, kMostPlayers));
  rules->add_option("--set", game.settings, "parameter value, key=value (repeatable)")
      ->allow_extra_args(false);

  auto* play = app.add_subcommand("play", "play a game in the terminal");
  add_game_options(play);
  std::string log_path;
  play->add_option("--log", log_path, "write the game log (JSON lines) to this file");
  std::string resume;
  play->add_option("--resume", resume, "continue a game saved with `save FILE` (or any game log)");
  bool plain = false, dealt_order = false;
  play->add_flag("--plain", plain,
                 "cards as their codes, without suit symbols or colours (also with NO_COLOR)");
  play->add_flag("--dealt-order", dealt_order, "show hands in the order their cards came, not sorted");

  auto* sim = app.add_subcommand("sim", "bot games: win rate per seat, game length, speed");
  add_game_options(sim);
  // Every core by default: each game's seed is its own, so the report does not depend on it.
  int games = 1000, threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  bool json = false;
  sim->add_option("-n,--games", games, "number of games")->check(Within(1, kMostGames));
  sim->add_option("--threads", threads, "threads (default: one per core)")->check(Within(1, kMostThreads));
  sim->add_flag("--json", json, "print the report as JSON");
  std::string compare, shard, shard_out;
  bool cards = false;
  std::string html;
  sim->add_option("--report", html, "also write the report as one self-contained HTML page");
  sim->add_flag("--cards", cards,
                "per-card attribution: how players who played or held each card fared (slower)");
  sim->add_option("--shard", shard, "play only share i/n of the games (needs --out), for several machines");
  sim->add_option("--out", shard_out, "with --shard: write the share's totals to this JSON file");
  sim->add_option("--compare", compare,
                  "another ruleset (a variant, say) to play under the same seeds and compare (--report: "
                  "a comparison page)")
      ->excludes("--json")
      ->excludes("--cards")
      ->excludes("--shard");

  auto* check = app.add_subcommand("check", "load rulesets, report problems, run random games");
  std::vector<std::string> check_games;
  int check_count = 100;
  std::vector<std::string> check_settings;
  double check_unfinished = 1;
  check->add_option("games", check_games, "ruleset names or paths")->required();
  check
      ->add_option("--games", check_count,
                   "random games for each player count (each parameter value: a quarter)")
      ->check(Within(0, kMostGames));
  check
      ->add_option("--set", check_settings,
                   "parameter value, key=value (repeatable); its other values are not tried")
      ->allow_extra_args(false);
  check
      ->add_option(
          "--unfinished", check_unfinished,
          "percent of a player count's games that may fail to end before the check fails (default 1)")
      ->check(Percent());

  auto* make = app.add_subcommand("new", "write a variant skeleton that extends a ruleset");
  std::string new_name, new_from;
  make->add_option("name", new_name, "the variant's name (writes NAME.yaml here)")->required();
  make->add_option("--from", new_from, "the ruleset it extends")->required();

  auto* merge =
      app.add_subcommand("merge", "combine the shards of a sim run (tapis sim --shard i/n --out FILE)");
  std::vector<std::string> merge_files;
  merge->add_option("files", merge_files, "every shard's file")->required();
  merge->add_flag("--json", json, "print the report as JSON");
  merge->add_option("--report", html, "also write the report as one self-contained HTML page");

  auto* bench = app.add_subcommand("bench", "random-bot games per second for each ruleset");
  std::vector<std::string> bench_games;
  int bench_players = 4, bench_threads = 1;
  double bench_seconds = 2;
  bench->add_option("games", bench_games, "ruleset names or paths (default: every ruleset found)");
  bench->add_option("--players", bench_players, "players, kept within each game's range")
      ->check(Within(1, kMostPlayers));
  bench->add_option("--threads", bench_threads, "threads")->check(Within(1, kMostThreads));
  bench->add_option("--seconds", bench_seconds, "time to spend on each ruleset")->check(Seconds());

  std::string file;
  auto* replay = app.add_subcommand("replay", "replay a game log and verify it");
  replay->add_option("log", file, "the log file")->required();
  int as_seat = 0;
  replay->add_option("--as", as_seat, "print the game as this seat saw it (a redacted log, JSON lines)")
      ->check(Within(1, kMostPlayers));
  bool narrate = false;
  replay->add_flag("--narrate", narrate,
                   "with --as: the moves as text, each with what it caused as that seat saw it");
  std::string peer_file;
  replay->add_option("--jsonl", peer_file,
                     "replay a peer program's games (JSON lines) with the ruleset given instead of a log");
  auto* moves = app.add_subcommand("moves", "legal moves of a saved position");
  moves->add_option("state", file, "a saved game (a game log)")->required();
  std::string why;
  moves->add_option("--why", why, "whether this move is legal there, and if not, which rule refuses it");
  auto* score = app.add_subcommand("score", "current scores of a saved position");
  score->add_option("state", file, "a saved game (a game log)")->required();
  auto* schema = app.add_subcommand("schema", "print the JSON Schema of ruleset files, for an editor");
  auto* completion = app.add_subcommand("completion", "print the script that completes tapis in a shell");
  std::string shell;
  completion->add_option("shell", shell, "bash, zsh or fish")->required();
  // What the completion scripts ask: every word after it is the command line being typed.
  auto* complete = app.add_subcommand("__complete", "")->group("")->prefix_command();
  auto* man = app.add_subcommand("__man", "")->group("");  // the manual page, for the build (man_page.h)

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help
    std::cerr << "tapis: " << tapis::Printable(UsageMessage(app, e, argc, argv)) << " (see tapis "
              << (app.get_subcommands().empty() ? "" : app.get_subcommands().front()->get_name() + " ")
              << "--help)\n";
    return static_cast<int>(tapis::ErrorKind::kUsage);
  }

  try {
    if (list->parsed()) return tapis::cli::List(list_long);
    if (rules->parsed()) return tapis::cli::Rules(game, rules_section);
    if (play->parsed()) {
      if (game.game.empty() == resume.empty()) {
        throw tapis::Error(tapis::ErrorKind::kUsage,
                           "play: give a GAME to start, or --resume FILE to continue");
      }
      return tapis::cli::Play(game, {seats, log_path, resume, plain, dealt_order});
    }
    if (sim->parsed() && !compare.empty())
      return tapis::cli::Compare(game, compare, games, threads, seats, html);
    if (sim->parsed()) {
      if (shard.empty() != shard_out.empty())
        throw tapis::Error(tapis::ErrorKind::kUsage, "sim: --shard and --out go together");
      return tapis::cli::Sim(game, games, threads, seats, json, shard, shard_out, cards, html);
    }
    if (merge->parsed()) return tapis::cli::Merge(merge_files, json, html);
    if (bench->parsed()) return tapis::cli::Bench(bench_games, bench_players, bench_threads, bench_seconds);
    if (check->parsed()) {
      tapis::cli::GameOptions settings;
      settings.settings = check_settings;
      return tapis::cli::Check(check_games, check_count, settings.Settings(), check_unfinished / 100);
    }
    if (replay->parsed() && !peer_file.empty()) return tapis::cli::ReplayPeer(file, peer_file);
    if (replay->parsed()) return tapis::cli::ReplayLog(file, as_seat, narrate);
    if (make->parsed()) return tapis::cli::New(new_name, new_from);
    if (moves->parsed()) return why.empty() ? tapis::cli::Moves(file) : tapis::cli::WhyMove(file, why);
    if (score->parsed()) return tapis::cli::Score(file);
    if (completion->parsed()) {
      fmt::print("{}", tapis::cli::CompletionScript(shell));
      return 0;
    }
    if (complete->parsed()) {
      for (const std::string& word : tapis::cli::Completions(app, complete->remaining()))
        fmt::print("{}\n", word);
      return 0;
    }
    if (man->parsed()) {
      fmt::print("{}", tapis::cli::ManPage(app, TAPIS_VERSION));
      return 0;
    }
    if (schema->parsed()) {
      fmt::print("{}", tapis::cli::kRulesetSchema);
      return 0;
    }
  } catch (const tapis::Error& e) {
    std::cerr << "tapis: " << tapis::Printable(e.what()) << "\n";
    return static_cast<int>(e.kind());
  } catch (const std::exception& e) {
    std::cerr << "tapis: internal error: " << tapis::Printable(e.what()) << "\n";
    return 70;
  }
  return 0;
}
