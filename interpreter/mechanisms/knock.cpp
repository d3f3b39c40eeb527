#include "interpreter/mechanisms/knock.h"

#include <fmt/format.h>

#include <algorithm>

#include "interpreter/mechanisms/deadwood.h"
#include "interpreter/mechanisms/plain_melds.h"

namespace tapis {
namespace {

long long Worth(const EngineServices& e, CardId card) { return e.config().CardPointsAs(card, false); }

// The points of each of `cards`, into `points` (each caller its own buffer: they nest).
void PointsOf(const EngineServices& e, std::span<const CardId> cards, std::vector<int>& points) {
  points.resize(cards.size());
  for (size_t i = 0; i < cards.size(); ++i) points[i] = static_cast<int>(Worth(e, cards[i]));
}

Arrangement Arrange(const EngineServices& e, std::span<const CardId> cards, const std::vector<int>& melds,
                    std::span<const LaidMeld> onto = {}) {
  thread_local std::vector<int> points;
  PointsOf(e, cards, points);
  return BestArrangement(e, cards, points, melds, onto);
}

// The deadwood of `hand` without `card`.
long long DeadwoodWithout(const EngineServices& e, std::span<const CardId> hand, CardId card,
                          const std::vector<int>& melds) {
  thread_local std::vector<CardId> left;
  left.assign(hand.begin(), hand.end());
  RemoveCard(left, card);
  return Arrange(e, left, melds).deadwood;
}

bool InAMeld(const Arrangement& a, CardId card) {
  return std::any_of(a.melds.begin(), a.melds.end(), [&](const std::vector<CardId>& meld) {
    return std::find(meld.begin(), meld.end(), card) != meld.end();
  });
}

std::string Codes(const EngineServices& e, std::span<const CardId> cards) {
  std::vector<std::string> codes;
  for (CardId c : cards) codes.push_back(e.cards().Code(c));
  return fmt::format("{}", fmt::join(codes, " "));
}

// "7H 8H 9H · KC KD KS": the hand's own melds in `a`.
std::string OwnMelds(const EngineServices& e, const Arrangement& a) {
  std::vector<std::string> melds;
  for (size_t i = 0; i < a.melds.size(); ++i) {
    if (a.onto[i] < 0) melds.push_back(Codes(e, a.melds[i]));
  }
  return melds.empty() ? "no meld" : fmt::format("{}", fmt::join(melds, " · "));
}

// ", lays off 10H JH on 7H 8H 9H, KH on KC KD KS": the cards of `a` laid off onto `laid`.
std::string LaidOff(const EngineServices& e, const Arrangement& a, std::span<const LaidMeld> laid) {
  std::vector<std::string> off;
  for (size_t i = 0; i < a.melds.size(); ++i) {
    if (a.onto[i] >= 0)
      off.push_back(fmt::format("{} on {}", Codes(e, a.melds[i]), Codes(e, laid[a.onto[i]].cards)));
  }
  return off.empty() ? "" : fmt::format(", lays off {}", fmt::join(off, ", "));
}

// The cards of `hand` in no meld of `a`: "JS QD, deadwood 20".
std::string LeftOut(const EngineServices& e, std::span<const CardId> hand, const Arrangement& a) {
  std::vector<CardId> out;
  for (CardId c : hand) {
    if (!InAMeld(a, c)) out.push_back(c);
  }
  out = e.InHandOrder(std::move(out));
  return out.empty() ? fmt::format("deadwood {}", a.deadwood)
                     : fmt::format("{} left, deadwood {}", Codes(e, out), a.deadwood);
}

// A knocker's arrangements of the least deadwood weighed against each other, at most.
constexpr size_t kMostShown = 16;

int Clamped(long long value) { return static_cast<int>(std::clamp<long long>(value, INT32_MIN, INT32_MAX)); }

// Keeps, of `cards` (some of `hand`), those whose discard leaves `hand` with deadwood of
// `most` or less.
void KeepKnockingCards(const EngineServices& e, std::span<const CardId> hand, const std::vector<int>& melds,
                       long long most, std::vector<CardId>& cards) {
  // Most hands are far from a knock: the cards no meld could hold already count too much,
  // whichever card goes.
  thread_local std::vector<int> points;
  thread_local std::vector<char> meldable;
  PointsOf(e, hand, points);
  long long floor = 0;
  const bool has_floor = UnmeldedFloor(e, hand, points, melds, floor, meldable);
  const auto floor_without = [&](CardId c) {
    const size_t i = static_cast<size_t>(std::find(hand.begin(), hand.end(), c) - hand.begin());
    return i < hand.size() && !meldable[i] ? floor - points[i] : floor;
  };
  if (has_floor) std::erase_if(cards, [&](CardId c) { return floor_without(c) > most; });
  if (cards.empty()) return;
  // One arrangement of the whole hand decides most cards: without card c the hand counts at
  // least its deadwood less c's worth, and exactly that when c is left out of the arrangement.
  const Arrangement all = BestArrangement(e, hand, points, melds);
  // Only for a natural card (a wild card may not stay out while a meld has room for it), and
  // only when the search was not cut short.
  std::erase_if(cards, [&](CardId c) {
    const bool natural = all.complete && !WildForMelds(e, melds, c);
    if (natural && all.deadwood - Worth(e, c) > most) return true;
    return !(natural && !InAMeld(all, c)) && DeadwoodWithout(e, hand, c, melds) > most;
  });
}

}  // namespace

void KeepKnocks(const EngineServices& e, const GameState& s, int player, int kind, std::vector<Move>& out,
                size_t first, KnockCache& cache) {
  if (out.size() <= first) return;
  const MoveDecl& m = e.rules().moves[kind];
  const auto& hand = s.zones[e.ZoneSlot(m.from, player)].cards;
  const long long most = e.config().Resolve(m.knock.max);
  if (cache.kind != kind || cache.most != most || cache.hand != hand) {
    cache.kind = kind;
    cache.most = most;
    cache.hand = hand;
    cache.knocks = hand;  // every card of the hand, whichever the moves offer
    KeepKnockingCards(e, hand, m.knock.melds, most, cache.knocks);
  }
  const auto no_knock = [&](const Move& move) {
    return std::find(cache.knocks.begin(), cache.knocks.end(), move.cards[0]) == cache.knocks.end();
  };
  out.erase(std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(), no_knock), out.end());
}

