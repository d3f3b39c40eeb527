// Who won a finished game: the winner a script declared, else every seat with the top score.
#pragma once

#include <vector>

#include "interpreter/game_state.h"

namespace tapis {

inline std::vector<int> Winners(const GameState& state, const std::vector<int>& scores) {
  if (state.declared_winner >= 0) return {state.declared_winner};
  std::vector<int> out;
  for (int p = 0; p < static_cast<int>(scores.size()); ++p) {
    if (out.empty() || scores[p] > scores[out[0]]) out = {p};
    else if (scores[p] == scores[out[0]]) out.push_back(p);
  }
  return out;
}

}  // namespace tapis
