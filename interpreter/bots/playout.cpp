#include "interpreter/bots/playout.h"

#include <cmath>

#include "interpreter/bots/bots.h"

namespace tapis {

void PlayOut(Engine& engine, GameState& state, uint16_t round, const PlayoutLimits& limits, uint64_t& rng) {
  std::vector<Move> legal;
  int64_t listed = 0;
  for (int made = 0; made < limits.max_moves && !state.finished && state.round == round &&
                     listed < limits.max_listed && (limits.until_turn == 0 || state.turns < limits.until_turn);
       ++made) {
    engine.LegalMoves(state, legal);
    listed += static_cast<int64_t>(legal.size());
    if (legal.empty()) return;
    if (!engine.Apply(state, legal[RandomMove(engine, legal, rng)]).ok) return;
  }
}

std::vector<double> StandingValues(Engine& engine, const GameState& state, uint16_t round) {
  std::vector<double> values;
  if (!engine.rules().bot_evaluate.empty()) {
    for (int v : engine.BotEvaluation(state)) values.push_back(v);
    return values;
  }
  // A new round has only begun: its score so far says nothing yet.
  const std::vector<int> scores = state.round != round ? state.totals : engine.BotScore(state, round);
  const double sign = engine.rules().match.lowest_wins ? -1 : 1;
  for (int s : scores) values.push_back(sign * s);
  return values;
}

double Lead(const std::vector<double>& values, int player) {
  const int n = static_cast<int>(values.size());
  if (n <= 1) return values.empty() ? 0 : values[0];
  double others = 0;
  for (int q = 0; q < n; ++q) others += q == player ? 0 : values[q];
  return values[player] - others / (n - 1);
}

std::vector<double> Rewards(Engine& engine, const GameState& state, const std::vector<double>& values,
                            double scale) {
  const int n = state.players;
  std::vector<double> rewards(n, 0);
  if (state.finished) {
    const std::vector<int> winners = engine.Winners(state, engine.Score(state));
    for (int w : winners) rewards[w] = 1.0 / static_cast<double>(winners.size());
    return rewards;
  }
  for (int p = 0; p < n; ++p) {
    double rank = 0.5;  // alone: no one to beat
    if (n > 1) {
      rank = 0;
      for (int q = 0; q < n; ++q) {
        if (q != p) rank += values[p] > values[q] ? 1.0 : values[p] == values[q] ? 0.5 : 0.0;
      }
      rank /= n - 1;
    }
    const double lead = 0.5 + 0.5 * std::tanh(Lead(values, p) / scale);
    rewards[p] = 0.5 * rank + 0.5 * lead;
  }
  return rewards;
}

}  // namespace tapis
