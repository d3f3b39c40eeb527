#include "interpreter/mechanisms/capture.h"

#include <algorithm>

namespace tapis {
namespace {

// A hostile table (forty cards of value 1) has more ways to add up to 10 than any player
// could read: past this many a card, the rest are not offered.
constexpr int kMostCapturesACard = 256;

int CardValue(const EngineServices& e, CardId card, int property) {
  return e.cards().Value(card, property) + 1;
}

// Every set of table cards (one of each kind) from `i` on adding up to `left` more, each
// appended to `out` as `move` plus those cards; at most kMostCapturesACard in all.
void SumsFrom(const EngineServices& e, const std::vector<CardId>& table, size_t i, int left, int property,
              Move& move, std::vector<Move>& out, int& found) {
  if (left == 0) {
    if (move.count >= 3) {  // the card played and two or more taken: one card alone is a match
      out.push_back(move);
      ++found;
    }
    return;
  }
  for (size_t j = i; j < table.size() && found < kMostCapturesACard && move.count < kMaxMoveCards; ++j) {
    const int v = CardValue(e, table[j], property);
    if (v <= 0 || v > left) continue;
    // Two cards of one kind make the same capture: take the first of equal kinds only.
    bool repeat = false;
    for (size_t k = i; k < j && !repeat; ++k) repeat = e.cards().Kind(table[k]) == e.cards().Kind(table[j]);
    if (repeat) continue;
    move.Add(table[j]);
    SumsFrom(e, table, j + 1, left - v, property, move, out, found);
    --move.count;
  }
}

}  // namespace

void GenerateCaptures(const EngineServices& e, const GameState& s, int player, const MoveDecl& m, Move base,
                      std::vector<Move>& out) {
  const auto& hand = s.zones[e.ZoneSlot(m.from, player)].cards;
  const auto& table = s.zones[e.ZoneSlot(m.to, player)].cards;
  // Kinds already offered, hand and table: a second pack's copy makes the same moves.
  auto seen = [&](const std::vector<CardId>& cards, size_t upto, CardId card) {
    for (size_t i = 0; i < upto; ++i) {
      if (e.cards().Kind(cards[i]) == e.cards().Kind(card)) return true;
    }
    return false;
  };
  for (size_t h = 0; h < hand.size(); ++h) {
    const CardId c = hand[h];
    if (seen(hand, h, c)) continue;
    const int value = CardValue(e, c, m.capture_by);
    Move move = base;
    move.Add(c);
    const size_t first = out.size();
    for (size_t t = 0; t < table.size(); ++t) {  // a card of the same value takes precedence over any sum
      if (CardValue(e, table[t], m.capture_by) != value || seen(table, t, table[t])) continue;
      Move take = move;
      take.Add(table[t]);
      out.push_back(take);
    }
    if (out.size() == first && value > 0) {
      int found = 0;
      SumsFrom(e, table, 0, value, m.capture_by, move, out, found);
    }
    if (out.size() == first) out.push_back(move);  // nothing to capture: laid on the table
  }
}

// Whether no card is left to play this round: every hand empty and nothing to deal again.
bool LastPlay(const EngineServices& e, const GameState& s, const MoveDecl& m) {
  for (int p = 0; p < s.players; ++p) {
    if (!s.zones[e.ZoneSlot(m.from, p)].cards.empty()) return false;
  }
  const Ruleset::Redeal& redeal = e.rules().redeal;
  return redeal.zone < 0 || s.zones[e.ZoneSlot(redeal.from, -1)].cards.empty();
}

void PerformCapture(const EngineServices& e, GameState& s, int player, const Move& m) {
  const MoveDecl& decl = e.rules().moves[m.kind];
  auto& hand = s.zones[e.ZoneSlot(decl.from, player)].cards;
  hand.erase(std::find(hand.begin(), hand.end(), m.cards[0]));
  auto& table = s.zones[e.ZoneSlot(decl.to, player)].cards;
  if (m.count == 1) {
    table.push_back(m.cards[0]);
    return;
  }
  auto& won = s.zones[e.ZoneSlot(decl.capture_won, player)].cards;
  won.push_back(m.cards[0]);
  for (int i = 1; i < m.count; ++i) {
    table.erase(std::find(table.begin(), table.end(), m.cards[i]));
    won.push_back(m.cards[i]);
  }
  if (decl.capture_last >= 0) s.variables[e.config().VariableSlot(decl.capture_last, 0)] = player + 1;
  if (decl.capture_sweep >= 0 && table.empty() && !LastPlay(e, s, decl))
    ++s.variables[e.config().VariableSlot(decl.capture_sweep, player)];
}

void GatherLeftovers(const EngineServices& e, GameState& s) {
  for (const MoveDecl& m : e.rules().moves) {
    if (m.type != MoveType::kCapture || m.capture_last < 0) continue;
    const int last = s.variables[e.config().VariableSlot(m.capture_last, 0)] - 1;
    if (last < 0 || last >= s.players) continue;
    auto& table = s.zones[e.ZoneSlot(m.to, last)].cards;
    auto& won = s.zones[e.ZoneSlot(m.capture_won, last)].cards;
    won.insert(won.end(), table.begin(), table.end());
    table.clear();
  }
}

void ResetCaptures(const EngineServices& e, GameState& s) {
  for (const MoveDecl& m : e.rules().moves) {
    if (m.type != MoveType::kCapture) continue;
    if (m.capture_last >= 0) s.variables[e.config().VariableSlot(m.capture_last, 0)] = 0;
    for (int p = 0; m.capture_sweep >= 0 && p < s.players; ++p)
      s.variables[e.config().VariableSlot(m.capture_sweep, p)] = 0;
  }
}

void Redeal(const EngineServices& e, GameState& s) {
  const Ruleset::Redeal& redeal = e.rules().redeal;
  for (int p = 0; p < s.players; ++p) {
    if (!s.zones[e.ZoneSlot(redeal.zone, p)].cards.empty()) return;
  }
  auto& from = s.zones[e.ZoneSlot(redeal.from, -1)].cards;
  const int count = e.config().Resolve(redeal.count);
  for (int i = 0; i < count; ++i) {
    for (int k = 0; k < s.players && !from.empty(); ++k) {
      const int p = (s.turn_player + k) % s.players;
      s.zones[e.ZoneSlot(redeal.zone, p)].cards.push_back(from.back());
      from.pop_back();
    }
  }
}

}  // namespace tapis
