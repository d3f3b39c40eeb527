#include "interpreter/sim/sim_totals.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "interpreter/model/errors.h"

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

SimTotals TotalsFromJson(const nlohmann::json& j, const std::string& file) {
  try {
    if (!j.contains("tapis_sim_totals"))
      throw IoError(fmt::format("{}: not a result of tapis sim --shard", file));
    SimTotals t;
    j.at("ruleset").get_to(t.ruleset);
    j.at("players").get_to(t.players);
    j.at("seed").get_to(t.seed);
    j.at("settings").get_to(t.settings);
    j.at("bots").get_to(t.bots);
    j.at("shard_count").get_to(t.shard_count);
    j.at("shards").get_to(t.shards);
    j.at("games").get_to(t.games);
    j.at("unfinished").get_to(t.unfinished);
    j.at("win_units").get_to(t.win_units);
    j.at("score_sum").get_to(t.score_sum);
    j.at("score_squares").get_to(t.score_squares);
    j.at("turns_sum").get_to(t.turns_sum);
    j.at("turns_squares").get_to(t.turns_squares);
    j.at("moves_sum").get_to(t.moves_sum);
    j.at("variable_sums").get_to(t.variable_sums);
    j.at("move_counts").get_to(t.move_counts);
    j.at("effect_counts").get_to(t.effect_counts);
    if (j.contains("effects_off")) j.at("effects_off").get_to(t.effects_off);  // older shards: none
    j.at("card_players").get_to(t.card_players);
    j.at("card_win_units").get_to(t.card_win_units);
    j.at("card_legal").get_to(t.card_legal);
    j.at("length_counts").get_to(t.length_counts);
    if (j.contains("decisions")) {  // older shards have no timings
      j.at("decisions").get_to(t.decisions);
      j.at("think_seconds").get_to(t.think_seconds);
      j.at("think_max").get_to(t.think_max);
      t.decisions.resize(t.players, 0);
      t.think_seconds.resize(t.players, 0);
      t.think_max.resize(t.players, 0);
    }
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
