#include "cli/recent_games.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <vector>

#include "cli/file_write.h"
#include "interpreter/model/errors.h"

namespace tapis::cli {
namespace {

namespace fs = std::filesystem;

// The games kept, oldest first: by when they were written (two games may be left in one
// second, which their names tell apart no better than by name).
std::vector<fs::path> KeptGames(const fs::path& folder) {
  std::vector<std::pair<fs::file_time_type, fs::path>> games;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    if (entry.is_regular_file(ec) && entry.path().extension() == ".jsonl")
      games.emplace_back(entry.last_write_time(ec), entry.path());
  }
  std::sort(games.begin(), games.end());
  std::vector<fs::path> paths;
  for (auto& game : games) paths.push_back(std::move(game.second));
  return paths;
}

}  // namespace

std::string RecentGamesFolder() {
  if (const char* state = std::getenv("XDG_STATE_HOME"); state != nullptr && *state == '/')
    return (fs::path(state) / "tapis" / "recent").string();
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0')
    return (fs::path(home) / ".local" / "state" / "tapis" / "recent").string();
  return "";
}

std::string KeepRecentGame(const std::string& ruleset, const std::string& log_text) {
  const fs::path folder = RecentGamesFolder();
  if (folder.empty()) throw IoError("no folder for recent games: set HOME or XDG_STATE_HOME");
  std::error_code ec;
  fs::create_directories(folder, ec);
  if (ec) throw IoError(fmt::format("{}: cannot make the folder ({})", folder.string(), ec.message()));
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y-%m-%d_%H%M%S", &local);
  // The ruleset's name as a file name: a path given as GAME keeps its last part.
  std::string name = fs::path(ruleset).stem().string();
  std::replace_if(
      name.begin(), name.end(), [](char c) { return c == ' ' || c == '/'; }, '_');
  fs::path path = folder / fmt::format("{}_{}.jsonl", stamp, name);
  for (int n = 2; fs::exists(path, ec); ++n) path = folder / fmt::format("{}_{}-{}.jsonl", stamp, name, n);
  WriteFileAtomically(path.string(), log_text);
  std::vector<fs::path> games = KeptGames(folder);
  for (size_t i = 0; i + kMaxRecentGames < games.size(); ++i) fs::remove(games[i], ec);
  return path.string();
}

std::string LastRecentGame() {
  const fs::path folder = RecentGamesFolder();
  const std::vector<fs::path> games = folder.empty() ? std::vector<fs::path>{} : KeptGames(folder);
  if (games.empty())
    throw IoError(fmt::format("no recent game to resume: games left unsaved are kept in {}",
                              folder.empty() ? "$XDG_STATE_HOME/tapis/recent" : folder.string()));
  return games.back().string();
}

}  // namespace tapis::cli
