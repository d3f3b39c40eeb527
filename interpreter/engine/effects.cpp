// The move effects (`then:`): which fire for a move, the engine's own (ask, skip, reverse),
// the Lua ones and the events, and the card that opens play acting as a move (`acts_as:`).
#include <algorithm>
#include <array>
#include <span>

#include "interpreter/engine/engine.h"
#include "interpreter/mechanisms/evaluate.h"
#include "interpreter/mechanisms/lay_groups.h"
#include "interpreter/mechanisms/penalty.h"
#include "interpreter/script/script_host.h"

namespace tapis {
namespace {

// Whether effect `t` fires for a move of `cards`, its parameter allowing.
bool TriggerMatches(const Trigger& t, const GameConfig& config, std::span<const CardId> cards) {
  if (config.Resolve(t.enabled) == 0) return false;
  if (t.when.empty()) return true;
  for (CardId c : cards) {
    if (FitsAll(config.cards(), t.when, c)) return true;
  }
  return false;
}

}  // namespace

// Which effects fire is read from tables made once: per move kind, the effects that fire
// whatever the cards, and per kind of card those its `if` lets fire.
void Engine::BuildFiringTables() {
  const Ruleset& r = rules();
  penalty_paid_.assign(r.moves.size(), -1);  // per move kind, the penalty a move of it pays
  for (const MoveDecl& m : r.moves) {
    for (const Trigger& t : m.then) {
      if (t.penalty.paid_by >= 0) penalty_paid_[t.penalty.paid_by] = t.penalty.variable;
    }
  }
  firing_always_.assign(r.moves.size(), 0);
  firing_by_card_.resize(r.moves.size());
  for (size_t k = 0; k < r.moves.size(); ++k) {
    const auto& then = r.moves[k].then;
    for (size_t i = 0; i < then.size(); ++i) {
      if (then[i].when.empty())
        firing_always_[k] |= static_cast<uint32_t>(TriggerMatches(then[i], *config_, {})) << i;
    }
    const bool by_card =
        std::any_of(then.begin(), then.end(), [](const Trigger& t) { return !t.when.empty(); });
    if (!by_card) continue;
    firing_by_card_[k].assign(r.catalog.kinds().size(), 0);
    std::vector<bool> done(r.catalog.kinds().size());
    for (int c = 0; c < cards().size(); ++c) {  // cards of one kind fire alike: the first of each tells
      const CardId card = static_cast<CardId>(c);
      if (done[cards().Kind(card)]) continue;
      done[cards().Kind(card)] = true;
      uint32_t& mask = firing_by_card_[k][cards().Kind(card)];
      for (size_t i = 0; i < then.size(); ++i) {
        if (!then[i].when.empty())
          mask |= static_cast<uint32_t>(TriggerMatches(then[i], *config_, {&card, 1})) << i;
      }
    }
  }
}

bool Engine::FireTriggers(GameState& s, int player, const Move& m, uint32_t firing, bool extra,
                          std::string& error) {
  const MoveDecl& decl = rules().moves[m.kind];
  int zone = -1;
  if (decl.type == MoveType::kMeld) zone = static_cast<int>(s.zones.size()) - 1;
  if (decl.type == MoveType::kExtend) zone = m.zone;
  asked_.clear();
  ScriptContext ctx{this, &s, player, &m, zone, false, extra};
  for (size_t i = 0; i < decl.then.size() && !s.round_over; ++i) {  // a round over: the rest is moot
    if ((firing >> i & 1u) == 0) continue;
    const Trigger& t = decl.then[i];
    // An `if:` expression is tested on the state as it is now: the move made, the effects
    // before this one run.
    if (!t.condition.empty() &&
        Evaluate(*this, s, t.condition, MoveScope(player, m)) == 0) {
      if (captured_ != nullptr) captured_->fired &= ~(1u << i);  // narration tells only what ran
      continue;
    }
    ++usage_.effects[m.kind][i];
    if (t.function.empty()) {
      BuiltInEffect(s, player, m, t);
    } else if (!scripts_->CallTrigger(t.function, ctx, error)) {
      return false;
    }
  }
  // Decisions an effect asks come before whatever was pending, in the order asked.
  if (!s.round_over) s.decisions.insert(s.decisions.begin(), asked_.begin(), asked_.end());
  asked_.clear();
  return true;
}

// The effects the engine knows (`ask:`, `skip:`, `reverse:`, `penalty:`, `set:`, `phase:`, `lay:`,
// `move:`, `next:`, `end:`),
// in the order of `then:`.
void Engine::BuiltInEffect(GameState& s, int player, const Move& m, const Trigger& t) {
  if (t.penalty.paid_by >= 0) Attack(*this, s, player, m, t);
  if (t.ask >= 0) {
    Decision d;
    d.player = static_cast<int8_t>(player);
    d.moves = 1u << t.ask;
    asked_.push_back(d);
  }
  if (t.reverse) s.direction = static_cast<int8_t>(-s.direction);
  if (!t.set.empty()) SetVariables(s, player, m, t);
  if (t.phase >= 0) s.phase = static_cast<int8_t>(t.phase);
  if (t.lay.combination >= 0) LayGroups(*this, s, player, t.lay);
  if (t.gather.from >= 0) {  // a whole zone onto another, in its order
    auto& from = s.zones[ZoneSlot(t.gather.from, player)].cards;
    auto& to = s.zones[ZoneSlot(t.gather.to, player)].cards;
    for (const CardId c : from) s.declared[c] = -1;  // a wild card forgets what it stood for, as MoveCard
    to.insert(to.end(), from.begin(), from.end());
    from.clear();
  }
  if (!t.next.empty()) {  // the turn after this one is that seat's: the turn player is the seat before it
    const int seat = Evaluate(*this, s, t.next, MoveScope(player, m)) - 1;
    if (seat >= 0 && seat < s.players) {
      s.turn_player = static_cast<int8_t>((seat - s.direction + s.players) % s.players);
      s.end_turn = true;
    }
  }
  if (t.skip > 0) {  // the mover's turn ends, and the next players' go by
    int next = player;
    for (int i = 0; i < t.skip && next >= 0; ++i) next = NextActive(s, next);
    if (next >= 0) s.turn_player = static_cast<int8_t>(next);
    s.end_turn = true;
  }
  if (t.end != Trigger::End::kNothing) EndRound(s, t.end == Trigger::End::kGame, -1);
}

// `set:` every value worked out on the state as it is, then written: for the mover, or with
// `for:` for each of those players (each in question for its own values).
void Engine::SetVariables(GameState& s, int player, const Move& m, const Trigger& t) const {
  std::array<int32_t, kMaxSetVariables> values{};
  auto set_for = [&](int seat) {
    Scope scope = MoveScope(player, m);
    scope.player = seat;
    for (size_t i = 0; i < t.set.size(); ++i) values[i] = Evaluate(*this, s, t.set[i].second, scope);
    for (size_t i = 0; i < t.set.size(); ++i) {
      const int v = t.set[i].first;
      s.variables[config_->VariableSlot(v, rules().variables[v].owner == Owner::kPlayer ? seat : -1)] =
          values[i];
    }
  };
  if (t.set_for == Trigger::For::kMover) {
    set_for(player);
    return;
  }
  for (int p = 0; p < s.players; ++p) {
    if (t.set_for == Trigger::For::kOthers && p == player) continue;
    if (t.set_for == Trigger::For::kTeam && !rules().OneSide(p, player)) continue;
    set_for(p);
  }
}

bool Engine::CallEvent(const std::string& function, GameState& s, std::string& error) {
  asked_.clear();
  ScriptContext ctx{this, &s, s.turn_player, nullptr, -1, false, false};
  if (!scripts_->CallTrigger(function, ctx, error)) return false;
  if (!s.round_over) s.decisions.insert(s.decisions.begin(), asked_.begin(), asked_.end());
  asked_.clear();
  return true;
}

// A setup step's `acts_as: MOVE`: the card it turned last acts as if the player before the
// first had just played it as that move (its effects run, and that player's turn ends).
bool Engine::ActOpening(GameState& s, std::string& error) {
  const Ruleset& r = rules();
  for (const SetupStep& step : r.setup) {
    if (step.acts_as < 0) continue;
    const auto& pile = s.zones[ZoneSlot(step.to, s.turn_player)].cards;
    if (pile.empty()) continue;
    Move opening;
    opening.kind = static_cast<uint8_t>(step.acts_as);
    opening.Add(pile.back());
    const int opener = (s.turn_player - s.direction + s.players) % s.players;
    s.turn_player = static_cast<int8_t>(opener);
    s.end_turn = true;
    const uint32_t firing = Firing(opening);
    if (firing != 0 && !FireTriggers(s, opener, opening, firing, false, error)) return false;
  }
  return true;
}

uint32_t Engine::Firing(const Move& m) const {
  uint32_t firing = firing_always_[m.kind];
  const auto& by_card = firing_by_card_[m.kind];
  if (!by_card.empty()) {
    for (CardId c : m.Cards()) firing |= by_card[cards().Kind(c)];
  }
  return firing;
}

}  // namespace tapis