std::string WhyNotKnocking(const EngineServices& e, const GameState& s, int player, const MoveDecl& m,
                           CardId card) {
  const auto& hand = s.zones[e.ZoneSlot(m.from, player)].cards;
  if (std::find(hand.begin(), hand.end(), card) == hand.end()) return "";
  const long long most = e.config().Resolve(m.knock.max);
  const long long left = DeadwoodWithout(e, hand, card, m.knock.melds);
  if (left <= most) return "";
  return fmt::format("knocking with {} leaves {} of deadwood; a knock leaves {} at most",
                     e.cards().Code(card), left, most);
}

void NoteKnock(const EngineServices& e, GameState& s, int player, const MoveDecl& m) {
  s.variables[e.config().VariableSlot(m.knock.knocker, 0)] = player + 1;
}

void AddKnockStanding(const EngineServices& e, const GameState& s, std::vector<int>& values) {
  const Ruleset::KnockScore& k = e.rules().score_knock;
  if (k.move < 0 || s.finished) return;
  const MoveDecl& m = e.rules().moves[k.move];
  // Half of it: points a knock would bring are only hoped for, and a knock that scores must
  // weigh more than a discard that only lowers the count.
  for (int p = 0; p < s.players && p < static_cast<int>(values.size()); ++p)
    values[p] =
        Clamped(values[p] - Arrange(e, s.zones[e.ZoneSlot(m.from, p)].cards, m.knock.melds).deadwood / 2);
}

void ResetKnocks(const EngineServices& e, GameState& s) {
  for (const MoveDecl& m : e.rules().moves) {
    if (m.knock.Used()) s.variables[e.config().VariableSlot(m.knock.knocker, 0)] = 0;
  }
}

