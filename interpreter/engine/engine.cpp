#include "interpreter/engine/engine.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "interpreter/mechanisms/ask.h"
#include "interpreter/mechanisms/capture.h"
#include "interpreter/mechanisms/climb.h"
#include "interpreter/mechanisms/combination.h"
#include "interpreter/mechanisms/follow.h"
#include "interpreter/mechanisms/grid.h"
#include "interpreter/mechanisms/keep.h"
#include "interpreter/mechanisms/knock.h"
#include "interpreter/mechanisms/line_play.h"
#include "interpreter/mechanisms/match_play.h"
#include "interpreter/mechanisms/move_count.h"
#include "interpreter/mechanisms/passing.h"
#include "interpreter/mechanisms/penalty.h"
#include "interpreter/mechanisms/pick.h"
#include "interpreter/mechanisms/refill.h"
#include "interpreter/mechanisms/trick.h"
#include "interpreter/mechanisms/trump_bid.h"
#include "interpreter/mechanisms/wild_melds.h"
#include "interpreter/model/errors.h"
#include "interpreter/script/script_host.h"

namespace tapis {

Engine::Engine(std::shared_ptr<const GameConfig> config, std::shared_ptr<ChanceSource> chance)
    : EngineServices(std::move(config), chance ? std::move(chance) : std::make_shared<SeededChance>()) {
  const Ruleset& r = rules();
  if (!r.scripts.empty()) scripts_ = std::make_unique<ScriptHost>(r);
  usage_.moves.assign(r.moves.size(), 0);
  usage_.effects.resize(r.moves.size());
  for (size_t k = 0; k < r.moves.size(); ++k) usage_.effects[k].assign(r.moves[k].then.size(), 0);
  for (size_t k = 0; k < r.moves.size(); ++k) {
    // Taking lists one zone; a fallback take (one that waits for other kinds) is offered
    // whenever no move it waits for is, so it answers "is there a move" as well as any. A
    // knock is no cheap take: it counts the hand for each card.
    const MoveDecl& m = r.moves[k];
    const bool fallback_take = m.type == MoveType::kTake && (m.fallback || m.fallback_unless != 0);
    if (m.type == MoveType::kDraw || m.type == MoveType::kPass || (fallback_take && !m.knock.Used()))
      cheap_kinds_ |= 1u << k;
    const bool takes =
        m.type == MoveType::kTake || m.type == MoveType::kGive || m.type == MoveType::kPassCards;
    if (takes && m.cards.empty() && m.follow.empty() && m.count.variable < 0 && !m.count.has_max &&
        !m.fallback && m.fallback_unless == 0 && !m.knock.Used() && !m.keep.Used())
      plain_take_kinds_ |= 1u << k;
    if (m.type == MoveType::kTrick && r.tricks.allow.empty()) trick_kinds_ |= 1u << k;
    // `when:` conditions: tested once for the kind, or on each move's card.
    for (const Condition& c : m.when)
      (c.test.uses_move_card ? card_conditioned_kinds_ : conditioned_kinds_) |= 1u << k;
  }
  // A kind with conditions is no quick "is there a move": its moves may all be refused.
  plain_take_kinds_ &= ~(conditioned_kinds_ | card_conditioned_kinds_);
  trick_kinds_ &= ~(conditioned_kinds_ | card_conditioned_kinds_);
  cheap_kinds_ &= ~card_conditioned_kinds_;
  for (size_t k = 0; k < r.moves.size(); ++k) {
    const MoveDecl& m = r.moves[k];
    // A climbing pass is not offered on an empty pile.
    const bool climbing = std::any_of(r.moves.begin(), r.moves.end(),
                                      [&](const MoveDecl& p) { return p.climb.pass == static_cast<int>(k); });
    always_can_pass_ = always_can_pass_ || (m.type == MoveType::kPass && m.in_turn && m.cost == 0 &&
                                            m.phases == ~0u && !climbing);
  }
  for (const MoveDecl& m : r.moves) uniform_bot_weights_ = uniform_bot_weights_ && m.bot_weight == 1.0;
  decl_scripted_.assign(std::max<size_t>(r.moves.size(), 1), 0);
  BuildFiringTables();
  follow_keys_.resize(r.moves.size());
  for (size_t k = 0; k < r.moves.size(); ++k) {
    for (size_t i = 0; i < r.moves[k].then.size(); ++i) {
      if (!r.moves[k].then[i].function.empty()) decl_scripted_[k] |= 1u << i;
    }
    if (!r.moves[k].follow.empty()) follow_keys_[k] = MakeFollowKeys(cards(), r.moves[k]);
    if (r.moves[k].count.variable >= 0) counted_kinds_.push_back(static_cast<int>(k));
    if (r.moves[k].fallback_unless != 0) waiting_kinds_ |= 1u << k;
    if (r.moves[k].fallback_unless != 0 || r.moves[k].count.has_max) limited_kinds_ |= 1u << k;
    limited_kinds_ |= conditioned_kinds_ & (1u << k);
  }
  for (size_t d = 0; d < r.zones.size(); ++d) {
    if (r.zones[d].refill_from >= 0) refilled_zones_.push_back(static_cast<int>(d));
  }
  for (const MoveDecl& m : r.moves) {
    has_climbs_ = has_climbs_ || m.climb.Used();
    has_passing_ = has_passing_ || m.type == MoveType::kPassCards;
    has_trump_bids_ = has_trump_bids_ || m.type == MoveType::kTakeTrump;
    has_knocks_ = has_knocks_ || m.knock.Used();
    has_keeps_ = has_keeps_ || m.keep.Used();
  }
  for (size_t k = 0; k < r.moves.size() && has_keeps_; ++k) {  // a kept card narrows every take
    if (r.moves[k].type == MoveType::kTake) plain_take_kinds_ &= ~(1u << k);
  }
  empty_zone_rules_ = r.wins_when_empty >= 0 || r.round_ends_when_empty >= 0 || r.out_when_empty >= 0;
  std::vector<bool> seen(r.catalog.kinds().size());
  for (int c = 0; c < cards().size() && !has_copies_; ++c) {
    has_copies_ = seen[cards().Kind(static_cast<CardId>(c))];
    seen[cards().Kind(static_cast<CardId>(c))] = true;
  }
  // A setup step's acts_as runs its move's effects as a round starts: Lua ones run in the flow.
  bool opening_scripted = false;
  for (const SetupStep& step : r.setup) {
    if (step.acts_as < 0) continue;
    for (const Trigger& t : r.moves[step.acts_as].then)
      opening_scripted = opening_scripted || !t.function.empty();
  }
  scripts_in_flow_ =
      scripts_ && (opening_scripted || !r.score_function.empty() || !r.events.round_start.empty() ||
                   !r.events.turn_start.empty() || !r.events.turn_end.empty() || !r.events.round_end.empty());
}

Engine::~Engine() = default;

void Engine::Ask(GameState&, const Decision& decision) { asked_.push_back(decision); }

// A count reached its `ends_round_at:`, or a knock was made (after going out, which names a
// winner, had its say, and after the move's effects).
void Engine::EndRoundIf(GameState& s, bool ends) const {
  if (ends && !s.round_over) EndRound(s, false, -1);
}

void Engine::CheckGoneOut(GameState& s, int player) {
  const Ruleset& r = rules();
  if (s.round_over || !empty_zone_rules_) return;
  if (has_passing_ && PassingPending(*this, s)) return;  // a hand passed away is not out
  if (r.wins_when_empty >= 0 && s.zones[ZoneSlot(r.wins_when_empty, player)].cards.empty()) {
    EndRound(s, true, player);
  } else if (r.round_ends_when_empty >= 0 &&
             s.zones[ZoneSlot(r.round_ends_when_empty, player)].cards.empty()) {
    EndRound(s, false, -1);
  } else if (r.out_when_empty >= 0 && s.zones[ZoneSlot(r.out_when_empty, player)].cards.empty()) {
    GoOut(*this, s, player);
  }
}

ApplyResult Engine::Apply(GameState& s, const Move& m) {
  ApplyResult result = ApplyMove(s, m);
  if (fresh_scripts_each_move_ && scripts_) scripts_->Reset();
  return result;
}

ApplyResult Engine::ApplyMove(GameState& s, const Move& m) {
  const int player = Actor(s);
  const MoveDecl* decl = m.kind == kStopMove ? nullptr : &rules().moves[m.kind];
  // Draws hide their card in the move; the trigger sees the card drawn, and an ask the cards
  // handed over. Other moves are not copied, nor is a move made for them (a move is 76 bytes,
  // and this is every move's path).
  std::optional<Move> drawn;
  const Move* made = &m;
  if (captured_ != nullptr) {
    captured_->refilled.clear();
    captured_->made = false;
  }
  bool backed_up = false;  // before a refill, which a failing script must undo too
  if (decl && decl->type == MoveType::kDraw) {
    if (undo_on_error_ && s.zones[ZoneSlot(decl->from, player)].cards.empty()) {
      backup_ = s;
      backed_up = true;
    }
    RefillToDraw(*this, s, ZoneSlot(decl->from, player));
    BeforeDraw(s, ZoneSlot(decl->from, player));
    const auto& from = s.zones[ZoneSlot(decl->from, player)].cards;
    drawn = m;
    drawn->count = 0;
    if (!from.empty()) drawn->Add(from.back());
    made = &*drawn;
  } else if (decl && decl->type == MoveType::kAsk) {  // the trigger sees the cards handed over
    drawn = AskAnswered(*this, s, m);
    made = &*drawn;
  } else if (decl && decl->type == MoveType::kPick) {  // chance picks the card, unseen
    drawn = PickAnswered(*this, s, m);
    made = &*drawn;
  }
  const Move& performed = *made;
  const uint32_t firing = decl ? Firing(performed) : 0;
  if (decl) {
    ++usage_.moves[m.kind];
  } else {
    ++usage_.stops;
  }
  // Only scripts can fail, so only a move that may run one needs a way back.
  const bool keep_backup =
      backed_up || (undo_on_error_ &&
                    ((firing & decl_scripted_[m.kind == kStopMove ? 0 : m.kind]) != 0 || scripts_in_flow_));
  if (keep_backup && !backed_up) backup_ = s;
  const bool answering = !s.decisions.empty();
  const int target = answering ? s.decisions.front().target : -1;

  if (answering) {
    Decision& d = s.decisions.front();
    if (decl == nullptr) {
      s.decisions.erase(s.decisions.begin());
    } else {
      if (d.costs_actions) s.actions_left = static_cast<int8_t>(std::max(0, s.actions_left - decl->cost));
      if (--d.remaining <= 0) s.decisions.erase(s.decisions.begin());
    }
  } else if (decl) {
    s.actions_left = static_cast<int8_t>(s.actions_left - decl->cost);
    if (decl->ends_turn) s.end_turn = true;
  }
  if (decl) Perform(s, player, target, performed);
  if (has_keeps_ && decl && performed.count > 0) NoteKept(*this, s, *decl, performed.cards[0]);
  if (captured_ != nullptr) {
    captured_->moved = s;
    captured_->round_ended = false;
    captured_->said.clear();
    captured_->round_parts.clear();
    captured_->fired = firing;
    captured_->made = true;
  }
  ++s.moves_played;
  if (!refilled_zones_.empty()) RefillZones(*this, s, refilled_zones_);
  if (has_trump_bids_ && decl && decl->type == MoveType::kPass) NoteBidPass(*this, s, m.kind);
  bool clears_pile = false;
  if (has_climbs_ && decl) {
    clears_pile = decl->climb.Used() && NoteClimbPlay(*this, s, player, *decl, performed);
    if (decl->type == MoveType::kPass) NoteClimbPass(*this, s, m.kind);
  }
  const bool count_ends =
      !counted_kinds_.empty() && decl && CountMove(*this, s, counted_kinds_, m.kind, answering);

  std::string error;
  const bool effects_ran = firing == 0 || FireTriggers(s, player, performed, firing, answering, error);
  // A play that clears its pile at once (a Two) clears it once its effects have seen it, and
  // leaves its player to lead again, as on a new turn (what a turn counts starts again), if
  // they have cards left to lead.
  if (effects_ran && clears_pile && !s.round_over) {
    ClearClimbPile(*this, s, *decl);
    if (!answering && !s.zones[ZoneSlot(decl->from, player)].cards.empty()) {
      s.end_turn = false;
      s.actions_left = std::max<int8_t>(s.actions_left, 1);
      if (!counted_kinds_.empty()) ResetCounts(*this, s, counted_kinds_, false);
    }
  }
  if (effects_ran && decl && penalty_paid_[m.kind] >= 0 && !s.round_over)
    PayPenalty(*this, s, player, m.kind, penalty_paid_[m.kind]);
  if (effects_ran) {
    if (empty_zone_rules_) {
      CheckGoneOut(s, player);
      // A hand another player's move emptied (its last card picked) is out too.
      if (performed.target >= 0 && rules().out_when_empty >= 0 && !s.round_over &&
          s.zones[ZoneSlot(rules().out_when_empty, performed.target)].cards.empty())
        GoOut(*this, s, performed.target);
    }
    EndRoundIf(s, count_ends || (decl && decl->knock.Used()));
    CheckLastRound(s);
    if (Settle(s, error, answering)) return {};
  }
  if (keep_backup) s = backup_;
  return {false, error};
}

void Engine::Perform(GameState& s, int player, int target, const Move& m) {
  const MoveDecl& decl = rules().moves[m.kind];
  auto take_out = [&](int zone, CardId card) {
    auto& cards = s.zones[zone].cards;
    RemoveCard(cards, card);
    s.declared[card] = -1;
  };
  switch (decl.type) {
    case MoveType::kPass:
      break;
    case MoveType::kChoose:
      if (decl.declares >= 0) DeclareTop(*this, s, decl, m.value);
      break;
    case MoveType::kDraw: {
      auto& from = s.zones[ZoneSlot(decl.from, player)].cards;
      s.zones[ZoneSlot(decl.to, player)].cards.push_back(from.back());
      s.declared[from.back()] = -1;
      from.pop_back();
      break;
    }
    case MoveType::kTake: {
      const int from = ZoneSlot(decl.from, player);
      take_out(from, m.cards[0]);
      s.zones[ZoneSlot(decl.to, player)].cards.push_back(m.cards[0]);
      if (decl.refill_from >= 0) {
        auto& refill = s.zones[ZoneSlot(decl.refill_from, player)].cards;
        if (!refill.empty()) {
          s.zones[from].cards.push_back(refill.back());
          refill.pop_back();
        }
      }
      if (decl.knock.Used()) NoteKnock(*this, s, player, decl);
      break;
    }
    case MoveType::kPlay: {
      const int from = ZoneSlot(decl.from, player);
      auto& pile = s.zones[ZoneSlot(decl.to, player)].cards;
      const int prop = rules().combinations[decl.combination].property;
      for (CardId c : m.Cards()) {
        take_out(from, c);
        pile.push_back(c);
        if (cards().Wild(c) == prop) s.declared[c] = m.value;
      }
      break;
    }
    case MoveType::kMatch:
      PerformMatch(*this, s, player, m);
      break;
    case MoveType::kLine:
      PerformLine(*this, s, player, m);
      break;
    case MoveType::kGive:
    case MoveType::kPassCards:  // set aside, for the receiver once everyone has passed
      take_out(ZoneSlot(decl.from, player), m.cards[0]);
      s.zones[ZoneSlot(decl.to, decl.type == MoveType::kGive ? target : player)].cards.push_back(m.cards[0]);
      break;
    case MoveType::kMeld: {
      if (!decl.contracts.empty() || rules().combinations[decl.combination].wild) {
        LayMelds(*this, s, player, m);
        break;
      }
      const int from = ZoneSlot(decl.from, player);
      Zone meld{static_cast<uint8_t>(decl.to), static_cast<int8_t>(player), s.next_label++, {}};
      for (CardId c : m.Cards()) {
        take_out(from, c);
        meld.cards.push_back(c);
      }
      SortForCombination(cards(), rules().combinations[decl.combination], meld.cards);
      s.zones.push_back(std::move(meld));
      break;
    }
    case MoveType::kPlace:
      take_out(ZoneSlot(decl.from, player), m.cards[0]);
      PutOnCell(s.zones[ZoneSlot(decl.to, player)], m.cards[0], m.cell);
      break;
    case MoveType::kExtend: {
      if (rules().combinations[decl.combination].wild) {
        ExtendMeld(*this, s, player, m);
        break;
      }
      take_out(ZoneSlot(decl.from, player), m.cards[0]);
      auto& meld = s.zones[m.zone].cards;
      meld.push_back(m.cards[0]);
      SortForCombination(cards(), rules().combinations[decl.combination], meld);
      break;
    }
    case MoveType::kTrick:
    case MoveType::kNumber:
      PerformTrickMove(*this, s, player, m);
      break;
    case MoveType::kCapture:
      PerformCapture(*this, s, player, m);
      break;
    case MoveType::kTakeTrump:
      PerformTakeTrump(*this, s, player, m);
      break;
    case MoveType::kAsk:
      PerformAsk(*this, s, player, m);
      break;
    case MoveType::kPick:
      PerformPick(*this, s, player, m);
      break;
  }
}

}  // namespace tapis
