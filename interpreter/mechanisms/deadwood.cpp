#include "interpreter/mechanisms/deadwood.h"

#include <algorithm>
#include <tuple>

#include "interpreter/mechanisms/combination.h"
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
  bool found = false;
  long long best = 0;
  std::vector<int> chosen, best_chosen;
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

// The cards that have a value of `combo`'s property, by the values of its `same` they share,
// then by that value: {key, value, place in `cards`}.
using Keyed = std::tuple<uint64_t, int, int>;
void SortByKey(const CardSet& set, const Combination& combo, std::span<const CardId> cards,
               std::vector<Keyed>& keyed) {
  keyed.clear();
  for (size_t i = 0; i < cards.size(); ++i) {
    const int value = set.Value(cards[i], combo.property);
    if (value == kNoValue) continue;
    uint64_t key = 0;
    for (int p : combo.same) key = key * 1031 + static_cast<uint64_t>(set.Value(cards[i], p) + 1);
    keyed.emplace_back(key, value, static_cast<int>(i));
  }
  std::sort(keyed.begin(), keyed.end());
}

// The melds of `combo` that cards without wild cards or copies make (card i in place i):
// what ForEachWildMeld lists for them, without building moves.
void ListPlainMelds(const CardSet& set, const Combination& combo, int m, std::span<const CardId> cards,
                    Search& search, int& budget) {
  thread_local std::vector<Keyed> keyed;
  SortByKey(set, combo, cards, keyed);
  const auto add = [&](std::span<const int> places) {
    Candidate c;
    c.combination = m;
    for (const int at : places) c.kinds.push_back({at, 1});
    std::sort(c.kinds.begin(), c.kinds.end());
    search.starting[c.kinds.front().first].push_back(static_cast<int>(search.candidates.size()));
    search.candidates.push_back(std::move(c));
  };
  int chosen[kMaxMoveCards];
  for (size_t begin = 0, end = 0; begin < keyed.size(); begin = end) {
    if (combo.kind == Combination::Kind::kSet) {  // every choice of min to max cards of one value
      while (end < keyed.size() && std::get<0>(keyed[end]) == std::get<0>(keyed[begin]) &&
             std::get<1>(keyed[end]) == std::get<1>(keyed[begin]))
        ++end;
      const int n = static_cast<int>(end - begin);
      if (n < combo.min || n > 20) continue;  // more than 20 of a value: no such pack is dealt
      for (uint32_t mask = 1; mask < (1u << n) && budget > 0; ++mask) {
        const int size = __builtin_popcount(mask);
        if (size < combo.min || size > combo.max || size > kMaxMoveCards) continue;
        --budget;
        int k = 0;
        for (int i = 0; i < n; ++i) {
          if (mask >> i & 1u) chosen[k++] = std::get<2>(keyed[begin + i]);
        }
        add({chosen, static_cast<size_t>(k)});
      }
      continue;
    }
    // Runs: each stretch of consecutive values of one key, min to max long.
    while (end < keyed.size() && std::get<0>(keyed[end]) == std::get<0>(keyed[begin])) ++end;
    for (size_t start = begin; start < end; ++start) {
      int length = 0;
      for (size_t i = start; i < end && length < combo.max && length < kMaxMoveCards; ++i) {
        const int value = std::get<1>(keyed[i]);
        if (i > start && value == std::get<1>(keyed[i - 1]))
          continue;  // one card a value, as ForEachWildMeld
        if (i > start && value != std::get<1>(keyed[i - 1]) + 1) break;
        if (value >= static_cast<int>(combo.stands_for.size()) || !combo.stands_for[value]) break;
        chosen[length++] = std::get<2>(keyed[i]);
        if (length >= combo.min && --budget >= 0) add({chosen, static_cast<size_t>(length)});
      }
    }
  }
}

}  // namespace

