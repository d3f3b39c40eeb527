// The turn flow after a move: turns that end, passes for want of a move, complete tricks
// taken, rounds scored, until a player has a move or the match is over (Engine::Settle).
#include <fmt/format.h>

#include <algorithm>

#include "interpreter/engine/engine.h"
#include "interpreter/mechanisms/climb.h"
#include "interpreter/mechanisms/keep.h"
#include "interpreter/mechanisms/move_count.h"
#include "interpreter/mechanisms/passing.h"
#include "interpreter/mechanisms/capture.h"
#include "interpreter/mechanisms/trick.h"

namespace tapis {

// A turn passes for want of a move: the table is told at once (a playout formats nothing),
// unless nobody could move (UntellPasses). `told` gets the line's place, a bit of a mask: a
// move's lines are few (kMaxSaidLines), and a mask costs the hot path nothing to make.
static_assert(kMaxSaidLines <= 64);
void Engine::TellPass(int seat, uint64_t& told) {
  if (captured_ == nullptr) return;
  const size_t at = captured_->said.size();
  Say(fmt::format("player {} has no move: the turn passes", seat + 1));
  if (captured_->said.size() > at) told |= uint64_t{1} << at;
}

// Nobody could move: the round is over, and no turn passed. The lines TellPass added go; what
// the scripts said meanwhile (a `turn_end` event's line) stays, as their effects do.
void Engine::UntellPasses(uint64_t told) {
  if (captured_ == nullptr) return;
  auto& said = captured_->said;
  for (size_t at = std::min<size_t>(said.size(), 64); at-- > 0;) {  // the last first: places hold
    if (told >> at & 1u) said.erase(said.begin() + static_cast<std::ptrdiff_t>(at));
  }
}

bool Engine::Settle(GameState& s, std::string& error, bool answered) {
  int idle_turns = 0;         // in a row, this round: once every player's has passed, nobody can move
  int idle_round = s.round;
  uint64_t told = 0;  // which of the table's lines are about those turns
  // Turns and rounds that end with no move between them: a flow that loops (an event that
  // ends every turn, a round that ends as it starts) would never give the players a move.
  const uint32_t first_turn = s.turns;
  const int first_round = s.round;
  while (!s.finished) {
    if (s.turns - first_turn > kMaxTurnsWithoutMove) {
      error = fmt::format("the turn flow loops: {} turns ended with no move (does an event end every turn?)",
                          kMaxTurnsWithoutMove);
      return false;
    }
    if (s.round - first_round > kMaxRoundsWithoutMove) {
      error =
          fmt::format("the turn flow loops: {} rounds ended with no move (does each round end as it starts?)",
                      kMaxRoundsWithoutMove);
      return false;
    }
    if (s.round_over) {
      if (!ScoreRound(s, error)) return false;
      continue;
    }
    if (!s.decisions.empty()) {
      const Decision& d = s.decisions.front();
      if (d.remaining > 0 && CanMove(s, d.player, d.moves, &d)) return true;
      s.decisions.erase(s.decisions.begin());  // nothing left to choose from
      answered = true;
      continue;
    }
    // The last decision is done (the last card passed, or what its effect asked): every
    // player's passed cards go at once.
    if (answered && has_passing_ && DeliverPasses(*this, s)) continue;
    if (s.end_turn || s.actions_left <= 0) {
      if (!EndTurn(s, error)) return false;
      continue;
    }
    // A turn player with nothing to do passes; if nobody can, the round is over.
    if (always_can_pass_) return true;
    if (CanMove(s, s.turn_player, ~0u, nullptr)) return true;
    if (s.round != idle_round) {  // the turns passed before belong to a round that is over
      idle_round = s.round;
      idle_turns = 0;
      told = 0;
    }
    if (++idle_turns > s.players) {
      s.round_over = true;
      UntellPasses(told);
      continue;
    }
    TellPass(s.turn_player, told);
    if (!EndTurn(s, error)) return false;
  }
  return true;
}

bool Engine::EndTurn(GameState& s, std::string& error) {
  const Ruleset& r = rules();
  if (!r.events.turn_end.empty() && !CallEvent(r.events.turn_end, s, error)) return false;
  if (s.round_over) return true;
  if (const auto& low = r.round_ends_when_low; low.zone >= 0) {  // the stock ran low: the deal is drawn
    const long long left = static_cast<long long>(s.zones[ZoneSlot(low.zone, 0)].cards.size());
    if (left <= config_->Resolve(low.cards)) {
      Say(fmt::format("the {} is down to {} card{}: the round ends", r.zones[low.zone].name, left,
                      left == 1 ? "" : "s"));
      s.round_over = true;
      return true;
    }
  }
  int next = NextActive(s, s.turn_player);
  // A complete trick is taken by its winner, who leads next (FinishTrick).
  if (r.tricks.zone >= 0 && TrickComplete(*this, s) && !FinishTrick(s, next, error)) return false;
  if (s.round_over) return true;
  s.end_turn = false;
  if (next < 0) {
    s.round_over = true;
    return true;
  }
  if (s.last_round_player >= 0 && next == s.last_round_player) {
    s.round_over = true;
    return true;
  }
  s.turn_player = static_cast<int8_t>(next);
  if (r.redeal.zone >= 0) Redeal(*this, s);
  s.turn_label = s.next_label;
  s.actions_left = static_cast<int8_t>(config_->Resolve(r.actions_per_turn));
  ++s.turns;
  if (!counted_kinds_.empty()) ResetCounts(*this, s, counted_kinds_, false);
  if (has_keeps_) ClearKept(*this, s);
  if (has_climbs_) ClearPassedPiles(*this, s);
  return r.events.turn_start.empty() || CallEvent(r.events.turn_start, s, error);
}

// The trick is complete: the winner takes it (after the ruleset's `on_won`), counts it and
// leads next; the round ends when the winner has no card left to lead.
bool Engine::FinishTrick(GameState& s, int& next, std::string& error) {
  const TrickDecl& t = rules().tricks;
  const int winner = TrickHolder(*this, s);
  if (!t.on_won.empty() && !CallEvent(t.on_won, s, error)) return false;
  if (s.round_over) return true;
  auto& trick = s.zones[ZoneSlot(t.zone, -1)].cards;
  if (t.won >= 0) {
    auto& won = s.zones[ZoneSlot(t.won, winner)].cards;
    won.insert(won.end(), trick.begin(), trick.end());
  } else {
    auto& deck = s.zones[ZoneSlot(rules().deck_zone, winner)].cards;
    deck.insert(deck.begin(), trick.begin(), trick.end());
  }
  trick.clear();
  s.variables[config_->VariableSlot(t.leader, 0)] = 0;
  if (t.count >= 0) ++s.variables[config_->VariableSlot(t.count, winner)];
  next = winner;
  if (s.zones[ZoneSlot(t.hand, winner)].cards.empty()) {
    s.round_over = true;
    if (t.last_trick >= 0)
      s.variables[config_->VariableSlot(t.last_trick, winner)] = 1;  // a last-trick bonus
    if (t.slam >= 0 && WonEveryTrick(*this, s, winner))
      s.variables[config_->VariableSlot(t.slam, winner)] = 1;
  }
  return true;
}

}  // namespace tapis
