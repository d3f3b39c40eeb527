#include "interpreter/mechanisms/penalty.h"

#include <algorithm>

#include "interpreter/mechanisms/refill.h"

namespace tapis {
namespace {

int& Variable(const EngineServices& e, GameState& s, int variable) {
  return s.variables[e.config().VariableSlot(variable, 0)];
}

}  // namespace

void Attack(EngineServices& e, GameState& s, int player, const Move& move, const Trigger& t) {
  const Ruleset& r = e.rules();
  const MoveDecl& played = r.moves[move.kind];
  const MoveDecl& pay = r.moves[t.penalty.paid_by];
  const bool from_hand = played.from >= 0 && r.zones[played.from].owner == Owner::kPlayer;
  if (from_hand && s.zones[e.ZoneSlot(played.from, player)].cards.empty()) return;  // gone out
  const int draw = e.config().Resolve(t.penalty.draw);
  const int victim = e.NextActive(s, player);
  if (draw < 1 || victim < 0 || !CanDraw(e, s, pay, victim)) return;
  // Never more than the cards there are: a draw that refills its own stock would never end.
  int& owed = Variable(e, s, t.penalty.variable);
  owed = static_cast<int>(std::clamp<long long>(static_cast<long long>(owed) + draw, 0, e.cards().size()));
  // The victim's turn is spent on the answer: play moves on past them.
  s.turn_player = static_cast<int8_t>(victim);
  s.actions_left = static_cast<int8_t>(e.config().Resolve(r.actions_per_turn));
  s.end_turn = true;
  Decision d;
  d.player = static_cast<int8_t>(victim);
  d.moves = 1u << t.penalty.paid_by;
  if (from_hand) {  // the cards that fire this effect answer it
    for (CardId c : s.zones[e.ZoneSlot(played.from, victim)].cards) {
      if (t.when.empty() || FitsAll(e.cards(), t.when, c)) d.only.push_back(c);
    }
  }
  if (!d.only.empty()) d.moves |= 1u << move.kind;
  e.Ask(s, d);
}

void PayPenalty(EngineServices& e, GameState& s, int player, int kind, int variable) {
  const MoveDecl& decl = e.rules().moves[kind];
  int& owed = Variable(e, s, variable);
  if (owed <= 0) return;
  --owed;
  if (!CanDraw(e, s, decl, player)) owed = 0;  // nothing left: the rest is forgiven
  if (owed == 0) return;
  Decision d;
  d.player = static_cast<int8_t>(player);
  d.moves = 1u << kind;
  s.decisions.insert(s.decisions.begin(), d);
}

}  // namespace tapis
