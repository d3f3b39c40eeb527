// Legal move generation: Engine::LegalMoves and what it needs. Kept apart from the turn
// flow because it is the hot path of every playout.
#include <algorithm>
#include <array>
#include <bit>

#include "interpreter/engine/engine.h"
#include "interpreter/mechanisms/ask.h"
#include "interpreter/mechanisms/capture.h"
#include "interpreter/mechanisms/climb.h"
#include "interpreter/mechanisms/combination.h"
#include "interpreter/mechanisms/contract.h"
#include "interpreter/mechanisms/follow.h"
#include "interpreter/mechanisms/grid.h"
#include "interpreter/mechanisms/keep.h"
#include "interpreter/mechanisms/knock.h"
#include "interpreter/mechanisms/line_play.h"
#include "interpreter/mechanisms/match_play.h"
#include "interpreter/mechanisms/move_count.h"
#include "interpreter/mechanisms/pick.h"
#include "interpreter/mechanisms/refill.h"
#include "interpreter/mechanisms/trick.h"
#include "interpreter/mechanisms/trump_bid.h"
#include "interpreter/mechanisms/wild_melds.h"
#include "interpreter/model/errors.h"
#include "interpreter/script/script_host.h"

namespace tapis {
namespace {

// True when a card of the same kind as `card` is already offered by a move of `kind`
// (two packs hold two 7H; offering both would be the same move twice).
bool AlreadyOffered(const CardSet& set, const std::vector<Move>& out, size_t first, CardId card, int zone) {
  const int k = set.Kind(card);
  for (size_t i = first; i < out.size(); ++i) {
    if (set.Kind(out[i].cards[0]) == k && out[i].zone == zone) return true;
  }
  return false;
}

// The highest value of `property` among `cards`, a wild card counting above every value.
int HighestValue(const CardSet& set, std::span<const CardId> cards, int property) {
  int top = -1;
  for (CardId c : cards) top = std::max(top, set.Wild(c) == property ? 1 << 20 : set.Value(c, property));
  return top;
}

// Whether a move kind may be made now: any kind a decision lists; in a turn, a kind made in
// turn, in this phase, that the actions left pay for.
bool Offered(const MoveDecl& m, const GameState& s, const Decision* decision) {
  return decision != nullptr || (m.in_turn && m.cost <= s.actions_left && (m.phases & (1u << s.phase)));
}

bool Matches(const std::vector<CardFilter>& filters, int property, int value) {
  for (const CardFilter& f : filters) {
    if (f.property == property && f.Has(value)) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::vector<Move> Engine::LegalMoves(const GameState& s) {
  std::vector<Move> out;
  LegalMoves(s, out);
  return out;
}

void Engine::LegalMoves(const GameState& s, std::vector<Move>& out) {
  out.clear();
  if (s.finished) return;
  if (!s.decisions.empty()) {
    const Decision& d = s.decisions.front();
    GenerateFor(s, d.player, d.moves, &d, out);
    if (d.optional) {
      Move stop;
      stop.kind = kStopMove;
      out.push_back(stop);
    }
    return;
  }
  GenerateFor(s, s.turn_player, ~0u, nullptr, out);
}

bool Engine::CanMove(const GameState& s, int player, uint32_t kinds, const Decision* decision) {
  // A trick play exists whenever the hand holds an allowed card: following suit narrows the
  // choice, never to nothing. Listing the plays only to count them is a playout's hot path.
  // So does a plain take, give or pass (a passed card, say): any card of its zone the decision
  // allows, with no `highest` rule to narrow them.
  const bool plain = decision == nullptr || decision->highest < 0;
  const uint32_t quick = kinds & (trick_kinds_ | (plain ? plain_take_kinds_ : 0u));
  kinds &= ~quick;
  for (uint32_t left = quick; left != 0; left &= left - 1) {
    const int k = std::countr_zero(left);
    const MoveDecl& m = rules().moves[k];
    if (!Offered(m, s, decision)) continue;
    if (m.type == MoveType::kGive ? decision == nullptr || decision->target < 0
                                  : m.type == MoveType::kPassCards && decision == nullptr)
      continue;  // a give or a pass is made only when the rules ask (GenerateTakes)
    for (CardId c : s.zones[ZoneSlot(m.from, player)].cards) {
      if (Allowed(decision, c)) return true;
    }
  }
  scratch_.clear();
  if ((kinds & card_conditioned_kinds_) != 0) {  // the first move listed may be refused: list them all
    GenerateFor(s, player, kinds, decision, scratch_);
    return !scratch_.empty();
  }
  if ((kinds & cheap_kinds_) != 0)  // cheap ones first
    GenerateFor(s, player, kinds & cheap_kinds_, decision, scratch_, Listing::kAny);
  if (scratch_.empty() && (kinds & ~cheap_kinds_) != 0)
    GenerateFor(s, player, kinds & ~cheap_kinds_, decision, scratch_, Listing::kAny);
  return !scratch_.empty();
}

// meld: distinct_in_turn. Drops the melds listed from `first` on that share a value of the
// property with a meld of this kind the player laid this turn (wild cards count by none).
void Engine::KeepDistinctInTurn(const GameState& s, int player, const MoveDecl& m, std::vector<Move>& out,
                                size_t first) const {
  const int prop = m.distinct_in_turn.parameter >= 0
                       ? m.distinct_choices[config_->ParameterValue(m.distinct_in_turn.parameter)]
                       : m.distinct_in_turn.literal;
  if (prop < 0 || s.next_label == s.turn_label) return;  // no rule, or nothing laid this turn
  const CardSet& set = cards();
  std::vector<int> laid;
  for (const Zone& z : s.zones) {
    if (z.decl != m.to || z.owner != player || z.label < s.turn_label) continue;
    for (CardId c : z.cards) {
      if (set.Wild(c) != prop && set.Value(c, prop) != kNoValue) laid.push_back(set.Value(c, prop));
    }
  }
  auto clashes = [&](const Move& move) {
    for (CardId c : move.Cards()) {
      if (set.Wild(c) == prop) continue;
      if (std::find(laid.begin(), laid.end(), set.Value(c, prop)) != laid.end()) return true;
    }
    return false;
  };
  out.erase(std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), clashes), out.end());
}

// Sets of one value onto a pile: every choice of distinct natural cards of that value plus
// some wild cards standing for it, within the set's size, beating the pile's top.
void Engine::GeneratePlays(const GameState& s, int player, const MoveDecl& m, Move base,
                           std::vector<Move>& out) const {
  const CardSet& set = cards();
  const Combination& combo = rules().combinations[m.combination];
  const int prop = combo.property;
  const auto& hand = s.zones[ZoneSlot(m.from, player)].cards;
  const auto& pile = s.zones[ZoneSlot(m.to, player)].cards;
  int lowest = 0;
  if (!pile.empty() && m.beat != Beat::kAny) {
    lowest = EffectiveValue(s, pile.back(), prop) + (m.beat == Beat::kAbove ? 1 : 0);
  }
  lowest = std::max(lowest, 0);  // a top without the property (an extra card) bars nothing
  CardId wild[kMaxMoveCards];
  int wild_count = 0;
  for (CardId c : hand) {
    if (set.Wild(c) == prop && wild_count < kMaxMoveCards) wild[wild_count++] = c;
  }
  const int values = static_cast<int>(set.catalog().properties()[prop].values.size());
  const int size_needed = m.climb.Used() ? ClimbSizeNeeded(*this, s, m) : 0;  // as many as the last play
  // The hand's natural cards by value, read once (not once a value): one card of each kind,
  // at most 12 a value.
  constexpr int kMostOfAValue = 12;
  thread_local std::vector<CardId> by_value;
  thread_local std::vector<int> of_value;
  by_value.resize(static_cast<size_t>(values) * kMostOfAValue);
  of_value.assign(static_cast<size_t>(values), 0);
  for (CardId c : hand) {
    const int v = set.Value(c, prop);
    if (v < lowest || v < 0 || v >= values || set.Wild(c) == prop || of_value[v] >= kMostOfAValue) continue;
    CardId* const same = &by_value[static_cast<size_t>(v) * kMostOfAValue];
    bool seen = false;
    for (int i = 0; i < of_value[v]; ++i) seen = seen || set.Kind(same[i]) == set.Kind(c);
    if (!seen) same[of_value[v]++] = c;
  }
  for (int v = lowest; v < values; ++v) {
    const int n = of_value[v];
    const CardId* const naturals = &by_value[static_cast<size_t>(v) * kMostOfAValue];
    if (n == 0 && wild_count == 0) continue;
    if (size_needed > n + wild_count) continue;
    const bool alone = Matches(combo.alone, prop, v);
    for (uint32_t mask = 0; mask < (1u << n); ++mask) {
      const int chosen = __builtin_popcount(mask);
      for (int k = 0; k <= wild_count; ++k) {
        const int size = chosen + k;
        if (size == 0 || size < combo.min || size > combo.max || (alone && size > 1)) continue;
        if (size_needed > 0 && size != size_needed) continue;
        Move move = base;
        for (int i = 0; i < n; ++i) {
          if (mask & (1u << i)) move.Add(naturals[i]);
        }
        for (int i = 0; i < k; ++i) move.Add(wild[i]);
        if (k > 0) move.value = static_cast<int8_t>(v);
        out.push_back(move);
      }
    }
  }
}

void Engine::GenerateFor(const GameState& s, int player, uint32_t kinds, const Decision* decision,
                         std::vector<Move>& out, Listing listing) const {
  const bool in_turn = decision == nullptr;
  // A fallback move is offered only when no other move of the turn is: a second pass for them.
  const size_t start = out.size();
  uint32_t offered = 0;
  for (int pass = 0; pass < 2; ++pass) {
    if (pass == 1 && (!in_turn || out.size() > start)) break;
    offered |= GenerateKinds(s, player, kinds, decision, pass == 1, listing, out);
  }
  if ((offered & waiting_kinds_) != 0) DropWaiting(out, start, offered);
}

// `fallback: [kinds]`: a move of a kind that waits is dropped when one of those kinds is offered.
void Engine::DropWaiting(std::vector<Move>& out, size_t first, uint32_t offered) const {
  const auto& moves = rules().moves;
  uint32_t dropped = 0;
  for (uint32_t k = 0; k < moves.size(); ++k) {
    if ((offered >> k & 1u) && (moves[k].fallback_unless & offered) != 0) dropped |= 1u << k;
  }
  if (dropped == 0) return;
  const auto waits = [&](const Move& m) { return m.kind != kStopMove && (dropped >> m.kind & 1u) != 0; };
  out.erase(std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), waits), out.end());
}

