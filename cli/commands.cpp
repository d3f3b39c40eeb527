// tapis list, sim, check, replay, moves, score.
#include "cli/commands.h"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "cli/file_write.h"
#include "cli/play_commands.h"
#include "interpreter/load/lint.h"
#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "interpreter/model/errors.h"
#include "interpreter/model/text_file.h"
#include "interpreter/records/game_log.h"
#include "interpreter/records/move_text.h"
#include "interpreter/records/narration.h"
#include "interpreter/records/peer_replay.h"
#include "interpreter/records/position.h"
#include "interpreter/records/score_text.h"
#include "interpreter/records/view.h"
#include "interpreter/sim/simulate.h"
#include "interpreter/sim/validate.h"

namespace tapis::cli {

std::map<std::string, std::string> GameOptions::Settings() const {
  std::map<std::string, std::string> out;
  for (const auto& s : settings) {
    const auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error(ErrorKind::kUsage, fmt::format("--set '{}': expected key=value", s));
    out[s.substr(0, eq)] = s.substr(eq + 1);
  }
  return out;
}

// `text` cut to `width` characters (UTF-8), ending in "…" when cut.
std::string Fit(const std::string& text, size_t width) {
  std::vector<size_t> starts;  // where each character starts
  for (size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) starts.push_back(i);
  }
  if (starts.size() <= width) return text;
  return text.substr(0, starts[width - 1]) + "…";
}

int List(bool long_form) {
  constexpr size_t kWidth = 80, kName = 24, kPlayers = 13;  // name and players columns, with spaces
  for (const auto& entry : ListRulesets()) {
    try {
      const auto rules = LoadRuleset(entry.path);
      const std::string players =
          rules->min_players == rules->max_players
              ? fmt::format("{} player{}", rules->min_players, rules->min_players > 1 ? "s" : "")
              : fmt::format("{}-{} players", rules->min_players, rules->max_players);
      if (long_form) {
        fmt::print("{:<{}}{:<{}}{}\n{:<{}}{}\n", entry.name, kName, players, kPlayers, rules->description, "",
                   kName, entry.path);
      } else {
        fmt::print("{:<{}}{:<{}}{}\n", entry.name, kName, players, kPlayers,
                   Fit(rules->description, kWidth - kName - kPlayers));
      }
    } catch (const Error& e) {
      fmt::print("{:<{}}{}\n", entry.name, kName,
                 Fit(fmt::format("(does not load: {})", e.what()), long_form ? 10000 : kWidth - kName));
    }
  }
  return 0;
}

// A move's effect as the YAML writes it: `on_meld`, `{script: on_choose, if: {rank: [A, "7"]}}`,
// `{ask: nominate, if: {rank: ["8"]}}`, `{skip: 1, if: {rank: [Q]}, enabled: $special_cards}`.
std::string TriggerYaml(const Ruleset& rules, const Trigger& t) {
  const bool always = t.enabled.parameter < 0 && t.enabled.literal != 0;
  if (t.when.empty() && always && !t.function.empty()) return t.function;
  std::vector<std::string> parts;
  if (!t.function.empty()) {
    parts.push_back("script: " + t.function);
  } else if (t.ask >= 0) {
    parts.push_back("ask: " + t.ask_name);
  } else if (t.skip > 0) {
    parts.push_back(fmt::format("skip: {}", t.skip));
  } else if (t.penalty.paid_by >= 0) {
    const IntValue& draw = t.penalty.draw;
    parts.push_back(fmt::format(
        "penalty: {}, paid_by: {}",
        draw.parameter >= 0 ? "$" + rules.parameters[draw.parameter].name : std::to_string(draw.literal),
        t.penalty.paid_by_name));
  } else if (t.reverse) {
    parts.push_back("reverse: true");
  } else {  // the other built-ins, by name: what they hold is longer than a comment's line
    parts.push_back(t.Name() + ": …");
  }
  std::vector<std::string> filters;
  for (const CardFilter& f : t.when) {
    std::vector<std::string> values;
    for (int v : f.values) {
      const std::string& value = rules.catalog.properties()[f.property].values[v];
      const bool plain = !value.empty() && std::all_of(value.begin(), value.end(), [](char c) {
        return std::isalpha(static_cast<unsigned char>(c)) || c == '_';
      });
      values.push_back(plain ? value : fmt::format("\"{}\"", value));
    }
    filters.push_back(
        fmt::format("{}: [{}]", rules.catalog.properties()[f.property].name, fmt::join(values, ", ")));
  }
  if (!filters.empty()) parts.push_back(fmt::format("if: {{{}}}", fmt::join(filters, ", ")));
  if (t.enabled.parameter >= 0) parts.push_back("enabled: $" + rules.parameters[t.enabled.parameter].name);
  if (t.enabled.parameter < 0 && t.enabled.literal == 0) parts.push_back("enabled: false");
  return fmt::format("{{{}}}", fmt::join(parts, ", "));
}

