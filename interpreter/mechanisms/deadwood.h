// Deadwood (`score: {minus: ZONE, melds: [...]}`, docs/rulesets.md#card_points): the cards of a
// hand left out of its best arrangement into melds of several combinations at once (sets and
// runs, wild cards standing in), as melding games count a hand. The arrangement is the one that
// leaves the fewest card points out; each card is in one meld at most.
#pragma once

#include <span>
#include <vector>

#include "interpreter/model/engine_services.h"

namespace tapis {

// Listing the melds a hand can make and trying them look at this many ways at most (a hand of
// two packs and many wild cards has millions); past it, the best arrangement found counts.
inline constexpr int kMaxArrangementSteps = 50'000;

// A meld another player laid (a knocker's) that cards may be laid off onto: the cards laid off
// make, with all of its own, one of its combination.
struct LaidMeld {
  int combination = -1;  // index into Ruleset::combinations
  std::vector<CardId> cards;
};

struct Arrangement {
  long long deadwood = 0;                  // the card points left out
  std::vector<std::vector<CardId>> melds;  // the hand's cards in each meld, natural then wild
  std::vector<int> combinations;           // per meld: its combination
  std::vector<int> onto;                   // per meld: the laid meld its cards go onto, or -1
  bool complete = true;                    // false: the search's bounds cut it short (see above)
};

// The best arrangement of `cards` (`points[i]` is what card i is worth) into melds of the
// combinations `melds` (indexes into Ruleset::combinations), and cards laid off onto `onto`
// (each laid meld takes one lay-off, of one or more cards). Copies of a card (two packs) may
// go into two melds. A card wild for any of them is a wild card: it stands in where a
// combination allows wild cards, and is no natural card of the others.
Arrangement BestArrangement(const EngineServices& engine, std::span<const CardId> cards,
                            std::span<const int> points, const std::vector<int>& melds,
                            std::span<const LaidMeld> onto = {});

// The arrangements that leave as few points out as the best, at most `most` of them, the one
// BestArrangement gives first (a knocker chooses among them what to show).
std::vector<Arrangement> BestArrangements(const EngineServices& engine, std::span<const CardId> cards,
                                          std::span<const int> points, const std::vector<int>& melds,
                                          size_t most, std::span<const LaidMeld> onto = {});

}  // namespace tapis
