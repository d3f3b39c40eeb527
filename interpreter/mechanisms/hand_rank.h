// Hands ranked as in poker, over any ordered property (DESIGN.md §9): a HandRanking from the
// ruleset's `hands:` lists its kinds from lowest to highest (pair, two pairs, straight…), and
// a set of cards is a hand when it is exactly one of them. A hand's strength is one number,
// so two hands compare with `<`: the kind first, then the ranks that break ties.
#pragma once

#include <span>

#include "interpreter/model/catalog.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

inline constexpr int kNoHand = -1;
// Ties compare at most this many ranks, each in 4 bits below the kind's.
inline constexpr int kHandTieRanks = 6;
inline constexpr int kHandMaxRanks = 15;

// The strength of the highest kind `cards` (any order) make exactly, or kNoHand.
int HandStrength(const CardSet& set, const HandRanking& ranking, std::span<const CardId> cards);

// The kind of a strength: an index into HandRanking::kinds.
inline int HandKindOf(int strength) { return (strength >> (4 * kHandTieRanks)) - 1; }

// How a hand may take cards whose top token is another player's.
enum class Takeover { kHigherHand, kHigherKind };
inline constexpr const char* kTakeoverWords[] = {"higher_hand", "higher_kind"};

// True when a hand of strength `hand` may take a card claimed by a hand of strength `claim`.
inline bool Beats(Takeover takeover, int hand, int claim) {
  return takeover == Takeover::kHigherKind ? HandKindOf(hand) > HandKindOf(claim) : hand > claim;
}

}  // namespace tapis
