#include "interpreter/mechanisms/move_count.h"

namespace tapis {
namespace {

int32_t& Counter(const EngineServices& engine, GameState& s, const MoveCount& c) {
  return s.variables[engine.config().VariableSlot(c.variable, 0)];
}

}  // namespace

bool CountReached(const EngineServices& engine, const GameState& s, const MoveDecl& decl, bool answering) {
  const MoveCount& c = decl.count;
  if (!c.has_max || (answering && c.per == MoveCount::Per::kTurn)) return false;
  return s.variables[engine.config().VariableSlot(c.variable, 0)] >= engine.config().Resolve(c.max);
}

void CountMove(const EngineServices& engine, GameState& s, int kind, bool answering) {
  const auto& moves = engine.rules().moves;
  for (size_t k = 0; k < moves.size(); ++k) {
    const MoveCount& c = moves[k].count;
    if (c.variable < 0) continue;
    int32_t& count = Counter(engine, s, c);
    if (static_cast<int>(k) != kind) {
      if (c.per == MoveCount::Per::kRow && c.variable != moves[kind].count.variable) count = 0;
      continue;
    }
    if (answering && c.per == MoveCount::Per::kTurn) continue;
    if (c.while_empty >= 0 && !s.zones[engine.ZoneSlot(c.while_empty, -1)].cards.empty()) {
      count = 0;
      continue;
    }
    ++count;
    if (c.has_end && count >= engine.config().Resolve(c.ends_round_at) && !s.round_over)
      engine.EndRound(s, false, -1);
  }
}

void ResetCounts(const EngineServices& engine, GameState& s, bool round) {
  for (const MoveDecl& m : engine.rules().moves) {
    if (m.count.variable >= 0 && (round || m.count.per == MoveCount::Per::kTurn))
      Counter(engine, s, m.count) = 0;
  }
}

}  // namespace tapis
