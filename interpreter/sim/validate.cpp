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

std::vector<std::string> CheckRandomGames(std::shared_ptr<const Ruleset> rules, int games, uint64_t seed) {
  std::vector<std::string> problems;
  for (int players = rules->min_players; players <= rules->max_players; ++players) {
    Engine engine(std::make_shared<GameConfig>(rules, players));
    for (int i = 0; i < games && problems.size() < 10; ++i) {
      const uint64_t game_seed = MixSeed(seed, i * 16 + players);
      auto where = [&](const std::string& what) {
        return fmt::format("{} players, seed {}: {}", players, game_seed, what);
      };
      // Play with a log, checking the cards after every move.
      RandomBot bot(MixSeed(game_seed, 0xB07));
      GameState state = engine.NewGame(game_seed);
      GameLog log{rules->name, players, {}, game_seed, {}, {}};
      std::vector<Move> legal;
      bool failed = false;
      while (!state.finished && state.moves_played < 100000 && !failed) {
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
        problems.push_back(where("the game did not end within 100000 moves"));
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
  }
  return problems;
}

}  // namespace tapis
