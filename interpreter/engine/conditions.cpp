// A move's `when:` conditions (docs/rulesets.md#when): a kind offered only while they hold.
#include <algorithm>

#include "interpreter/engine/engine.h"
#include "interpreter/mechanisms/evaluate.h"

namespace tapis {

bool Engine::KindConditionsHold(const GameState& s, int player, const MoveDecl& m) const {
  return std::all_of(m.when.begin(), m.when.end(), [&](const Condition& c) {
    return c.test.uses_move_card || Evaluate(*this, s, c.test, {player}) != 0;
  });
}

void Engine::DropRefusedCards(const GameState& s, int player, const MoveDecl& m, std::vector<Move>& out,
                              size_t first) const {
  const auto refused = [&](const Move& move) {
    const Scope scope{player, move.count > 0 ? move.cards[0] : -1};
    return std::any_of(m.when.begin(), m.when.end(), [&](const Condition& c) {
      return c.test.uses_move_card && Evaluate(*this, s, c.test, scope) == 0;
    });
  };
  out.erase(std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), refused), out.end());
}

}  // namespace tapis
