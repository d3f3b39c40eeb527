#include "interpreter/model/engine_services.h"

#include <algorithm>

namespace tapis {

int EngineServices::FindCard(const GameState& s, CardId card) const {
  for (size_t z = 0; z < s.zones.size(); ++z) {
    const auto& cards = s.zones[z].cards;
    if (std::find(cards.begin(), cards.end(), card) != cards.end()) return static_cast<int>(z);
  }
  return -1;
}

void EngineServices::MoveCard(GameState& s, CardId card, int to_zone) const {
  const int from = FindCard(s, card);
  if (from >= 0) TakeOut(s.zones[from], card);
  s.zones[to_zone].cards.push_back(card);
  s.declared[card] = -1;
}

int EngineServices::NextActive(const GameState& s, int player) const {
  const int n = s.players;
  int next = player;
  for (int i = 0; i < n; ++i) {
    next = ((next + s.direction) % n + n) % n;
    if (!(s.out & (1u << next))) return next;
  }
  return -1;  // everybody is out
}

void EngineServices::EndRound(GameState& s, bool whole_match, int winner) const {
  s.round_over = true;
  s.match_over = s.match_over || whole_match;
  if (whole_match) s.declared_winner = static_cast<int16_t>(winner);
  s.decisions.clear();
}

void EngineServices::CheckLastRound(GameState& s) const {
  const int zone = rules().last_round_when_empty;
  if (zone < 0 || s.last_round_player >= 0) return;
  if (s.zones[ZoneSlot(zone, s.turn_player)].cards.empty()) s.last_round_player = s.turn_player;
}

std::vector<CardId> EngineServices::InHandOrder(std::vector<CardId> cards) const {
  const CardSet& set = this->cards();
  const std::vector<int>& order = rules().look.hand_order;
  std::stable_sort(cards.begin(), cards.end(), [&](CardId a, CardId b) {
    for (int property : order) {
      const unsigned va = static_cast<unsigned>(set.Value(a, property));  // kNoValue sorts last
      const unsigned vb = static_cast<unsigned>(set.Value(b, property));
      if (va != vb) return va < vb;
    }
    return set.Kind(a) < set.Kind(b);
  });
  return cards;
}

}  // namespace tapis
