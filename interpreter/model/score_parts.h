// Where a round's points came from: each player's score as a list of parts named by the rule
// that gave them ("won cards" 14, "last trick" 10, "primiera" 1). Only asked for the table
// (narration, `score`), never in a playout: the scores themselves are computed without it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace tapis {

struct ScorePart {
  std::string label;
  long long points = 0;
  bool operator==(const ScorePart&) const = default;
};

// Per player, in seat order: their parts in the order the rules gave them.
using ScoreParts = std::vector<std::vector<ScorePart>>;

// Adds `points` to `player`'s part named `label` (a new part at the end if none has that
// name); nothing when `parts` is null or `points` is zero.
inline void AddScorePart(ScoreParts* parts, int player, std::string_view label, long long points) {
  if (parts == nullptr || points == 0 || player < 0 || player >= static_cast<int>(parts->size())) return;
  for (ScorePart& part : (*parts)[player]) {
    if (part.label == label) {
      part.points += points;
      return;
    }
  }
  (*parts)[player].push_back({std::string(label), points});
}

}  // namespace tapis
