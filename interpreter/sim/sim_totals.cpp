#include "interpreter/sim/sim_totals.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "interpreter/model/errors.h"
#include "interpreter/model/ruleset.h"
#include "interpreter/records/json_number.h"

namespace tapis {

void SimTotals::Merge(const SimTotals& o) {
  auto differ = [](const char* what) {
    return Error(ErrorKind::kUsage,
                 fmt::format("these results are not shards of one run: their {} differ", what));
  };
  if (ruleset != o.ruleset) throw differ("rulesets");
  if (players != o.players) throw differ("player counts");
  if (seed != o.seed) throw differ("seeds");
  if (settings != o.settings) throw differ("parameters");
  if (bots != o.bots) throw differ("bots");
  if (shard_count != o.shard_count) throw differ("shard counts");
  for (int s : o.shards) {
    if (std::find(shards.begin(), shards.end(), s) != shards.end()) {
      throw Error(ErrorKind::kUsage, fmt::format("shard {}/{} is given twice", s + 1, shard_count));
    }
    shards.push_back(s);
  }
  std::sort(shards.begin(), shards.end());
  if (o.games > kMaxSimGames - games)
    throw Error(ErrorKind::kUsage, fmt::format("these shards hold more than {} games", kMaxSimGames));
  games += o.games;
  unfinished += o.unfinished;
  for (int p = 0; p < players; ++p) {
    win_units[p] += o.win_units[p];
    score_sum[p] += o.score_sum[p];
    score_squares[p] += o.score_squares[p];
  }
  turns_sum += o.turns_sum;
  turns_squares += o.turns_squares;
  moves_sum += o.moves_sum;
  for (const auto& [k, v] : o.variable_sums) variable_sums[k] += v;
  for (const auto& [k, v] : o.move_counts) move_counts[k] += v;
  for (const auto& [k, v] : o.effect_counts) effect_counts[k] += v;
  effects_off.insert(o.effects_off.begin(), o.effects_off.end());
  for (const auto& [k, v] : o.card_players) card_players[k] += v;
  for (const auto& [k, v] : o.card_win_units) card_win_units[k] += v;
  for (const auto& [k, v] : o.card_legal) card_legal[k] += v;
  for (const auto& [k, v] : o.length_counts) length_counts[k] += v;
  decisions.resize(players, 0);
  think_seconds.resize(players, 0);
  think_max.resize(players, 0);
  for (int p = 0; p < players && p < static_cast<int>(o.decisions.size()); ++p) {
    decisions[p] += o.decisions[p];
    think_seconds[p] += o.think_seconds[p];
    think_max[p] = std::max(think_max[p], o.think_max[p]);
  }
  seconds = std::max(seconds, o.seconds);  // shards run side by side
  if (error.empty()) error = o.error;
}

SimReport Summarize(const SimTotals& t, const std::vector<std::string>& move_order,
                    const std::vector<std::string>& effect_order) {
  SimReport r;
  r.games = t.games;
  r.unfinished = t.unfinished;
  r.seconds = t.seconds;
  r.error = t.error;
  const int finished = t.games - t.unfinished;
  r.seats.resize(t.players);
  for (int p = 0; p < t.players && p < static_cast<int>(t.decisions.size()); ++p) {
    r.seats[p].decisions = t.decisions[p];
    r.seats[p].think_mean = t.decisions[p] ? t.think_seconds[p] / t.decisions[p] : 0;
    r.seats[p].think_max = t.think_max[p];
  }
  auto per_game = [&](const std::map<std::string, int64_t>& counts, const std::vector<std::string>& order) {
    std::vector<std::pair<std::string, double>> out;
    std::vector<std::string> names = order;
    for (const auto& [name, n] : counts) {
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
    for (const auto& name : names) {
      auto it = counts.find(name);
      out.push_back(
          {name, it == counts.end() || t.games == 0 ? 0.0 : static_cast<double>(it->second) / t.games});
    }
    return out;
  };
  r.moves_per_game = per_game(t.move_counts, move_order);
  for (const auto& [name, per] : per_game(t.effect_counts, effect_order)) {
    if (t.effects_off.count(name) && per == 0) {
      r.effects_off.push_back(name);
    } else {
      r.effects_per_game.emplace_back(name, per);
    }
  }
  for (const auto& [code, legal] : t.card_legal) {
    if (legal == 0) r.never_legal.push_back(code);
  }
  for (const auto& [code, players] : t.card_players) {
    if (players == 0) continue;
    auto wins = t.card_win_units.find(code);
    const double rate =
        wins == t.card_win_units.end() ? 0.0 : static_cast<double>(wins->second) / kWinUnit / players;
    r.cards.push_back({code, players, rate});
  }
  if (finished == 0) return r;
  const double n = finished;
  r.mean_turns = t.turns_sum / n;
  r.stddev_turns = std::sqrt(std::max(0.0, t.turns_squares / n - r.mean_turns * r.mean_turns));
  r.mean_moves = t.moves_sum / n;
  for (int p = 0; p < t.players; ++p) {
    SeatStats& seat = r.seats[p];
    seat.wins = static_cast<double>(t.win_units[p]) / kWinUnit;
    seat.mean_score = t.score_sum[p] / n;
    const double variance = std::max(0.0, t.score_squares[p] / n - seat.mean_score * seat.mean_score);
    seat.score_margin = 1.959964 * std::sqrt(variance / n);
  }
  for (const auto& [name, sum] : t.variable_sums) r.variable_means.push_back({name, sum / n});
  return r;
}

nlohmann::json TotalsToJson(const SimTotals& t) {
  return {{"tapis_sim_totals", 1},
          {"ruleset", t.ruleset},
          {"players", t.players},
          {"seed", t.seed},
          {"settings", t.settings},
          {"bots", t.bots},
          {"shard_count", t.shard_count},
          {"shards", t.shards},
          {"games", t.games},
          {"unfinished", t.unfinished},
          {"win_units", t.win_units},
          {"score_sum", t.score_sum},
          {"score_squares", t.score_squares},
          {"turns_sum", t.turns_sum},
          {"turns_squares", t.turns_squares},
          {"moves_sum", t.moves_sum},
          {"variable_sums", t.variable_sums},
          {"move_counts", t.move_counts},
          {"effect_counts", t.effect_counts},
          {"effects_off", t.effects_off},
          {"card_players", t.card_players},
          {"card_win_units", t.card_win_units},
          {"card_legal", t.card_legal},
          {"length_counts", t.length_counts},
          {"decisions", t.decisions},
          {"think_seconds", t.think_seconds},
          {"think_max", t.think_max},
          {"seconds", t.seconds},
          {"error", t.error}};
}

namespace {

// The numbers of a shard file people can edit, whole and in range: get_to(int) wrapped
// "games": 1e300 into -2147483648 games, and a negative player count reached resize().
class ShardReader {
 public:
  ShardReader(const nlohmann::json& j, const std::string& file) : j_(j), file_(file) {}

  Error Fail(const std::string& message) const { return IoError(fmt::format("{}: {}", file_, message)); }

  long long Whole(const nlohmann::json& value, const std::string& what, long long low, long long high) const {
    return WholeNumber(value, what, low, high, [&](const std::string& m) { return Fail(m); });
  }
  long long Whole(const char* key, long long low, long long high) const {
    return Whole(j_.at(key), fmt::format("\"{}\"", key), low, high);
  }
  void Sums(const char* key, std::vector<int64_t>& out) const {
    for (const auto& v : j_.at(key)) out.push_back(Whole(v, key, INT64_MIN, INT64_MAX));
  }
  void Sums(const char* key, std::map<std::string, int64_t>& out) const {
    std::map<std::string, nlohmann::json> raw;
    j_.at(key).get_to(raw);
    for (const auto& [k, v] : raw) out[k] = Whole(v, key, INT64_MIN, INT64_MAX);
  }
  void Sums(const char* key, std::map<int64_t, int64_t>& out) const {  // [[key, sum], …]
    for (const auto& pair : j_.at(key))
      out[Whole(pair.at(0), key, INT64_MIN, INT64_MAX)] = Whole(pair.at(1), key, INT64_MIN, INT64_MAX);
  }

 private:
  const nlohmann::json& j_;
  const std::string& file_;
};

}  // namespace

SimTotals TotalsFromJson(const nlohmann::json& j, const std::string& file) {
  try {
    if (!j.is_object() || !j.contains("tapis_sim_totals"))
      throw IoError(fmt::format("{}: not a result of tapis sim --shard", file));
    const ShardReader in(j, file);
    SimTotals t;
    j.at("ruleset").get_to(t.ruleset);
    t.players = static_cast<int>(in.Whole("players", 1, kMaxPlayers));
    if (!j.at("seed").is_number_unsigned())
      throw in.Fail(fmt::format("\"seed\": expected a whole number from 0 to {}, not {}", UINT64_MAX,
                                j.at("seed").dump()));
    j.at("seed").get_to(t.seed);
    j.at("settings").get_to(t.settings);
    j.at("bots").get_to(t.bots);
    t.shard_count = static_cast<int>(in.Whole("shard_count", 1, kMaxSimGames));
    for (const auto& s : j.at("shards"))
      t.shards.push_back(static_cast<int>(in.Whole(s, "shards", 0, t.shard_count - 1)));
    t.games = static_cast<int>(in.Whole("games", 0, kMaxSimGames));
    t.unfinished = static_cast<int>(in.Whole("unfinished", 0, t.games));
    in.Sums("win_units", t.win_units);
    in.Sums("score_sum", t.score_sum);
    in.Sums("score_squares", t.score_squares);
    t.turns_sum = in.Whole("turns_sum", INT64_MIN, INT64_MAX);
    t.turns_squares = in.Whole("turns_squares", INT64_MIN, INT64_MAX);
    t.moves_sum = in.Whole("moves_sum", INT64_MIN, INT64_MAX);
    in.Sums("variable_sums", t.variable_sums);
    in.Sums("move_counts", t.move_counts);
    in.Sums("effect_counts", t.effect_counts);
    if (j.contains("effects_off")) j.at("effects_off").get_to(t.effects_off);  // older shards: none
    in.Sums("card_players", t.card_players);
    in.Sums("card_win_units", t.card_win_units);
    in.Sums("card_legal", t.card_legal);
    in.Sums("length_counts", t.length_counts);
    if (j.contains("decisions")) {  // older shards have no timings
      in.Sums("decisions", t.decisions);
      j.at("think_seconds").get_to(t.think_seconds);
      j.at("think_max").get_to(t.think_max);
    }
    // One of each a seat, timed or not: what is written reads back the same (fuzz_shard).
    t.decisions.resize(t.players, 0);
    t.think_seconds.resize(t.players, 0);
    t.think_max.resize(t.players, 0);
    j.at("seconds").get_to(t.seconds);
    j.at("error").get_to(t.error);
    const size_t seats = static_cast<size_t>(t.players);
    if (t.win_units.size() != seats || t.score_sum.size() != seats || t.score_squares.size() != seats) {
      throw IoError(fmt::format("{}: the per-seat lists do not have {} entries", file, t.players));
    }
    return t;
  } catch (const nlohmann::json::exception& e) {
    throw IoError(fmt::format("{}: bad field ({})", file, e.what()));
  }
}

}  // namespace tapis
