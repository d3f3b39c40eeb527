#include "interpreter/mechanisms/line_play.h"

#include <algorithm>
#include <array>
#include <climits>

#include "interpreter/mechanisms/grid.h"
#include "interpreter/mechanisms/hand_rank.h"

namespace tapis {
namespace {

constexpr int kMaxHand = 12;  // hand cards considered: 2^12 choices at most per segment

// What every segment of one generation shares.
struct Board {
  const CardSet& set;
  const HandRanking& ranking;
  const GameState& state;
  GridShape shape;
  std::vector<int> on;  // per cell: its card, or -1
  int player = 0;
  Takeover takeover = Takeover::kHigherHand;
  int min = 2, max = 5;  // segment lengths, `max` cut to the tokens the player has
};

Takeover TakeoverOf(const EngineServices& e, const MoveDecl& m) {
  return static_cast<Takeover>(e.config().Resolve(m.takeover));
}

int Sign(int v) { return (v > 0) - (v < 0); }

// True when the player may put their token on each of `cards` with a hand of `strength`.
bool MayTake(const Board& b, std::span<const CardId> cards, int strength) {
  for (CardId c : cards) {
    const auto& stack = b.state.tokens[c];
    if (!stack.empty() && stack.back() != b.player && !Beats(b.takeover, strength, b.state.claims[c]))
      return false;
  }
  return true;
}

// True when the laid cards make, on another segment through all of them, a hand stronger than
// `strength` that the player could score instead.
bool StrongerElsewhere(const Board& b, std::span<const int> laid_cells, std::span<const CardId> laid,
                       int dir_now, int first_now, int length_now, int strength) {
  const int c0 = b.shape.Column(laid_cells[0]), r0 = b.shape.Row(laid_cells[0]);
  for (int d = 0; d < 4; ++d) {
    if (laid_cells.size() > 1 && d != dir_now) continue;  // two cells share one line only
    const int dx = kLineDirections[d][0], dy = kLineDirections[d][1];
    int tmin = 0, tmax = 0;  // the laid cells' places along the line through the first
    for (int cell : laid_cells) {
      const int t = dx != 0 ? b.shape.Column(cell) - c0 : b.shape.Row(cell) - r0;
      tmin = std::min(tmin, t);
      tmax = std::max(tmax, t);
    }
    for (int len = b.min; len <= b.max; ++len) {
      for (int start = tmax - len + 1; start <= tmin; ++start) {
        const int first = b.shape.At(c0 + start * dx, r0 + start * dy);
        if (first == kNoCell ||
            b.shape.At(c0 + (start + len - 1) * dx, r0 + (start + len - 1) * dy) == kNoCell)
          continue;
        if (d == dir_now && first == first_now && len == length_now) continue;
        std::array<CardId, kHandTieRanks> cards;
        std::array<CardId, kHandTieRanks> board;
        int n = 0, on_board = 0;
        bool full = true;
        for (int i = 0; i < len && full; ++i) {
          const int cell = b.shape.At(c0 + (start + i) * dx, r0 + (start + i) * dy);
          const auto it = std::find(laid_cells.begin(), laid_cells.end(), cell);
          if (it != laid_cells.end()) {
            cards[n++] = laid[it - laid_cells.begin()];
          } else if (b.on[cell] >= 0) {
            cards[n++] = static_cast<CardId>(b.on[cell]);
            board[on_board++] = static_cast<CardId>(b.on[cell]);
          } else {
            full = false;
          }
        }
        if (!full) continue;
        const int other = HandStrength(b.set, b.ranking, std::span<const CardId>(cards.data(), n));
        if (other > strength && MayTake(b, std::span<const CardId>(board.data(), on_board), other))
          return true;
      }
    }
  }
  return false;
}

}  // namespace

bool HasTokens(const Ruleset& r) {
  return std::any_of(r.moves.begin(), r.moves.end(),
                     [](const MoveDecl& m) { return m.type == MoveType::kLine; });
}

void GenerateLines(const EngineServices& e, const GameState& s, int player, const MoveDecl& m, Move base,
                   std::vector<Move>& out) {
  const Ruleset& r = e.rules();
  const Zone& grid = s.zones[e.ZoneSlot(m.to, player)];
  Board b{e.cards(),     r.hands[m.hand], s, ShapeOf(r.zones[m.to]), {}, player, TakeoverOf(e, m),
          m.segment_min, m.segment_max};
  if (m.tokens >= 0) b.max = std::min(b.max, s.variables[e.config().VariableSlot(m.tokens, player)]);
  if (b.max < b.min) return;
  b.on.assign(b.shape.Cells(), -1);
  for (size_t i = 0; i < grid.cards.size(); ++i) b.on[grid.cells[i]] = grid.cards[i];
  const auto& all_hand = s.zones[e.ZoneSlot(m.from, player)].cards;
  const int n = std::min<int>(static_cast<int>(all_hand.size()), kMaxHand);
  const std::vector<CardId> hand(all_hand.begin(), all_hand.begin() + n);
  // Choices of hand cards by size; of two cards of one kind, the first is chosen first.
  std::vector<std::vector<uint32_t>> choices(kHandTieRanks + 1);
  for (uint32_t mask = 1; mask < (1u << n); ++mask) {
    const int size = __builtin_popcount(mask);
    if (size > b.max) continue;
    bool twin = false;
    for (int i = 0; i < n && !twin; ++i) {
      for (int j = 0; j < i && !twin; ++j)
        twin = (mask >> i & 1) && !(mask >> j & 1) && b.set.Kind(hand[i]) == b.set.Kind(hand[j]);
    }
    if (!twin) choices[size].push_back(mask);
  }
  std::vector<int> empty_strength(1u << n, INT_MIN);  // a segment with no card yet: by choice
  const bool strongest = e.config().Resolve(m.strongest) != 0;
  const bool stacks = !s.tokens.empty();
  for (int d = 0; d < 4; ++d) {
    const int dx = kLineDirections[d][0], dy = kLineDirections[d][1];
    for (int first = 0; first < b.shape.Cells(); ++first) {
      const int c0 = b.shape.Column(first), r0 = b.shape.Row(first);
      for (int len = b.min; len <= b.max; ++len) {
        const int last = b.shape.At(c0 + (len - 1) * dx, r0 + (len - 1) * dy);
        if (last == kNoCell) break;
        std::array<int, kHandTieRanks> empties;
        std::array<CardId, kHandTieRanks> cards;  // the board's, then the chosen ones
        int e_count = 0, on_board = 0;
        for (int i = 0; i < len; ++i) {
          const int cell = b.shape.At(c0 + i * dx, r0 + i * dy);
          if (b.on[cell] < 0)
            empties[e_count++] = cell;
          else
            cards[on_board++] = static_cast<CardId>(b.on[cell]);
        }
        if (e_count == 0 || e_count > n) continue;
        for (uint32_t mask : choices[e_count]) {
          int k = on_board;
          for (int i = 0; i < n; ++i) {
            if (mask >> i & 1) cards[k++] = hand[i];
          }
          int strength;
          if (on_board == 0) {
            if (empty_strength[mask] == INT_MIN)
              empty_strength[mask] =
                  HandStrength(b.set, b.ranking, std::span<const CardId>(cards.data(), len));
            strength = empty_strength[mask];
          } else {
            strength = HandStrength(b.set, b.ranking, std::span<const CardId>(cards.data(), len));
          }
          if (strength == kNoHand) continue;
          if (stacks && !MayTake(b, std::span<const CardId>(cards.data(), on_board), strength)) continue;
          std::array<CardId, kHandTieRanks> laid;
          std::copy(cards.begin() + on_board, cards.begin() + len, laid.begin());
          if (strongest &&
              StrongerElsewhere(b, std::span<const int>(empties.data(), e_count),
                                std::span<const CardId>(laid.data(), e_count), d, first, len, strength))
            continue;
          // Orders by kind: two cards of one kind (two packs) swapped are the same move.
          const auto by_kind = [&](CardId x, CardId y) { return b.set.Kind(x) < b.set.Kind(y); };
          std::sort(laid.begin(), laid.begin() + e_count, by_kind);
          do {
            Move move = base;
            for (int i = 0; i < e_count; ++i) {
              move.Add(laid[i]);
              move.at[i] = static_cast<uint8_t>(empties[i]);
            }
            move.cell = static_cast<int16_t>(first);
            move.to_cell = static_cast<int16_t>(last);
            out.push_back(move);
          } while (std::next_permutation(laid.begin(), laid.begin() + e_count, by_kind));
        }
      }
    }
  }
}

namespace {

// The segment's cells, first to last.
std::vector<int> SegmentCells(const GridShape& shape, int first, int last) {
  const int dx = Sign(shape.Column(last) - shape.Column(first)),
            dy = Sign(shape.Row(last) - shape.Row(first));
  const int len = std::max(std::abs(shape.Column(last) - shape.Column(first)),
                           std::abs(shape.Row(last) - shape.Row(first))) +
                  1;
  std::vector<int> cells;
  for (int i = 0; i < len; ++i)
    cells.push_back(shape.At(shape.Column(first) + i * dx, shape.Row(first) + i * dy));
  return cells;
}

}  // namespace

std::vector<int> LineCells(const EngineServices& e, const Move& m) {
  return SegmentCells(ShapeOf(e.rules().zones[e.rules().moves[m.kind].to]), m.cell, m.to_cell);
}

int LineStrength(const EngineServices& e, const GameState& s, const Move& m) {
  const MoveDecl& decl = e.rules().moves[m.kind];
  const Zone& grid = s.zones[e.ZoneSlot(decl.to, 0)];
  std::vector<CardId> cards;
  for (int cell : SegmentCells(ShapeOf(e.rules().zones[decl.to]), m.cell, m.to_cell)) {
    const int card = CardOn(grid, cell);
    if (card >= 0) {
      cards.push_back(static_cast<CardId>(card));
      continue;
    }
    for (int i = 0; i < m.count; ++i) {
      if (m.at[i] == cell) cards.push_back(m.cards[i]);
    }
  }
  return HandStrength(e.cards(), e.rules().hands[decl.hand], cards);
}

void PerformLine(const EngineServices& e, GameState& s, int player, const Move& m) {
  const MoveDecl& decl = e.rules().moves[m.kind];
  const int strength = LineStrength(e, s, m);  // before the cards are laid: it reads them from the move
  Zone& hand = s.zones[e.ZoneSlot(decl.from, player)];
  Zone& grid = s.zones[e.ZoneSlot(decl.to, player)];
  for (int i = 0; i < m.count; ++i) {
    TakeOut(hand, m.cards[i]);
    s.declared[m.cards[i]] = -1;
    PutOnCell(grid, m.cards[i], m.at[i]);
  }
  const std::vector<int> cells = SegmentCells(ShapeOf(e.rules().zones[decl.to]), m.cell, m.to_cell);
  for (int cell : cells) {
    const int card = CardOn(grid, cell);
    s.tokens[card].push_back(static_cast<int8_t>(player));
    s.claims[card] = strength;
  }
  if (decl.tokens >= 0)
    s.variables[e.config().VariableSlot(decl.tokens, player)] -= static_cast<int>(cells.size());
}

std::string LineText(const EngineServices& e, const Move& m) {
  const MoveDecl& decl = e.rules().moves[m.kind];
  const GridShape shape = ShapeOf(e.rules().zones[decl.to]);
  std::string out;
  for (int i = 0; i < m.count; ++i) out += e.cards().Code(m.cards[i]) + "@" + CellName(shape, m.at[i]) + " ";
  return out + CellName(shape, m.cell) + "-" + CellName(shape, m.to_cell);
}

}  // namespace tapis
