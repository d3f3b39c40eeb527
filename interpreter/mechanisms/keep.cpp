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

namespace {

// The card a keep move `m` put into `take`'s zone this turn, as 1 + its id; 0 for none (or a
// value a script wrote that is no card).
int KeptBy(const EngineServices& e, const GameState& s, const MoveDecl& m, const MoveDecl& take) {
  if (!m.keep.Used() || m.to != take.from) return 0;
  const int held = s.variables[e.config().VariableSlot(m.keep.into, 0)];
  return held > 0 && held <= e.cards().size() ? held : 0;
}

}  // namespace

bool IsKept(const EngineServices& e, const GameState& s, const MoveDecl& take, int player, CardId card,
            const MoveDecl** by) {
  if (player != s.turn_player) return false;  // another's copy, asked for in this turn, is theirs to give
  for (const MoveDecl& m : e.rules().moves) {
    const int held = KeptBy(e, s, m, take);
    if (held == 0 || e.cards().Kind(static_cast<CardId>(held - 1)) != e.cards().Kind(card)) continue;
    if (by != nullptr) *by = &m;
    return true;
  }
  return false;
}

int KeptKinds(const EngineServices& e, const GameState& s, const MoveDecl& take, int player,
              std::span<int> kinds) {
  if (player != s.turn_player) return 0;
  int n = 0;
  for (const MoveDecl& m : e.rules().moves) {
    const int held = KeptBy(e, s, m, take);
    if (held != 0 && n < static_cast<int>(kinds.size())) kinds[n++] = e.cards().Kind(static_cast<CardId>(held - 1));
  }
  return n;
}

}  // namespace tapis
