#include "interpreter/mechanisms/majority.h"

#include <algorithm>

#include "interpreter/model/names.h"

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
  std::vector<bool> present;  // per value of `per`: some card has it
  if (m.per >= 0) {
    best.assign(e.rules().catalog.properties()[m.per].values.size(), 0);
    present.assign(best.size(), false);
  }
  for (int p = side; p < s.players; p += sides) {
    for (CardId c : s.zones[e.ZoneSlot(m.zone, p)].cards) {
      if (!m.when.empty() && !FitsAll(set, m.when, c)) continue;
      if (m.per < 0) {
        ++count;
        continue;
      }
      const int v = set.Value(c, m.per);
      if (v < 0 || v >= static_cast<int>(best.size())) continue;
      const long long worth = Worth(set, m.worth, c);
      best[v] = present[v] ? std::max(best[v], worth) : worth;
      present[v] = true;
    }
  }
  if (m.per < 0) return count;
  long long sum = 0;
  for (size_t v = 0; v < best.size(); ++v) {
    if (!present[v] && m.every) return 0;
    sum += best[v];
  }
  return sum;
}

}  // namespace

void AddMajorities(const EngineServices& e, const GameState& s, std::vector<int>& scores, ScoreParts* parts) {
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
    if (parts != nullptr) {
      const std::string label = m.name.empty() ? Spoken("most " + r.zones[m.zone].name) : m.name;
      AddScorePart(parts, winner, label, e.config().Resolve(m.points));
    }
    scores[winner] = static_cast<int>(std::clamp<long long>(
        static_cast<long long>(scores[winner]) + e.config().Resolve(m.points), INT32_MIN, INT32_MAX));
  }
}

}  // namespace tapis