void ScoreKnock(const EngineServices& e, const GameState& s, std::vector<int>& scores,
                std::vector<std::string>* told) {
  const Ruleset::KnockScore& k = e.rules().score_knock;
  if (k.move < 0) return;
  const MoveDecl& m = e.rules().moves[k.move];
  const int knocker = s.variables[e.config().VariableSlot(m.knock.knocker, 0)] - 1;
  if (knocker < 0 || knocker >= s.players) return;  // nobody knocked: a drawn deal
  const auto hand = [&](int p) -> std::span<const CardId> { return s.zones[e.ZoneSlot(m.from, p)].cards; };
  const long long gin_bonus = e.config().Resolve(k.gin), undercut = e.config().Resolve(k.undercut);
  const bool lay_off = e.config().Resolve(k.lay_off) != 0;
  // What showing `shown` brings each player, and (with `lines`) how it is told.
  const auto judge = [&](const Arrangement& shown, std::vector<long long>& gained,
                         std::vector<std::string>* lines) {
    const bool gin = shown.deadwood <= 0;
    std::vector<LaidMeld> laid;
    for (size_t i = 0; i < shown.melds.size(); ++i) laid.push_back({shown.combinations[i], shown.melds[i]});
    if (lines != nullptr)
      lines->push_back(fmt::format("player {} {}: {}; {}", knocker + 1, gin ? "goes gin" : "knocks",
                                   OwnMelds(e, shown), LeftOut(e, hand(knocker), shown)));
    gained.assign(s.players, 0);
    for (int p = 0; p < s.players; ++p) {
      if (p == knocker) continue;
      const std::span<const LaidMeld> onto = gin || !lay_off ? std::span<const LaidMeld>() : laid;
      const Arrangement other = Arrange(e, hand(p), m.knock.melds, onto);
      std::string result;
      if (gin) {
        gained[knocker] += gin_bonus + other.deadwood;
        result = fmt::format("player {} scores {} (gin {} + {})", knocker + 1, gin_bonus + other.deadwood,
                             gin_bonus, other.deadwood);
      } else if (shown.deadwood < other.deadwood) {
        gained[knocker] += other.deadwood - shown.deadwood;
        result = fmt::format("player {} scores {} ({} - {})", knocker + 1, other.deadwood - shown.deadwood,
                             other.deadwood, shown.deadwood);
      } else {
        gained[p] += undercut + shown.deadwood - other.deadwood;
        result =
            fmt::format("player {} undercuts and scores {} ({} + {} - {})", p + 1,
                        undercut + shown.deadwood - other.deadwood, undercut, shown.deadwood, other.deadwood);
      }
      if (lines == nullptr) continue;
      lines->push_back(fmt::format("player {}: {}{}; {}", p + 1, OwnMelds(e, other), LaidOff(e, other, onto),
                                   LeftOut(e, hand(p), other)));
      lines->push_back(result);
    }
  };
  // Of the arrangements with the least deadwood, the knocker shows the one that scores best for
  // them (the fewest lay-offs), whatever order the cards came in.
  thread_local std::vector<int> points;
  PointsOf(e, hand(knocker), points);
  const std::vector<Arrangement> ties = BestArrangements(e, hand(knocker), points, m.knock.melds, kMostShown);
  std::vector<long long> gained, best_gained;
  size_t best = 0;
  long long best_net = 0;
  for (size_t i = 0; i < ties.size(); ++i) {
    judge(ties[i], gained, nullptr);
    long long net = 0;
    for (int p = 0; p < s.players; ++p) net += p == knocker ? gained[p] : -gained[p];
    if (i == 0 || net > best_net) {
      best = i;
      best_net = net;
      best_gained = gained;
    }
  }
  if (told != nullptr) judge(ties[best], gained, told);
  for (int p = 0; p < s.players; ++p) scores[p] = Clamped(scores[p] + best_gained[p]);
}

}  // namespace tapis
