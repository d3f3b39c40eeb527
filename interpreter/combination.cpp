#include "interpreter/combination.h"

#include <algorithm>

namespace tapis {
namespace {

// The values of the properties every card must share, packed for comparison.
uint64_t SameKey(const CardSet& set, const Combination& combo, CardId card) {
  uint64_t key = 0;
  for (int p : combo.same) key = key * 1031 + static_cast<uint64_t>(set.Value(card, p) + 1);
  return key;
}

struct Entry {
  uint64_t key;
  int value;
  int kind;
  CardId card;
};

// Distinct kinds among `cards`, with the property value, sorted by (key, value).
void DistinctEntries(const CardSet& set, const Combination& combo, std::span<const CardId> cards,
                     std::vector<Entry>& out) {
  out.clear();
  for (CardId c : cards) {
    const int value = set.Value(c, combo.property);
    if (value == kNoValue) continue;
    const int kind = set.Kind(c);
    bool seen = false;
    for (const auto& e : out) seen = seen || e.kind == kind;
    if (!seen) out.push_back({SameKey(set, combo, c), value, kind, c});
  }
  std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) {
    return a.key != b.key ? a.key < b.key : a.value != b.value ? a.value < b.value : a.card < b.card;
  });
}

}  // namespace

bool IsCombination(const CardSet& set, const Combination& combo, std::span<const CardId> cards) {
  const int n = static_cast<int>(cards.size());
  if (n < combo.min || n > combo.max) return false;
  const uint64_t key = SameKey(set, combo, cards[0]);
  int low = 1 << 30, high = -1;
  for (CardId c : cards) {
    const int v = set.Value(c, combo.property);
    if (v == kNoValue || SameKey(set, combo, c) != key) return false;
    low = std::min(low, v);
    high = std::max(high, v);
  }
  if (combo.kind == Combination::Kind::kSet) return low == high;
  if (high - low + 1 != n) return false;
  uint64_t seen = 0;  // values are distinct
  for (CardId c : cards) {
    const uint64_t bit = 1ULL << ((set.Value(c, combo.property) - low) & 63);
    if (seen & bit) return false;
    seen |= bit;
  }
  return true;
}

void ForEachCombination(const CardSet& set, const Combination& combo, std::span<const CardId> cards,
                        const std::function<void(std::span<const CardId>)>& emit) {
  thread_local std::vector<Entry> entries;
  thread_local std::vector<CardId> chosen;
  DistinctEntries(set, combo, cards, entries);
  const size_t n = entries.size();
  size_t begin = 0;
  while (begin < n) {
    // A group of entries sharing the key; for runs also a stretch of consecutive values.
    size_t end = begin + 1;
    if (combo.kind == Combination::Kind::kRun) {
      size_t i = begin;
      chosen.clear();
      chosen.push_back(entries[i].card);
      while (end < n && entries[end].key == entries[begin].key) {
        if (entries[end].value == entries[i].value) { ++end; continue; }  // same value, other kind
        if (entries[end].value != entries[i].value + 1) break;
        i = end;
        chosen.push_back(entries[end].card);
        ++end;
      }
      const int length = static_cast<int>(chosen.size());
      for (int size = combo.min; size <= std::min(length, combo.max); ++size) {
        for (int start = 0; start + size <= length; ++start) {
          emit(std::span<const CardId>(chosen.data() + start, size));
        }
      }
    } else {
      while (end < n && entries[end].key == entries[begin].key && entries[end].value == entries[begin].value) ++end;
      const int g = static_cast<int>(end - begin);
      if (g >= combo.min && g <= 20) {
        for (uint32_t mask = 1; mask < (1u << g); ++mask) {
          const int size = __builtin_popcount(mask);
          if (size < combo.min || size > combo.max) continue;
          chosen.clear();
          for (int b = 0; b < g; ++b) {
            if (mask & (1u << b)) chosen.push_back(entries[begin + b].card);
          }
          emit(chosen);
        }
      }
    }
    begin = end;
  }
}

