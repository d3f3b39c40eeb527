#include "interpreter/mechanisms/majority.h"

#include <algorithm>

namespace tapis {
namespace {

// What a card is worth by the majority's `by` tables.
long long Worth(const CardSet& set, const PointRule& worth, CardId card) {
  long long total = 0;
  for (const auto& [property, by_value] : worth.by) {
    const int v = set.Value(card, property);
    if (v >= 0 && v < static_cast<int>(by_value.size())) total += by_value[v];
  }
  return total;
}

// The majority's measure of the cards of `side`'s seats (p, p + sides, …).
long long Measure(const EngineServices& e, const GameState& s, const Majority& m, int side, int sides) {
  const CardSet& set = e.cards();
  long long count = 0;
  std::vector<long long> best;
  if (m.per >= 0) best.assign(e.rules().catalog.properties()[m.per].values.size(), -1);
  for (int p = side; p < s.players; p += sides) {
    for (CardId c : s.zones[e.ZoneSlot(m.zone, p)].cards) {
      if (!m.when.empty() && !FitsAll(set, m.when, c)) continue;
      if (m.per < 0) {
        ++count;
        continue;
      }
      const int v = set.Value(c, m.per);
      if (v >= 0 && v < static_cast<int>(best.size())) best[v] = std::max(best[v], Worth(set, m.worth, c));
    }
  }
  if (m.per < 0) return count;
  long long sum = 0;
  for (const long long b : best) {
    if (b < 0 && m.every) return 0;
    sum += std::max<long long>(b, 0);
  }
  return sum;
}

}  // namespace

void AddMajorities(const EngineServices& e, const GameState& s, std::vector<int>& scores) {
  const Ruleset& r = e.rules();
  const int sides = r.score_by_team ? r.teams : s.players;  // seat p plays for side p % sides
  for (const Majority& m : r.score_most) {
    long long top = 0;
    int winner = -1;
    bool tied = false;
    for (int side = 0; side < sides; ++side) {
      const long long measure = Measure(e, s, m, side, sides);
      if (measure > top) {
        top = measure;
        winner = side;
        tied = false;
      } else if (measure == top && top > 0) {
        tied = true;
      }
    }
    if (winner < 0 || tied) continue;
    scores[winner] = static_cast<int>(std::clamp<long long>(
        static_cast<long long>(scores[winner]) + e.config().Resolve(m.points), INT32_MIN, INT32_MAX));
  }
}

}  // namespace tapis
