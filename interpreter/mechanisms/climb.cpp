#include "interpreter/mechanisms/climb.h"

#include <algorithm>

namespace tapis {
namespace {

int& Var(const EngineServices& e, GameState& s, int variable) {
  return s.variables[e.config().VariableSlot(variable, 0)];
}

int Get(const EngineServices& e, const GameState& s, int variable) {
  return s.variables[e.config().VariableSlot(variable, 0)];
}

int PlayersIn(const GameState& s) { return s.players - __builtin_popcount(s.out); }

bool IsOut(const GameState& s, int seat) { return (s.out >> seat) & 1u; }

}  // namespace

void ClearClimbPile(const EngineServices& e, GameState& s, const MoveDecl& decl) {
  const Climb& c = decl.climb;
  auto& pile = s.zones[e.ZoneSlot(decl.to, -1)].cards;
  auto& to = s.zones[e.ZoneSlot(c.clear_to, -1)].cards;
  for (CardId card : pile) s.declared[card] = -1;
  if (c.clear_under) {
    to.insert(to.begin(), pile.rbegin(), pile.rend());  // the pile turned over
  } else {
    to.insert(to.end(), pile.begin(), pile.end());
  }
  pile.clear();
  Var(e, s, c.size) = 0;
  Var(e, s, c.passes) = 0;
}

int ClimbSizeNeeded(const EngineServices& e, const GameState& s, const MoveDecl& decl) {
  const Climb& c = decl.climb;
  if (!c.same_size || s.zones[e.ZoneSlot(decl.to, -1)].cards.empty()) return 0;
  return Get(e, s, c.size);
}

bool NoteClimbPlay(const EngineServices& e, GameState& s, int player, const MoveDecl& decl,
                   const Move& move) {
  const Climb& c = decl.climb;
  Var(e, s, c.last) = player + 1;
  Var(e, s, c.size) = move.count;
  Var(e, s, c.passes) = 0;
  if (c.clear_with.empty() || !e.config().Resolve(c.clear_enabled)) return false;
  // A wild card clears as what it stands for.
  return std::any_of(move.Cards().begin(), move.Cards().end(), [&](CardId card) {
    const int wild = e.cards().Wild(card);
    if (wild < 0 || s.declared[card] < 0) return FitsAll(e.cards(), c.clear_with, card);
    return std::all_of(c.clear_with.begin(), c.clear_with.end(), [&](const CardFilter& f) {
      return f.property == wild ? f.Has(s.declared[card]) : f.Fits(e.cards(), card);
    });
  });
}

void NoteClimbPass(const EngineServices& e, GameState& s, int kind) {
  for (const MoveDecl& m : e.rules().moves) {
    if (m.climb.pass == kind && !s.zones[e.ZoneSlot(m.to, -1)].cards.empty()) ++Var(e, s, m.climb.passes);
  }
}

bool ClimbPassAllowed(const EngineServices& e, const GameState& s, int kind) {
  for (const MoveDecl& m : e.rules().moves) {
    if (m.climb.pass == kind && !m.climb.lead_may_pass && s.zones[e.ZoneSlot(m.to, -1)].cards.empty())
      return false;
  }
  return true;
}

void ClearPassedPiles(const EngineServices& e, GameState& s) {
  for (const MoveDecl& m : e.rules().moves) {
    if (!m.climb.Used() || s.zones[e.ZoneSlot(m.to, -1)].cards.empty()) continue;
    const int last = Get(e, s, m.climb.last) - 1;
    const int others = PlayersIn(s) - (last >= 0 && last < s.players && !IsOut(s, last) ? 1 : 0);
    if (Get(e, s, m.climb.passes) >= others) ClearClimbPile(e, s, m);
  }
}

void ResetClimbs(const EngineServices& e, GameState& s) {
  for (const MoveDecl& m : e.rules().moves) {
    if (!m.climb.Used()) continue;
    Var(e, s, m.climb.last) = 0;
    Var(e, s, m.climb.size) = 0;
    Var(e, s, m.climb.passes) = 0;
  }
}

void GoOut(const EngineServices& e, GameState& s, int player) {
  const Ruleset& r = e.rules();
  if (IsOut(s, player)) return;
  s.variables[e.config().VariableSlot(r.place_variable, player)] = __builtin_popcount(s.out) + 1;
  s.out |= 1u << player;
  s.end_turn = true;
  if (PlayersIn(s) > 1) return;
  for (int p = 0; p < s.players; ++p) {
    if (IsOut(s, p)) continue;
    s.variables[e.config().VariableSlot(r.place_variable, p)] = s.players;
    s.out |= 1u << p;
  }
  e.EndRound(s, false, -1);
}

}  // namespace tapis