namespace {

// `text` as a YAML double-quoted scalar: a base's title holds what its author wrote.
std::string YamlQuoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    out += c == '\n' ? std::string("\\n") : std::string(1, c);
  }
  return out + "\"";
}

// `text` for the end of a comment line: a line break in a base's description would start a
// live YAML line in the new file.
std::string CommentText(std::string text) {
  std::replace(text.begin(), text.end(), '\n', ' ');
  return text;
}

}  // namespace

int Rules(const GameOptions& game, const std::string& section) {
  const auto rules = LoadRuleset(FindRuleset(game.game));
  const GameConfig config(rules, game.players > 0 ? game.players : rules->min_players, game.Settings());
  PrintRules(*rules, config.Settings(), Screen(*rules, true), section);
  return 0;
}

int New(const std::string& name, const std::string& from) {
  // A name, not a path: the variant is written here, and its name is its file's.
  if (name.empty() || name.find_first_of("/\\") != std::string::npos || name.front() == '.' ||
      name.find_first_of(" \t\n") != std::string::npos)
    throw Error(ErrorKind::kUsage,
                fmt::format("new: '{}' is not a variant name; use letters, digits and _ (my_variant)", name));
  const auto rules = LoadRuleset(FindRuleset(from));
  const std::string file = name + ".yaml";
  if (std::ifstream(file)) throw IoError(fmt::format("{}: already exists; choose another name", file));
  std::string text = fmt::format(
      "# {name}: a variant of {from} ({title}). Write only what changes: everything else\n"
      "# comes from {from}. Maps merge key by key, lists are replaced, `key: ~` removes a key,\n"
      "# and `scripts` add to {from}'s (docs/rulesets.md, \"Variants\").\n"
      "extends: {from}\n"
      "name: {name}\n"
      "title: {quoted}\n",
      fmt::arg("name", name), fmt::arg("from", from), fmt::arg("title", CommentText(rules->title)),
      fmt::arg("quoted", YamlQuoted(rules->title + ", my variant")));
  if (!rules->parameters.empty()) {
    text +=
        "\n# Parameters: uncomment a line to change its default (or use --set NAME=VALUE).\n# parameters:\n";
    for (const auto& p : rules->parameters) {
      std::string value = std::to_string(p.default_value);
      if (p.type == Parameter::Type::kBool) value = p.default_value ? "true" : "false";
      if (p.type == Parameter::Type::kChoice) value = p.choices[p.default_value];
      if (p.type == Parameter::Type::kFile) value = p.default_file;
      text += fmt::format("#   {}: {{default: {}}}   # {}\n", p.name, CommentText(value),
                          CommentText(p.description));
    }
  }
  text += fmt::format(
      "\n# Your own effects: a Lua file next to this one; name its functions below. A function\n"
      "# with the name of one of {from}'s replaces it wherever {from} names it (tapis check\n"
      "# notes it). In your Lua, base.NAME is {from}'s own: call it to add to what it does.\n"
      "# scripts: [{name}.lua]\n"
      "# score: my_score            # replaces {from}'s scoring function\n",
      fmt::arg("name", name), fmt::arg("from", from));
  // Show the list form on a move that has an effect: keep it, add one.
  const auto with_effect = std::find_if(rules->moves.begin(), rules->moves.end(),
                                        [](const MoveDecl& m) { return !m.then.empty(); });
  if (with_effect != rules->moves.end()) {
    std::vector<std::string> effects;
    for (const Trigger& t : with_effect->then) effects.push_back(CommentText(TriggerYaml(*rules, t)));
    text += fmt::format("# moves:\n#   {}: {{then: [{}, my_effect]}}   # {}'s effect, then yours\n",
                        with_effect->name, fmt::join(effects, ", "), from);
  } else {
    text += fmt::format("# moves:\n#   {}: {{then: my_effect}}   # an effect after that move\n",
                        rules->moves.front().name);
  }
  WriteFileAtomically(file, text);
  fmt::print("wrote {}; try it: tapis check {} && tapis play {}\n", file, file, file);
  return 0;
}

