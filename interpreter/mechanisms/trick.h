// Trick-taking (the `tricks:` section of a ruleset, docs/rulesets.md#tricks): who must
// follow suit, who holds a trick, who wins it and leads the next, tricks counted per
// player. Kept out of the Lua path: these run at every card of every playout.
#pragma once

#include <string>
#include <vector>

#include "interpreter/model/engine_services.h"
#include "interpreter/model/move.h"

namespace tapis {

// The suit of trumps now (a value of the tricks' `suit` property), or -1 for none.
int TrumpSuit(const EngineServices& engine, const GameState& state);

// The seat holding the trick in play (whose card is best so far), or -1 if it is empty.
int TrickHolder(const EngineServices& engine, const GameState& state);

// `partner_excuses`: the player's partner holds the trick in play, so they need not trump nor
// overtake.
bool PartnerHolds(const EngineServices& engine, const GameState& state, int player);

// True when every player has played to the trick in play (asked after every move: inline).
inline bool TrickComplete(const EngineServices& engine, const GameState& state) {
  return static_cast<int>(state.zones[engine.ZoneSlot(engine.rules().tricks.zone, -1)].cards.size()) >=
         state.players;
}

// The `trick` moves `player` may make: the cards of the move's zone that the follow-suit
// rules (and `decision`'s `only`, when answering one) allow. Appends to `out`.
void GenerateTrickPlays(const EngineServices& engine, const GameState& state, int player,
                        const MoveDecl& move, const Move& base, const Decision* decision,
                        std::vector<Move>& out);

// Why `card` of the move's zone may not be played to the trick now, in the player's words
// (follow suit, trump, overtake); "" when those rules allow it (a ruleset's `allow` script may
// still refuse it).
std::string WhyNotTrick(const EngineServices& engine, const GameState& state, int player,
                        const MoveDecl& move, CardId card);

// What a `number` move may answer now: from `low` to `high` (the cards in `max_cards`, else
// `max`), but `refused` (the value the `except` variable holds) and `refused_total` (with
// `not_total`, for the last to answer: the one that would make the answers add up to
// `high`, the others' being `total`); -1 when none is refused.
struct NumberRange {
  int low = 0, high = 0, refused = -1, refused_total = -1, total = 0;
};
NumberRange NumbersAllowed(const EngineServices& engine, const GameState& state, int player,
                           const MoveDecl& move);

// The answers to a `number` move: each number of its range but those refused.
void GenerateNumbers(const EngineServices& engine, const GameState& state, int player, const MoveDecl& move,
                     Move base, std::vector<Move>& out);

// A `trick` move plays its card from the player's zone onto the trick; a `number` move
// writes its number (and, once all have answered, moves to `next_phase`).
void PerformTrickMove(const EngineServices& engine, GameState& state, int player, const Move& move);

// Whether the side of `player` (them and their partners, with teams) won every trick this
// round: nobody else's `won` zone holds a card.
bool WonEveryTrick(const EngineServices& engine, const GameState& state, int player);

// After each round's deal: with `first_lead`, the card's holder leads.
void SeatFirstLeader(const EngineServices& engine, GameState& state);

// At the start of each round: no trick in play, no trick won, no number move answered.
void ResetTricks(const EngineServices& engine, GameState& state);

}  // namespace tapis
