#include "interpreter/records/game_log.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "interpreter/model/errors.h"
#include "interpreter/model/text_file.h"
#include "interpreter/records/json_number.h"
#include "interpreter/records/json_text.h"
#include "interpreter/records/move_text.h"

namespace tapis {

using nlohmann::json;

namespace {

constexpr int kLogFormat = 1;  // the "tapis" field: what this version writes and reads

// The whole number at `key` of the object `j`.
template <typename Fail>
long long WholeField(const json& j, const char* key, long long low, long long high, const Fail& fail) {
  return WholeNumber(j.at(key), fmt::format("\"{}\"", key), low, high, fail);
}

}  // namespace

std::string WriteGameLog(const GameLog& log) {
  std::string out;
  json header = {{"tapis", kLogFormat},
                 {"ruleset", log.ruleset},
                 {"players", log.players},
                 {"settings", log.settings},
                 {"seed", log.seed}};
  if (!log.seats.empty()) header["seats"] = log.seats;
  out += header.dump() + "\n";
  for (const auto& entry : log.moves) {
    out += json{{"player", entry.player + 1}, {"move", entry.move}}.dump() + "\n";
  }
  if (log.scores) out += json{{"scores", *log.scores}}.dump() + "\n";
  return out;
}

GameLog ReadGameLog(const std::string& text, const std::string& file) {
  GameLog log;
  std::istringstream in(text);
  int line_number = 0;
  bool header = false;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    auto fail = [&](const std::string& message) {
      return IoError(fmt::format("{}:{}: {}", file, line_number, message));
    };
    json j;
    if (std::string error; !ParseJsonText(line, j, error))
      throw fail(fmt::format("not a JSON line ({})", error));
    try {
      if (!header) {
        if (!j.is_object() || !j.contains("tapis") || !j.contains("ruleset")) {
          throw fail(
              "not a tapis log: the first line must hold \"tapis\", \"ruleset\", \"players\" and \"seed\"");
        }
        const long long format = WholeField(j, "tapis", 1, std::numeric_limits<int>::max(), fail);
        if (format > kLogFormat)
          throw fail(fmt::format("written by a newer tapis (log format {}; this one reads format {})", format,
                                 kLogFormat));
        log.ruleset = j.at("ruleset").get<std::string>();
        log.players = static_cast<int>(WholeField(j, "players", 1, kMaxPlayers, fail));
        if (!j.at("seed").is_number_unsigned())
          throw fail(fmt::format("\"seed\": expected a whole number from 0 to {}, not {}",
                                 std::numeric_limits<uint64_t>::max(), j.at("seed").dump()));
        log.seed = j.at("seed").get<uint64_t>();
        if (j.contains("settings")) log.settings = j.at("settings").get<std::map<std::string, std::string>>();
        if (j.contains("seats")) {
          const json& seats = j.at("seats");
          if (!seats.is_array() || seats.size() != static_cast<size_t>(log.players) ||
              !std::all_of(seats.begin(), seats.end(), [](const json& seat) { return seat.is_string(); }))
            throw fail(fmt::format("\"seats\": expected a list of {} seat kinds (\"human\", \"greedy\"…)",
                                   log.players));
          log.seats = seats.get<std::vector<std::string>>();
        }
        header = true;
      } else if (j.contains("move")) {
        const int player = static_cast<int>(WholeField(j, "player", 1, log.players, fail));
        log.moves.push_back({player - 1, j.at("move").get<std::string>(), line_number});
      } else if (j.contains("scores")) {
        log.scores.emplace();
        for (const json& score : j.at("scores")) {
          log.scores->push_back(static_cast<int>(WholeNumber(
              score, "\"scores\"", std::numeric_limits<int>::min(), std::numeric_limits<int>::max(), fail)));
        }
      } else {
        throw fail("expected a move {\"player\": N, \"move\": \"…\"} or the scores");
      }
    } catch (const json::exception& e) {
      throw fail(fmt::format("bad field ({})", e.what()));
    }
  }
  if (!header) throw IoError(fmt::format("{}: empty log", file));
  return log;
}

GameLog ReadGameLogFile(const std::string& path) {
  std::string text;
  if (const FileProblem problem = ReadTextFile(path, text); problem != FileProblem::kNone)
    throw IoError(fmt::format("{}: cannot read the file{}", path, ProblemSuffix(problem, path)));
  return ReadGameLog(text, path);
}

std::unique_ptr<Engine> EngineForLog(const GameLog& log) {
  auto rules = LoadRuleset(FindRuleset(log.ruleset));
  auto config = std::make_shared<GameConfig>(rules, log.players, log.settings);
  return std::make_unique<Engine>(config);
}

namespace {

// "; …": the parameters a log that lists its settings has no value for, which the ruleset has
// gained since it was written; their defaults may be rules its game was not played by.
std::string NewerParameters(const Engine& engine, const GameLog& log) {
  if (log.settings.empty()) return "";
  std::vector<std::string> newer;
  for (const Parameter& p : engine.rules().parameters) {
    if (!log.settings.contains(p.name)) newer.push_back(p.name);
  }
  if (newer.empty()) return "";
  return fmt::format(
      " (the log has no value for {}, which the ruleset has gained since it was written: give the log's "
      "\"settings\" the value the game was played with)",
      fmt::join(newer, ", "));
}

}  // namespace

GameState Replay(Engine& engine, const GameLog& log, const std::string& file, const AfterMove& after_move) {
  GameState state = engine.NewGame(log.seed);
  for (size_t i = 0; i < log.moves.size(); ++i) {
    const auto& entry = log.moves[i];
    const int line = entry.line > 0 ? entry.line : static_cast<int>(i) + 2;
    if (engine.Actor(state) != entry.player) {
      throw Error(ErrorKind::kIllegalMove,
                  fmt::format("{}:{}: move '{}' by player {}, but player {} is to play", file, line,
                              entry.move, entry.player + 1, engine.Actor(state) + 1));
    }
    const ParsedMove parsed = ParseMove(engine, state, entry.move);
    if (!parsed.move) {
      throw Error(ErrorKind::kIllegalMove, fmt::format("{}:{}: move '{}' is not legal: {}{}", file, line,
                                                       entry.move, parsed.error, NewerParameters(engine, log)));
    }
    const GameState before = after_move ? state : GameState();
    const ApplyResult result = engine.Apply(state, *parsed.move);
    if (!result.ok) throw ScriptError(result.error);
    if (after_move) after_move(before, state, *parsed.move, entry);
  }
  return state;
}

}  // namespace tapis
