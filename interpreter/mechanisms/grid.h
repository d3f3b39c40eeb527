// Grid zones: cards on cells addressed like `c3` (column letter, row number), with
// orthogonal and diagonal neighbours and lines in four directions (DESIGN.md §9). A grid
// zone keeps its cards in `Zone::cards` like any zone, and the cell of each card, in the
// same order, in `Zone::cells`, so everything that counts or finds cards works unchanged.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "interpreter/model/catalog.h"
#include "interpreter/model/game_state.h"
#include "interpreter/model/move.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

inline constexpr int kNoCell = -1;

// Which neighbours count: the four beside a cell, the four at its corners, or all eight.
enum class Adjacency { kOrthogonal, kDiagonal, kAll };

// A grid's cells. A fixed grid has `columns` × `rows` cells. A growing grid's cards must
// fit a `columns` × `rows` box whose place is not fixed in advance: its cells span
// (2·columns − 1) × (2·rows − 1), so the box may end up anywhere around the first card.
struct GridShape {
  int columns = 0, rows = 0;
  bool growing = false;

  int Width() const { return growing ? 2 * columns - 1 : columns; }
  int Height() const { return growing ? 2 * rows - 1 : rows; }
  int Cells() const { return Width() * Height(); }
  int Column(int cell) const { return cell % Width(); }
  int Row(int cell) const { return cell / Width(); }
  int At(int column, int row) const {
    return column < 0 || row < 0 || column >= Width() || row >= Height() ? kNoCell : row * Width() + column;
  }
  // The centre cell (the lower-left of the four middle ones when the sides are even).
  int Centre() const { return At((Width() - 1) / 2, Height() / 2); }
};

inline GridShape ShapeOf(const ZoneDecl& decl) { return {decl.columns, decl.rows, decl.growing}; }

// "c3": column letter from a, row number from 1.
std::string CellName(const GridShape& shape, int cell);
// The cell `name` names, or kNoCell.
int ParseCell(const GridShape& shape, std::string_view name);

// The card on `cell`, or -1.
int CardOn(const Zone& zone, int cell);
// The cell `card` sits on, or kNoCell.
int CellOf(const Zone& zone, CardId card);
void PutOnCell(Zone& zone, CardId card, int cell);

// Cards on the neighbours of `cell`, in a fixed order (clockwise from above).
std::vector<CardId> Neighbours(const Zone& zone, const GridShape& shape, int cell, Adjacency adjacency);
// The longest unbroken run of cards through `cell` along (dx, dy), in order, and where
// `cell`'s card is in it. Empty when the cell is empty.
struct LineRun {
  std::vector<CardId> cards;
  int at = 0;
};
LineRun RunThrough(const Zone& zone, const GridShape& shape, int cell, int dx, int dy);
// The four directions of lines: row, column, diagonal (down-right), antidiagonal (up-right).
inline constexpr int kLineDirections[4][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
inline constexpr const char* kLineNames[4] = {"row", "column", "diagonal", "antidiagonal"};

// True when a card may go on `cell`: empty, and for a growing grid inside a box of the
// declared size with the cards already there. `adjacent` (a MoveDecl's) also asks for a
// card next to it, unless the grid is empty (then only the centre will do).
bool CanPlace(const Zone& zone, const GridShape& shape, int cell, int adjacent);

// place moves: each card of `hand` (one per kind) on each cell it may go on.
void GeneratePlacements(const CardSet& set, const std::vector<CardId>& hand, const Zone& grid,
                        const GridShape& shape, int adjacent, const Move& base, std::vector<Move>& out);

}  // namespace tapis
