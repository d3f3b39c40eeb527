#include "interpreter/mechanisms/wild_melds.h"

#include <algorithm>
#include <climits>

#include "interpreter/mechanisms/contract.h"
#include "interpreter/model/engine_services.h"

namespace tapis {
namespace {

constexpr CardId kNoCard = 0xFFFF;

// The values of the properties every natural card must share (a wild card has none).
uint64_t SameKey(const CardSet& set, const Combination& combo, CardId card) {
  uint64_t key = 0;
  for (int p : combo.same) key = key * 1031 + static_cast<uint64_t>(set.Value(card, p) + 1);
  return key;
}

bool IsWild(const CardSet& set, const Combination& combo, CardId card) {
  return set.Wild(card) == combo.property;
}

// Natural cards of one key (suit) and value, by kind.
struct Group {
  uint64_t key;
  int value;
  std::vector<CardId> cards;  // sorted by kind, then id
};

std::vector<Group> NaturalGroups(const CardSet& set, const Combination& combo, std::span<const CardId> hand) {
  std::vector<CardId> naturals;
  for (CardId c : hand) {
    if (!IsWild(set, combo, c) && set.Value(c, combo.property) != kNoValue) naturals.push_back(c);
  }
  std::sort(naturals.begin(), naturals.end(), [&](CardId a, CardId b) {
    const uint64_t ka = SameKey(set, combo, a), kb = SameKey(set, combo, b);
    if (ka != kb) return ka < kb;
    const int va = set.Value(a, combo.property), vb = set.Value(b, combo.property);
    if (va != vb) return va < vb;
    return set.Kind(a) != set.Kind(b) ? set.Kind(a) < set.Kind(b) : a < b;
  });
  std::vector<Group> out;
  for (CardId c : naturals) {
    const uint64_t key = SameKey(set, combo, c);
    const int value = set.Value(c, combo.property);
    if (out.empty() || out.back().key != key || out.back().value != value) out.push_back({key, value, {}});
    out.back().cards.push_back(c);
  }
  return out;
}

// Sets: every choice of natural cards of one value (by how many of each kind), topped up
// with wild cards to the minimum size.
void EmitSets(const CardSet& set, const Combination& combo, const std::vector<Group>& groups,
              const std::vector<CardId>& wilds, const std::function<void(const Move&)>& emit, int& budget) {
  for (const Group& g : groups) {
    // Kinds in the group and how many copies of each are held.
    std::vector<std::pair<size_t, int>> kinds;  // first index in g.cards, copies
    for (size_t i = 0; i < g.cards.size(); ++i) {
      if (i == 0 || set.Kind(g.cards[i]) != set.Kind(g.cards[i - 1]))
        kinds.push_back({i, 1});
      else
        ++kinds.back().second;
    }
    std::vector<int> take(kinds.size(), 0);
    while (--budget >= 0) {
      size_t i = 0;  // odometer over the copies taken of each kind
      while (i < kinds.size() && ++take[i] > kinds[i].second) take[i++] = 0;
      if (i == kinds.size()) break;
      int naturals = 0;
      for (int t : take) naturals += t;
      const int wild = std::max(0, combo.min - naturals);
      if (naturals + wild > combo.max || naturals + wild > kMaxMoveCards ||
          wild > static_cast<int>(wilds.size()))
        continue;
      Move move;
      for (size_t k = 0; k < kinds.size(); ++k) {
        for (int t = 0; t < take[k]; ++t) move.Add(g.cards[kinds[k].first + t]);
      }
      for (int w = 0; w < wild; ++w) {
        move.stands[move.count] = static_cast<int8_t>(g.value);
        move.Add(wilds[w]);
      }
      emit(move);
    }
  }
}

// Runs: each stretch of values of one key; wild cards fill the values without a natural
// card; a stretch longer than the minimum must start and end with natural cards.
void EmitRuns(const Combination& combo, const std::vector<Group>& groups, const std::vector<CardId>& wilds,
              const std::function<void(const Move&)>& emit, int& budget) {
  const std::vector<bool>& allowed = combo.stands_for;
  const int values = static_cast<int>(allowed.size());
  for (size_t begin = 0; begin < groups.size();) {
    size_t end = begin;
    std::vector<CardId> at(values, kNoCard);  // one natural card per value of this key
    while (end < groups.size() && groups[end].key == groups[begin].key) {
      at[groups[end].value] = groups[end].cards.front();
      ++end;
    }
    begin = end;
    for (int start = 0; start < values; ++start) {
      int naturals = 0;
      for (int length = 1; length <= combo.max && length <= kMaxMoveCards && start + length <= values;
           ++length) {
        const int last = start + length - 1;
        if (!allowed[last]) break;
        naturals += at[last] != kNoCard;
        if (length < combo.min || naturals == 0 || length - naturals > static_cast<int>(wilds.size()))
          continue;
        if (length > combo.min && (at[start] == kNoCard || at[last] == kNoCard)) continue;
        if (--budget < 0) return;
        Move move;
        int w = 0;
        for (int v = start; v <= last; ++v) {
          if (at[v] != kNoCard) {
            move.Add(at[v]);
          } else {
            move.stands[move.count] = static_cast<int8_t>(v);
            move.Add(wilds[w++]);
          }
        }
        emit(move);
      }
    }
  }
}

// Cards of a meld with their values, a wild card's being what it stands for.
std::vector<int> MeldValues(const EngineServices& engine, const GameState& s, std::span<const CardId> cards,
                            int property) {
  std::vector<int> out;
  for (CardId c : cards) out.push_back(engine.EffectiveValue(s, c, property));
  return out;
}

void SortByValue(const EngineServices& engine, const GameState& s, int property, std::vector<CardId>& cards) {
  std::sort(cards.begin(), cards.end(), [&](CardId a, CardId b) {
    const int va = engine.EffectiveValue(s, a, property), vb = engine.EffectiveValue(s, b, property);
    return va != vb ? va < vb : a < b;
  });
}

}  // namespace

bool IsWildCombination(const CardSet& set, const Combination& combo, std::span<const CardId> cards,
                       std::span<const int> values) {
  const int n = static_cast<int>(cards.size());
  if (n < combo.min || n > combo.max) return false;
  int first_natural = -1;
  for (int i = 0; i < n; ++i) {
    if (values[i] == kNoValue) return false;
    if (IsWild(set, combo, cards[i])) continue;
    if (first_natural < 0) first_natural = i;
    if (SameKey(set, combo, cards[i]) != SameKey(set, combo, cards[first_natural])) return false;
  }
  if (first_natural < 0) return false;
  const auto [low, high] = std::minmax_element(values.begin(), values.end());
  if (combo.kind == Combination::Kind::kSet) return *low == *high;
  if (*high - *low + 1 != n) return false;
  uint64_t seen = 0;  // values are distinct
  for (int v : values) {
    const uint64_t bit = 1ULL << ((v - *low) & 63);
    if (seen & bit) return false;
    seen |= bit;
  }
  return true;
}

void ForEachWildMeld(const CardSet& set, const Combination& combo, std::span<const CardId> hand,
                     const std::function<void(const Move&)>& emit, int* budget) {
  int unlimited = INT_MAX;
  int& left = budget != nullptr ? *budget : unlimited;
  std::vector<CardId> wilds;
  for (CardId c : hand) {
    if (IsWild(set, combo, c)) wilds.push_back(c);
  }
  std::sort(wilds.begin(), wilds.end());
  const std::vector<Group> groups = NaturalGroups(set, combo, hand);
  if (combo.kind == Combination::Kind::kSet)
    EmitSets(set, combo, groups, wilds, emit, left);
  else
    EmitRuns(combo, groups, wilds, emit, left);
}

void GenerateWildExtends(const EngineServices& engine, const GameState& s, int player, const MoveDecl& m,
                         const Move& base, std::vector<Move>& out) {
  const CardSet& set = engine.cards();
  const Combination& combo = engine.rules().combinations[m.combination];
  const std::vector<bool>& allowed = combo.stands_for;
  const auto& hand = s.zones[engine.ZoneSlot(m.from, player)].cards;
  const bool onto_others = engine.config().Resolve(m.onto_others) != 0;
  std::vector<CardId> cards;
  std::vector<int> values;
  for (size_t z = engine.config().FixedZoneCount(); z < s.zones.size(); ++z) {
    const Zone& meld = s.zones[z];
    if (meld.decl != m.to || (meld.owner != player && !onto_others)) continue;
    const std::vector<int> meld_values = MeldValues(engine, s, meld.cards, combo.property);
    if (meld_values.empty()) continue;
    const auto [low, high] = std::minmax_element(meld_values.begin(), meld_values.end());
    const size_t first = out.size();
    for (CardId c : hand) {
      std::vector<int> candidates;  // what the card would be worth in this meld
      if (!IsWild(set, combo, c)) {
        candidates.push_back(set.Value(c, combo.property));
      } else if (combo.kind == Combination::Kind::kSet) {
        candidates.push_back(*low);
      } else {
        for (int v : {*low - 1, *high + 1}) {
          if (v >= 0 && v < static_cast<int>(allowed.size()) && allowed[v]) candidates.push_back(v);
        }
      }
      for (int v : candidates) {
        // Quick refusals before building the meld: a natural card of another value or key.
        if (!IsWild(set, combo, c)) {
          const bool fits =
              combo.kind == Combination::Kind::kSet ? v == *low : v == *low - 1 || v == *high + 1;
          if (!fits) continue;
        }
        cards.assign(meld.cards.begin(), meld.cards.end());
        cards.push_back(c);
        values = meld_values;
        values.push_back(v);
        if (!IsWildCombination(set, combo, cards, values)) continue;
        const int8_t stands = IsWild(set, combo, c) ? static_cast<int8_t>(v) : int8_t{-1};
        const bool offered = std::any_of(out.begin() + first, out.end(), [&](const Move& o) {
          return set.Kind(o.cards[0]) == set.Kind(c) && o.zone == static_cast<int>(z) &&
                 o.stands[0] == stands;
        });
        if (offered) continue;
        Move move = base;
        move.zone = static_cast<int16_t>(z);
        move.stands[0] = stands;
        move.Add(c);
        out.push_back(move);
      }
    }
  }
}

void LayMelds(const EngineServices& engine, GameState& s, int player, const Move& move) {
  const Ruleset& r = engine.rules();
  const MoveDecl& decl = r.moves[move.kind];
  std::vector<int> parts;  // the combination of each meld laid, in order
  if (decl.contracts.empty())
    parts.push_back(decl.combination);
  else
    parts = *ContractFor(engine, s, player, decl);
  const int hand = engine.ZoneSlot(decl.from, player);  // an index: new melds move the zones
  int at = 0;
  for (size_t i = 0; i < parts.size(); ++i) {
    const Combination& combo = r.combinations[parts[i]];
    const int size = decl.contracts.empty() ? move.count : combo.min;
    Zone meld{static_cast<uint8_t>(decl.to), static_cast<int8_t>(player), s.next_label++, {}};
    for (int k = at; k < at + size; ++k) {
      const CardId c = move.cards[k];
      auto& cards = s.zones[hand].cards;
      RemoveCard(cards, c);
      meld.cards.push_back(c);
      s.declared[c] = move.stands[k];
    }
    at += size;
    SortByValue(engine, s, combo.property, meld.cards);
    s.zones.push_back(std::move(meld));
  }
}

void ExtendMeld(const EngineServices& engine, GameState& s, int player, const Move& move) {
  const MoveDecl& decl = engine.rules().moves[move.kind];
  auto& hand = s.zones[engine.ZoneSlot(decl.from, player)].cards;
  const CardId c = move.cards[0];
  RemoveCard(hand, c);
  auto& meld = s.zones[move.zone].cards;
  meld.push_back(c);
  s.declared[c] = move.stands[0];
  SortByValue(engine, s, engine.rules().combinations[decl.combination].property, meld);
}

}  // namespace tapis
