#include "interpreter/mechanisms/trick.h"

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "interpreter/mechanisms/evaluate.h"
#include "interpreter/model/errors.h"

namespace tapis {
namespace {

using TrickKey = GameConfig::TrickKey;

// Hands are small; a fixed buffer keeps the follow-suit filter allocation-free.
constexpr int kMaxHand = 64;

struct TrickView {
  const std::vector<CardId>& cards;
  int leader;  // seat, 0-based
};

TrickView CurrentTrick(const EngineServices& e, const GameState& s) {
  const TrickDecl& t = e.rules().tricks;
  const int leader = s.variables[e.config().VariableSlot(t.leader, 0)] - 1;
  return {s.zones[e.ZoneSlot(t.zone, -1)].cards, leader};
}

// The trick keys as play stands: with `also_trumps`, a card of another suit may be a trump
// now. A ruleset without them never asks for the trump suit here.
const std::vector<TrickKey>& KeysNow(const EngineServices& e, const GameState& s) {
  return e.config().trump_dependent() ? e.config().trick_keys(TrumpSuit(e, s)) : e.config().trick_keys();
}

// True when `card` beats `best`, the best card so far, with `trump` trumps.
bool Beats(const std::vector<TrickKey>& keys, CardId card, CardId best, int trump) {
  const TrickKey a = keys[card], b = keys[best];
  if (a.suit == b.suit) return a.suit == trump ? a.trump_rank > b.trump_rank : a.rank > b.rank;
  return a.suit == trump;
}

int BestIndex(const std::vector<TrickKey>& keys, const std::vector<CardId>& trick, int trump) {
  int best = 0;
  for (int i = 1; i < static_cast<int>(trick.size()); ++i) {
    if (Beats(keys, trick[i], trick[best], trump)) best = i;
  }
  return best;
}

// Keeps the cards `keep` accepts, unless none would be left; returns whether any was. No
// branch a card: whether a dealt card follows suit is a coin toss, which a processor
// mispredicts half the time. Each card is written down in place and counted when kept;
// while none is, only the first place is written over, and it is put back.
template <typename Keep>
bool Narrow(CardId* cards, int& n, Keep keep) {
  if (n == 0) return false;
  const CardId first = cards[0];
  int w = 0;
  for (int i = 0; i < n; ++i) {
    const CardId c = cards[i];
    cards[w] = c;
    w += keep(c) ? 1 : 0;
  }
  if (w == 0) {
    cards[0] = first;
    return false;
  }
  n = w;
  return true;
}

// The round's first trick is in play: no trick has been won yet.
bool FirstTrick(const EngineServices& e, const GameState& s) {
  const TrickDecl& t = e.rules().tricks;
  const bool each = e.rules().zones[t.won].owner == Owner::kPlayer;
  for (int p = 0; p < (each ? s.players : 1); ++p) {
    if (!s.zones[e.ZoneSlot(t.won, p)].cards.empty()) return false;
  }
  return true;
}

// Whether a `broken` card has been played to a trick won this round.
bool Broken(const EngineServices& e, const GameState& s) {
  const TrickDecl& t = e.rules().tricks;
  const bool each = e.rules().zones[t.won].owner == Owner::kPlayer;
  for (int p = 0; p < (each ? s.players : 1); ++p) {
    for (CardId c : s.zones[e.ZoneSlot(t.won, p)].cards) {
      if (e.config().trick_keys()[c].breaks) return true;
    }
  }
  return false;
}

// The cards that may lead, of those `cards` the player may play: the round's first trick with
// `first_lead`, and no `broken` card until one has been won in a trick (or the hand holds
// nothing else).
void NarrowLead(const EngineServices& e, const GameState& s, bool first_trick, CardId* cards, int& n) {
  const TrickDecl& t = e.rules().tricks;
  if (t.first_lead < 0 && t.broken.empty()) return;
  if (t.first_lead >= 0 && first_trick)
    Narrow(cards, n, [&](CardId c) { return e.cards().Kind(c) == t.first_lead; });
  if (t.broken.empty()) return;
  // Only a hand that holds both kinds can be narrowed: ask whether they are broken only then.
  const auto& keys = e.config().trick_keys();
  const int breaking =
      static_cast<int>(std::count_if(cards, cards + n, [&](CardId c) { return keys[c].breaks; }));
  if (breaking > 0 && breaking < n && !Broken(e, s))
    Narrow(cards, n, [&](CardId c) { return !keys[c].breaks; });
}

// `no_points_first`: on the round's first trick, a card worth no points if the player may.
bool PointsBarred(const EngineServices& e, bool first_trick) {
  return first_trick && e.config().Resolve(e.rules().tricks.no_points_first) != 0;
}

// `must_overtrump`: whether a trump the player plays must beat the trumps so far: always when
// trumps were led, and when trumping (void in the suit led) unless the partner holds the trick.
bool OvertrumpDue(const EngineServices& e, const GameState& s, int player, int led, int trump, bool follows) {
  if (trump < 0 || e.config().Resolve(e.rules().tricks.must_overtrump) == 0) return false;
  return led == trump || (!follows && !PartnerHolds(e, s, player));
}

// A `held` card: the player plays it holding the others, all of one suit (trumps, if so
// declared): their variable says so for the round.
void NoteHeld(const EngineServices& e, GameState& s, int player, CardId card,
              const std::vector<CardId>& hand) {
  const TrickDecl::Held& held = e.rules().tricks.held;
  const auto& keys = KeysNow(e, s);
  const int suit = keys[card].suit;
  if (held.trump && suit != TrumpSuit(e, s)) return;
  bool played_one = false;
  for (const auto& want : held.cards) {
    if (!played_one && FitsAll(e.cards(), want, card)) {
      played_one = true;
      continue;
    }
    if (std::none_of(hand.begin(), hand.end(),
                     [&](CardId c) { return keys[c].suit == suit && FitsAll(e.cards(), want, c); }))
      return;
  }
  if (played_one) s.variables[e.config().VariableSlot(held.variable, player)] = 1;
}

// "suit H", "rank Q and suit H": the values a filter list names (a card has them all).
std::string FiltersText(const Catalog& catalog, const std::vector<CardFilter>& filters) {
  std::vector<std::string> parts;
  for (const CardFilter& f : filters) {
    const Property& p = catalog.properties()[f.property];
    std::vector<std::string> values;
    for (int v : f.values) values.push_back(p.values[v]);
    parts.push_back(fmt::format("{} {}", p.name, fmt::join(values, "/")));
  }
  return fmt::format("{}", fmt::join(parts, " and "));
}

}  // namespace

int TrumpSuit(const EngineServices& e, const GameState& s) {
  const TrickDecl& t = e.rules().tricks;
  if (t.trump_zone >= 0) {
    const auto& cards = s.zones[e.ZoneSlot(t.trump_zone, -1)].cards;
    return cards.empty() ? -1 : e.config().trick_keys()[cards.back()].suit;
  }
  if (t.trump_variable >= 0) return s.variables[e.config().VariableSlot(t.trump_variable, 0)];
  return -1;
}

int TrickHolder(const EngineServices& e, const GameState& s) {
  const TrickView trick = CurrentTrick(e, s);
  if (trick.cards.empty()) return -1;
  const int trump = TrumpSuit(e, s);
  const int best = BestIndex(e.config().trick_keys(trump), trick.cards, trump);
  return (trick.leader + best) % s.players;
}

bool PartnerHolds(const EngineServices& e, const GameState& s, int player) {
  const int teams = e.rules().teams;
  if (teams == 0 || e.config().Resolve(e.rules().tricks.partner_excuses) == 0) return false;
  const int holder = TrickHolder(e, s);
  return holder >= 0 && holder != player && holder % teams == player % teams;
}

void GenerateTrickPlays(const EngineServices& e, const GameState& s, int player, const MoveDecl& m,
                        const Move& base, const Decision* decision, std::vector<Move>& out) {
  const TrickDecl& t = e.rules().tricks;
  const auto& keys = KeysNow(e, s);
  const auto& hand = s.zones[e.ZoneSlot(m.from, player)].cards;
  const auto& trick = s.zones[e.ZoneSlot(t.zone, -1)].cards;
  // The cards the player may play, read off the hand with no branch a card (as Narrow): with
  // a trick led, those of the suit led when the hand holds one (follow suit), else all.
  CardId cards[kMaxHand];
  int n = 0;
  const bool leading = trick.empty();
  const int led = leading ? kNoValue : keys[trick.front()].suit;  // a card with no suit leads one too
  bool follows = false;
  if (decision == nullptr || decision->only.empty()) {
    const int held = static_cast<int>(std::min<size_t>(hand.size(), kMaxHand));
    if (!leading) {
      for (int i = 0; i < held; ++i) {
        cards[n] = hand[i];
        n += keys[hand[i]].suit == led ? 1 : 0;
      }
    }
    follows = n > 0;
    if (!follows) {
      std::copy_n(hand.begin(), held, cards);
      n = held;
    }
  } else {  // answering a decision that names the cards
    for (CardId c : hand) {
      if (n < kMaxHand && Allowed(decision, c)) cards[n++] = c;
    }
    follows = !leading && Narrow(cards, n, [&](CardId c) { return keys[c].suit == led; });
  }
  // Asked once: the lead's rules and the points' may both need it.
  const bool first_trick =
      n > 1 && (t.first_lead >= 0 || t.no_points_first.parameter >= 0 || t.no_points_first.literal != 0) &&
      FirstTrick(e, s);
  if (leading) {
    if (n > 1) NarrowLead(e, s, first_trick, cards, n);
  } else {
    const int trump = TrumpSuit(e, s);
    if (!follows && trump >= 0 && e.config().Resolve(t.must_trump) && !PartnerHolds(e, s, player)) {
      Narrow(cards, n, [&](CardId c) { return keys[c].suit == trump; });
    }
    if (OvertrumpDue(e, s, player, led, trump, follows)) {
      const CardId best = trick[BestIndex(keys, trick, trump)];
      if (keys[best].suit ==
          trump)  // a trump played must beat; another card (void, not made to trump) may go
        Narrow(cards, n, [&](CardId c) { return keys[c].suit != trump || Beats(keys, c, best, trump); });
    }
    if (e.config().Resolve(t.must_overtake) && !PartnerHolds(e, s, player)) {
      const CardId best = trick[BestIndex(keys, trick, trump)];
      Narrow(cards, n, [&](CardId c) { return Beats(keys, c, best, trump); });
    }
  }
  if (n > 1 && first_trick) {
    if (PointsBarred(e, first_trick))
      Narrow(cards, n, [&](CardId c) { return e.config().CardPoints(c) == 0; });
  }
  AppendEachCard(out, base, {cards, static_cast<size_t>(n)});
}

namespace {

// A card worth points refused on the first trick (`no_points_first`), when `left`, what the
// other rules leave, holds one worth none.
std::string WhyNotPoints(const EngineServices& e, const GameState& s, const std::vector<CardId>& left,
                         CardId card) {
  if (e.config().CardPoints(card) == 0 || !PointsBarred(e, FirstTrick(e, s))) return "";
  std::vector<std::string> codes;
  for (CardId c : left) {
    if (e.config().CardPoints(c) == 0) codes.push_back(e.cards().Code(c));
  }
  if (codes.empty()) return "";
  return fmt::format(
      "{} is worth points, and none may go to the round's first trick while you hold others: "
      "play one of: {}",
      e.cards().Code(card), fmt::join(codes, " "));
}

// A lead refused by `first_lead` or `broken`.
std::string WhyNotLead(const EngineServices& e, const GameState& s, const std::vector<CardId>& hand,
                       CardId card) {
  const TrickDecl& t = e.rules().tricks;
  if (t.first_lead < 0 && t.broken.empty()) return WhyNotPoints(e, s, hand, card);
  std::vector<CardId> leads(hand.begin(), hand.end());
  int n = static_cast<int>(leads.size());
  NarrowLead(e, s, FirstTrick(e, s), leads.data(), n);
  leads.resize(n);
  if (std::find(leads.begin(), leads.end(), card) != leads.end()) return WhyNotPoints(e, s, leads, card);
  std::vector<std::string> codes;
  for (CardId c : leads) codes.push_back(e.cards().Code(c));
  const std::string code = e.cards().Code(card);
  if (t.first_lead >= 0 && FirstTrick(e, s) && e.cards().Kind(card) != t.first_lead)
    return fmt::format("{} may not lead the round's first trick: lead {}", code, fmt::join(codes, " "));
  return fmt::format(
      "{} may not lead yet: no card of {} has been played to a trick, and you hold others; lead one of: {}",
      code, FiltersText(e.rules().catalog, t.broken), fmt::join(codes, " "));
}

}  // namespace

std::string WhyNotTrick(const EngineServices& e, const GameState& s, int player, const MoveDecl& m,
                        CardId card) {
  const TrickDecl& t = e.rules().tricks;
  const auto& keys = KeysNow(e, s);
  const auto& hand = s.zones[e.ZoneSlot(m.from, player)].cards;
  const auto& trick = s.zones[e.ZoneSlot(t.zone, -1)].cards;
  if (trick.empty()) return WhyNotLead(e, s, hand, card);
  const auto& suits = e.rules().catalog.properties()[t.suit].values;
  auto suit = [&](int v) {
    return v >= 0 && v < static_cast<int>(suits.size()) ? suits[v] : std::string("?");
  };
  auto holds = [&](int v) {
    return std::any_of(hand.begin(), hand.end(), [&](CardId c) { return keys[c].suit == v; });
  };
  const std::string code = e.cards().Code(card);
  const int trump = TrumpSuit(e, s);
  const int led = keys[trick.front()].suit;
  std::vector<CardId> left(hand.begin(), hand.end());  // what the rules below leave, in order
  auto keep = [&](auto rule) {
    int n = static_cast<int>(left.size());
    Narrow(left.data(), n, rule);
    left.resize(n);
  };
  // A card that counts as a trump (`also_trumps`) says so: its printed suit is not the one it follows.
  const int printed = e.config().trick_keys()[card].suit;
  const std::string counts_as = keys[card].suit != printed
                                    ? fmt::format(" ({} counts as suit {} while {} are trumps)", code,
                                                  suit(keys[card].suit), suit(trump))
                                    : "";
  if (holds(led)) {
    if (keys[card].suit != led)
      return fmt::format(
          "{} does not follow suit {}, the suit led: you hold a card of suit {}, so play one{}", code,
          suit(led), suit(led), counts_as);
    keep([&](CardId c) { return keys[c].suit == led; });
  } else if (trump >= 0 && e.config().Resolve(t.must_trump) && holds(trump) && !PartnerHolds(e, s, player)) {
    if (keys[card].suit != trump)
      return fmt::format("{}: with no card of suit {}, the suit led, you must trump: play a card of suit {}",
                         code, suit(led), suit(trump));
    keep([&](CardId c) { return keys[c].suit == trump; });
  }
  if (OvertrumpDue(e, s, player, led, trump, holds(led))) {
    const CardId best = trick[BestIndex(keys, trick, trump)];
    auto over = [&](CardId c) { return keys[c].suit != trump || Beats(keys, c, best, trump); };
    if (keys[best].suit == trump && std::any_of(left.begin(), left.end(), over) && !over(card))
      return fmt::format(
          "{} does not beat {}, the best trump so far: a trump must beat the trumps played "
          "when it can",
          code, e.cards().Code(best));
    if (keys[best].suit == trump) keep(over);
  }
  if (e.config().Resolve(t.must_overtake) && !PartnerHolds(e, s, player)) {
    const CardId best = trick[BestIndex(keys, trick, trump)];
    const bool can =
        std::any_of(left.begin(), left.end(), [&](CardId c) { return Beats(keys, c, best, trump); });
    if (can && !Beats(keys, card, best, trump))
      return fmt::format("{} does not beat {}, the best card so far: you must beat it when you can", code,
                         e.cards().Code(best));
    keep([&](CardId c) { return Beats(keys, c, best, trump); });
  }
  return WhyNotPoints(e, s, left, card);
}

NumberRange NumbersAllowed(const EngineServices& e, const GameState& s, int player, const MoveDecl& m) {
  NumberRange range;
  range.low = m.min_expression.empty() ? e.config().Resolve(m.min_number)
                                       : Evaluate(e, s, m.min_expression, {player});
  range.high = m.max_cards >= 0 ? static_cast<int>(s.zones[e.ZoneSlot(m.max_cards, player)].cards.size())
               : m.max_expression.empty() ? e.config().Resolve(m.max_number)
                                          : Evaluate(e, s, m.max_expression, {player});
  range.refused = m.except >= 0 ? s.variables[e.config().VariableSlot(m.except, 0)] : -1;
  // The last to answer may not bring the total to `high` (the "hook" rule of some bidding games).
  if (m.into >= 0 && e.config().Resolve(m.not_total)) {
    int waiting = 0;
    for (int p = 0; p < s.players; ++p) {
      const int v = s.variables[e.config().VariableSlot(m.into, p)];
      if (v < 0)
        ++waiting;
      else
        range.total += v;
    }
    if (waiting == 1) range.refused_total = range.high - range.total;
  }
  return range;
}

void GenerateNumbers(const EngineServices& e, const GameState& s, int player, const MoveDecl& m, Move base,
                     std::vector<Move>& out) {
  const NumberRange range = NumbersAllowed(e, s, player, m);
  for (int v = std::max(range.low, 0); v <= std::min(range.high, 127); ++v) {
    if (v == range.refused || v == range.refused_total) continue;
    Move move = base;
    move.value = static_cast<int8_t>(v);
    out.push_back(move);
  }
}

namespace {

void PerformTrickPlay(const EngineServices& e, GameState& s, int player, const Move& m) {
  const TrickDecl& t = e.rules().tricks;
  const MoveDecl& decl = e.rules().moves[m.kind];
  auto& hand = s.zones[e.ZoneSlot(decl.from, player)].cards;
  RemoveCard(hand, m.cards[0]);
  if (t.held.variable >= 0) NoteHeld(e, s, player, m.cards[0], hand);
  auto& trick = s.zones[e.ZoneSlot(t.zone, -1)].cards;
  if (trick.empty()) s.variables[e.config().VariableSlot(t.leader, 0)] = player + 1;
  trick.push_back(m.cards[0]);
}

void PerformNumber(const EngineServices& e, GameState& s, int player, const Move& m) {
  const MoveDecl& decl = e.rules().moves[m.kind];
  if (decl.into < 0) return;
  s.variables[e.config().VariableSlot(decl.into, player)] = m.value;
  if (decl.next_phase < 0) return;
  for (int p = 0; p < s.players; ++p) {
    if (s.variables[e.config().VariableSlot(decl.into, p)] < 0) return;
  }
  s.phase = static_cast<int8_t>(decl.next_phase);
}

}  // namespace

void PerformTrickMove(const EngineServices& e, GameState& s, int player, const Move& m) {
  if (e.rules().moves[m.kind].type == MoveType::kTrick)
    PerformTrickPlay(e, s, player, m);
  else
    PerformNumber(e, s, player, m);
}

bool WonEveryTrick(const EngineServices& e, const GameState& s, int player) {
  for (int p = 0; p < s.players; ++p) {
    if (!e.rules().OneSide(p, player) && !s.zones[e.ZoneSlot(e.rules().tricks.won, p)].cards.empty())
      return false;
  }
  return true;
}

void SeatFirstLeader(const EngineServices& e, GameState& s) {
  const TrickDecl& t = e.rules().tricks;
  if (t.first_lead < 0) return;
  for (int p = 0; p < s.players; ++p) {
    for (CardId c : s.zones[e.ZoneSlot(t.hand, p)].cards) {
      if (e.cards().Kind(c) == t.first_lead) s.turn_player = static_cast<int8_t>(p);
    }
  }
}

void ResetTricks(const EngineServices& e, GameState& s) {
  for (const MoveDecl& m : e.rules().moves) {  // nobody has answered a number move yet
    if (m.type != MoveType::kNumber || m.into < 0) continue;
    for (int p = 0; p < s.players; ++p) s.variables[e.config().VariableSlot(m.into, p)] = -1;
  }
  const TrickDecl& t = e.rules().tricks;
  if (t.zone < 0) return;
  s.variables[e.config().VariableSlot(t.leader, 0)] = 0;
  for (const int variable : {t.last_trick, t.slam, t.held.variable}) {
    for (int p = 0; variable >= 0 && p < s.players; ++p)
      s.variables[e.config().VariableSlot(variable, p)] = 0;
  }
  if (t.count < 0) return;
  for (int p = 0; p < s.players; ++p) s.variables[e.config().VariableSlot(t.count, p)] = 0;
}

}  // namespace tapis
