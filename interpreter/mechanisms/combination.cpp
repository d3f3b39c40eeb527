#include "interpreter/mechanisms/combination.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <string>

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
        if (entries[end].value == entries[i].value) {
          ++end;
          continue;
        }  // same value, other kind
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
      while (end < n && entries[end].key == entries[begin].key && entries[end].value == entries[begin].value)
        ++end;
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

// How good a grouping is: most cards covered, then the longest group, then fewest groups.
struct Quality {
  int covered = 0;
  int longest = 0;
  int groups = 0;
  bool BetterThan(const Quality& o) const {
    if (covered != o.covered) return covered > o.covered;
    if (longest != o.longest) return longest > o.longest;
    return groups < o.groups;
  }
  Quality Plus(const Quality& o) const {
    return {covered + o.covered, std::max(longest, o.longest), groups + o.groups};
  }
};

// Groups cards sharing a key into runs by dynamic programming over the values in order.
// The state at a value is the multiset of runs still open (by length); at each value some
// open runs take one of its cards, the others close (scoring if long enough), and new runs
// may start. Copies of a value are few (one per pack), so states are usually few; but they
// grow exponentially with the copies (12 values of 8 copies took 100 s), so the search
// counts its steps and gives up past kMostRunSteps (TooManyGroupings).
class RunPartitioner {
 public:
  RunPartitioner(const Combination& combo, std::vector<std::vector<CardId>> by_value)
      : combo_(combo), by_value_(std::move(by_value)) {}

  std::vector<std::vector<CardId>> Solve() {
    Best(0, {});
    // Replay the recorded choices, handing out real cards.
    std::vector<std::vector<CardId>> out, open;
    for (size_t v = 0; v <= by_value_.size(); ++v) {
      const Choice& c = memo_.at(Key(v, Lengths(open))).choice;
      std::vector<std::vector<CardId>> next;
      for (size_t i = 0; i < open.size(); ++i) {
        if (c.keep & (1u << i)) {
          open[i].push_back(by_value_[v][next.size()]);
          next.push_back(std::move(open[i]));
        } else if (static_cast<int>(open[i].size()) >= combo_.min) {
          out.push_back(std::move(open[i]));
        }
      }
      for (int k = 0; k < c.start; ++k) next.push_back({by_value_[v][next.size()]});
      open.clear();
      for (auto& run : next) {
        if (static_cast<int>(run.size()) == combo_.max)
          out.push_back(std::move(run));
        else
          open.push_back(std::move(run));
      }
      std::stable_sort(open.begin(), open.end(),
                       [](const auto& a, const auto& b) { return a.size() > b.size(); });
    }
    return out;
  }

 private:
  struct Choice {
    uint32_t keep = 0;  // bit i: open run i takes a card of this value
    int start = 0;      // new runs started here
  };
  struct Entry {
    Quality quality;
    Choice choice;
  };

  static std::vector<int> Lengths(const std::vector<std::vector<CardId>>& open) {
    std::vector<int> out;
    for (const auto& run : open) out.push_back(static_cast<int>(run.size()));
    return out;
  }
  // The value's index and the open lengths, whole: a char each collided past 255 values.
  static std::vector<int> Key(size_t v, const std::vector<int>& open) {
    std::vector<int> key{static_cast<int>(v)};
    key.insert(key.end(), open.begin(), open.end());
    return key;
  }

  // Best grouping of values v.. given the open runs (lengths, longest first).
  Quality Best(size_t v, const std::vector<int>& open) {
    const std::vector<int> key = Key(v, open);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second.quality;
    const int copies = v < by_value_.size() ? static_cast<int>(by_value_[v].size()) : 0;
    // The choices below: a mask of the open runs (at most 31 of them), each with a number of
    // runs started.
    steps_ += (size_t{1} << std::min<size_t>(open.size(), 31)) * static_cast<size_t>(copies + 1);
    if (steps_ > kMostRunSteps || open.size() > 31)
      throw TooManyGroupings(
          fmt::format("too many ways to group these cards (more than {} steps)", kMostRunSteps));
    Entry best;
    bool found = false;
    for (uint32_t keep = 0; keep < (1u << open.size()); ++keep) {
      const int kept = __builtin_popcount(keep);
      if (kept > copies) continue;
      Quality closed;
      std::vector<int> next;
      for (size_t i = 0; i < open.size(); ++i) {
        if (keep & (1u << i)) {
          next.push_back(open[i] + 1);
        } else if (open[i] >= combo_.min) {
          closed = closed.Plus({open[i], open[i], 1});
        }
      }
      for (int start = 0; start + kept <= copies; ++start) {
        std::vector<int> after = next;
        after.insert(after.end(), start, 1);
        Quality q = closed;
        std::vector<int> still_open;
        for (int l : after) {
          if (l == combo_.max)
            q = q.Plus({l, l, 1});  // full: it closes at once
          else
            still_open.push_back(l);
        }
        std::sort(still_open.rbegin(), still_open.rend());
        if (v < by_value_.size()) q = q.Plus(Best(v + 1, still_open));
        if (!found || q.BetterThan(best.quality)) {
          best = {q, {keep, start}};
          found = true;
        }
        if (v >= by_value_.size()) break;
      }
    }
    memo_[key] = best;
    return best.quality;
  }