Arrangement BestArrangement(const EngineServices& e, std::span<const CardId> cards,
                            std::span<const int> points, const std::vector<int>& melds,
                            std::span<const LaidMeld> onto) {
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
  search.laid_onto.assign(onto.size(), 0);
  int budget = kMaxArrangementSteps;  // the ways looked at count against the search's steps
  // Each way `combo` is made of the hand's cards (and, for a lay-off, every card of `laid`).
  const auto list = [&](int m, std::span<const CardId> pool, const LaidMeld* laid, int laid_index) {
    const Combination& combo = combinations[m];
    const long long most = combo.kind == Combination::Kind::kRun
                               ? std::min<long long>(combo.max, combo.stands_for.size())
                               : combo.max;
    ForEachWildMeld(
        set, combo, pool,
        [&](const Move& move) {
          Candidate c;
          c.combination = m;
          c.onto = laid_index;
          size_t laid_cards = 0;
          for (int i = 0; i < move.count; ++i) {
            if (laid != nullptr &&
                std::find(laid->cards.begin(), laid->cards.end(), move.cards[i]) != laid->cards.end()) {
              ++laid_cards;
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
          if (c.kinds.empty() || (laid != nullptr && laid_cards != laid->cards.size())) return;
          std::sort(c.kinds.begin(), c.kinds.end());
          if (laid == nullptr)
            c.room = std::clamp<long long>(most - move.count, 0, static_cast<long long>(wild_cards.size()));
          search.starting[c.kinds.front().first].push_back(static_cast<int>(search.candidates.size()));
          search.candidates.push_back(std::move(c));
        },
        &budget);
  };
  const bool plain = wild_cards.empty() && held.size() == cards.size();  // no wild card, no copies
  for (const int m : melds) {
    if (plain)
      ListPlainMelds(set, combinations[m], m, cards, search, budget);
    else
      list(m, cards, nullptr, -1);
  }
  std::vector<CardId> pool;
  for (size_t j = 0; j < onto.size(); ++j) {
    if (onto[j].combination < 0 || onto[j].cards.empty()) continue;
    pool.assign(cards.begin(), cards.end());
    pool.insert(pool.end(), onto[j].cards.begin(), onto[j].cards.end());
    list(onto[j].combination, pool, &onto[j], static_cast<int>(j));
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
    if (search.candidates[k].wilds == 0)
      SortForCombination(set, combinations[search.candidates[k].combination], meld);
    for (int w = 0; w < search.candidates[k].wilds; ++w) meld.push_back(wild_cards[wild_next++].second);
    out.melds.push_back(std::move(meld));
    out.combinations.push_back(search.candidates[k].combination);
    out.onto.push_back(search.candidates[k].onto);
  }
  return out;
}

bool UnmeldedFloor(const EngineServices& e, std::span<const CardId> cards, std::span<const int> points,
                   const std::vector<int>& melds, long long& floor, std::vector<char>& meldable) {
  const CardSet& set = e.cards();
  const auto& combinations = e.rules().combinations;
  meldable.assign(cards.size(), 1);
  floor = 0;
  const bool wild = std::any_of(melds.begin(), melds.end(), [&](int m) { return combinations[m].wild; });
  thread_local std::vector<char> held;  // per kind of card: one is among `cards`
  held.resize(e.rules().catalog.kinds().size());
  bool plain = true;
  for (size_t i = 0; i < cards.size() && plain; ++i) {
    char& seen = held[set.Kind(cards[i])];
    plain = points[i] >= 0 && !seen && (!wild || std::none_of(melds.begin(), melds.end(), [&](int m) {
              return combinations[m].wild && set.Wild(cards[i]) == combinations[m].property;
            }));
    seen = 1;
  }
  for (CardId c : cards) held[set.Kind(c)] = 0;
  if (!plain) return false;
  meldable.assign(cards.size(), 0);
  thread_local std::vector<Keyed> keyed;
  for (const int m : melds) {
    const Combination& combo = combinations[m];
    SortByKey(set, combo, cards, keyed);
    for (size_t begin = 0, end = 0; begin < keyed.size(); begin = end) {
      // A set: the cards of one key and value; a run: a stretch of consecutive values of one key.
      end = begin + 1;
      int values = 1;
      while (end < keyed.size() && std::get<0>(keyed[end]) == std::get<0>(keyed[begin])) {
        const int value = std::get<1>(keyed[end]), before = std::get<1>(keyed[end - 1]);
        if (combo.kind == Combination::Kind::kSet ? value != before
                                                  : (value != before && value != before + 1))
          break;
        if (combo.kind == Combination::Kind::kRun &&
            (value >= static_cast<int>(combo.stands_for.size()) || !combo.stands_for[value]))
          break;
        values += value != before;
        ++end;
      }
      const int size = combo.kind == Combination::Kind::kSet ? static_cast<int>(end - begin) : values;
      if (size < combo.min) continue;
      for (size_t i = begin; i < end; ++i) meldable[std::get<2>(keyed[i])] = 1;
    }
  }
  for (size_t i = 0; i < cards.size(); ++i) {
    if (!meldable[i]) floor += points[i];
  }
  return true;
}

}  // namespace tapis
