// Games left without a log are kept, so that one key pressed too soon loses nothing: in the
// recent-games folder ($XDG_STATE_HOME/tapis/recent, by default ~/.local/state/tapis/recent),
// the newest kMaxRecentGames, each a game log that `tapis play --resume last` brings back.
#pragma once

#include <string>

namespace tapis::cli {

inline constexpr int kMaxRecentGames = 20;

// The folder, or empty when neither XDG_STATE_HOME nor HOME is set.
std::string RecentGamesFolder();
// Writes `log_text` there as a new file named by the time and `ruleset`, forgets the oldest
// past kMaxRecentGames, and returns its path; throws IoError when it cannot be written.
std::string KeepRecentGame(const std::string& ruleset, const std::string& log_text);
// The newest game kept; throws IoError when there is none.
std::string LastRecentGame();

}  // namespace tapis::cli
