// The `tokens` of a position file (docs/save-format.md): the stacks line moves leave on
// cards, and the strength of the hand that put each top token. Kept apart from position.cpp
// because only rules with line moves have them.
#pragma once

#include <functional>
#include <nlohmann/json.hpp>
#include <string>

#include "interpreter/engine/engine.h"
#include "interpreter/model/errors.h"

namespace tapis {

// [{"card": "JH", "players": [3, 3], "claim": N}, …]: the cards that carry tokens, the
// players bottom to top.
nlohmann::json TokensJson(const Engine& engine, const GameState& state);

// Reads those entries into `state`, whose stacks are empty; a claim may also be written as
// the cards of its hand ("claim": ["7C", "7D"]). Errors go through `fail`.
void ReadTokens(const Engine& engine, const nlohmann::json& entries, GameState& state,
                const std::function<Error(const std::string&)>& fail);

}  // namespace tapis