  const Combination& combo_;
  std::vector<std::vector<CardId>> by_value_;  // cards of each value in order
  std::map<std::vector<int>, Entry> memo_;
  size_t steps_ = 0;  // the masks tried so far
};

// Sets: the cards of one value split into as few groups as cover the most of them.
std::vector<std::vector<CardId>> SetGroups(const Combination& combo, const std::vector<CardId>& same_value) {
  std::vector<std::vector<CardId>> out;
  const int n = static_cast<int>(same_value.size());
  if (n < combo.min) return out;
  for (int at = 0; at < n;) {
    const int size = std::min(combo.max, n - at);
    if (size < combo.min) break;
    out.emplace_back(same_value.begin() + at, same_value.begin() + at + size);
    at += size;
  }
  return out;
}

// The common case, solved directly: no value twice and no stretch longer than `max`, so
// the maximal stretches are the only best grouping. False when the general search is needed.
bool MaximalRuns(const CardSet& set, const Combination& combo, std::span<const CardId> cards,
                 std::vector<std::vector<CardId>>& out) {
  const size_t first_group = out.size();
  size_t start = 0;
  for (size_t i = 1; i <= cards.size(); ++i) {
    if (i < cards.size()) {
      const int step = set.Value(cards[i], combo.property) - set.Value(cards[i - 1], combo.property);
      if (step == 0) {
        out.resize(first_group);
        return false;
      }
      if (step == 1) continue;
    }
    const int length = static_cast<int>(i - start);
    if (length > combo.max) {
      out.resize(first_group);
      return false;
    }
    if (length >= combo.min) out.emplace_back(cards.begin() + start, cards.begin() + i);
    start = i;
  }
  return true;
}

}  // namespace

std::vector<std::vector<CardId>> BestPartition(const CardSet& set, const Combination& combo,
                                               std::span<const CardId> cards) {
  // Each key (the suit of a sequence, say) is grouped on its own.
  std::vector<CardId> sorted;
  for (CardId c : cards) {
    if (set.Value(c, combo.property) != kNoValue) sorted.push_back(c);
  }
  SortForCombination(set, combo, sorted);
  std::stable_sort(sorted.begin(), sorted.end(),
                   [&](CardId a, CardId b) { return SameKey(set, combo, a) < SameKey(set, combo, b); });
  std::vector<std::vector<CardId>> out;
  size_t begin = 0;
  while (begin < sorted.size()) {
    size_t end = begin;
    while (end < sorted.size() && SameKey(set, combo, sorted[end]) == SameKey(set, combo, sorted[begin]))
      ++end;
    if (combo.kind == Combination::Kind::kSet) {
      for (size_t i = begin; i < end;) {
        size_t j = i;
        std::vector<CardId> same;
        while (j < end && set.Value(sorted[j], combo.property) == set.Value(sorted[i], combo.property))
          same.push_back(sorted[j++]);
        for (auto& g : SetGroups(combo, same)) out.push_back(std::move(g));
        i = j;
      }
    } else {
      if (!MaximalRuns(set, combo, std::span<const CardId>(sorted).subspan(begin, end - begin), out)) {
        // Cards by value, with empty slots for missing values so runs break there.
        const int low = set.Value(sorted[begin], combo.property);
        const int high = set.Value(sorted[end - 1], combo.property);
        std::vector<std::vector<CardId>> by_value(high - low + 1);
        for (size_t i = begin; i < end; ++i)
          by_value[set.Value(sorted[i], combo.property) - low].push_back(sorted[i]);
        for (auto& g : RunPartitioner(combo, std::move(by_value)).Solve()) out.push_back(std::move(g));
      }
    }
    begin = end;
  }
  return out;
}

}  // namespace tapis
