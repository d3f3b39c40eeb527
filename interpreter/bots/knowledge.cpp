#include "interpreter/bots/knowledge.h"

#include <algorithm>

#include "interpreter/mechanisms/trick.h"
#include "interpreter/records/move_text.h"
#include "interpreter/records/view.h"

namespace tapis {
namespace {

// Zone instance holding each card (-1: in none), by card id.
std::vector<int16_t> ZoneOfCards(const Engine& engine, const GameState& state) {
  std::vector<int16_t> where(engine.cards().size(), -1);
  for (size_t z = 0; z < state.zones.size(); ++z) {
    for (CardId c : state.zones[z].cards) where[c] = static_cast<int16_t>(z);
  }
  return where;
}

bool Sees(const Engine& engine, const GameState& state, int zone, int player) {
  return zone >= 0 && ZoneSeen(engine, state, zone, player);
}

uint64_t SuitBit(int suit) { return suit >= 0 && suit < 64 ? uint64_t{1} << suit : 0; }

// A `trick` move that did not follow the suit led tells what its player's hand lacks: the
// engine narrows the cards offered to the suit led whenever one is held (and, with
// `must_trump`, to trumps when none is), and a ruleset's `allow` only narrows that further.
// When a decision limited the cards, the inference would be about those cards only: none.
uint64_t LacksShown(const Engine& engine, const GameState& before, const Move& move) {
  const Ruleset& r = engine.rules();
  if (move.kind == kStopMove || r.moves[move.kind].type != MoveType::kTrick || move.count == 0) return 0;
  if (!before.decisions.empty() && !before.decisions.front().only.empty()) return 0;
  const auto& trick = before.zones[engine.ZoneSlot(r.tricks.zone, -1)].cards;
  if (trick.empty()) return 0;
  const int trump = TrumpSuit(engine, before);
  const int led = TrickSuit(engine, trump, trick.front());
  const int played = TrickSuit(engine, trump, move.cards[0]);
  if (played == led) return 0;
  uint64_t lacks = SuitBit(led);
  if (trump >= 0 && trump != led && played != trump && engine.config().Resolve(r.tricks.must_trump) &&
      !PartnerHolds(engine, before, engine.Actor(before)))  // excused from trumping, they may hold some
    lacks |= SuitBit(trump);
  return lacks;
}

}  // namespace

bool ZoneSeen(const Engine& engine, const GameState& state, int zone, int player) {
  // A grid lies face up on the table (view.cpp shows it to all).
  return engine.rules().zones[state.zones[zone].decl].columns > 0 || CanSee(engine, state, zone, player);
}

int TrickSuit(const Engine& engine, int trump, CardId card) {
  const auto& keys = engine.config().trick_keys(trump);
  return card < keys.size() ? keys[card].suit : -1;
}

Knowledge NewKnowledge(const Engine& engine, const GameState& state, int player) {
  Knowledge k;
  k.player = player;
  k.moves_seen = state.moves_played;
  k.known_zone.assign(engine.cards().size(), -1);
  k.lacks.assign(state.zones.size(), 0);
  return k;
}

void Observe(Knowledge& k, const Engine& engine, const GameState& before, const Move& move,
             const GameState& after) {
  const int me = k.player;
  // A new deal: every card was gathered and shuffled, those played openly too.
  if (after.round != before.round) {
    k = NewKnowledge(engine, after, me);  // up to date with `after`
    return;
  }
  if (k.moves_seen != before.moves_played || k.known_zone.size() != static_cast<size_t>(engine.cards().size()))
    k = NewKnowledge(engine, before, me);
  const int actor = engine.Actor(before);
  const uint64_t shown_lacks = LacksShown(engine, before, move);
  const std::vector<int16_t> was = ZoneOfCards(engine, before), is = ZoneOfCards(engine, after);
  std::vector<bool> named(engine.cards().size(), false);
  const bool draw = move.kind != kStopMove && engine.rules().moves[move.kind].type == MoveType::kDraw;
  const bool told = !draw && !MoveCardsSecret(engine, before, move, me);  // a card passed unseen is not
  for (CardId c : move.Cards()) named[c] = told;

  // Zones an unseen card left (its known cards may be the one that went) or came into (it
  // may be of a suit the zone lacked); the counts of such moves are public, the cards not.
  std::vector<bool> lost(after.zones.size(), false), gained(after.zones.size(), false);
  for (size_t c = 0; c < was.size(); ++c) {
    const bool seen = named[c] || Sees(engine, before, was[c], me) || Sees(engine, after, is[c], me);
    if (seen || was[c] == is[c]) continue;
    if (was[c] >= 0 && was[c] < static_cast<int>(lost.size())) lost[was[c]] = true;
    if (is[c] >= 0) gained[is[c]] = true;
  }
  // A move that drew on chance may have shuffled the cards it moved (a new deal gathers,
  // shuffles and deals them): a card seen before it went out of sight to somewhere unseen.
  const bool shuffled = after.rng != before.rng;
  k.lacks.resize(after.zones.size(), 0);
  const int trump = TrumpSuit(engine, after);
  for (size_t c = 0; c < was.size(); ++c) {
    int16_t& known = k.known_zone[c];
    if (Sees(engine, after, is[c], me) || is[c] < 0) {
      known = -1;  // in sight now (or out of play): nothing to remember
    } else if (named[c] || (Sees(engine, before, was[c], me) && !(shuffled && was[c] != is[c]))) {
      known = is[c];  // seen going where it is now
    } else if (shuffled && was[c] != is[c]) {
      known = -1;
    } else if (known >= 0 && (known >= static_cast<int>(lost.size()) || lost[known])) {
      // It may have been the card that left: forget it, and what its zone lacked in its suit.
      if (known < static_cast<int>(k.lacks.size()))
        k.lacks[known] &= ~SuitBit(TrickSuit(engine, trump, static_cast<CardId>(c)));
      known = -1;
    }
  }
  for (size_t z = 0; z < k.lacks.size(); ++z) {
    if (gained[z] || Sees(engine, after, static_cast<int>(z), me)) k.lacks[z] = 0;
  }
  if (shown_lacks) {
    const int hand = engine.ZoneSlot(engine.rules().moves[move.kind].from, actor);
    // Not when the same move brought it unseen cards (the round ended and a new deal came).
    if (hand < static_cast<int>(k.lacks.size()) && !gained[hand] && !Sees(engine, after, hand, me))
      k.lacks[hand] |= shown_lacks;
  }
  k.moves_seen = after.moves_played;
}

}  // namespace tapis
