#include "interpreter/mechanisms/hand_rank.h"

#include <algorithm>
#include <array>

namespace tapis {
namespace {

// Appends up to kHandTieRanks ranks, most significant first, under the kind's bits.
int Strength(int kind, std::span<const int> ranks) {
  int tie = 0;
  for (int i = 0; i < kHandTieRanks; ++i)
    tie = tie * 16 + (i < static_cast<int>(ranks.size()) ? ranks[i] + 1 : 0);
  return ((kind + 1) << (4 * kHandTieRanks)) | tie;
}

}  // namespace

int HandStrength(const CardSet& set, const HandRanking& ranking, std::span<const CardId> cards) {
  const int n = static_cast<int>(cards.size());
  if (n == 0 || n > kHandTieRanks) return kNoHand;
  std::array<int, kHandMaxRanks> count{};
  std::array<int, kHandTieRanks> ranks{};
  bool one_suit = true;
  const int suit = set.Value(cards[0], ranking.suit);
  for (int i = 0; i < n; ++i) {
    const int r = set.Value(cards[i], ranking.rank);
    if (r < 0 || r >= kHandMaxRanks) return kNoHand;
    ++count[r];
    ranks[i] = r;
    one_suit = one_suit && set.Value(cards[i], ranking.suit) == suit;
  }
  // Insertion sorts: at most six items, and this is the hot path of listing moves.
  for (int i = 1; i < n; ++i) {
    for (int j = i; j > 0 && ranks[j - 1] < ranks[j]; --j) std::swap(ranks[j - 1], ranks[j]);
  }
  // Groups of one rank, largest first, then highest rank first: [3 of J, 2 of 10].
  std::array<std::pair<int, int>, kHandTieRanks> groups{};
  int group_count = 0;
  for (int i = 0; i < n; ++i) {
    if (i > 0 && ranks[i] == ranks[i - 1]) continue;
    groups[group_count++] = {count[ranks[i]], ranks[i]};
  }
  for (int i = 1; i < group_count; ++i) {
    for (int j = i; j > 0 && groups[j - 1].first < groups[j].first; --j) std::swap(groups[j - 1], groups[j]);
  }
  const int top_rank = static_cast<int>(set.catalog().properties()[ranking.rank].values.size()) - 1;
  for (int k = static_cast<int>(ranking.kinds.size()) - 1; k >= 0; --k) {
    const HandKind& kind = ranking.kinds[k];
    if (kind.cards != n || (kind.flush && !one_suit)) continue;
    if (kind.run > 0) {
      if (group_count != n) continue;
      if (ranks[0] - ranks[n - 1] == n - 1) {
        const int top[] = {ranks[0]};
        return Strength(k, top);
      }
      // The top rank below the lowest: A-2-3-4-5 is a run up to 5.
      if (ranking.low_top && ranks[0] == top_rank && ranks[1] == n - 2 && ranks[n - 1] == 0) {
        const int top[] = {n - 2};
        return Strength(k, top);
      }
      continue;
    }
    if (!kind.sets.empty()) {
      if (static_cast<int>(kind.sets.size()) != group_count) continue;
      bool same = true;
      for (int g = 0; g < group_count; ++g) same = same && groups[g].first == kind.sets[g];
      if (!same) continue;
      std::array<int, kHandTieRanks> tie{};
      for (int g = 0; g < group_count; ++g) tie[g] = groups[g].second;
      return Strength(k, std::span<const int>(tie.data(), group_count));
    }
    return Strength(k, std::span<const int>(ranks.data(), n));  // a flush: every rank, highest first
  }
  return kNoHand;
}

}  // namespace tapis
