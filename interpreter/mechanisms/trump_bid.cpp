#include "interpreter/mechanisms/trump_bid.h"

#include <fmt/format.h>

#include <algorithm>

#include "interpreter/mechanisms/trick.h"

namespace tapis {
namespace {

int TableVariable(const EngineServices& e, const GameState& s, int variable) {
  return s.variables[e.config().VariableSlot(variable, 0)];
}

// The suit of the card turned up, or -1 when none is.
int TurnedSuit(const EngineServices& e, const GameState& s, const MoveDecl& m) {
  const auto& turned = s.zones[e.ZoneSlot(m.from, -1)].cards;
  return turned.empty() ? -1 : e.config().trick_keys()[turned.back()].suit;
}

// 1 the first time round (the turned suit), 2 the second (another suit), 0 when nobody may
// take: someone took, or all passed every time round.
int BiddingRound(const EngineServices& e, const GameState& s, const MoveDecl& m) {
  const TrumpBid& b = m.trump_bid;
  if (TableVariable(e, s, b.taker) != 0) return 0;
  const int passes = TableVariable(e, s, b.passes);
  if (passes < s.players) return 1;
  if (e.config().Resolve(b.second_round) != 0 && passes < 2 * s.players) return 2;
  return 0;
}

const std::vector<std::string>& SuitNames(const EngineServices& e) {
  return e.rules().catalog.properties()[e.rules().tricks.suit].values;
}

}  // namespace

void ResetTrumpBids(const EngineServices& e, GameState& s) {
  for (const MoveDecl& m : e.rules().moves) {
    if (m.type != MoveType::kTakeTrump) continue;
    s.variables[e.config().VariableSlot(m.trump_bid.taker, 0)] = 0;
    s.variables[e.config().VariableSlot(m.trump_bid.passes, 0)] = 0;
    s.variables[e.config().VariableSlot(e.rules().tricks.trump_variable, 0)] = -1;
  }
}

void GenerateTrumpBids(const EngineServices& e, const GameState& s, const MoveDecl& m, Move base,
                       std::vector<Move>& out) {
  const int round = BiddingRound(e, s, m);
  const int turned = TurnedSuit(e, s, m);
  if (round == 0 || (round == 1 && turned < 0)) return;  // no suit turned: only the second round names one
  const int suits = static_cast<int>(SuitNames(e).size());
  for (int suit = 0; suit < suits; ++suit) {
    if ((suit == turned) != (round == 1)) continue;
    base.value = static_cast<int8_t>(suit);
    out.push_back(base);
  }
}

void PerformTakeTrump(EngineServices& e, GameState& s, int player, const Move& move) {
  const MoveDecl& m = e.rules().moves[move.kind];
  const TrumpBid& b = m.trump_bid;
  const int passes = TableVariable(e, s, b.passes);
  s.variables[e.config().VariableSlot(b.taker, 0)] = player + 1;
  s.variables[e.config().VariableSlot(e.rules().tricks.trump_variable, 0)] = move.value;
  // The bids went round from the round's first seat: it leads, and is dealt to first.
  const int first = ((player - passes) % s.players + s.players) % s.players;
  auto& turned = s.zones[e.ZoneSlot(m.from, -1)].cards;
  // The card turned up (the top one) goes to the taker; with `pick_up: dealer`, to the dealer
  // when its own suit was taken (the first time round), who then discards; else it stays.
  const int dealer = (first + s.players - 1) % s.players;
  const int receiver = !b.dealer_picks_up ? player : passes < s.players ? dealer : -1;
  if (!turned.empty() && receiver >= 0) {
    s.zones[e.ZoneSlot(m.to, receiver)].cards.push_back(turned.back());
    turned.pop_back();
    if (b.dealer_picks_up && b.discard >= 0) {
      Decision d;
      d.player = static_cast<int8_t>(dealer);
      d.moves = 1u << b.discard;
      s.decisions.insert(s.decisions.begin(), d);
    }
  }
  if (b.complete_from >= 0) {
    const int from = e.ZoneSlot(b.complete_from, -1);
    const auto up_to = static_cast<size_t>(std::max(0, e.config().Resolve(b.up_to)));
    for (bool dealt = true; dealt && !s.zones[from].cards.empty();) {
      dealt = false;
      for (int i = 0; i < s.players && !s.zones[from].cards.empty(); ++i) {
        auto& hand = s.zones[e.ZoneSlot(m.to, (first + i) % s.players)].cards;
        if (hand.size() >= up_to) continue;
        e.BeforeDraw(s, from);
        hand.push_back(s.zones[from].cards.back());
        s.zones[from].cards.pop_back();
        dealt = true;
      }
    }
  }
  if (m.next_phase >= 0) s.phase = static_cast<int8_t>(m.next_phase);
  // The turn ends; the seat before the first passes it on to the first.
  s.turn_player = static_cast<int8_t>((first + s.players - 1) % s.players);
  s.end_turn = true;
}

void NoteBidPass(EngineServices& e, GameState& s, int kind) {
  for (const MoveDecl& m : e.rules().moves) {
    if (m.type != MoveType::kTakeTrump || m.trump_bid.pass != kind || (m.phases >> s.phase & 1u) == 0 ||
        BiddingRound(e, s, m) == 0)
      continue;
    const int passes = ++s.variables[e.config().VariableSlot(m.trump_bid.passes, 0)];
    const int rounds = e.config().Resolve(m.trump_bid.second_round) != 0 ? 2 : 1;
    if (passes >= rounds * s.players) {
      e.Say("everyone passed: the deal is thrown in");
      e.EndRound(s, false, -1);
    }
    return;
  }
}

std::string WhyNotTakeTrump(const EngineServices& e, const GameState& s, const MoveDecl& m,
                            const std::vector<std::string>& words) {
  const auto& names = SuitNames(e);
  const int taker = TableVariable(e, s, m.trump_bid.taker);
  if (taker > 0) {
    const int trump = TrumpSuit(e, s);
    return fmt::format("player {} took: trumps are {}", taker,
                       trump >= 0 && trump < static_cast<int>(names.size()) ? names[trump] : "none");
  }
  const int round = BiddingRound(e, s, m);
  const int turned = TurnedSuit(e, s, m);
  if (round == 0) return "";
  std::vector<std::string> offered;
  for (size_t v = 0; v < names.size(); ++v) {
    if ((static_cast<int>(v) == turned) == (round == 1)) offered.push_back(names[v]);
  }
  const std::string choice =
      offered.empty() ? "pass" : fmt::format("{} {}, or pass", m.name, fmt::join(offered, "/"));
  if (words.size() != 2) return fmt::format("{} names one suit: {}", m.name, choice);
  const auto named = std::find_if(names.begin(), names.end(),
                                  [&](const std::string& n) { return Upper(n) == Upper(words[1]); });
  if (named == names.end())
    return fmt::format("'{}' is no suit; the suits are {}: {}", words[1], fmt::join(names, " "), choice);
  if (round == 1)
    return fmt::format("this first time round, only the turned card's suit may be taken: {}", choice);
  return fmt::format("{} was the turned card's suit, and everyone passed it; name another: {}", names[turned],
                     choice);
}

}  // namespace tapis
