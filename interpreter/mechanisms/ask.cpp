#include "interpreter/mechanisms/ask.h"

#include <algorithm>
#include <bit>

namespace tapis {

void GenerateAsks(const EngineServices& e, const GameState& s, int player, const MoveDecl& m, Move base,
                  bool any, std::vector<Move>& out) {
  const CardSet& set = e.cards();
  const auto& own = s.zones[e.ZoneSlot(m.to, player)].cards;
  if (own.empty()) return;
  // The values held, each once, in the order the property lists them (a card of several
  // values holds each; those are among the first 64).
  uint64_t held[2] = {0, 0};  // at most 127 values (the loader's bound)
  for (CardId c : own) {
    const CardKind& kind = set.catalog().kind(set.Kind(c));
    if (!kind.value_sets.empty()) {
      held[0] |= kind.value_sets[m.ask_by];
    } else if (const int v = set.Value(c, m.ask_by); v >= 0) {
      held[v >> 6] |= uint64_t{1} << (v & 63);
    }
  }
  for (int step = 1; step < s.players; ++step) {  // from the next seat round
    const int asked = (player + step) % s.players;
    if (s.zones[e.ZoneSlot(m.from, asked)].cards.empty()) continue;  // nothing to ask for
    base.target = static_cast<int8_t>(asked);
    for (int word = 0; word < 2; ++word) {
      for (uint64_t left = held[word]; left != 0; left &= left - 1) {
        out.push_back(base);
        out.back().value = static_cast<int8_t>(word * 64 + std::countr_zero(left));
        if (any) return;
      }
    }
  }
}

Move AskAnswered(const EngineServices& e, const GameState& s, const Move& move) {
  const MoveDecl& m = e.rules().moves[move.kind];
  Move answered = move;
  answered.count = 0;
  for (CardId c : s.zones[e.ZoneSlot(m.from, move.target)].cards) {
    if (answered.count == kMaxMoveCards) break;
    if (e.cards().Has(c, m.ask_by, move.value)) answered.Add(c);
  }
  return answered;
}

void PerformAsk(const EngineServices& e, GameState& s, int player, const Move& move) {
  const MoveDecl& m = e.rules().moves[move.kind];
  auto& from = s.zones[e.ZoneSlot(m.from, move.target)].cards;
  auto& to = s.zones[e.ZoneSlot(m.to, player)].cards;
  if (move.count < kMaxMoveCards) {  // the answer lists every card handed over
    for (CardId c : move.Cards()) {
      RemoveCard(from, c);
      to.push_back(c);
      s.declared[c] = -1;
    }
    return;
  }
  size_t kept = 0;  // the cards not asked for close up, in their order
  for (CardId c : from) {
    if (e.cards().Has(c, m.ask_by, move.value)) {
      to.push_back(c);
      s.declared[c] = -1;
    } else {
      from[kept++] = c;
    }
  }
  from.resize(kept);
}

}  // namespace tapis
