// A round's score in words: each side's points as the sum of the parts the rules named
// ("you: won cards 14 + last trick 10 = 24"), for the round's end, `score` in play and
// `tapis score`.
#pragma once

#include <string>
#include <vector>

#include "interpreter/engine/engine.h"

namespace tapis {

// "won cards 14 + last trick 10 - hand cards 3 = 21"; a lone part without its sum; "" for none.
std::string PartsText(const std::vector<ScorePart>& parts);

// A line for each side that scored something this round, in seat order: "you: …",
// "player 2: …"; with `score: team`, a team's once: "team 1 & 3 (yours): …".
std::vector<std::string> ScoreBreakdown(const Engine& engine, const ScoreParts& parts, int viewer);

}  // namespace tapis
