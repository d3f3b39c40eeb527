#include "interpreter/mechanisms/refill.h"

#include <algorithm>

namespace tapis {
namespace {

// The value of `property` at and above which a card stays behind, or -1 to keep none that
// way (`keep: N` keeps the top N instead).
int KeptFrom(const EngineServices& e, const GameState& s, const ZoneDecl& z,
             const std::vector<CardId>& from) {
  if (z.refill_keep_highest < 0) return -1;
  int highest = kNoValue;
  for (CardId card : from) highest = std::max(highest, e.EffectiveValue(s, card, z.refill_keep_highest));
  return highest;
}

bool Enabled(const EngineServices& e, const ZoneDecl& z) {
  return z.refill_from >= 0 && e.config().Resolve(z.refill_enabled) != 0;
}

void Refill(EngineServices& e, GameState& s, int zone) {
  const ZoneDecl& z = e.rules().zones[zone];
  const int to = e.ZoneSlot(zone, -1);
  const int from_slot = e.ZoneSlot(z.refill_from, -1);
  auto& from = s.zones[from_slot].cards;
  auto& into = s.zones[to].cards;
  if (z.refill_keep_highest >= 0) {
    // In the order they lay, every card below the highest value; those stay where they are.
    const int highest = KeptFrom(e, s, z, from);
    size_t kept = 0;
    for (CardId card : from) {
      if (e.EffectiveValue(s, card, z.refill_keep_highest) >= highest) {
        from[kept++] = card;
        continue;
      }
      s.declared[card] = -1;  // a wild card forgets
      into.push_back(card);
    }
    from.resize(kept);
  } else {
    if (from.size() <= static_cast<size_t>(z.refill_keep)) return;
    const auto end = from.end() - z.refill_keep;
    for (auto it = from.begin(); it != end; ++it) s.declared[*it] = -1;  // a wild card forgets
    into.assign(from.begin(), end);
    from.erase(from.begin(), end);
  }
  e.Refilled(from_slot, to, into);
  if (!into.empty() && e.config().Resolve(z.refill_shuffle) != 0) e.Shuffle(s, to);
}

}  // namespace

bool CanRefill(const EngineServices& e, const GameState& s, int zone) {
  const ZoneDecl& z = e.rules().zones[zone];
  if (!Enabled(e, z)) return false;
  const auto& from = s.zones[e.ZoneSlot(z.refill_from, -1)].cards;
  if (z.refill_keep_highest < 0) return from.size() > static_cast<size_t>(z.refill_keep);
  const int highest = KeptFrom(e, s, z, from);
  return std::any_of(from.begin(), from.end(),
                     [&](CardId card) { return e.EffectiveValue(s, card, z.refill_keep_highest) < highest; });
}

void RefillZones(EngineServices& e, GameState& s, const std::vector<int>& refilled) {
  for (const int zone : refilled) {
    const ZoneDecl& z = e.rules().zones[zone];
    if (s.zones[e.ZoneSlot(zone, -1)].cards.empty() && !z.refill_when_drawn && Enabled(e, z))
      Refill(e, s, zone);
  }
}

void RefillEmptyToDraw(EngineServices& e, GameState& s, int slot) {
  const int zone = s.zones[slot].decl;
  if (Enabled(e, e.rules().zones[zone])) Refill(e, s, zone);
}

}  // namespace tapis
