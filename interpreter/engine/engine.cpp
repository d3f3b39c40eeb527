#include "interpreter/engine/engine.h"

#include <fmt/format.h>

#include <algorithm>

#include "interpreter/mechanisms/combination.h"
#include "interpreter/mechanisms/follow.h"
#include "interpreter/mechanisms/grid.h"
#include "interpreter/mechanisms/line_play.h"
#include "interpreter/mechanisms/match_play.h"
#include "interpreter/mechanisms/move_count.h"
#include "interpreter/mechanisms/trick.h"
#include "interpreter/mechanisms/wild_melds.h"
#include "interpreter/model/errors.h"
#include "interpreter/script/script_host.h"

namespace tapis {

namespace {

// Whether the card has, for one of the filters, one of its values (any of them, for a card of
// two suits): a trigger's `if`, a setup step's `reject`.
bool FitsAny(const CardSet& set, const std::vector<CardFilter>& filters, CardId c) {
  for (const CardFilter& f : filters) {
    for (int v : f.values) {
      if (set.Has(c, f.property, v)) return true;
    }
  }
  return false;
}

// Whether effect `t` fires for a move of `cards`, its parameter allowing.
bool TriggerMatches(const Trigger& t, const GameConfig& config, std::span<const CardId> cards) {
  if (config.Resolve(t.enabled) == 0) return false;
  if (t.when.empty()) return true;
  for (CardId c : cards) {
    if (FitsAny(config.cards(), t.when, c)) return true;
  }
  return false;
}

}  // namespace

Engine::Engine(std::shared_ptr<const GameConfig> config, std::shared_ptr<ChanceSource> chance)
    : EngineServices(std::move(config), chance ? std::move(chance) : std::make_shared<SeededChance>()) {
  const Ruleset& r = rules();
  if (!r.scripts.empty()) scripts_ = std::make_unique<ScriptHost>(r);
  usage_.moves.assign(r.moves.size(), 0);
  usage_.effects.resize(r.moves.size());
  for (size_t k = 0; k < r.moves.size(); ++k) usage_.effects[k].assign(r.moves[k].then.size(), 0);
  for (size_t k = 0; k < r.moves.size(); ++k) {
    // Taking lists one zone; a fallback take is offered whenever some move is, so it answers
    // "is there a move" as well as any.
    const MoveType t = r.moves[k].type;
    if (t == MoveType::kDraw || t == MoveType::kPass || (t == MoveType::kTake && r.moves[k].fallback))
      cheap_kinds_ |= 1u << k;
  }
  for (const MoveDecl& m : r.moves) {
    always_can_pass_ =
        always_can_pass_ || (m.type == MoveType::kPass && m.in_turn && m.cost == 0 && m.phases == ~0u);
  }
  for (const MoveDecl& m : r.moves) uniform_bot_weights_ = uniform_bot_weights_ && m.bot_weight == 1.0;
  decl_scripted_.assign(std::max<size_t>(r.moves.size(), 1), 0);
  // Which effects fire is read from tables made once: per move kind, the effects that fire
  // whatever the cards, and per card those its `if` lets fire.
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
    for (int c = 0; c < cards().size(); ++c) {  // cards of one kind fire alike: the first of each tells
      const CardId card = static_cast<CardId>(c);
      uint32_t& mask = firing_by_card_[k][cards().Kind(card)];
      for (size_t i = 0; i < then.size(); ++i) {
        if (!then[i].when.empty())
          mask |= static_cast<uint32_t>(TriggerMatches(then[i], *config_, {&card, 1})) << i;
      }
    }
  }
  follow_keys_.resize(r.moves.size());
  for (size_t k = 0; k < r.moves.size(); ++k) {
    for (size_t i = 0; i < r.moves[k].then.size(); ++i) {
      if (!r.moves[k].then[i].function.empty()) decl_scripted_[k] |= 1u << i;
    }
    if (!r.moves[k].follow.empty()) follow_keys_[k] = MakeFollowKeys(cards(), r.moves[k]);
    if (r.moves[k].count.variable >= 0) counted_kinds_.push_back(static_cast<int>(k));
    if (r.moves[k].fallback_unless != 0) waiting_kinds_ |= 1u << k;
    if (r.moves[k].fallback_unless != 0 || r.moves[k].count.has_max) limited_kinds_ |= 1u << k;
    has_counts_ = has_counts_ || r.moves[k].count.variable >= 0;
  }
  for (const ZoneDecl& z : r.zones) has_refills_ = has_refills_ || z.refill_from >= 0;
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

GameState Engine::NewGame(uint64_t seed) {
  const Ruleset& r = rules();
  const int n = config_->players();
  GameState s;
  s.players = static_cast<int8_t>(n);
  s.rng = seed;
  s.totals.assign(n, 0);
  s.declared.assign(cards().size(), -1);
  if (HasTokens(r)) {
    s.tokens.assign(cards().size(), {});
    s.claims.assign(cards().size(), 0);
  }
  for (size_t d = 0; d < r.zones.size(); ++d) {
    if (r.zones[d].dynamic) continue;
    if (r.zones[d].owner == Owner::kTable) {
      s.zones.push_back({static_cast<uint8_t>(d), -1, 0, {}});
    } else {
      for (int p = 0; p < n; ++p) s.zones.push_back({static_cast<uint8_t>(d), static_cast<int8_t>(p), 0, {}});
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
  return s;
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
  // `first: random`: chance picks the dealer, and the player on their left plays first.
  s.turn_player =
      static_cast<int8_t>(r.first_random ? (chance_->Number(0, n - 1, s.rng) + 1) % n
                                         : (r.first_player + (r.match.rotate_first ? s.round : 0)) % n);
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
  if (has_counts_) ResetCounts(*this, s, counted_kinds_, true);
  Deal(s);
  s.actions_left = static_cast<int8_t>(config_->Resolve(r.actions_per_turn));
  CheckLastRound(s);
  if (!ActOpening(s, error)) return false;
  if (!r.events.round_start.empty() && !CallEvent(r.events.round_start, s, error)) return false;
  if (!r.events.turn_start.empty() && !CallEvent(r.events.turn_start, s, error)) return false;
  return true;
}

void Engine::Deal(GameState& s) {
  const int n = config_->players();
  // A step's count; "all" (-1) is every card there is.
  auto Count = [&](const SetupStep& step) {
    return step.count.literal < 0 && step.count.parameter < 0 ? cards().size() : config_->Resolve(step.count);
  };
  auto move_top = [&](int from, int to) {
    auto& src = s.zones[from].cards;
    if (src.empty()) return;
    BeforeDraw(s, from);
    s.zones[to].cards.push_back(src.back());
    src.pop_back();
  };
  for (const SetupStep& step : rules().setup) {
    const int from = ZoneSlot(step.from, s.turn_player);
    switch (step.kind) {
      case SetupStep::Kind::kShuffle:
        chance_->Shuffle(s.zones[from].cards, s.rng);
        break;
      case SetupStep::Kind::kDeal:  // one card at a time, starting with the first player
        for (int round = 0; round < Count(step); ++round) {
          for (int i = 0; i < n; ++i) move_top(from, ZoneSlot(step.to, (s.turn_player + i) % n));
          if (s.zones[from].cards.empty()) break;
        }
        break;
      case SetupStep::Kind::kMove: {
        const int to = ZoneSlot(step.to, s.turn_player);
        for (int i = 0; i < Count(step); ++i) {
          move_top(from, to);
          // A card the step rejects goes back and another is turned, while any other is left.
          for (int tries = 0; !step.reject.empty() && !s.zones[to].cards.empty() && tries < kMaxRedraws;
               ++tries) {
            if (!FitsAny(cards(), step.reject, s.zones[to].cards.back())) break;
            s.zones[from].cards.push_back(s.zones[to].cards.back());
            s.zones[to].cards.pop_back();
            chance_->Shuffle(s.zones[from].cards, s.rng);
            move_top(from, to);
          }
        }
        break;
      }
    }
  }
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

void Engine::Ask(GameState&, const Decision& decision) { asked_.push_back(decision); }

// A count reached its `ends_round_at:` (after going out, which names a winner, had its say).
void Engine::EndRoundIf(GameState& s, bool ends) const {
  if (ends && !s.round_over) EndRound(s, false, -1);
}

void Engine::CheckGoneOut(GameState& s, int player) {
  const Ruleset& r = rules();
  if (s.round_over) return;
  if (r.wins_when_empty >= 0 && s.zones[ZoneSlot(r.wins_when_empty, player)].cards.empty()) {
    EndRound(s, true, player);
  } else if (r.round_ends_when_empty >= 0 &&
             s.zones[ZoneSlot(r.round_ends_when_empty, player)].cards.empty()) {
    EndRound(s, false, -1);
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
  // Draws hide their card in the move; the trigger sees the card drawn.
  Move performed = m;
  if (decl && decl->type == MoveType::kDraw) {
    BeforeDraw(s, ZoneSlot(decl->from, player));
    const auto& from = s.zones[ZoneSlot(decl->from, player)].cards;
    performed.count = 0;
    if (!from.empty()) performed.Add(from.back());
  }
  const uint32_t firing = decl ? Firing(performed) : 0;
  if (decl) {
    ++usage_.moves[m.kind];
  } else {
    ++usage_.stops;
  }
  // Only scripts can fail, so only a move that may run one needs a way back.
  const bool keep_backup =
      undo_on_error_ &&
      ((firing & decl_scripted_[m.kind == kStopMove ? 0 : m.kind]) != 0 || scripts_in_flow_);
  if (keep_backup) backup_ = s;
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
  ++s.moves_played;
  if (has_refills_) RefillZones(*this, s);
  const bool count_ends = has_counts_ && decl && CountMove(*this, s, counted_kinds_, m.kind, answering);

  std::string error;
  if ((firing != 0 && !FireTriggers(s, player, performed, firing, answering, error)) ||
      (CheckGoneOut(s, player), EndRoundIf(s, count_ends), CheckLastRound(s), !Settle(s, error))) {
    if (keep_backup) s = backup_;
    return {false, error};
  }
  return {};
}

void Engine::Perform(GameState& s, int player, int target, const Move& m) {
  const MoveDecl& decl = rules().moves[m.kind];
  auto take_out = [&](int zone, CardId card) {
    auto& cards = s.zones[zone].cards;
    cards.erase(std::find(cards.begin(), cards.end(), card));
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
      take_out(ZoneSlot(decl.from, player), m.cards[0]);
      s.zones[ZoneSlot(decl.to, target)].cards.push_back(m.cards[0]);
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
    ++usage_.effects[m.kind][i];
    const Trigger& t = decl.then[i];
    if (t.function.empty()) {
      BuiltInEffect(s, player, t);
    } else if (!scripts_->CallTrigger(t.function, ctx, error)) {
      return false;
    }
  }
  // Decisions an effect asks come before whatever was pending, in the order asked.
  if (!s.round_over) s.decisions.insert(s.decisions.begin(), asked_.begin(), asked_.end());
  asked_.clear();
  return true;
}

// The effects the engine knows (`ask:`, `skip:`, `reverse:`), in the order of `then:`.
void Engine::BuiltInEffect(GameState& s, int player, const Trigger& t) {
  if (t.ask >= 0) {
    Decision d;
    d.player = static_cast<int8_t>(player);
    d.moves = 1u << t.ask;
    asked_.push_back(d);
  }
  if (t.reverse) s.direction = static_cast<int8_t>(-s.direction);
  if (t.skip > 0) {  // the mover's turn ends, and the next players' go by
    int next = player;
    for (int i = 0; i < t.skip && next >= 0; ++i) next = NextActive(s, next);
    if (next >= 0) s.turn_player = static_cast<int8_t>(next);
    s.end_turn = true;
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

bool Engine::Settle(GameState& s, std::string& error) {
  int idle_turns = 0;
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
      continue;
    }
    if (s.end_turn || s.actions_left <= 0) {
      if (!EndTurn(s, error)) return false;
      continue;
    }
    // A turn player with nothing to do passes; if nobody can, the round is over.
    if (always_can_pass_) return true;
    if (CanMove(s, s.turn_player, ~0u, nullptr)) return true;
    if (++idle_turns > s.players) {
      s.round_over = true;
      continue;
    }
    if (!EndTurn(s, error)) return false;
  }
  return true;
}

bool Engine::EndTurn(GameState& s, std::string& error) {
  const Ruleset& r = rules();
  if (!r.events.turn_end.empty() && !CallEvent(r.events.turn_end, s, error)) return false;
  if (s.round_over) return true;
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
  s.turn_label = s.next_label;
  s.actions_left = static_cast<int8_t>(config_->Resolve(r.actions_per_turn));
  ++s.turns;
  if (has_counts_) ResetCounts(*this, s, counted_kinds_, false);
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
  if (s.zones[ZoneSlot(t.hand, winner)].cards.empty()) s.round_over = true;
  return true;
}

}  // namespace tapis
