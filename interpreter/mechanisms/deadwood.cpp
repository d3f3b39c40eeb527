#include "interpreter/mechanisms/deadwood.h"

#include <algorithm>

#include "interpreter/mechanisms/combination.h"
#include "interpreter/mechanisms/plain_melds.h"
#include "interpreter/mechanisms/wild_melds.h"

namespace tapis {
namespace {

// A meld the hand can make: how many copies of each natural kind it takes (kinds by their
// place in the hand's list), how many wild cards, and how many more cards it could take.
struct Candidate {
  std::vector<std::pair<int, int>> kinds;  // place, copies; the lowest place first
  int wilds = 0;
  long long room = 0;
  int combination = -1;
  int onto = -1;  // a lay-off: the laid meld it goes onto
};

struct Search {
  std::vector<int> copies;             // per natural kind in the hand: how many are left
  std::vector<long long> points;       // per natural kind
  std::vector<long long> wild_points;  // the wild cards' points, highest first (used first)
  std::vector<Candidate> candidates;
  std::vector<std::vector<int>> starting;  // per kind: the candidates whose lowest kind it is
  bool prune = true;                       // no card is worth less than nothing
  int steps = 0;
  bool cut = false;  // a bound stopped the search: the best found may not be the best
  bool found = false;
  long long best = 0;
  std::vector<int> chosen;
  size_t most_ties = 1;                // how many arrangements of the best count to keep
  std::vector<std::vector<int>> ties;  // the best arrangements found, the first found first
  std::vector<char> laid_onto;  // per laid meld: a lay-off went onto it

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
    if (++steps > kMaxArrangementSteps) {
      cut = true;
      return;
    }
    if (prune && found && (dead > best || (dead == best && most_ties == 1))) return;
    while (first < copies.size() && copies[first] == 0) ++first;
    if (first == copies.size()) {
      const long long total = dead + WildsLeft(wilds_used, chosen.empty() ? 0 : room);
      if (!found || total < best) {
        found = true;
        best = total;
        ties.assign(1, chosen);
      } else if (total == best && ties.size() < most_ties) {
        ties.push_back(chosen);
      }
      return;
    }
    for (const int k : starting[first]) {
      const Candidate& c = candidates[k];
      if (wilds_used + c.wilds > static_cast<int>(wild_points.size()) || (c.onto >= 0 && laid_onto[c.onto]) ||
          std::any_of(c.kinds.begin(), c.kinds.end(),
                      [&](const auto& kc) { return copies[kc.first] < kc.second; }))
        continue;
      for (const auto& [kind, n] : c.kinds) copies[kind] -= n;
      if (c.onto >= 0) laid_onto[c.onto] = 1;
      chosen.push_back(k);
      Walk(first, wilds_used + c.wilds, room + c.room, dead);
      chosen.pop_back();
      if (c.onto >= 0) laid_onto[c.onto] = 0;
      for (const auto& [kind, n] : c.kinds) copies[kind] += n;
    }
    --copies[first];  // one copy left out
    Walk(first, wilds_used, room, dead + points[first]);
    ++copies[first];
  }
};

}  // namespace