bool Extends(const CardSet& set, const Combination& combo, std::span<const CardId> meld, CardId card) {
  if (meld.empty() || static_cast<int>(meld.size()) >= combo.max) return false;
  const int v = set.Value(card, combo.property);
  if (v == kNoValue || SameKey(set, combo, card) != SameKey(set, combo, meld[0])) return false;
  if (combo.kind == Combination::Kind::kSet) return v == set.Value(meld[0], combo.property);
  int low = 1 << 30, high = -1;
  for (CardId c : meld) {
    low = std::min(low, set.Value(c, combo.property));
    high = std::max(high, set.Value(c, combo.property));
  }
  return v == low - 1 || v == high + 1;
}

void SortForCombination(const CardSet& set, const Combination& combo, std::vector<CardId>& cards) {
  std::sort(cards.begin(), cards.end(), [&](CardId a, CardId b) {
    const int va = set.Value(a, combo.property), vb = set.Value(b, combo.property);
    return va != vb ? va < vb : a < b;
  });
}

namespace {

struct Partition {
  int covered = 0;
  int longest = 0;
  std::vector<std::vector<CardId>> groups;
  bool BetterThan(const Partition& o) const {
    if (covered != o.covered) return covered > o.covered;
    if (longest != o.longest) return longest > o.longest;
    return groups.size() < o.groups.size();
  }
};

// Exhaustive search over a small pile: the lowest remaining card is either left out or
// starts a combination. Piles here are hands and table rows, so this stays tiny.
void Search(const CardSet& set, const Combination& combo, std::vector<CardId>& rest,
            Partition& current, Partition& best) {
  if (rest.empty()) {
    if (current.BetterThan(best)) best = current;
    return;
  }
  const CardId first = rest.front();
  rest.erase(rest.begin());
  Search(set, combo, rest, current, best);  // leave `first` out
  // Start a combination with `first`: try every group of cards completing it.
  std::vector<CardId> group{first};
  std::function<void(size_t)> grow = [&](size_t from) {
    if (static_cast<int>(group.size()) >= combo.min && IsCombination(set, combo, group)) {
      std::vector<CardId> left;
      for (CardId c : rest) {
        if (std::find(group.begin(), group.end(), c) == group.end()) left.push_back(c);
      }
      current.groups.push_back(group);
      const int saved_longest = current.longest;
      current.covered += static_cast<int>(group.size());
      current.longest = std::max(current.longest, static_cast<int>(group.size()));
      Search(set, combo, left, current, best);
      current.covered -= static_cast<int>(group.size());
      current.longest = saved_longest;
      current.groups.pop_back();
    }
    if (static_cast<int>(group.size()) >= combo.max) return;
    for (size_t i = from; i < rest.size(); ++i) {
      if (!Extends(set, combo, group, rest[i]) && static_cast<int>(group.size()) + 1 > 1) {
        // Runs grow by neighbours only; sets by equal values only.
        continue;
      }
      group.push_back(rest[i]);
      grow(i + 1);
      group.pop_back();
    }
  };
  grow(0);
  rest.insert(rest.begin(), first);
}

}  // namespace

std::vector<std::vector<CardId>> BestPartition(const CardSet& set, const Combination& combo,
                                               std::span<const CardId> cards) {
  // Cards that can never join a combination with the same key are dropped first, and
  // each key is searched on its own, which keeps the search small.
  std::vector<CardId> sorted(cards.begin(), cards.end());
  SortForCombination(set, combo, sorted);
  std::stable_sort(sorted.begin(), sorted.end(), [&](CardId a, CardId b) {
    return SameKey(set, combo, a) < SameKey(set, combo, b);
  });
  std::vector<std::vector<CardId>> out;
  size_t begin = 0;
  while (begin < sorted.size()) {
    size_t end = begin;
    while (end < sorted.size() && SameKey(set, combo, sorted[end]) == SameKey(set, combo, sorted[begin])) ++end;
    std::vector<CardId> rest;
    for (size_t i = begin; i < end; ++i) {
      if (set.Value(sorted[i], combo.property) != kNoValue) rest.push_back(sorted[i]);
    }
    Partition current, best;
    Search(set, combo, rest, current, best);
    for (auto& g : best.groups) {
      SortForCombination(set, combo, g);
      out.push_back(std::move(g));
    }
    begin = end;
  }
  return out;
}

}  // namespace tapis
