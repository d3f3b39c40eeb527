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

uint32_t Engine::DropRefusedCards(const GameState& s, int player, std::vector<Move>& out, size_t first,
                                  uint32_t listed) const {
  const auto& moves = rules().moves;
  const auto refused = [&](const Move& move) {
    if (move.kind == kStopMove || (card_conditioned_kinds_ >> move.kind & 1u) == 0) return false;
    const Scope scope = MoveScope(player, move);
    const auto& when = moves[move.kind].when;
    return std::any_of(when.begin(), when.end(), [&](const Condition& c) {
      return c.test.uses_move_card && Evaluate(*this, s, c.test, scope) == 0;
    });
  };
  out.erase(std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), refused), out.end());
  listed &= ~card_conditioned_kinds_;
  for (size_t i = first; i < out.size(); ++i) {
    if (out[i].kind != kStopMove) listed |= 1u << out[i].kind;
  }
  return listed;
}

}  // namespace tapis
