// SimTotals: what a simulation adds up, kept as exact sums so that shards of a run (games
// i with i mod n = k) merge into exactly what one run gives (`tapis sim --shard`,
// `tapis merge`). Summarize turns totals into the report's means and intervals.
#pragma once

#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <string>
#include <vector>

namespace tapis {

// A shared win counts 1/k to each of k winners; in these units every such share is whole.
inline constexpr int64_t kWinUnit = 720720;  // divisible by 1 … 16

// The most games one run may play (`tapis sim -n`), shards together.
inline constexpr int kMaxSimGames = 100'000'000;

struct SimTotals {
  // What was run: shards merge only when all of this agrees.
  std::string ruleset;
  int players = 0;
  uint64_t seed = 0;
  std::map<std::string, std::string> settings;
  std::vector<std::string> bots;
  int shard_count = 1;
  std::vector<int> shards;  // the shard indexes added up here

  int games = 0;
  int unfinished = 0;
  std::vector<int64_t> win_units, score_sum, score_squares;  // per seat, finished games
  int64_t turns_sum = 0, turns_squares = 0, moves_sum = 0;
  std::map<std::string, int64_t> variable_sums;  // table variables at the end
  std::map<std::string, int64_t> move_counts, effect_counts;
  std::set<std::string> effects_off;  // effects the parameters switch off (`enabled: $param` false)
  // With per-card attribution, by card code: player-games where the player played or held
  // the card, their wins (in kWinUnit), and how often a legal move used it.
  std::map<std::string, int64_t> card_players, card_win_units, card_legal;
  std::map<int64_t, int64_t> length_counts;  // finished games by their number of turns
  // Per seat, bots that look ahead only: decisions with a choice, time spent on them, and
  // the longest (seconds; like `seconds`, they vary from run to run).
  std::vector<int64_t> decisions;
  std::vector<double> think_seconds, think_max;
  double seconds = 0;
  std::string error;

  // Adds another shard of the same run; throws Error(kUsage) when they do not belong together.
  void Merge(const SimTotals& other);
  bool Complete() const { return static_cast<int>(shards.size()) == shard_count; }
};

struct SeatStats {
  double wins = 0;  // a shared win counts 1/k for each of k winners
  int64_t decisions = 0;  // timed decisions (bots that look ahead), their mean and longest time
  double think_mean = 0, think_max = 0;
  double mean_score = 0;
  double score_margin = 0;  // half-width of the mean score's 95% interval
};

struct SimReport {
  int games = 0;
  int unfinished = 0;
  std::vector<SeatStats> seats;
  double mean_turns = 0, stddev_turns = 0;
  double mean_moves = 0;
  double seconds = 0;
  std::string error;  // the first script error met, if any
  // Mean at the end of finished games of each table variable, by name: a ruleset can count
  // how a game ended (a turn limit reached, say) and the report shows how often.
  std::vector<std::pair<std::string, double>> variable_means;
  // Rule coverage, per game: how often each move was made and each move's effect fired.
  std::vector<std::pair<std::string, double>> moves_per_game;
  std::vector<std::pair<std::string, double>> effects_per_game;  // the effects switched off left out
  std::vector<std::string> effects_off;
  // Per-card attribution: {code, player-games, win rate} for cards played or held, and the
  // codes of cards no legal move ever used.
  struct CardStats {
    std::string code;
    int64_t players = 0;
    double win_rate = 0;
  };
  std::vector<CardStats> cards;
  std::vector<std::string> never_legal;
};

SimReport Summarize(const SimTotals& totals, const std::vector<std::string>& move_order = {},
                    const std::vector<std::string>& effect_order = {});

nlohmann::json TotalsToJson(const SimTotals& totals);
// Throws Error(kIo) "file: message" when the JSON is not a shard's totals.
SimTotals TotalsFromJson(const nlohmann::json& j, const std::string& file);

}  // namespace tapis
