// Grid zones as players see them: a board of cells with column letters and row numbers.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "interpreter/engine/engine.h"

namespace tapis {

// The grid drawn as rows of cells, each card's code in its cell, "." for an empty cell.
// A growing grid shows only the box around its cards, one cell beyond on each side. With
// `tokens` (GameState::tokens), a card that carries some shows their players: JH/33.
std::string RenderGrid(const Engine& engine, const Zone& zone,
                       const std::vector<std::vector<int8_t>>* tokens = nullptr);
// {"c3": CODE, …} (as in position files).
nlohmann::json GridJson(const Engine& engine, const Zone& zone);

}  // namespace tapis
