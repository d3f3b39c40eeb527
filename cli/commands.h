// The `tapis` subcommands. Each returns the process exit code; errors are thrown as
// tapis::Error and turned into one line and an exit code by main.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "interpreter/model/ruleset.h"

namespace tapis::cli {

struct GameOptions {
  std::string game;
  int players = 0;  // 0: the ruleset's minimum
  uint64_t seed = 0;
  bool seed_given = false;
  std::vector<std::string> settings;                    // key=value
  std::map<std::string, std::string> Settings() const;  // throws on a malformed pair
};

int List(bool long_form);
// A move's effect as the YAML writes it: `on_meld`, `{skip: 1, if: {rank: [Q]}}`.
std::string TriggerYaml(const Ruleset& rules, const Trigger& t);
// The rules for players of `game` (all, or the sections `section` starts), and its parameters
// as `game` sets them (--players, --set).
int Rules(const GameOptions& game, const std::string& section);
// A progress line on standard error: a bar, the share done, the rate and the time left
// ("[#####     ]  45% 450/1000 games, 2300/s, 0:03 left").
std::function<void(int, int)> ProgressBar(const char* what);
struct PlayOptions {
  std::vector<std::string> seats;  // who plays each seat: human, or a bot's name
  std::string log_path;            // where the log is kept, or empty
  std::string resume;              // a saved game's log to continue instead of starting a new game
  bool plain = false;              // card codes as typed, no symbols or colours
  bool dealt_order = false;        // hands as dealt, not sorted
};
int Play(const GameOptions& game, const PlayOptions& options);
// `shard` "i/n": play only that share of the games and write exact totals to `out`.
int Sim(const GameOptions& game, int games, int threads, const std::vector<std::string>& seats, bool json,
        const std::string& shard, const std::string& out, bool cards, const std::string& html);
// Combines the totals of every shard of a run into its report.
int Merge(const std::vector<std::string>& files, bool json, const std::string& html);
// Plays `game` and `other` under the same seeds and says what differs, and whether it is
// more than chance.
int Compare(const GameOptions& game, const std::string& other, int games, int threads,
            const std::vector<std::string>& seats, const std::string& html);
// Random games of each ruleset with the parameters given, then with each other value of its
// bool and small choice parameters; 1 when a ruleset has a problem.
int Check(const std::vector<std::string>& games, int random_games,
          const std::map<std::string, std::string>& settings, double unfinished_limit);
// Random-bot games per second for each of `games` (every ruleset found when empty).
int Bench(const std::vector<std::string>& games, int players, int threads, double seconds);
// With `seat` (from 1), prints the game as that seat saw it instead (a redacted log).
int ReplayLog(const std::string& path, int seat, bool narrate);
// Replays a peer program's games (JSON lines) with `game`'s rules: prints one summary line,
// or throws at the first difference.
int ReplayPeer(const std::string& game, const std::string& path);
// Writes NAME.yaml, a commented variant skeleton that extends `from`.
int New(const std::string& name, const std::string& from);
int Moves(const std::string& path);
// Whether `move` is legal at the end of the log or position, and if not why (exit 5, illegal move).
int WhyMove(const std::string& path, const std::string& move);
int Score(const std::string& path);

}  // namespace tapis::cli
