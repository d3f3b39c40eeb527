#include "interpreter/mechanisms/follow.h"

namespace tapis {

bool FollowsTop(const EngineServices& engine, const GameState& s, const MoveDecl& decl, int player,
                CardId card) {
  if (decl.follow.empty()) return true;
  const auto& pile = s.zones[engine.ZoneSlot(decl.to, player)].cards;
  if (pile.empty()) return true;
  const CardSet& set = engine.cards();
  const CardId top = pile.back();
  const int card_wild = set.Wild(card), top_wild = set.Wild(top);
  for (int prop : decl.follow) {
    if (card_wild == prop || card_wild == kWildAny) return true;
    // A wild top that nobody declared yet stands for every value.
    if ((top_wild == prop || top_wild == kWildAny) && s.declared[top] < 0) return true;
    const int value = engine.EffectiveValue(s, top, prop);
    if (value != kNoValue && set.Has(card, prop, value)) return true;
  }
  return false;
}

void DeclareTop(const EngineServices& engine, GameState& s, const MoveDecl& decl, int option) {
  const auto& pile = s.zones[engine.ZoneSlot(decl.declares, -1)].cards;
  if (!pile.empty()) s.declared[pile.back()] = static_cast<int8_t>(option);
}

void RefillZones(EngineServices& engine, GameState& s) {
  const Ruleset& r = engine.rules();
  for (size_t d = 0; d < r.zones.size(); ++d) {
    const ZoneDecl& z = r.zones[d];
    if (z.refill_from < 0 || engine.config().Resolve(z.refill_enabled) == 0) continue;
    const int to = engine.ZoneSlot(static_cast<int>(d), -1);
    auto& from = s.zones[engine.ZoneSlot(z.refill_from, -1)].cards;
    if (!s.zones[to].cards.empty() || from.size() <= static_cast<size_t>(z.refill_keep)) continue;
    const auto end = from.end() - z.refill_keep;
    for (auto it = from.begin(); it != end; ++it) s.declared[*it] = -1;  // a wild card forgets
    s.zones[to].cards.assign(from.begin(), end);
    from.erase(from.begin(), end);
    if (z.refill_shuffle) engine.Shuffle(s, to);
  }
}

}  // namespace tapis
