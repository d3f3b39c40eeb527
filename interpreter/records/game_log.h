// Game logs as JSON lines (docs/save-format.md): a header with the ruleset, players,
// parameters and seed, then one line per move in its text form, then the outcome. A log
// is also the save file: loading one replays it to the same state (DESIGN.md §7).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/engine/engine.h"

namespace tapis {

struct GameLog {
  std::string ruleset;  // name or path, as `tapis play` was given it
  int players = 0;
  std::map<std::string, std::string> settings;
  uint64_t seed = 0;
  // Who played each seat ("human", "greedy", "ismcts:2000"), when `tapis play` wrote it:
  // `--resume` seats them again. Empty: not recorded.
  std::vector<std::string> seats;
  struct Entry {
    int player = 0;  // 0-based
    std::string move;
    int line = 0;  // in the file read, for messages
  };
  std::vector<Entry> moves;
  std::optional<std::vector<int>> scores;  // present once the game is over
};

std::string WriteGameLog(const GameLog& log);
// Throws Error(kIo) "file:line: message" on anything malformed.
GameLog ReadGameLog(const std::string& text, const std::string& file);
GameLog ReadGameLogFile(const std::string& path);

// Loads the ruleset a log names and builds the engine for it.
std::unique_ptr<Engine> EngineForLog(const GameLog& log);

// Called after each replayed move, with the states around it (a narration, a redacted view).
using AfterMove = std::function<void(const GameState& before, const GameState& after, const Move& move,
                                     const GameLog::Entry& entry)>;

// Replays every move; throws Error(kIllegalMove) "file:line: …" at the first move that is
// not legal or was made by another player, and Error(kScript) on a script error.
GameState Replay(Engine& engine, const GameLog& log, const std::string& file,
                 const AfterMove& after_move = {});

}  // namespace tapis
