// Majorities (`score: {most: [...]}`, docs/rulesets.md#card_points): a point to whoever took
// the most cards, the most of a suit, a given card, or the highest sum of each suit's best
// card, none on a tie. Read at each round's score, never in play.
#pragma once

#include <vector>

#include "interpreter/model/engine_services.h"
#include "interpreter/model/score_parts.h"

namespace tapis {

// Adds each majority's points to the seat that wins it (with `score: team`, the first seat of
// the winning team, whose partners then share the team's sum); with `parts`, each a part named
// as the ruleset names it ("most won" without a name).
void AddMajorities(const EngineServices& engine, const GameState& state, std::vector<int>& scores,
                   ScoreParts* parts = nullptr);

}  // namespace tapis
