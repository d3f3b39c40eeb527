#include "interpreter/mechanisms/keep.h"

namespace tapis {

// The variable holds 1 + the card's id: 0 is "none", as at a round's start.
void NoteKept(const EngineServices& e, GameState& s, const MoveDecl& decl, CardId card) {
  if (!decl.keep.Used() || e.config().Resolve(decl.keep.enabled) == 0) return;
  s.variables[e.config().VariableSlot(decl.keep.into, 0)] = card + 1;
}

void ClearKept(const EngineServices& e, GameState& s) {
  for (const MoveDecl& m : e.rules().moves) {
    if (m.keep.Used()) s.variables[e.config().VariableSlot(m.keep.into, 0)] = 0;
  }
}

bool IsKept(const EngineServices& e, const GameState& s, const MoveDecl& take, CardId card, const MoveDecl** by) {
  for (const MoveDecl& m : e.rules().moves) {
    if (!m.keep.Used() || m.to != take.from) continue;
    const int held = s.variables[e.config().VariableSlot(m.keep.into, 0)];
    if (held <= 0 || held > e.cards().size() || e.cards().Kind(static_cast<CardId>(held - 1)) != e.cards().Kind(card))
      continue;
    if (by != nullptr) *by = &m;
    return true;
  }
  return false;
}

}  // namespace tapis
