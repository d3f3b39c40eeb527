// Melds of a hand without wild cards or copies of a card, found without the general listing
// (wild_melds.h) that deadwood's search (deadwood.h) uses otherwise: sets and runs read off the
// cards sorted by key and value. And a floor under a hand's deadwood, quick to find, that rules
// most hands out of a knock (knock.h) without a search.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <tuple>
#include <vector>

#include "interpreter/model/engine_services.h"
#include "interpreter/model/move.h"

namespace tapis {

// Whether `card` is wild for any of the combinations `melds` (their indexes in the ruleset).
bool WildForMelds(const EngineServices& engine, const std::vector<int>& melds, CardId card);

// A card that has a value of a combination's property: {the values of its `same`
// properties as one key, that value, its place in the cards given}.
using Keyed = std::tuple<uint64_t, int, int>;

// The cards of `cards` that have a value of `combo`'s property, by key, then value.
void SortByKey(const CardSet& set, const Combination& combo, std::span<const CardId> cards,
               std::vector<Keyed>& keyed);

// Calls `add` with the places in `cards` of each meld of `combo` they make (no card of
// `cards` wild, no two of one kind): what ForEachWildMeld lists for them, without building
// moves; each meld uses one of `budget`. False, listing nothing, when two cards of one key
// share a value of a run (a pack whose kinds differ by another property): a run may be made
// with either, which the general listing leaves to it.
bool ListPlainMelds(const CardSet& set, const Combination& combo, std::span<const CardId> cards, int& budget,
                    const std::function<void(std::span<const int>)>& add);

// A floor under the deadwood of `cards`: the points of the cards that no meld of `melds`
// could hold (no set of their value, no run through them); `meldable[i]` tells which could.
// With a wild card, a card held twice or a card worth less than nothing there is no such
// floor: false, and every card is marked meldable.
bool UnmeldedFloor(const EngineServices& engine, std::span<const CardId> cards, std::span<const int> points,
                   const std::vector<int>& melds, long long& floor, std::vector<char>& meldable);

}  // namespace tapis
