#include "interpreter/mechanisms/capture.h"

#include <algorithm>

namespace tapis {
namespace {

// A hostile table (forty cards of value 1) has more ways to add up to 10 than any player
// could read, and more subsets to try than any machine: past this many ways a card, or this
// many steps of the search, the rest are not offered.
constexpr int kMostCapturesACard = 256;
constexpr int kMostStepsACard = 20000;

// The value a card captures by: the n-th value of the property counts n; a card without
// the property is worth 0, and takes nothing nor is taken.
int CardValue(const EngineServices& e, CardId card, int property) {
  return std::max(0, e.cards().Value(card, property) + 1);
}

// The sets of table cards that add up to a card's value, one move each.
struct SumSearch {
  const EngineServices& e;
  const std::vector<CardId>& table;  // ordered by kind: copies of a card lie side by side
  const std::vector<int>& after;     // after[j]: the values of table[j…] added up
  int property;
  std::vector<Move>& out;
  int found = 0, steps = 0;

  // From table[i] on, cards adding up to `left` more, each set appended as `move` plus them.
  void From(size_t i, int left, Move& move) {
    if (left == 0) {
      if (move.count >= 3) {  // the card played and two or more taken: one card alone is a match
        out.push_back(move);
        ++found;
      }
      return;
    }
    for (size_t j = i; j < table.size() && after[j] >= left && move.count < kMaxMoveCards; ++j) {
      if (found >= kMostCapturesACard || ++steps > kMostStepsACard) return;
      const int v = CardValue(e, table[j], property);
      if (v <= 0 || v > left) continue;
      // A copy of the card just passed over makes the same sets: try the first copy only.
      if (j > i && e.cards().Kind(table[j - 1]) == e.cards().Kind(table[j])) continue;
      move.Add(table[j]);
      From(j + 1, left - v, move);
      --move.count;
    }
  }
};

// `several:` every way of taking disjoint groups at once, each a card of the value or cards
// adding up to it (`groups`, the cards each takes); a set of cards taken is offered once,
// however it splits into groups, and copies of a card make one move.
struct SeveralSearch {
  const EngineServices& e;
  const std::vector<std::vector<CardId>>& groups;
  std::vector<Move>& out;
  std::vector<std::vector<int>> offered;  // the kinds each move offered takes, sorted
  int steps = 0;

  void From(size_t g, Move& move, int groups_in) {
    if (groups_in > 0 && !Offered(move)) {  // the cards taken in the pack's order, as a sum's
      Move sorted = move;
      std::sort(sorted.cards.begin() + 1, sorted.cards.begin() + sorted.count,
                [&](CardId a, CardId b) { return e.cards().Kind(a) < e.cards().Kind(b); });
      out.push_back(sorted);
    }
    for (size_t i = g; i < groups.size(); ++i) {
      if (offered.size() >= kMostCapturesACard || ++steps > kMostStepsACard) return;
      if (move.count + static_cast<int>(groups[i].size()) > kMaxMoveCards || Overlaps(move, groups[i]))
        continue;
      const int count = move.count;
      for (const CardId c : groups[i]) move.Add(c);
      From(i + 1, move, groups_in + 1);
      move.count = count;
    }
  }

  static bool Overlaps(const Move& move, const std::vector<CardId>& group) {
    for (int k = 1; k < move.count; ++k) {
      if (std::find(group.begin(), group.end(), move.cards[k]) != group.end()) return true;
    }
    return false;
  }

  // Whether a move taking the same kinds of cards was offered; records it when not.
  bool Offered(const Move& move) {
    std::vector<int> kinds;
    for (int k = 1; k < move.count; ++k) kinds.push_back(e.cards().Kind(move.cards[k]));
    std::sort(kinds.begin(), kinds.end());
    if (std::find(offered.begin(), offered.end(), kinds) != offered.end()) return true;
    offered.push_back(std::move(kinds));
    return false;
  }
};

// `several:` the moves of `played` (a card of `value`) that take disjoint groups of `table` at
// once, each a card of the value or cards adding up to it (`by_kind` and `after` as the
// search for sums wants them: the table by kind, and what its cards from each on add up to).
void CaptureSeveral(const EngineServices& e, const std::vector<CardId>& table,
                    const std::vector<CardId>& by_kind, const std::vector<int>& after, int property,
                    int value, const Move& played, std::vector<Move>& out) {
  // The groups: each table card of the value alone (copies too: two Nines are two groups),
  // then each set of two or more adding up to it.
  std::vector<Move> sums;
  if (table.size() >= 2) {
    Move move = played;
    SumSearch search{e, by_kind, after, property, sums};
    search.From(0, value, move);
  }
  std::vector<std::vector<CardId>> groups;
  for (const CardId c : table) {
    if (CardValue(e, c, property) == value) groups.push_back({c});
  }
  for (const Move& sum : sums) groups.emplace_back(sum.cards.begin() + 1, sum.cards.begin() + sum.count);
  Move move = played;
  SeveralSearch search{e, groups, out, {}};
  search.From(0, move, 0);
}

}  // namespace

void GenerateCaptures(const EngineServices& e, const GameState& s, int player, const MoveDecl& m, Move base,
                      std::vector<Move>& out) {
  const auto& hand = s.zones[e.ZoneSlot(m.from, player)].cards;
  const auto& table = s.zones[e.ZoneSlot(m.to, player)].cards;
  // The table by kind, so that a second pack's copies lie together, and what its cards from
  // each one on add up to, to stop a search that can no longer reach its sum.
  // Made once a generation, when a card first needs a sum.
  thread_local std::vector<CardId> by_kind;
  thread_local std::vector<int> after;
  bool prepared = false;
  auto by_kind_of = [&]() -> const std::vector<CardId>& {
    if (prepared) return by_kind;
    by_kind.assign(table.begin(), table.end());
    std::stable_sort(by_kind.begin(), by_kind.end(),
                     [&](CardId a, CardId b) { return e.cards().Kind(a) < e.cards().Kind(b); });
    after.assign(by_kind.size() + 1, 0);
    for (size_t j = by_kind.size(); j-- > 0;)
      after[j] = after[j + 1] + CardValue(e, by_kind[j], m.capture_by);
    prepared = true;
    return by_kind;
  };
  const bool optional = e.config().Resolve(m.capture_optional);
  const bool several = e.config().Resolve(m.capture_several);
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
    if (several && value > 0) {
      CaptureSeveral(e, table, by_kind_of(), after, m.capture_by, value, move, out);
    } else {
      for (size_t t = 0; t < table.size(); ++t) {  // a card of the same value takes precedence over any sum
        if (value <= 0 || CardValue(e, table[t], m.capture_by) != value || seen(table, t, table[t])) continue;
        Move take = move;
        take.Add(table[t]);
        out.push_back(take);
      }
      if (out.size() == first && value > 0 && table.size() >= 2) {
        SumSearch search{e, by_kind_of(), after, m.capture_by, out};
        search.From(0, value, move);
      }
    }
    // Nothing to capture, or the rules let a card that could take be laid: on the table.
    if (out.size() == first || optional) out.push_back(move);
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
  RemoveCard(hand, m.cards[0]);
  auto& table = s.zones[e.ZoneSlot(decl.to, player)].cards;
  if (m.count == 1) {
    table.push_back(m.cards[0]);
    return;
  }
  auto& won = s.zones[e.ZoneSlot(decl.capture_won, player)].cards;
  won.push_back(m.cards[0]);
  for (int i = 1; i < m.count; ++i) {
    RemoveCard(table, m.cards[i]);
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
