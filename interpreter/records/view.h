// What one player may see (DESIGN.md §6), as text for the terminal: every zone by its
// visibility, own hand in full, other players' hidden zones as counts.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "interpreter/engine/engine.h"

namespace tapis {

// `player` -1 shows everything (for spectators and debugging).
std::string RenderView(const Engine& engine, const GameState& state, int player);
// What `player` knows, as JSON (docs/save-format.md, "Redacted logs"): every zone they may
// see card by card, the others as a count, whose turn it is, and the decision put to them.
nlohmann::json ViewJson(const Engine& engine, const GameState& state, int player);
// True when `player` may see the cards of zone instance `zone`.
bool CanSee(const Engine& engine, const GameState& state, int zone, int player);

}  // namespace tapis
