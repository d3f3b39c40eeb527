// Positions as JSON (docs/save-format.md): a whole GameState written with card codes and
// zone names, so a designer can write one by hand and ask `tapis moves` or `tapis score`
// about it, and tests can build exact situations. Cards a position does not mention are
// put in the deck's zone, so no card is ever lost.
#pragma once

#include <memory>
#include <string>

#include "interpreter/engine/engine.h"

namespace tapis {

std::string WritePosition(const Engine& engine, const GameState& state);
// Throws Error(kIo) "file: message" on anything malformed or impossible.
GameState ReadPosition(const Engine& engine, const std::string& json_text, const std::string& file);

// True when the text looks like a position rather than a game log.
bool IsPosition(const std::string& text);
// The engine a position file names (ruleset, players, settings).
std::unique_ptr<Engine> EngineForPosition(const std::string& json_text, const std::string& file);

}  // namespace tapis
