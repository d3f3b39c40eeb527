#include "interpreter/records/peer_replay.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

#include "interpreter/engine/engine.h"
#include "interpreter/model/errors.h"
#include "interpreter/model/text_file.h"
#include "interpreter/records/json_text.h"
#include "interpreter/records/move_text.h"
#include "interpreter/records/recorded_chance.h"

namespace tapis {
namespace {

// "game(players=4,max_turns=50)" -> players and the other settings.
bool ReadGameName(const std::string& game, int& players, std::map<std::string, std::string>& settings,
                  std::string& error) {
  const size_t open = game.find('(');
  if (open == std::string::npos) return true;
  const size_t close = game.rfind(')');
  const std::string inside = game.substr(open + 1, close == std::string::npos ? std::string::npos : close - open - 1);
  size_t start = 0;
  while (start < inside.size()) {
    size_t end = inside.find(',', start);
    if (end == std::string::npos) end = inside.size();
    const std::string pair = inside.substr(start, end - start);
    const size_t eq = pair.find('=');
    if (eq == std::string::npos) {
      error = fmt::format("'{}': expected key=value in the game's parameters", pair);
      return false;
    }
    const std::string key = pair.substr(0, eq), value = pair.substr(eq + 1);
    if (key == "players") {
      if (value.empty() || value.size() > 2 || value.find_first_not_of("0123456789") != std::string::npos) {
        error = fmt::format("'{}': expected a number of players", pair);
        return false;
      }
      players = std::stoi(value);
    } else {
      settings[key] = value;
    }
    start = end + 1;
  }
  return true;
}

std::string Quoted(std::vector<std::string> texts) {
  std::sort(texts.begin(), texts.end());
  return fmt::format("[{}]", fmt::join(texts, ", "));
}

class GameReplay {
 public:
  GameReplay(std::shared_ptr<const Ruleset> rules, const nlohmann::json& game, int line)
      : rules_(std::move(rules)), game_(game), line_(line) {}

  // Empty when the game matches; else the difference.
  std::string Run(uint64_t& steps) {
    const std::string name = game_.value("game", std::string());
    int players = rules_->min_players;
    std::map<std::string, std::string> settings;
    std::string error;
    if (!ReadGameName(name, players, settings, error)) return Where(0) + error;
    std::vector<ChanceEvent> events;
    const auto& recorded = game_.at("steps");
    for (size_t i = 0; i < recorded.size(); ++i) {
      if (recorded[i].at("p").get<int>() >= 0) continue;
      ChanceEvent e;
      if (!ChanceEvent::Parse(recorded[i].at("a").get<std::string>(), rules_->catalog, e))
        return Where(i + 1) + fmt::format("chance step '{}' names no card and no number", e.text);
      events.push_back(e);
    }
    auto chance = std::make_shared<RecordedChance>(std::move(events));
    Engine engine(std::make_shared<GameConfig>(rules_, players, settings), chance);
    GameState state = engine.NewGame(0);
    size_t chance_seen = 0;
    for (size_t i = 0; i < recorded.size(); ++i) {
      const auto& step = recorded[i];
      const int p = step.at("p").get<int>();
      if (!chance->failure().empty()) return Where(i + 1) + chance->failure();
      if (p < 0) {
        ++chance_seen;
        continue;
      }
      const std::string action = step.at("a").get<std::string>();
      if (chance->used() != chance_seen)
        return Where(i + 1) + fmt::format("expected {} chance events before '{}', got {}", chance_seen, action,
                                          chance->used());
      if (state.finished) return Where(i + 1) + fmt::format("expected player {} to play '{}', got the end", p, action);
      if (engine.Actor(state) != p)
        return Where(i + 1) + fmt::format("expected player {} to act, got player {}", p, engine.Actor(state));
      std::vector<std::string> got;
      const std::vector<Move> legal = engine.LegalMoves(state);
      for (const Move& m : legal) got.push_back(MoveText(engine, state, m));
      if (step.contains("legal")) {
        const auto expected = step.at("legal").get<std::vector<std::string>>();
        if (Quoted(expected) != Quoted(got))
          return Where(i + 1) + fmt::format("legal moves: expected {}, got {}", Quoted(expected), Quoted(got));
      }
      const auto it = std::find(got.begin(), got.end(), action);
      if (it == got.end()) return Where(i + 1) + fmt::format("expected '{}' to be legal, got {}", action, Quoted(got));
      const ApplyResult result = engine.Apply(state, legal[it - got.begin()]);
      if (!result.ok) return Where(i + 1) + result.error;
    }
    if (!chance->failure().empty()) return Where(recorded.size()) + chance->failure();
    if (chance->used() != chance->size())
      return Where(recorded.size()) +
             fmt::format("expected {} chance events used, got {}", chance->size(), chance->used());
    if (!state.finished) return Where(recorded.size()) + "expected the end of the game, got more to play";
    std::vector<int> returns;
    for (const auto& r : game_.at("returns")) returns.push_back(static_cast<int>(std::lround(r.get<double>())));
    const std::vector<int> scores = engine.Score(state);
    if (scores != returns)
      return Where(recorded.size()) +
             fmt::format("scores: expected [{}], got [{}]", fmt::join(returns, ", "), fmt::join(scores, ", "));
    steps += recorded.size();
    return "";
  }

 private:
  std::string Where(size_t step) const { return fmt::format("game {}, step {}: ", line_, step); }

  std::shared_ptr<const Ruleset> rules_;
  const nlohmann::json& game_;
  int line_;
};

}  // namespace

PeerReplay ReplayPeerGames(std::shared_ptr<const Ruleset> rules, const std::string& path) {
  std::string text;
  if (const FileProblem problem = ReadTextFile(path, text); problem != FileProblem::kNone)
    throw IoError(fmt::format("{}: cannot read the file{}", path, ProblemSuffix(problem, path)));
  std::istringstream in(text);
  PeerReplay out;
  int line_number = 0;
  for (std::string line; std::getline(in, line);) {
    ++line_number;
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    nlohmann::json game;
    if (std::string error; !ParseJsonText(line, game, error)) {
      out.difference = fmt::format("{}:{}: not JSON: {}", path, line_number, error);
      return out;
    }
    try {
      out.difference = GameReplay(rules, game, line_number).Run(out.steps);
    } catch (const nlohmann::json::exception& e) {
      out.difference = fmt::format("{}:{}: {}", path, line_number, e.what());
    } catch (const Error& e) {
      out.difference = fmt::format("{}:{}: {}", path, line_number, e.what());
    }
    if (!out.difference.empty()) return out;
    ++out.games;
  }
  return out;
}

}  // namespace tapis
