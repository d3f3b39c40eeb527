#include "interpreter/bots/determinize.h"

#include <fmt/format.h>

#include <algorithm>

#include "interpreter/mechanisms/trick.h"
#include "interpreter/model/chance.h"
#include "interpreter/model/errors.h"
#include "interpreter/records/move_text.h"

namespace tapis {
namespace {

// Tries to deal a random assignment that respects what zones lack; greedy dealing can
// paint itself into a corner, so it starts again a few times.
constexpr int kDealAttempts = 16;

template <typename T>
void ShuffleWith(std::vector<T>& items, uint64_t& rng) {
  for (size_t i = items.size(); i > 1; --i) std::swap(items[i - 1], items[RandomBelow(rng, static_cast<uint32_t>(i))]);
}

uint64_t SuitBit(int suit) { return suit >= 0 && suit < 64 ? uint64_t{1} << suit : 0; }

// Deals `pool` into the hidden zones' free `room`: out[i] is the zone of pool[i]. Cards a
// zone is known to lack go elsewhere; the cards that fit fewest zones are dealt first, each
// to a zone chosen in proportion to its free room (so every free place is equally likely).
// False when no deal was found.
bool DealRespecting(const Engine& engine, const std::vector<CardId>& pool, const std::vector<int>& zones,
                    const std::vector<int>& room, const std::vector<uint64_t>& lacks, int trump,
                    std::vector<int>& out, uint64_t& rng) {
  auto fits = [&](CardId c, int z) { return (lacks[z] & SuitBit(TrickSuit(engine, trump, c))) == 0; };
  std::vector<size_t> order(pool.size());
  std::vector<int> places(pool.size(), 0);
  for (size_t i = 0; i < pool.size(); ++i) {
    order[i] = i;
    for (int z : zones) places[i] += fits(pool[i], z) ? room[z] : 0;
  }
  for (int attempt = 0; attempt < kDealAttempts; ++attempt) {
    ShuffleWith(order, rng);
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return places[a] < places[b]; });
    std::vector<int> free = room;
    bool dealt = true;
    for (size_t i : order) {
      int total = 0;
      for (int z : zones) total += fits(pool[i], z) ? free[z] : 0;
      if (total == 0) {
        dealt = false;
        break;
      }
      int pick = static_cast<int>(RandomBelow(rng, static_cast<uint32_t>(total)));
      for (int z : zones) {
        if (!fits(pool[i], z)) continue;
        if (pick < free[z]) {
          out[i] = z;
          --free[z];
          break;
        }
        pick -= free[z];
      }
    }
    if (dealt) return true;
  }
  return false;
}

// Other players' secrets (`visible: owner`) are unknown like their cards: each becomes a
// guess within its `range`, or its initial value, so that no look-ahead reads them.
void GuessSecrets(const Engine& engine, int me, GameState& out, uint64_t& rng) {
  const auto& variables = engine.rules().variables;
  for (size_t v = 0; v < variables.size(); ++v) {
    const VariableDecl& d = variables[v];
    if (d.visibility != Visibility::kOwner) continue;
    for (int p = 0; p < out.players; ++p) {
      if (p == me) continue;
      int& value = out.variables[engine.config().VariableSlot(static_cast<int>(v), p)];
      value = d.range_min > d.range_max
                  ? d.initial
                  : d.range_min + static_cast<int>(RandomBelow(rng, static_cast<uint32_t>(d.range_max - d.range_min + 1)));
    }
  }
}

// Deals the unseen cards of `out` again (Determinize's first part).
void DealUnseen(const Engine& engine, const GameState& state, const Knowledge& knowledge, GameState& out,
                uint64_t& rng) {
  const int me = knowledge.player;
  const int zone_count = static_cast<int>(out.zones.size());
  std::vector<int> hidden;
  std::vector<int> room(zone_count, 0);
  std::vector<bool> unseen(engine.cards().size(), false);
  for (int z = 0; z < zone_count; ++z) {
    if (ZoneSeen(engine, state, z, me)) continue;
    hidden.push_back(z);
    room[z] = static_cast<int>(out.zones[z].cards.size());
    for (CardId c : out.zones[z].cards) unseen[c] = true;
    out.zones[z].cards.clear();
  }
  if (hidden.empty()) return;

  // Cards known to be somewhere go back there; the others, in card order, are the pool.
  std::vector<CardId> pool;
  for (size_t i = 0; i < unseen.size(); ++i) {
    if (!unseen[i]) continue;
    const auto c = static_cast<CardId>(i);
    const int known = i < knowledge.known_zone.size() ? knowledge.known_zone[i] : -1;
    if (known >= 0 && known < zone_count && room[known] > 0 && !ZoneSeen(engine, state, known, me)) {
      out.zones[known].cards.push_back(c);
      --room[known];
    } else {
      pool.push_back(c);
    }
  }
  std::vector<uint64_t> lacks(zone_count, 0);
  for (int z = 0; z < zone_count && z < static_cast<int>(knowledge.lacks.size()); ++z) lacks[z] = knowledge.lacks[z];
  std::vector<int> zone_of(pool.size(), -1);
  const int trump = TrumpSuit(engine, state);
  if (!DealRespecting(engine, pool, hidden, room, lacks, trump, zone_of, rng)) {
    // Facts that admit no deal (a ruleset's effect the inference did not foresee): a deal
    // that ignores them is still one the player could not rule out from what they see.
    std::fill(lacks.begin(), lacks.end(), 0);
    DealRespecting(engine, pool, hidden, room, lacks, trump, zone_of, rng);
  }
  for (size_t i = 0; i < pool.size(); ++i) out.zones[zone_of[i]].cards.push_back(pool[i]);
  for (int z : hidden) {
    ShuffleWith(out.zones[z].cards, rng);  // the order of an unseen zone is unknown too
    for (CardId c : out.zones[z].cards) out.declared[c] = -1;
  }
}

