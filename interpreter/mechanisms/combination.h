// Combinations over a declared ordering: runs (consecutive values of one property, as in a
// sequence A K Q of one suit) and sets (one shared value). Used by move generation, by
// extension of melds, and by scoring scripts (tapis.runs).
#pragma once

#include <functional>
#include <span>
#include <stdexcept>
#include <vector>

#include "interpreter/model/catalog.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// True when `cards` (any order) form the combination.
bool IsCombination(const CardSet& set, const Combination& combo, std::span<const CardId> cards);

// Calls `emit` once per distinct combination (by card kind) that `cards` hold; the cards
// passed are in combination order (runs from the lowest value index up).
void ForEachCombination(const CardSet& set, const Combination& combo, std::span<const CardId> cards,
                        const std::function<void(std::span<const CardId>)>& emit);

// True when adding `card` to the combination `meld` keeps it one.
bool Extends(const CardSet& set, const Combination& combo, std::span<const CardId> meld, CardId card);

// Puts cards in combination order (by the combination's property, then by card id).
void SortForCombination(const CardSet& set, const Combination& combo, std::vector<CardId>& cards);

// The most steps BestPartition's search of runs takes (a step: a choice of the open runs a
// value's cards extend); a few packs' worth of copies take thousands.
inline constexpr size_t kMostRunSteps = 2'000'000;
struct TooManyGroupings : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// Groups `cards` into disjoint combinations covering as many cards as possible; among those,
// the grouping with the longest combination first (so a full-length run is kept whole), then the
// fewest groups. Cards left over are not returned. Throws TooManyGroupings when the search
// would pass kMostRunSteps (many copies of the same values).
std::vector<std::vector<CardId>> BestPartition(const CardSet& set, const Combination& combo,
                                               std::span<const CardId> cards);

}  // namespace tapis
