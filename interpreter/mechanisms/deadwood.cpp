#include "interpreter/mechanisms/deadwood.h"

#include <algorithm>

#include "interpreter/mechanisms/wild_melds.h"

namespace tapis {
namespace {

// A meld the hand can make: how many copies of each natural kind it takes (kinds by their
// place in the hand's list), how many wild cards, and how many more cards it could take.
struct Candidate {
  std::vector<std::pair<int, int>> kinds;  // place, copies; the lowest place first
  int wilds = 0;
  long long room = 0;
};

struct Search {
  std::vector<int> copies;             // per natural kind in the hand: how many are left
  std::vector<long long> points;       // per natural kind
  std::vector<long long> wild_points;  // the wild cards' points, highest first (used first)
  std::vector<Candidate> candidates;
  std::vector<std::vector<int>> starting;  // per kind: the candidates whose lowest kind it is
  bool prune = true;                       // no card is worth less than nothing
  int steps = 0;
  bool found = false;
  long long best = 0;
  std::vector<int> chosen, best_chosen;

  // Wild cards in no meld: as many as the melds have room for join them; the cheapest stay out.
  long long WildsLeft(int used, long long room) const {
    const long long left = static_cast<long long>(wild_points.size()) - used;
    long long total = 0;
    for (long long out = left - std::min(left, room), i = static_cast<long long>(wild_points.size()) - 1;
         out > 0; --out, --i)
      total += wild_points[i];
    return total;
  }

  void Walk(size_t first, int wilds_used, long long room, long long dead) {
    if (++steps > kMaxArrangementSteps || (prune && found && dead >= best)) return;
    while (first < copies.size() && copies[first] == 0) ++first;
    if (first == copies.size()) {
      const long long total = dead + WildsLeft(wilds_used, chosen.empty() ? 0 : room);
      if (!found || total < best) {
        found = true;
        best = total;
        best_chosen = chosen;
      }
      return;
    }
    for (const int k : starting[first]) {
      const Candidate& c = candidates[k];
      if (wilds_used + c.wilds > static_cast<int>(wild_points.size()) ||
          std::any_of(c.kinds.begin(), c.kinds.end(),
                      [&](const auto& kc) { return copies[kc.first] < kc.second; }))
        continue;
      for (const auto& [kind, n] : c.kinds) copies[kind] -= n;
      chosen.push_back(k);
      Walk(first, wilds_used + c.wilds, room + c.room, dead);
      chosen.pop_back();
      for (const auto& [kind, n] : c.kinds) copies[kind] += n;
    }
    --copies[first];  // one copy left out
    Walk(first, wilds_used, room, dead + points[first]);
    ++copies[first];
  }
};

}  // namespace

Arrangement BestArrangement(const EngineServices& e, std::span<const CardId> cards,
                            std::span<const int> points, const std::vector<int>& melds) {
  const CardSet& set = e.cards();
  const auto& combinations = e.rules().combinations;
  Search search;
  std::vector<int> place(e.rules().catalog.kinds().size(), -1);  // a natural kind's place in the search
  std::vector<std::vector<CardId>> held;                         // per place: the copies held
  std::vector<std::pair<int, CardId>> wild_cards;
  for (size_t i = 0; i < cards.size(); ++i) {
    const CardId c = cards[i];
    const bool wild = std::any_of(melds.begin(), melds.end(), [&](int m) {
      return combinations[m].wild && set.Wild(c) == combinations[m].property;
    });
    search.prune = search.prune && points[i] >= 0;
    if (wild) {
      wild_cards.push_back({points[i], c});
      continue;
    }
    int& at = place[set.Kind(c)];
    if (at < 0) {
      at = static_cast<int>(held.size());
      held.emplace_back();
      search.points.push_back(points[i]);
    }
    held[at].push_back(c);
  }
  for (const auto& copies : held) search.copies.push_back(static_cast<int>(copies.size()));
  std::sort(wild_cards.rbegin(), wild_cards.rend());
  for (const auto& [worth, card] : wild_cards) search.wild_points.push_back(worth);
  search.starting.resize(held.size());
  int budget = kMaxArrangementSteps;  // the ways looked at count against the search's steps
  for (const int m : melds) {
    const Combination& combo = combinations[m];
    const long long most = combo.kind == Combination::Kind::kRun
                               ? std::min<long long>(combo.max, combo.stands_for.size())
                               : combo.max;
    ForEachWildMeld(
        set, combo, cards,
        [&](const Move& move) {
          Candidate c;
          for (int i = 0; i < move.count; ++i) {
            if (move.stands[i] >= 0) {
              ++c.wilds;
              continue;
            }
            const int at = place[set.Kind(move.cards[i])];
            if (at < 0) return;  // wild for another combination: not a natural card here
            auto same =
                std::find_if(c.kinds.begin(), c.kinds.end(), [&](const auto& kc) { return kc.first == at; });
            if (same == c.kinds.end())
              c.kinds.push_back({at, 1});
            else
              ++same->second;
          }
          if (c.kinds.empty()) return;
          std::sort(c.kinds.begin(), c.kinds.end());
          c.room = std::clamp<long long>(most - move.count, 0, static_cast<long long>(wild_cards.size()));
          search.starting[c.kinds.front().first].push_back(static_cast<int>(search.candidates.size()));
          search.candidates.push_back(std::move(c));
        },
        &budget);
  }
  // Listing the melds may use the whole budget; the walk keeps half of it at least.
  search.steps = std::min(kMaxArrangementSteps - std::max(budget, 0), kMaxArrangementSteps / 2);
  search.Walk(0, 0, 0, 0);
  Arrangement out;
  if (!search.found) {  // past the bounds before any arrangement: every card out
    for (size_t i = 0; i < cards.size(); ++i) out.deadwood += points[i];
    return out;
  }
  out.deadwood = search.best;
  std::vector<size_t> next(held.size(), 0);  // the copies laid so far, per kind
  size_t wild_next = 0;
  for (const int k : search.best_chosen) {
    std::vector<CardId> meld;
    for (const auto& [kind, n] : search.candidates[k].kinds) {
      for (int i = 0; i < n; ++i) meld.push_back(held[kind][next[kind]++]);
    }
    for (int w = 0; w < search.candidates[k].wilds; ++w) meld.push_back(wild_cards[wild_next++].second);
    out.melds.push_back(std::move(meld));
  }
  return out;
}

}  // namespace tapis