uint32_t Engine::GenerateKinds(const GameState& s, int player, uint32_t kinds, const Decision* decision,
                               bool fallback, Listing listing, std::vector<Move>& out) const {
  uint32_t offered = 0;
  const Ruleset& r = rules();
  const CardSet& set = cards();
  Move base;  // made once: each kind's generator copies it (a fresh one a kind costs every listing)
  const size_t listed_from = out.size();
  for (size_t k = 0; k < r.moves.size(); ++k) {
    if (!(kinds & (1u << k))) continue;
    const MoveDecl& m = r.moves[k];
    if (decision == nullptr && m.fallback != fallback) continue;
    if (!Offered(m, s, decision)) continue;
    // A count's max, a fallback waiting for kinds already offered (those whose cards a `when:`
    // may yet refuse wait for DropWaiting), or a `when:` on the state.
    if ((limited_kinds_ >> k & 1u) != 0) {
      if (m.count.has_max && CountReached(*this, s, m, decision != nullptr)) continue;
      if ((m.fallback_unless & offered & ~card_conditioned_kinds_) != 0) continue;
      if ((conditioned_kinds_ >> k & 1u) != 0 && !KindConditionsHold(s, player, m)) continue;
    }
    base.kind = static_cast<uint8_t>(k);
    const size_t before = out.size();
    switch (m.type) {
      case MoveType::kPass:
        if (!has_climbs_ || ClimbPassAllowed(*this, s, static_cast<int>(k))) out.push_back(base);
        break;
      case MoveType::kChoose:
        for (size_t i = 0; i < m.options.size(); ++i) {
          out.push_back(base);
          out.back().value = static_cast<int8_t>(i);
        }
        break;
      case MoveType::kDraw:
        if (CanDraw(*this, s, m, player)) out.push_back(base);
        break;
      case MoveType::kTake:
      case MoveType::kGive:
      case MoveType::kPassCards:
        if (has_keeps_)
          GenerateTakes<true>(s, player, static_cast<int>(k), decision, listing, base, out);
        else
          GenerateTakes<false>(s, player, static_cast<int>(k), decision, listing, base, out);
        break;
      case MoveType::kPlay:
        GeneratePlays(s, player, m, base, out);
        break;
      case MoveType::kPlace: {
        const Zone& grid = s.zones[ZoneSlot(m.to, player)];
        GeneratePlacements(set, s.zones[ZoneSlot(m.from, player)].cards, grid, ShapeOf(r.zones[m.to]),
                           m.adjacent, base, out);
        break;
      }
      case MoveType::kMatch:
        GenerateMatches(*this, s, player, m, base, out);
        break;
      case MoveType::kLine:
        GenerateLines(*this, s, player, m, base, out);
        break;
      case MoveType::kMeld:
        GenerateMelds(s, player, m, base, out);
        break;
      case MoveType::kExtend:
        GenerateExtends(s, player, m, base, out);
        break;
      case MoveType::kTrick: {
        const size_t first = out.size();
        GenerateTrickPlays(*this, s, player, m, base, decision, out);
        if (!r.tricks.allow.empty()) AllowByScript(s, player, first, out);
        break;
      }
      case MoveType::kNumber:
        GenerateNumbers(*this, s, player, m, base, out);
        break;
      case MoveType::kCapture:
        GenerateCaptures(*this, s, player, m, base, out);
        break;
      case MoveType::kTakeTrump:
        GenerateTrumpBids(*this, s, m, base, out);
        break;
      case MoveType::kAsk:
        GenerateAsks(*this, s, player, m, base, listing == Listing::kAny, out);
        break;
      case MoveType::kPick:
        GeneratePicks(*this, s, player, m, base, out);
        break;
    }
    if (out.size() > before) offered |= 1u << k;  // a register add: cheaper than a branch on waiting_kinds_
    if (listing == Listing::kAny && out.size() > before) break;
  }
  // `when:` conditions on the move's card, once for the whole listing (CanMove lists such
  // kinds in full: the first move listed may be refused).
  if ((offered & card_conditioned_kinds_) != 0) [[unlikely]]
    offered = DropRefusedCards(s, player, out, listed_from, offered);
  return offered;
}

