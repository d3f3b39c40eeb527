#include "interpreter/mechanisms/lay_groups.h"

#include <algorithm>
#include <array>

#include "interpreter/mechanisms/combination.h"
#include "interpreter/mechanisms/plain_melds.h"

namespace tapis {
namespace {

// Whether some value of the combination's property is held by `min` cards or more: what a group
// needs, before its `same` properties are looked at.
bool SomeValueHasMin(const CardSet& set, const Combination& combo, const std::vector<CardId>& cards) {
  if (cards.size() < static_cast<size_t>(combo.min)) return false;
  std::array<uint8_t, 256> count{};  // a value's cards, up to 255: `min` is at most 64
  for (CardId c : cards) {
    const int v = set.Value(c, combo.property);
    if (v < 0) continue;
    if (v >= static_cast<int>(count.size())) return true;  // a long property: let the sort tell
    if (++count[static_cast<size_t>(v)] >= combo.min) return true;
  }
  return false;
}

}  // namespace

void LayGroups(const EngineServices& e, GameState& s, int player, const Trigger::Lay& lay) {
  const Combination& combo = e.rules().combinations[lay.combination];
  const int from = e.ZoneSlot(lay.from, player);
  if (!SomeValueHasMin(e.cards(), combo, s.zones[from].cards)) return;  // most moves lay nothing
  std::vector<Keyed> keyed;
  SortByKey(e.cards(), combo, s.zones[from].cards, keyed);
  std::vector<CardId> laid;  // every card laid, to take out of `from` at the end
  for (size_t first = 0; first < keyed.size();) {
    size_t end = first;
    while (end < keyed.size() && std::get<0>(keyed[end]) == std::get<0>(keyed[first]) &&
           std::get<1>(keyed[end]) == std::get<1>(keyed[first]))
      ++end;
    // The group's cards in the order they lie in `from` (SortByKey keeps places in order).
    for (size_t at = first; end - at >= static_cast<size_t>(combo.min);) {
      const size_t size = std::min(end - at, static_cast<size_t>(combo.max));
      std::vector<CardId> group;
      for (size_t i = at; i < at + size; ++i) group.push_back(s.zones[from].cards[std::get<2>(keyed[i])]);
      if (e.rules().zones[lay.to].dynamic) {
        Zone meld{static_cast<uint8_t>(lay.to), static_cast<int8_t>(player), s.next_label++, group};
        SortForCombination(e.cards(), combo, meld.cards);
        s.zones.push_back(std::move(meld));
      } else {
        auto& to = s.zones[e.ZoneSlot(lay.to, player)].cards;
        to.insert(to.end(), group.begin(), group.end());
      }
      laid.insert(laid.end(), group.begin(), group.end());
      at += size;
    }
    first = end;
  }
  if (laid.empty()) return;
  auto& cards = s.zones[e.ZoneSlot(lay.from, player)].cards;  // the zones may have moved
  cards.erase(std::remove_if(cards.begin(), cards.end(),
                             [&](CardId c) { return std::find(laid.begin(), laid.end(), c) != laid.end(); }),
              cards.end());
}

}  // namespace tapis