std::vector<Arrangement> BestArrangements(const EngineServices& e, std::span<const CardId> cards,
                                          std::span<const int> points, const std::vector<int>& melds,
                                          size_t most, std::span<const LaidMeld> onto) {
  const CardSet& set = e.cards();
  const auto& combinations = e.rules().combinations;
  Search search;
  search.most_ties = most <= 1 ? 1 : 4 * most;                   // room for the same arrangement found twice
  std::vector<int> place(e.rules().catalog.kinds().size(), -1);  // a natural kind's place in the search
  std::vector<std::vector<CardId>> held;                         // per place: the copies held
  std::vector<std::pair<int, CardId>> wild_cards;
  for (size_t i = 0; i < cards.size(); ++i) {
    const CardId c = cards[i];
    const bool wild = WildForMelds(e, melds, c);
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
  search.laid_onto.assign(onto.size(), 0);
  int budget = kMaxArrangementSteps;  // the ways looked at count against the search's steps
  // Each way `combo` is made of the hand's cards. For a lay-off onto `laid`, the way holds every
  // natural card of `laid`, and its wild cards left out still fit (they stand where they may).
  const auto list = [&](int m, std::span<const CardId> pool, const LaidMeld* laid, int laid_index) {
    const Combination& combo = combinations[m];
    const long long most = combo.kind == Combination::Kind::kRun
                               ? std::min<long long>(combo.max, combo.stands_for.size())
                               : combo.max;
    long long laid_naturals = 0, laid_wilds = 0;
    const auto laid_wild = [&](CardId c) { return combo.wild && set.Wild(c) == combo.property; };
    if (laid != nullptr) {
      for (CardId c : laid->cards) (laid_wild(c) ? laid_wilds : laid_naturals) += 1;
    }
    ForEachWildMeld(
        set, combo, pool,
        [&](const Move& move) {
          Candidate c;
          c.combination = m;
          c.onto = laid_index;
          long long naturals = 0, wilds = 0;  // of `laid`, in this way
          for (int i = 0; i < move.count; ++i) {
            if (laid != nullptr &&
                std::find(laid->cards.begin(), laid->cards.end(), move.cards[i]) != laid->cards.end()) {
              (laid_wild(move.cards[i]) ? wilds : naturals) += 1;
              continue;
            }
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
          if (laid != nullptr && (naturals != laid_naturals || move.count + laid_wilds - wilds > most))
            return;
          std::sort(c.kinds.begin(), c.kinds.end());
          if (laid == nullptr)
            c.room = std::clamp<long long>(most - move.count, 0, static_cast<long long>(wild_cards.size()));
          search.starting[c.kinds.front().first].push_back(static_cast<int>(search.candidates.size()));
          search.candidates.push_back(std::move(c));
        },
        &budget);
  };
  const bool plain = wild_cards.empty() && held.size() == cards.size();  // no wild card, no copies
  const auto add_plain = [&](int m, std::span<const int> places) {       // card i is in place i
    Candidate c;
    c.combination = m;
    for (const int at : places) c.kinds.push_back({at, 1});
    std::sort(c.kinds.begin(), c.kinds.end());
    search.starting[c.kinds.front().first].push_back(static_cast<int>(search.candidates.size()));
    search.candidates.push_back(std::move(c));
  };
  for (const int m : melds) {
    if (!plain || !ListPlainMelds(set, combinations[m], cards, budget,
                                  [&](std::span<const int> places) { add_plain(m, places); }))
      list(m, cards, nullptr, -1);
  }
  std::vector<CardId> pool;
  for (size_t j = 0; j < onto.size(); ++j) {
    if (onto[j].combination < 0 || onto[j].cards.empty()) continue;
    // The hand's cards that a laid card stands for (a copy; in a run, one of the same key and
    // value) are no part of a lay-off: the listing would take one for the other.
    const Combination& combo = combinations[onto[j].combination];
    const auto twin = [&](CardId laid, CardId c) {
      if (set.Wild(c) >= 0) return false;
      if (set.Kind(laid) == set.Kind(c)) return true;
      if (combo.kind != Combination::Kind::kRun ||
          set.Value(laid, combo.property) != set.Value(c, combo.property))
        return false;
      return std::all_of(combo.same.begin(), combo.same.end(),
                         [&](int p) { return set.Value(laid, p) == set.Value(c, p); });
    };
    pool.clear();
    for (CardId c : cards) {
      if (std::none_of(onto[j].cards.begin(), onto[j].cards.end(), [&](CardId l) { return twin(l, c); }))
        pool.push_back(c);
    }
    pool.insert(pool.end(), onto[j].cards.begin(), onto[j].cards.end());
    list(onto[j].combination, pool, &onto[j], static_cast<int>(j));
  }
  // Listing the melds may use the whole budget; the walk keeps half of it at least.
  search.steps = std::min(kMaxArrangementSteps - std::max(budget, 0), kMaxArrangementSteps / 2);
  search.Walk(0, 0, 0, 0);
  if (!search.found) {  // past the bounds before any arrangement: every card out
    Arrangement out;
    for (size_t i = 0; i < cards.size(); ++i) out.deadwood += points[i];
    out.complete = false;
    return {out};
  }
  std::vector<Arrangement> found;
  std::vector<std::vector<std::vector<CardId>>> keys;  // each arrangement's melds, sorted
  for (const std::vector<int>& chosen : search.ties) {
    Arrangement out;
    out.deadwood = search.best;
    out.complete = !search.cut && budget > 0;
    std::vector<size_t> next(held.size(), 0);  // the copies laid so far, per kind
    size_t wild_next = 0;
    for (const int k : chosen) {
      const Candidate& c = search.candidates[k];
      std::vector<CardId> meld;
      for (const auto& [kind, n] : c.kinds) {
        for (int i = 0; i < n; ++i) meld.push_back(held[kind][next[kind]++]);
      }
      if (c.wilds == 0) SortForCombination(set, combinations[c.combination], meld);
      for (int w = 0; w < c.wilds; ++w) meld.push_back(wild_cards[wild_next++].second);
      out.melds.push_back(std::move(meld));
      out.combinations.push_back(c.combination);
      out.onto.push_back(c.onto);
    }
    // The wild cards left over that join melds with room: the dearest (the cheapest stay out).
    long long room = 0;
    for (const int k : chosen) room += search.candidates[k].room;
    const size_t joining = wild_next + static_cast<size_t>(std::min<long long>(
                                           static_cast<long long>(wild_cards.size() - wild_next), room));
    for (size_t i = 0; i < out.melds.size() && wild_next < joining; ++i) {
      for (long long r = search.candidates[chosen[i]].room; r > 0 && wild_next < joining; --r)
        out.melds[i].push_back(wild_cards[wild_next++].second);
    }
    // The same melds found in another order (copies of a card) are one arrangement.
    std::vector<std::vector<CardId>> key = out.melds;
    for (auto& meld : key) std::sort(meld.begin(), meld.end());
    std::sort(key.begin(), key.end());
    if (std::find(keys.begin(), keys.end(), key) != keys.end()) continue;
    keys.push_back(std::move(key));
    found.push_back(std::move(out));
    if (found.size() >= most) break;
  }
  return found;
}

Arrangement BestArrangement(const EngineServices& e, std::span<const CardId> cards,
                            std::span<const int> points, const std::vector<int>& melds,
                            std::span<const LaidMeld> onto) {
  return std::move(BestArrangements(e, cards, points, melds, 1, onto).front());
}

}  // namespace tapis