int Check(const std::vector<std::string>& games, int random_games,
          const std::map<std::string, std::string>& settings, double unfinished_limit) {
  int failures = 0;
  for (const auto& game : games) {
    const std::string path = FindRuleset(game);
    const auto rules = LoadRuleset(path);  // a bad ruleset throws: file:line:col
    for (const auto& warning : Lint(*rules)) fmt::print(stderr, "{}: {}\n", path, warning);
    CheckOptions options;
    options.games = random_games;
    options.settings = settings;
    options.unfinished_limit = unfinished_limit;
    // Each other value of the few-valued parameters, one at a time, with fewer games.
    const auto values = ParameterValuesToCheck(*rules, settings);
    const int variant_games = (random_games + 3) / 4;
    if (isatty(STDERR_FILENO)) {
      const int counts = rules->max_players - rules->min_players + 1;
      const int total = counts * (random_games + static_cast<int>(values.size()) * variant_games);
      auto done = std::make_shared<int>(0);  // shared by the copies of options below
      options.game_played = [bar = ProgressBar("games"), total, done] { bar(++*done, total); };
    }
    CheckOutcome outcome = CheckRandomGames(rules, options);
    CheckOptions variant = options;
    variant.games = variant_games;
    std::vector<std::string> tried;
    for (const auto& [name, value] : values) {
      variant.settings = settings;
      variant.settings[name] = value;
      tried.push_back(name + "=" + value);
      try {
        CheckOutcome more = CheckRandomGames(rules, variant);
        outcome.problems.insert(outcome.problems.end(), more.problems.begin(), more.problems.end());
        outcome.notes.insert(outcome.notes.end(), more.notes.begin(), more.notes.end());
      } catch (const Error& e) {
        outcome.problems.push_back(fmt::format("{}={}: {}", name, value, e.what()));
      }
    }
    if (options.game_played) fmt::print(stderr, "\r\033[K");  // the progress line goes
    for (const auto& p : outcome.problems) fmt::print(stderr, "{}: {}\n", path, p);
    for (const auto& n : outcome.notes) fmt::print("{}: note: {}\n", path, n);
    if (outcome.problems.empty()) {
      std::string with;
      for (const auto& [name, value] : settings) with += fmt::format(" {}={}", name, value);
      fmt::print(
          "{}: ok ({} random games for each of {} to {} players{}{}; {})\n", rules->name, random_games,
          rules->min_players, rules->max_players, with.empty() ? "" : ", with" + with,
          tried.empty() ? "" : fmt::format(", and {} with each of {}", variant.games, fmt::join(tried, ", ")),
          outcome.notes.empty() ? "every game ended" : "see the notes");
    }
    failures += outcome.problems.empty() ? 0 : 1;
  }
  return failures ? 1 : 0;
}

namespace {

struct LoadedGame {
  GameLog log;
  std::unique_ptr<Engine> engine;
  GameState state;
};

// A saved game: a log (replayed) or a position file (read as it is).
LoadedGame LoadGame(const std::string& path) {
  LoadedGame g;
  std::string text;
  if (const FileProblem problem = ReadTextFile(path, text); problem != FileProblem::kNone)
    throw IoError(fmt::format("{}: cannot read the file{}", path, ProblemSuffix(problem, path)));
  if (IsPosition(text)) {
    g.engine = EngineForPosition(text, path);
    g.state = ReadPosition(*g.engine, text, path);
    return g;
  }
  g.log = ReadGameLog(text, path);
  g.engine = EngineForLog(g.log);
  g.state = Replay(*g.engine, g.log, path);
  return g;
}

}  // namespace