// Take, give and pass_cards moves: one card each from the player's zone `from`, as the move's
// filters, the pile to follow, the decision and the cards kept this turn (`kKeeps`: the rules
// keep some; the other games' listing does not ask) allow. Its own function, out of
// GenerateKinds' way: each local here would be a register GenerateKinds saves on every call.
template <bool kKeeps>
void Engine::GenerateTakes(const GameState& s, int player, int k, const Decision* decision, Listing listing,
                           const Move& base, std::vector<Move>& out) const {
  const MoveDecl& m = rules().moves[k];
  const CardSet& set = cards();
  if (m.type == MoveType::kGive && (decision == nullptr || decision->target < 0)) return;
  if (m.type == MoveType::kPassCards && decision == nullptr) return;  // only when the round asks
  const size_t first = out.size();
  const auto& from = s.zones[ZoneSlot(m.from, player)].cards;
  const int highest = decision ? decision->highest : -1;
  const int top = highest >= 0 ? HighestValue(set, from, highest) : 0;
  const bool follows = !m.follow.empty();
  const bool filtered = !m.cards.empty();
  const Decision* const listing_only = decision && !decision->only.empty() ? decision : nullptr;
  const TopToFollow pile_top = follows ? ReadTop(*this, s, m, follow_keys_[k], player) : TopToFollow{};
  std::array<int, 4> kept{};  // the kinds kept this turn, a few at most
  const int kept_count = kKeeps && m.type == MoveType::kTake ? KeptKinds(*this, s, m, player, kept) : 0;
  if (kept_count == 0 && listing_only == nullptr && !follows && !filtered && !has_copies_ && highest < 0 &&
      !m.knock.Used()) {  // every card of the zone, with no test a card
    const size_t n = listing == Listing::kAny ? std::min<size_t>(from.size(), 1) : from.size();
    AppendEachCard(out, base, {from.data(), n});
    return;
  }
  if (follows && kept_count == 0 && listing_only == nullptr && !filtered && !has_copies_ && highest < 0 &&
      !m.knock.Used() && listing == Listing::kEvery && !follow_keys_[k].keys.empty() && from.size() <= 64) {
    // Only the top to follow: the cards that share a bit with it, read with no branch a card
    // (whether a dealt card matches the top is a coin toss, mispredicted half the time).
    const auto& keys = follow_keys_[k].keys;
    CardId matching[64];
    size_t n = 0;
    for (const CardId c : from) {
      matching[n] = c;
      n += pile_top.anything || (keys[c] & pile_top.mask) != 0 ? 1 : 0;
    }
    AppendEachCard(out, base, {matching, n});
    return;
  }
  for (CardId c : from) {
    if constexpr (kKeeps) {
      if (kept_count > 0 && std::find(kept.begin(), kept.begin() + kept_count, set.Kind(c)) != kept.begin() + kept_count)
        continue;
    }
    if (!Allowed(listing_only, c) || (follows && !Follows(set, pile_top, follow_keys_[k], c)) ||
        (filtered && !CardPasses(set, m.cards, c)) || (has_copies_ && AlreadyOffered(set, out, first, c, -1)))
      continue;
    if (highest >= 0 && HighestValue(set, {&c, 1}, highest) != top) continue;
    Move move = base;
    move.Add(c);
    out.push_back(move);
    if (listing == Listing::kAny && !m.knock.Used()) break;  // one card answers "is there a move"
  }
  if (m.knock.Used()) KeepKnocks(*this, s, player, k, out, first, knock_cache_);
}

