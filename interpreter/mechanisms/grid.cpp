#include "interpreter/mechanisms/grid.h"

#include <algorithm>
#include <array>
#include <charconv>

namespace tapis {

std::string CellName(const GridShape& shape, int cell) {
  return std::string(1, static_cast<char>('a' + shape.Column(cell))) + std::to_string(shape.Row(cell) + 1);
}

int ParseCell(const GridShape& shape, std::string_view name) {
  if (name.size() < 2 || shape.Cells() == 0) return kNoCell;
  const char letter = static_cast<char>(name[0] | 0x20);  // either case
  if (letter < 'a' || letter > 'z') return kNoCell;
  int row = 0;
  const auto [end, error] = std::from_chars(name.data() + 1, name.data() + name.size(), row);
  if (error != std::errc() || end != name.data() + name.size()) return kNoCell;
  return shape.At(letter - 'a', row - 1);
}

int CardOn(const Zone& zone, int cell) {
  for (size_t i = 0; i < zone.cells.size(); ++i) {
    if (zone.cells[i] == cell) return zone.cards[i];
  }
  return -1;
}

int CellOf(const Zone& zone, CardId card) {
  for (size_t i = 0; i < zone.cells.size(); ++i) {
    if (zone.cards[i] == card) return zone.cells[i];
  }
  return kNoCell;
}

void PutOnCell(Zone& zone, CardId card, int cell) {
  zone.cards.push_back(card);
  zone.cells.push_back(static_cast<uint8_t>(cell));
}

std::vector<CardId> Neighbours(const Zone& zone, const GridShape& shape, int cell, Adjacency adjacency) {
  static constexpr int kAround[8][2] = {{0, -1}, {1, -1}, {1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}};
  std::vector<CardId> out;
  for (int i = 0; i < 8; ++i) {
    const bool diagonal = i % 2 == 1;
    if ((diagonal && adjacency == Adjacency::kOrthogonal) || (!diagonal && adjacency == Adjacency::kDiagonal))
      continue;
    const int next = shape.At(shape.Column(cell) + kAround[i][0], shape.Row(cell) + kAround[i][1]);
    const int card = next == kNoCell ? -1 : CardOn(zone, next);
    if (card >= 0) out.push_back(static_cast<CardId>(card));
  }
  return out;
}

LineRun RunThrough(const Zone& zone, const GridShape& shape, int cell, int dx, int dy) {
  LineRun run;
  if (CardOn(zone, cell) < 0) return run;
  int column = shape.Column(cell), row = shape.Row(cell);
  // Back to the first card of the run, then forward to its last.
  while (true) {
    const int previous = shape.At(column - dx, row - dy);
    if (previous == kNoCell || CardOn(zone, previous) < 0) break;
    column -= dx;
    row -= dy;
  }
  for (int at = shape.At(column, row); at != kNoCell; column += dx, row += dy, at = shape.At(column, row)) {
    const int card = CardOn(zone, at);
    if (card < 0) break;
    if (at == cell) run.at = static_cast<int>(run.cards.size());
    run.cards.push_back(static_cast<CardId>(card));
  }
  return run;
}

namespace {

// The cards of a grid by cell (-1: empty), and the box around them.
struct Board {
  std::array<int, 256> card;
  int left = 1 << 20, right = -1, top = 1 << 20, bottom = -1;

  Board(const Zone& zone, const GridShape& shape) {
    card.fill(-1);
    for (size_t i = 0; i < zone.cells.size(); ++i) {
      const int c = zone.cells[i];
      card[c] = zone.cards[i];
      left = std::min(left, shape.Column(c));
      right = std::max(right, shape.Column(c));
      top = std::min(top, shape.Row(c));
      bottom = std::max(bottom, shape.Row(c));
    }
  }
  bool Empty() const { return right < 0; }
  bool Occupied(const GridShape& shape, int column, int row) const {
    const int cell = shape.At(column, row);
    return cell != kNoCell && card[cell] >= 0;
  }
};

bool CanPlaceOn(const Board& board, const GridShape& shape, int cell, int adjacent) {
  if (cell == kNoCell || board.card[cell] >= 0) return false;
  if (board.Empty()) return adjacent == 0 || cell == shape.Centre();
  const int column = shape.Column(cell), row = shape.Row(cell);
  if (adjacent > 0) {
    bool next_to = false;
    for (int dc = -1; dc <= 1 && !next_to; ++dc) {
      for (int dr = -1; dr <= 1 && !next_to; ++dr) {
        if ((dc == 0 && dr == 0) || (adjacent == 1 && dc != 0 && dr != 0)) continue;
        next_to = board.Occupied(shape, column + dc, row + dr);
      }
    }
    if (!next_to) return false;
  }
  if (!shape.growing) return true;
  return std::max(board.right, column) - std::min(board.left, column) < shape.columns &&
         std::max(board.bottom, row) - std::min(board.top, row) < shape.rows;
}

}  // namespace

bool CanPlace(const Zone& zone, const GridShape& shape, int cell, int adjacent) {
  return CanPlaceOn(Board(zone, shape), shape, cell, adjacent);
}

void GeneratePlacements(const CardSet& set, const std::vector<CardId>& hand, const Zone& grid,
                        const GridShape& shape, int adjacent, const Move& base, std::vector<Move>& out) {
  const Board board(grid, shape);
  int cells[256];
  int count = 0;
  for (int cell = 0; cell < shape.Cells(); ++cell) {
    if (CanPlaceOn(board, shape, cell, adjacent)) cells[count++] = cell;
  }
  if (count == 0) return;
  for (size_t i = 0; i < hand.size(); ++i) {
    bool seen = false;  // a kind already offered (two copies of a card)
    for (size_t j = 0; j < i && !seen; ++j) seen = set.Kind(hand[j]) == set.Kind(hand[i]);
    if (seen) continue;
    for (int k = 0; k < count; ++k) {
      Move move = base;
      move.Add(hand[i]);
      move.cell = static_cast<int16_t>(cells[k]);
      out.push_back(move);
    }
  }
}

}  // namespace tapis
