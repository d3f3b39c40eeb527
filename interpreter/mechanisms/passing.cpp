#include "interpreter/mechanisms/passing.h"

#include <algorithm>

#include "interpreter/mechanisms/trick.h"

namespace tapis {

int PassReceiver(const EngineServices& /*engine*/, const GameState& s, const MoveDecl& m, int player) {
  if (m.pass_directions.empty()) return -1;
  const int n = s.players;
  switch (m.pass_directions[s.round % m.pass_directions.size()]) {
    case PassDirection::kNone:
      return -1;
    case PassDirection::kLeft:
      return (player + 1) % n;
    case PassDirection::kRight:
      return (player + n - 1) % n;
    case PassDirection::kAcross:
      return n % 2 == 0 ? (player + n / 2) % n : -1;  // the loader refuses odd counts
  }
  return -1;
}

bool PassingPending(const EngineServices& e, const GameState& s) {
  for (const MoveDecl& m : e.rules().moves) {
    if (m.type != MoveType::kPassCards) continue;
    for (int p = 0; p < s.players; ++p) {
      if (!s.zones[e.ZoneSlot(m.to, p)].cards.empty()) return true;
    }
  }
  return false;
}

bool AskForPasses(const EngineServices& e, GameState& s) {
  const size_t before = s.decisions.size();
  const auto& moves = e.rules().moves;
  for (size_t k = 0; k < moves.size(); ++k) {
    const MoveDecl& m = moves[k];
    if (m.type != MoveType::kPassCards || PassReceiver(e, s, m, 0) < 0) continue;
    const int size = e.config().Resolve(m.pass_size);
    for (int i = 0; i < s.players; ++i) {
      const int p = (s.turn_player + i) % s.players;
      // Never more than the hand holds: every decision can be answered to the end.
      const int held = static_cast<int>(s.zones[e.ZoneSlot(m.from, p)].cards.size());
      Decision d;
      d.player = static_cast<int8_t>(p);
      d.moves = 1u << k;
      d.remaining = static_cast<int16_t>(std::min(size, held));
      if (d.remaining > 0) s.decisions.push_back(d);
    }
  }
  return s.decisions.size() > before;
}

bool DeliverPasses(const EngineServices& e, GameState& s) {
  bool delivered = false;
  for (const MoveDecl& m : e.rules().moves) {
    if (m.type != MoveType::kPassCards) continue;
    for (int p = 0; p < s.players; ++p) {
      auto& aside = s.zones[e.ZoneSlot(m.to, p)].cards;
      const int receiver = PassReceiver(e, s, m, p);
      if (aside.empty() || receiver < 0) continue;
      auto& into = s.zones[e.ZoneSlot(m.deliver, receiver)].cards;
      into.insert(into.end(), aside.begin(), aside.end());
      aside.clear();
      delivered = true;
    }
  }
  if (delivered && e.rules().tricks.zone >= 0) SeatFirstLeader(e, s);
  return delivered;
}

}  // namespace tapis
