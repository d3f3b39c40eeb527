// A new game and each round's start: the state laid out, every card back in the deck's zone,
// the setup steps, who plays first.
#include "interpreter/engine/engine.h"
#include "interpreter/mechanisms/capture.h"
#include "interpreter/mechanisms/climb.h"
#include "interpreter/mechanisms/keep.h"
#include "interpreter/mechanisms/knock.h"
#include "interpreter/mechanisms/line_play.h"
#include "interpreter/mechanisms/move_count.h"
#include "interpreter/mechanisms/passing.h"
#include "interpreter/mechanisms/trick.h"
#include "interpreter/mechanisms/trump_bid.h"
#include "interpreter/model/errors.h"
#include "interpreter/script/script_host.h"

namespace tapis {

GameState Engine::NewGame(uint64_t seed) {
  GameState s;
  NewGame(seed, s);
  return s;
}

void Engine::NewGame(uint64_t seed, GameState& s) {
  if (scripts_) scripts_->Reset();
  const Ruleset& r = rules();
  const int n = config_->players();
  // A finished game's storage is reused: its zones' cards, its tables of numbers.
  std::vector<Zone> zones = std::move(s.zones);
  std::vector<int32_t> variables = std::move(s.variables), totals = std::move(s.totals);
  std::vector<int8_t> declared = std::move(s.declared);
  s = GameState{};
  s.variables = std::move(variables);
  s.totals = std::move(totals);
  s.declared = std::move(declared);
  s.players = static_cast<int8_t>(n);
  s.rng = seed;
  s.totals.assign(n, 0);
  s.declared.assign(cards().size(), -1);
  if (HasTokens(r)) {
    s.tokens.assign(cards().size(), {});
    s.claims.assign(cards().size(), 0);
  }
  zones.resize(config_->FixedZoneCount());
  s.zones = std::move(zones);
  for (size_t d = 0, slot = 0; d < r.zones.size(); ++d) {
    if (r.zones[d].dynamic) continue;
    for (int p = 0; p < (r.zones[d].owner == Owner::kTable ? 1 : n); ++p, ++slot) {
      Zone& z = s.zones[slot];
      z.decl = static_cast<uint8_t>(d);
      z.owner = static_cast<int8_t>(r.zones[d].owner == Owner::kTable ? -1 : p);
      z.label = 0;
    }
  }
  s.variables.resize(config_->VariableCount());
  for (size_t v = 0; v < r.variables.size(); ++v) {
    const int count = r.variables[v].owner == Owner::kPlayer ? n : 1;
    for (int i = 0; i < count; ++i) s.variables[config_->VariableSlot(v, i)] = r.variables[v].initial;
  }
  std::string error;
  if (!StartRound(s, error) || !Settle(s, error)) throw ScriptError(error);
  if (fresh_scripts_each_move_ && scripts_) scripts_->Reset();
}

// Every card back in the deck's zone, created zones gone, then the setup steps again.
bool Engine::StartRound(GameState& s, std::string& error) {
  const Ruleset& r = rules();
  const int n = config_->players();
  s.zones.resize(config_->FixedZoneCount());
  for (Zone& z : s.zones) {
    z.cards.clear();
    z.cells.clear();
  }
  auto& deck = s.zones[ZoneSlot(r.deck_zone, 0)].cards;
  for (int c = 0; c < cards().size(); ++c) deck.push_back(static_cast<CardId>(c));
  s.turn_player = static_cast<int8_t>((r.first_player + (r.match.rotate_first ? s.round : 0)) % n);
  // `first: random`: chance picks the dealer, and the player on their left plays first;
  // after a deal's random size when there is one (the order OpenSpiel's records follow).
  if (r.first_random && !HasRandomDealSize(r)) PickDealer(s);
  s.direction = 1;
  s.phase = 0;
  s.out = 0;
  std::fill(s.declared.begin(), s.declared.end(), -1);
  for (auto& stack : s.tokens) stack.clear();
  std::fill(s.claims.begin(), s.claims.end(), 0);
  s.decisions.clear();
  s.last_round_player = -1;
  s.next_label = 1;
  s.turn_label = 1;
  s.end_turn = false;
  s.round_over = false;
  ResetTricks(*this, s);
  ResetCaptures(*this, s);
  if (has_knocks_) ResetKnocks(*this, s);
  if (has_keeps_) ClearKept(*this, s);
  if (has_trump_bids_) ResetTrumpBids(*this, s);
  if (!counted_kinds_.empty()) ResetCounts(*this, s, counted_kinds_, true);
  if (has_climbs_) ResetClimbs(*this, s);
  for (const int owed : penalty_paid_) {  // a penalty still owed dies with its round
    if (owed >= 0) s.variables[config_->VariableSlot(owed, 0)] = 0;
  }
  for (size_t v = 0; v < r.variables.size(); ++v) {  // `each_round:` back to the start
    if (!r.variables[v].each_round) continue;
    const int count = r.variables[v].owner == Owner::kPlayer ? n : 1;
    for (int i = 0; i < count; ++i)
      s.variables[config_->VariableSlot(static_cast<int>(v), i)] = r.variables[v].initial;
  }
  if (r.place_variable >= 0) {  // nobody is out yet
    for (int p = 0; p < n; ++p) s.variables[config_->VariableSlot(r.place_variable, p)] = 0;
  }
  Deal(s);
  if (r.redeal.zone >= 0) Redeal(*this, s);  // a deal that left the hands empty
  // With cards to pass, the first trick's leader is seated once they are delivered: seating
  // them now would tell everyone who holds the card.
  const bool passing = has_passing_ && AskForPasses(*this, s);
  if (r.tricks.zone >= 0 && !passing) SeatFirstLeader(*this, s);
  s.actions_left = static_cast<int8_t>(config_->Resolve(r.actions_per_turn));
  CheckLastRound(s);
  if (!ActOpening(s, error)) return false;
  if (!r.events.round_start.empty() && !CallEvent(r.events.round_start, s, error)) return false;
  if (!r.events.turn_start.empty() && !CallEvent(r.events.turn_start, s, error)) return false;
  return true;
}

}  // namespace tapis
