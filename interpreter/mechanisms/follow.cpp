#include "interpreter/mechanisms/follow.h"

namespace tapis {

FollowKeys MakeFollowKeys(const CardSet& set, const MoveDecl& decl) {
  const Catalog& catalog = set.catalog();
  FollowKeys out;
  int offset = 0;  // each property: a bit per value, then one for the cards wild for it
  for (size_t i = 0; i < decl.follow.size() && i < out.offset.size(); ++i) {
    out.offset[i] = offset;
    offset += static_cast<int>(catalog.properties()[decl.follow[i]].values.size()) + 1;
  }
  if (offset > 64) return out;
  out.keys.assign(set.size(), 0);
  for (size_t i = 0; i < decl.follow.size() && i < out.offset.size(); ++i) {
    const int prop = decl.follow[i];
    const int values = static_cast<int>(catalog.properties()[prop].values.size());
    for (int c = 0; c < set.size(); ++c) {
      const auto card = static_cast<CardId>(c);
      if (set.Wild(card) == prop || set.Wild(card) == kWildAny) {
        out.keys[c] |= uint64_t{1} << (out.offset[i] + values);
        continue;
      }
      for (int v = 0; v < values; ++v) {
        if (set.Has(card, prop, v)) out.keys[c] |= uint64_t{1} << (out.offset[i] + v);
      }
    }
  }
  return out;
}

TopToFollow ReadTop(const EngineServices& engine, const GameState& s, const MoveDecl& decl,
                    const FollowKeys& keys, int player) {
  TopToFollow top;
  const auto& pile = s.zones[engine.ZoneSlot(decl.to, player)].cards;
  if (decl.follow.empty() || pile.empty()) return top;
  const CardSet& set = engine.cards();
  const CardId card = pile.back();
  const int wild = set.Wild(card);
  for (size_t i = 0; i < decl.follow.size() && i < top.property.size(); ++i) {
    const int prop = decl.follow[i];
    // A wild top that nobody declared yet stands for every value.
    if ((wild == prop || wild == kWildAny) && s.declared[card] < 0) return top;
    const int value = engine.EffectiveValue(s, card, prop);
    top.property[top.count] = prop;
    top.value[top.count++] = value;
    if (keys.keys.empty()) continue;  // the values pass 64 bits: Follows reads them one by one
    const int values = static_cast<int>(set.catalog().properties()[prop].values.size());
    top.mask |= uint64_t{1} << (keys.offset[i] + values);  // a card wild for it always follows
    if (value != kNoValue) top.mask |= uint64_t{1} << (keys.offset[i] + value);
  }
  top.anything = false;
  return top;
}

void DeclareTop(const EngineServices& engine, GameState& s, const MoveDecl& decl, int option) {
  const auto& pile = s.zones[engine.ZoneSlot(decl.declares, -1)].cards;
  // Only a card wild for the options' property stands for one of them.
  if (!pile.empty() && engine.cards().Wild(pile.back()) == decl.option_property)
    s.declared[pile.back()] = static_cast<int8_t>(option);
}

}  // namespace tapis
