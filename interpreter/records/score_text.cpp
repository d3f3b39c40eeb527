#include "interpreter/records/score_text.h"

#include <fmt/format.h>

#include "interpreter/records/view.h"

namespace tapis {

std::string PartsText(const std::vector<ScorePart>& parts) {
  std::string text;
  long long sum = 0;
  for (const ScorePart& part : parts) {
    if (text.empty())
      text = fmt::format("{} {}", part.label, part.points);
    else if (part.points < 0)
      text += fmt::format(" - {} {}", part.label, -part.points);
    else
      text += fmt::format(" + {} {}", part.label, part.points);
    sum += part.points;
  }
  if (parts.size() > 1) text += fmt::format(" = {}", sum);
  return text;
}

std::vector<std::string> ScoreBreakdown(const Engine& engine, const ScoreParts& parts, int viewer) {
  std::vector<std::string> lines;
  const int players = static_cast<int>(parts.size());
  const int teams = engine.rules().score_by_team ? engine.rules().teams : 0;
  const int sides = teams > 0 ? teams : players;  // seat p plays for side p % sides
  for (int side = 0; side < sides && side < players; ++side) {
    if (parts[side].empty()) continue;
    const std::string who = teams > 0        ? "team " + TeamName(side, teams, players, viewer)
                            : side == viewer ? "you"
                                             : fmt::format("player {}", side + 1);
    lines.push_back(fmt::format("{}: {}", who, PartsText(parts[side])));
  }
  return lines;
}

}  // namespace tapis