// Meld moves: a contract, or each combination the hand holds (wild cards standing in).
void Engine::GenerateMelds(const GameState& s, int player, const MoveDecl& m, const Move& base,
                           std::vector<Move>& out) const {
  const Ruleset& r = rules();
  const CardSet& set = cards();
  const auto& hand = s.zones[ZoneSlot(m.from, player)].cards;
  if (!m.contracts.empty()) {
    GenerateContracts(*this, s, player, m, base, out);
    return;
  }
  const size_t first = out.size();
  if (r.combinations[m.combination].wild) {
    ForEachWildMeld(set, r.combinations[m.combination], hand, [&](const Move& meld) {
      Move move = base;
      move.count = meld.count;
      move.cards = meld.cards;
      move.stands = meld.stands;
      out.push_back(move);
    });
  } else {
    ForEachCombination(set, r.combinations[m.combination], hand, [&](std::span<const CardId> cards) {
      if (cards.size() > kMaxMoveCards) return;
      Move move = base;
      for (CardId c : cards) move.Add(c);
      out.push_back(move);
    });
  }
  KeepDistinctInTurn(s, player, m, out, first);
}

// Extend moves: each card of the hand that extends a meld on the table.
void Engine::GenerateExtends(const GameState& s, int player, const MoveDecl& m, const Move& base,
                             std::vector<Move>& out) const {
  const Ruleset& r = rules();
  const CardSet& set = cards();
  if (r.combinations[m.combination].wild) {
    GenerateWildExtends(*this, s, player, m, base, out);
    return;
  }
  const auto& hand = s.zones[ZoneSlot(m.from, player)].cards;
  const Combination& combo = r.combinations[m.combination];
  const bool onto_others = config_->Resolve(m.onto_others) != 0;
  for (size_t z = config_->FixedZoneCount(); z < s.zones.size(); ++z) {
    const Zone& meld = s.zones[z];
    if (meld.decl != m.to || (meld.owner != player && !onto_others)) continue;
    const size_t first = out.size();
    for (CardId c : hand) {
      if (!Extends(set, combo, meld.cards, c)) continue;
      if (AlreadyOffered(set, out, first, c, static_cast<int>(z))) continue;
      Move move = base;
      move.zone = static_cast<int16_t>(z);
      move.Add(c);
      out.push_back(move);
    }
  }
}

}  // namespace tapis