// The game as one seat saw it: no seed, and after each move only that seat's view and what
// the move caused as the seat saw it; or, as text, each move and what it caused.
int RedactedLog(const std::string& path, int seat, bool text) {
  const GameLog log = ReadGameLogFile(path);
  if (seat < 1 || seat > log.players) {
    throw Error(ErrorKind::kUsage, fmt::format("--as {}: the game has players 1 to {}", seat, log.players));
  }
  if (text) {
    fmt::print("{}", NarrateGame(log, seat - 1, path));
    return 0;
  }
  auto engine = EngineForLog(log);
  nlohmann::json header = {{"tapis_redacted", 1},
                           {"ruleset", log.ruleset},
                           {"players", log.players},
                           {"settings", log.settings},
                           {"seat", seat}};
  header["view"] = ViewJson(*engine, engine->NewGame(log.seed), seat - 1);
  std::cout << header.dump() << "\n";
  MoveStates moved;  // each move's own cards moved, before its effects; the round as it ended
  engine->CaptureStates(&moved);
  Replay(*engine, log, path,
         [&](const GameState& before, const GameState& after, const Move& move, const GameLog::Entry& entry) {
           nlohmann::json line = {{"player", entry.player + 1},
                                  {"move", ToldMoveText(*engine, before, move, seat - 1)},
                                  {"view", ViewJson(*engine, after, seat - 1)}};
           const auto narration = Narrate(*engine, before, after, move, seat - 1, &moved);
           if (!narration.empty()) line["narration"] = narration;
           std::cout << line.dump() << "\n";
         });
  return 0;
}

int ReplayLog(const std::string& path, int seat, bool narrate) {
  if (narrate && seat == 0)
    throw Error(ErrorKind::kUsage, "--narrate tells the game as a seat saw it: give --as SEAT");
  if (seat != 0) return RedactedLog(path, seat, narrate);
  LoadedGame g = LoadGame(path);
  if (g.log.scores) {
    if (!g.state.finished)
      throw Error(ErrorKind::kIllegalMove,
                  fmt::format("{}: the log has scores but the game is not over after its moves", path));
    const auto scores = g.engine->Score(g.state);
    if (scores != *g.log.scores) {
      throw Error(ErrorKind::kIllegalMove,
                  fmt::format("{}: scores differ: the log says [{}], the replay gives [{}]", path,
                              fmt::join(*g.log.scores, ", "), fmt::join(scores, ", ")));
    }
  }
  fmt::print("{}: {} moves replayed{}\n", path, g.log.moves.size(), g.log.scores ? ", scores match" : "");
  return 0;
}

int ReplayPeer(const std::string& game, const std::string& path) {
  const PeerReplay result = ReplayPeerGames(LoadRuleset(FindRuleset(game)), path);
  if (!result.difference.empty()) throw Error(ErrorKind::kIllegalMove, fmt::format("{}: {}", path, result.difference));
  fmt::print("{} games, {} steps, all match\n", result.games, result.steps);
  return 0;
}

int Moves(const std::string& path) {
  LoadedGame g = LoadGame(path);
  if (g.state.finished) {
    fmt::print("the game is over\n");
    return 0;
  }
  fmt::print("player {} to play:\n", g.engine->Actor(g.state) + 1);
  for (const Move& m : g.engine->LegalMoves(g.state)) fmt::print("  {}\n", MoveText(*g.engine, g.state, m));
  return 0;
}

int WhyMove(const std::string& path, const std::string& move) {
  LoadedGame g = LoadGame(path);
  const ParsedMove parsed = ParseMove(*g.engine, g.state, move);
  if (!parsed.move)
    throw Error(ErrorKind::kIllegalMove,
                fmt::format("{}: player {}: {}", path, g.engine->Actor(g.state) + 1, parsed.error));
  fmt::print("player {} may play {}\n", g.engine->Actor(g.state) + 1,
             MoveText(*g.engine, g.state, *parsed.move));
  return 0;
}

int Score(const std::string& path) {
  LoadedGame g = LoadGame(path);
  const auto scores = g.engine->Score(g.state);
  const ScoreParts parts = g.engine->ExplainRoundScore(g.state);  // none once finished
  for (size_t p = 0; p < scores.size(); ++p) {
    fmt::print("player {}: {}\n", p + 1, scores[p]);
    if (!parts[p].empty()) fmt::print("  this round: {}\n", PartsText(parts[p]));
  }
  if (g.state.finished) {
    std::vector<int> shown;
    for (int w : g.engine->Winners(g.state, scores)) shown.push_back(w + 1);
    if (shown.empty())
      fmt::print("no winner\n");  // a solitaire lost
    else
      fmt::print("winner: player {}\n", fmt::join(shown, ", player "));
  }
  return 0;
}

}  // namespace tapis::cli
