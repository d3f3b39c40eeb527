#include "interpreter/mechanisms/move_count.h"

#include <cstdint>

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

bool CountMove(const EngineServices& engine, GameState& s, const std::vector<int>& counted, int kind,
               bool answering) {
  const auto& moves = engine.rules().moves;
  bool ends = false;
  for (int k : counted) {
    const MoveCount& c = moves[k].count;
    int32_t& count = Counter(engine, s, c);
    if (k != kind) {
      if (c.per == MoveCount::Per::kRow && c.variable != moves[kind].count.variable) count = 0;
      continue;
    }
    if (answering && c.per == MoveCount::Per::kTurn) continue;
    if (c.while_empty >= 0 && !s.zones[engine.ZoneSlot(c.while_empty, -1)].cards.empty()) {
      count = 0;
      continue;
    }
    if (count < INT32_MAX) ++count;  // a script or a position may have set it anywhere
    ends = ends || (c.has_end && count >= engine.config().Resolve(c.ends_round_at));
  }
  return ends;
}

void ResetCounts(const EngineServices& engine, GameState& s, const std::vector<int>& counted, bool round) {
  for (int k : counted) {
    const MoveCount& c = engine.rules().moves[k].count;
    if (round || c.per == MoveCount::Per::kTurn) Counter(engine, s, c) = 0;
  }
}

}  // namespace tapis
