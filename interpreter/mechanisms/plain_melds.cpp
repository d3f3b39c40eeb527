#include "interpreter/mechanisms/plain_melds.h"

#include <algorithm>

namespace tapis {
namespace {

// Calls `visit` with each choice of `size` of the places `from` (in order), while `budget` lasts.
template <typename Visit>
void ForEachChoice(std::span<const int> from, int size, int& budget, const Visit& visit) {
  int at[kMaxMoveCards], chosen[kMaxMoveCards];
  const int n = static_cast<int>(from.size());
  if (size > n || size > kMaxMoveCards || size < 1) return;
  for (int i = 0; i < size; ++i) at[i] = i;
  while (budget > 0) {
    --budget;
    for (int i = 0; i < size; ++i) chosen[i] = from[at[i]];
    visit(std::span<const int>(chosen, static_cast<size_t>(size)));
    int i = size - 1;
    while (i >= 0 && at[i] == n - size + i) --i;
    if (i < 0) return;
    ++at[i];
    for (int j = i + 1; j < size; ++j) at[j] = at[j - 1] + 1;
  }
}

}  // namespace

bool WildForMelds(const EngineServices& engine, const std::vector<int>& melds, CardId card) {
  const auto& combinations = engine.rules().combinations;
  return std::any_of(melds.begin(), melds.end(), [&](int m) {
    return combinations[m].wild && engine.cards().Wild(card) == combinations[m].property;
  });
}

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

bool ListPlainMelds(const CardSet& set, const Combination& combo, std::span<const CardId> cards, int& budget,
                    const std::function<void(std::span<const int>)>& add) {
  thread_local std::vector<Keyed> keyed;
  SortByKey(set, combo, cards, keyed);
  if (combo.kind == Combination::Kind::kRun) {
    for (size_t i = 1; i < keyed.size(); ++i) {
      if (std::get<0>(keyed[i]) == std::get<0>(keyed[i - 1]) &&
          std::get<1>(keyed[i]) == std::get<1>(keyed[i - 1]))
        return false;
    }
  }
  thread_local std::vector<int> group;
  int chosen[kMaxMoveCards];
  for (size_t begin = 0, end = 0; begin < keyed.size(); begin = end) {
    if (combo.kind == Combination::Kind::kSet) {  // every choice of min to max cards of one value
      group.clear();
      while (end < keyed.size() && std::get<0>(keyed[end]) == std::get<0>(keyed[begin]) &&
             std::get<1>(keyed[end]) == std::get<1>(keyed[begin]))
        group.push_back(std::get<2>(keyed[end++]));
      for (int size = combo.min; size <= combo.max && size <= static_cast<int>(group.size()); ++size)
        ForEachChoice(group, size, budget, add);
      continue;
    }
    // Runs: each stretch of consecutive values of one key, min to max long.
    while (end < keyed.size() && std::get<0>(keyed[end]) == std::get<0>(keyed[begin])) ++end;
    for (size_t start = begin; start < end; ++start) {
      int length = 0;
      for (size_t i = start; i < end && length < combo.max && length < kMaxMoveCards; ++i) {
        const int value = std::get<1>(keyed[i]);
        if (i > start && value != std::get<1>(keyed[i - 1]) + 1) break;
        if (value >= static_cast<int>(combo.stands_for.size()) || !combo.stands_for[value]) break;
        chosen[length++] = std::get<2>(keyed[i]);
        if (length >= combo.min && --budget >= 0) add({chosen, static_cast<size_t>(length)});
      }
    }
  }
  return true;
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
    plain = points[i] >= 0 && !seen && (!wild || !WildForMelds(e, melds, cards[i]));
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
