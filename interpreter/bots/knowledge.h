// What one player has learned about the cards they cannot see now (DESIGN.md §6), for
// bots that sample the unseen cards (determinize.h). Two kinds of fact, both derived from
// zones, visibility and the move rules, never from a game's name:
// - where a card is: a card the player saw (in a zone they may see, or named in a move, as
//   every move's text is public) that went into a zone they may not see is known to be
//   there, until an unseen card leaves that zone (then it could be either card). Not when
//   the move drew on chance and did not name the card: it may have been shuffled on the
//   way (a new deal);
// - what a zone lacks: a player who did not follow the suit led (or, made to trump, did
//   not trump) holds no card of that suit apart from the known ones, until an unseen card
//   comes into their hand.
// Facts are updated move by move from the states before and after each move; only what
// the player could see of that change is used, so the facts never carry hidden information.
#pragma once

#include <cstdint>
#include <vector>

#include "interpreter/engine/engine.h"

namespace tapis {

struct Knowledge {
  int player = -1;
  // Moves played when the facts were last brought up to date: a move not seen (a game
  // resumed, a move taken back) resets them, which is always safe: fewer facts.
  uint32_t moves_seen = 0;
  std::vector<int16_t> known_zone;  // per card: the zone instance it is known to be in, or -1
  std::vector<uint64_t> lacks;      // per zone instance: bit v: no unknown card of the tricks' suit v
  bool operator==(const Knowledge&) const = default;
};

// Facts for `player` at the start of a game (none yet beyond what they see).
Knowledge NewKnowledge(const Engine& engine, const GameState& state, int player);

// Brings `knowledge` up to date after `move` took `before` to `after`.
void Observe(Knowledge& knowledge, const Engine& engine, const GameState& before, const Move& move,
             const GameState& after);

// True when `player` may see the cards of zone instance `zone` (grids lie face up).
bool ZoneSeen(const Engine& engine, const GameState& state, int zone, int player);

// The suit a card follows in tricks while `trump` is trumps, or -1 when the ruleset has no tricks.
int TrickSuit(const Engine& engine, int trump, CardId card);

}  // namespace tapis