// "hand 2" for a player's zone, as position files name it; a table or meld zone's label.
std::string ZoneName(const Engine& engine, const GameState& s, int zone) {
  const ZoneDecl& decl = engine.rules().zones[s.zones[zone].decl];
  if (decl.owner != Owner::kPlayer || decl.dynamic) return ZoneLabel(engine, s, zone);
  return fmt::format("{} {}", decl.name, s.zones[zone].owner + 1);
}

// What of `before` seat `me` sees that `after` changed, or "" when nothing: the zones it
// sees, the sizes of the others, the variables it sees, everything else but the generator.
std::string SeenChange(const Engine& engine, const GameState& before, const GameState& after, int me) {
  GameState masked = after;
  masked.rng = before.rng;
  if (before.zones.size() != after.zones.size()) return "the zones";
  for (int z = 0; z < static_cast<int>(before.zones.size()); ++z) {
    if (ZoneSeen(engine, before, z, me) && before.zones[z].cards != after.zones[z].cards)
      return fmt::format("the cards of {}", ZoneName(engine, before, z));
  }
  for (int z = 0; z < static_cast<int>(before.zones.size()); ++z) {
    if (before.zones[z].cards.size() != after.zones[z].cards.size())
      return fmt::format("the size of {}", ZoneName(engine, before, z));
    if (ZoneSeen(engine, before, z, me)) continue;
    masked.zones[z].cards = before.zones[z].cards;
    for (CardId c : after.zones[z].cards) masked.declared[c] = before.declared[c];
  }
  const auto& variables = engine.rules().variables;
  for (size_t v = 0; v < variables.size(); ++v) {
    const VariableDecl& d = variables[v];
    const int owners = d.owner == Owner::kPlayer ? before.players : 1;
    for (int p = 0; p < owners; ++p) {
      const int slot = engine.config().VariableSlot(static_cast<int>(v), d.owner == Owner::kPlayer ? p : 0);
      const bool seen = d.visibility == Visibility::kAll || (d.visibility == Visibility::kOwner && p == me);
      if (seen && before.variables[slot] != after.variables[slot])
        return d.owner == Owner::kPlayer ? fmt::format("variable '{}' of player {}", d.name, p + 1)
                                         : fmt::format("variable '{}'", d.name);
      if (!seen) masked.variables[slot] = before.variables[slot];
    }
  }
  return masked == before ? "" : "the state of the game (turn, phase, decisions or round)";
}

}  // namespace

GameState Determinize(Engine& engine, const GameState& state, const Knowledge& knowledge, uint64_t& rng) {
  GameState out = state;
  out.rng = NextRandom(rng);  // the real generator holds the future of every shuffle
  GuessSecrets(engine, knowledge.player, out, rng);
  DealUnseen(engine, state, knowledge, out, rng);
  if (engine.rules().bot_sample.empty()) return out;
  // The ruleset's own knowledge of what a seat was told (a partner's sign that means four
  // of a kind): it may change only what the seat cannot see, as the deal above does.
  const GameState dealt = out;
  engine.SampleForBot(out, knowledge.player);
  const std::string changed = SeenChange(engine, dealt, out, knowledge.player);
  if (!changed.empty()) {
    throw ScriptError(
        fmt::format("bots: sample '{}' changed {}, which player {} sees; it may move only cards "
                    "and set only variables the player cannot see",
                    engine.rules().bot_sample, changed, knowledge.player + 1));
  }
  return out;
}

}  // namespace tapis
