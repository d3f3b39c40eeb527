#include "interpreter/mechanisms/deadwood.h"

#include <algorithm>
#include <bit>

#include "interpreter/mechanisms/wild_melds.h"

namespace tapis {
namespace {

// A meld the hand can make: its natural cards (a bit per place in the hand), how many wild
// cards it needs, and how many more cards it could take (for wild cards left over).
struct Candidate {
  uint64_t naturals = 0;
  int wilds = 0;
  int room = 0;
};

struct Search {
  std::vector<std::vector<int>> containing;  // per place in the hand: the candidates holding it
  std::vector<Candidate> candidates;
  std::vector<long long> points;       // per place
  std::vector<long long> wild_points;  // the wild cards' points, highest first (used first)
  int steps = 0;
  long long best = -1;
  std::vector<int> chosen, best_chosen;

  // Wild cards not in a meld: the cheapest stay out, but as many as the melds have room for join them.
  long long WildsLeft(int used, int room) const {
    long long total = 0;
    const int left = static_cast<int>(wild_points.size()) - used;
    for (int i = static_cast<int>(wild_points.size()) - 1, out = left - std::min(left, room); out > 0;
         --i, --out)
      total += wild_points[i];
    return total;
  }

  void Walk(uint64_t left, int wilds_used, int room, long long dead) {
    if (++steps > kMaxArrangementSteps || (best >= 0 && dead >= best)) return;
    if (left == 0) {
      const long long total = dead + WildsLeft(wilds_used, chosen.empty() ? 0 : room);
      if (best < 0 || total < best) {
        best = total;
        best_chosen = chosen;
      }
      return;
    }
    const int first = std::countr_zero(left);
    for (const int k : containing[first]) {
      const Candidate& c = candidates[k];
      if ((c.naturals & ~left) != 0 || wilds_used + c.wilds > static_cast<int>(wild_points.size())) continue;
      chosen.push_back(k);
      Walk(left & ~c.naturals, wilds_used + c.wilds, room + c.room, dead);
      chosen.pop_back();
    }
    Walk(left & (left - 1), wilds_used, room, dead + points[first]);
  }
};

}  // namespace

Arrangement BestArrangement(const EngineServices& e, std::span<const CardId> cards,
                            std::span<const int> points, const std::vector<int>& melds) {
  const CardSet& set = e.cards();
  const size_t n = std::min<size_t>(cards.size(), 64);
  Search search;
  search.containing.resize(n);
  std::vector<CardId> naturals, wilds;     // the hand's cards, wild ones apart
  std::vector<int> place(set.size(), -1);  // a natural card's place in the hand
  std::vector<std::pair<int, CardId>> wild_cards;
  for (size_t i = 0; i < n; ++i) {
    const bool wild = std::any_of(melds.begin(), melds.end(), [&](int m) {
      return e.rules().combinations[m].wild && set.Wild(cards[i]) == e.rules().combinations[m].property;
    });
    if (wild) {
      wild_cards.push_back({points[i], cards[i]});
    } else {
      place[cards[i]] = static_cast<int>(naturals.size());
      naturals.push_back(cards[i]);
      search.points.push_back(points[i]);
    }
  }
  std::sort(wild_cards.rbegin(), wild_cards.rend());
  for (const auto& [worth, card] : wild_cards) {
    search.wild_points.push_back(worth);
    wilds.push_back(card);
  }
  search.containing.resize(naturals.size());
  std::vector<std::vector<CardId>> meld_cards;  // per candidate, for the answer
  for (const int m : melds) {
    const Combination& combo = e.rules().combinations[m];
    const int values = static_cast<int>(combo.stands_for.size());
    ForEachWildMeld(set, combo, cards.first(n), [&](const Move& move) {
      Candidate c;
      std::vector<CardId> laid;
      for (int i = 0; i < move.count; ++i) {
        if (move.stands[i] >= 0) {
          ++c.wilds;
        } else {
          c.naturals |= uint64_t{1} << place[move.cards[i]];
          laid.push_back(move.cards[i]);
        }
      }
      if (c.naturals == 0) return;
      const int most = combo.kind == Combination::Kind::kRun ? std::min(combo.max, values) : combo.max;
      c.room = std::max(0, most - move.count);
      search.containing[std::countr_zero(c.naturals)].push_back(static_cast<int>(search.candidates.size()));
      search.candidates.push_back(c);
      meld_cards.push_back(std::move(laid));
    });
  }
  // A candidate is tried at its first card only: the walk takes cards in order.
  search.Walk(
      naturals.empty() ? 0 : (naturals.size() >= 64 ? ~uint64_t{0} : (uint64_t{1} << naturals.size()) - 1), 0,
      0, 0);
  Arrangement out;
  out.deadwood = std::max<long long>(search.best, 0);
  size_t wild_next = 0;
  for (const int k : search.best_chosen) {
    std::vector<CardId> meld = meld_cards[k];
    for (int w = 0; w < search.candidates[k].wilds; ++w) meld.push_back(wilds[wild_next++]);
    out.melds.push_back(std::move(meld));
  }
  return out;
}

}  // namespace tapis
