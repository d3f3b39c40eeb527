#include "interpreter/model/game_state.h"

#include <algorithm>

namespace tapis {

void TakeOut(Zone& zone, CardId card) {
  if (zone.cells.empty()) {
    RemoveCard(zone.cards, card);
    return;
  }
  const auto it = std::find(zone.cards.begin(), zone.cards.end(), card);
  if (it == zone.cards.end()) return;
  zone.cells.erase(zone.cells.begin() + (it - zone.cards.begin()));
  zone.cards.erase(it);
}

}  // namespace tapis
