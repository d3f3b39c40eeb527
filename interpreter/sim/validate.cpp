#include "interpreter/sim/validate.h"

#include <fmt/format.h>

#include "interpreter/bots/bots.h"
#include "interpreter/records/game_log.h"
#include "interpreter/records/move_text.h"
#include "interpreter/sim/simulate.h"

namespace tapis {
namespace {

constexpr int kFreshScriptGames = 10;  // games per player count replayed with fresh scripts

}  // namespace

std::vector<std::string> CheckState(const Engine& engine, const GameState& state) {
  std::vector<std::string> problems;
  std::vector<int> seen(engine.cards().size(), 0);
  for (const Zone& z : state.zones) {
    if (z.cells.size() != (engine.rules().zones[z.decl].columns > 0 ? z.cards.size() : 0))
      problems.push_back(fmt::format("zone {} holds {} cards on {} cells", engine.rules().zones[z.decl].name,
                                     z.cards.size(), z.cells.size()));
    for (CardId c : z.cards) {
      if (c >= seen.size()) {
        problems.push_back(fmt::format("a card id {} that the game does not have", c));
        continue;
      }
      ++seen[c];
    }
  }
  for (size_t c = 0; c < seen.size(); ++c) {
    if (seen[c] != 1) {
      problems.push_back(fmt::format("card {} (id {}) is in {} zones",
                                     engine.cards().Code(static_cast<CardId>(c)), c, seen[c]));
    }
  }
  return problems;
}

namespace {

std::string Percent(double share) { return fmt::format("{:.1f}%", 100 * share); }

// "a=1, b=2, " for the settings a problem was found with; "" for the defaults.
std::string SettingsPrefix(const std::map<std::string, std::string>& settings) {
  std::string out;
  for (const auto& [name, value] : settings) out += fmt::format("{}={}, ", name, value);
  return out;
}

}  // namespace

CheckOutcome CheckRandomGames(std::shared_ptr<const Ruleset> rules, const CheckOptions& options) {
  CheckOutcome outcome;
  std::vector<std::string>& problems = outcome.problems;
  const std::string prefix = SettingsPrefix(options.settings);
  for (int players = rules->min_players; players <= rules->max_players; ++players) {
    Engine engine(std::make_shared<GameConfig>(rules, players, options.settings));
    int unfinished = 0, played = 0;
    uint64_t first_unfinished = 0;
    for (int i = 0; i < options.games && problems.size() < 10; ++i, ++played) {
      struct Tick {  // told when this game is over, whichever way the loop goes on
        const std::function<void()>& told;
        ~Tick() {
          if (told) told();
        }
      } tick{options.game_played};
      const uint64_t game_seed = MixSeed(options.seed, i * 16 + players);
      auto where = [&](const std::string& what) {
        return fmt::format("{}{} players, seed {}: {}", prefix, players, game_seed, what);
      };
      // Play with a log, checking the cards after every move.
      RandomBot bot(MixSeed(game_seed, 0xB07));
      GameState state = engine.NewGame(game_seed);
      GameLog log{rules->name, players, engine.config().Settings(), game_seed, {}, {}, {}};
      std::vector<Move> legal;
      bool failed = false;
      // A round that runs past kCheckMaxMoves is stuck; a match is allowed kCheckMaxRounds of
      // them: long matches of short rounds end (a match to a high target may take tens of
      // thousands of random moves), a loop does not.
      uint32_t round_start = 0;
      uint16_t round = state.round;
      while (!state.finished && !failed) {
        if (state.round != round) {
          round = state.round;
          round_start = state.moves_played;
        }
        if (state.moves_played - round_start >= kCheckMaxMoves || state.round >= kCheckMaxRounds ||
            state.moves_played >= kCheckMaxGameMoves)
          break;
        engine.LegalMoves(state, legal);
        if (legal.empty()) {
          problems.push_back(where("no legal move, but the game is not over"));
          failed = true;
          break;
        }
        const Move& m = legal[bot.Choose(engine, state, legal)];
        const std::string text = MoveText(engine, state, m);
        const int actor = engine.Actor(state);
        const ParsedMove parsed = ParseMove(engine, state, text);
        if (!parsed.move) {
          problems.push_back(where(fmt::format("move '{}' does not parse back: {}", text, parsed.error)));
          failed = true;
          break;
        }
        log.moves.push_back({actor, text});
        const ApplyResult r = engine.Apply(state, m);
        if (!r.ok) {
          problems.push_back(where(r.error));
          failed = true;
          break;
        }
        for (const auto& p : CheckState(engine, state)) {
          problems.push_back(where(fmt::format("after '{}': {}", text, p)));
          failed = true;
        }
      }
      if (failed) continue;
      if (!state.finished) {
        if (unfinished++ == 0) first_unfinished = game_seed;
        continue;
      }
      std::string error;
      const auto scores = engine.Score(state, &error);
      if (!error.empty()) {
        problems.push_back(where(error));
        continue;
      }
      try {
        // A solitaire may be lost: one player and no winner.
        if (engine.Winners(state, scores).empty() && state.players > 1)
          problems.push_back(where("nobody won"));
      } catch (const std::exception& e) {
        problems.push_back(where(e.what()));
        continue;
      }
      Engine replayer(engine.shared_config());
      if (Replay(replayer, log, "log") != state) {
        problems.push_back(where("the game's log does not replay to the same state"));
        continue;
      }
      // A game resumed from a position starts its scripts afresh: it must play the same.
      // (Starting them afresh at each move costs: a few games per count find a script
      // that keeps state, which shows in most games.)
      if (rules->scripts.empty() || i >= kFreshScriptGames) continue;
      replayer.SetFreshScriptsEachMove(true);
      if (Replay(replayer, log, "log") != state)
        problems.push_back(where(
            "the scripts keep state from one move to the next outside the game (a Lua upvalue or table): "
            "replayed with the scripts started afresh after each move, the game ends elsewhere; keep it "
            "in variables (tapis.set)"));
    }
    for (const std::string& warning : engine.Warnings()) {
      if (std::find(outcome.notes.begin(), outcome.notes.end(), warning) == outcome.notes.end())
        outcome.notes.push_back(warning);
    }
    if (unfinished == 0) continue;
    // A share, not a count: one long game in thousands is a note, one in ten a failure.
    const auto [low, high] = WilsonInterval(unfinished, played);
    const double share = static_cast<double>(unfinished) / played;
    const std::string line = fmt::format(
        "{}{} players: {} of {} random games did not end (a round past {} moves, or a match past {} rounds) "
        "({}, 95% interval {} to {}; the first: seed {})",
        prefix, players, unfinished, played, kCheckMaxMoves, kCheckMaxRounds, Percent(share), Percent(low),
        Percent(high), first_unfinished);
    // One long game among many is a note: with a quarter of the games for a parameter's
    // value, a single one would pass a 1% limit. Two, or every game, fail.
    if (share > options.unfinished_limit && (unfinished >= 2 || unfinished == played)) {
      problems.push_back(
          fmt::format("{}, above the {} allowed (--unfinished)", line, Percent(options.unfinished_limit)));
    } else {
      outcome.notes.push_back(
          fmt::format("{}, within the {} allowed", line, Percent(options.unfinished_limit)));
    }
  }
  return outcome;
}

std::vector<std::pair<std::string, std::string>> ParameterValuesToCheck(
    const Ruleset& rules, const std::map<std::string, std::string>& settings) {
  std::vector<std::pair<std::string, std::string>> out;
  for (const Parameter& p : rules.parameters) {
    if (settings.count(p.name)) continue;
    std::vector<std::string> values;
    if (p.type == Parameter::Type::kBool) values = {"false", "true"};
    if (p.type == Parameter::Type::kChoice && p.choices.size() <= kMostCheckedChoices) values = p.choices;
    for (size_t v = 0; v < values.size(); ++v) {
      bool default_everywhere = p.default_value == static_cast<int>(v);
      for (const auto& entry : p.by_players)
        default_everywhere = default_everywhere && entry.second == static_cast<int>(v);
      if (!default_everywhere) out.emplace_back(p.name, values[v]);
    }
  }
  return out;
}

}  // namespace tapis
