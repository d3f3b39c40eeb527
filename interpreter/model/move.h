// A move or a decision's answer: which declared move kind, with which cards, onto which
// zone. Plain data; its text form lives in records/move_text.h.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "interpreter/model/catalog.h"

namespace tapis {

inline constexpr int kMaxMoveCards = 16;
inline constexpr uint8_t kStopMove = 255;  // declines an optional decision

struct Move {
  uint8_t kind = 0;   // index into Ruleset::moves, or kStopMove
  uint8_t count = 0;  // cards used
  int16_t zone = -1;  // extend: the zone instance the card goes onto
  int8_t value = -1;  // play: the value the wild cards in it stand for; ask: the value asked for
  int8_t target = -1;  // ask: the seat asked
  std::array<CardId, kMaxMoveCards> cards{};
  int16_t cell = -1;     // place: the grid cell the card goes on; line: the segment's first cell
  int16_t to_cell = -1;  // line: the segment's last cell
  std::array<uint8_t, kMaxMoveCards> at{};  // line: the cell each card goes on
  // meld, extend, match: per card, the value a wild card stands for (-1 for a natural card)
  std::array<int8_t, kMaxMoveCards> stands = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};

  std::span<const CardId> Cards() const { return {cards.data(), count}; }
  void Add(CardId card) { cards[count++] = card; }
};

// Appends to `out` one move a card: `base` with that card. The listing of every card game's
// plays, so written for speed: `push_back` then the card, not `resize(n, base)`, whose fill
// goes through a general insert.
inline void AppendEachCard(std::vector<Move>& out, const Move& base, std::span<const CardId> cards) {
  out.reserve(out.size() + cards.size());
  for (const CardId c : cards) {
    out.push_back(base);
    out.back().Add(c);
  }
}

}  // namespace tapis
