#include "interpreter/mechanisms/pick.h"

namespace tapis {
namespace {

bool Holds(const EngineServices& e, const GameState& s, const MoveDecl& m, int seat) {
  return !s.zones[e.ZoneSlot(m.from, seat)].cards.empty();
}

}  // namespace

void GeneratePicks(const EngineServices& e, const GameState& s, int player, const MoveDecl& m, Move base,
                   std::vector<Move>& out) {
  for (int step = 1; step < s.players; ++step) {
    const int seat = (player + step) % s.players;
    if (!Holds(e, s, m, seat)) continue;
    base.target = static_cast<int8_t>(seat);
    out.push_back(base);
    if (m.pick_next) return;
  }
}

Move PickAnswered(EngineServices& e, GameState& s, const Move& move) {
  const MoveDecl& m = e.rules().moves[move.kind];
  Move answered = move;
  answered.count = 0;
  const int zone = e.ZoneSlot(m.from, move.target);
  const auto& cards = s.zones[zone].cards;
  if (cards.empty()) return answered;
  answered.Add(cards[e.ChanceNumber(s, 0, static_cast<int>(cards.size()) - 1)]);
  return answered;
}

void PerformPick(const EngineServices& e, GameState& s, int player, const Move& move) {
  const MoveDecl& m = e.rules().moves[move.kind];
  for (CardId c : move.Cards()) {
    RemoveCard(s.zones[e.ZoneSlot(m.from, move.target)].cards, c);
    s.zones[e.ZoneSlot(m.to, player)].cards.push_back(c);
    s.declared[c] = -1;
  }
}

}  // namespace tapis
