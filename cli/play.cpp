// tapis play: a game in the terminal. Each human sees only their own view; bots answer
// their decisions at once. Commands besides moves: help [FILTER], board, score, last, rules,
// info CARD, hint, undo, save FILE, quit.
#include <fmt/format.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <random>
#include <unordered_set>

#include "cli/commands.h"
#include "cli/file_write.h"
#include "cli/line_editor.h"
#include "cli/play_commands.h"
#include "cli/play_told.h"
#include "cli/recent_games.h"
#include "cli/screen.h"
#include "interpreter/bots/bots.h"
#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "interpreter/model/errors.h"
#include "interpreter/records/game_log.h"
#include "interpreter/records/move_text.h"
#include "interpreter/records/narration.h"
#include "interpreter/records/view.h"
#include "interpreter/sim/simulate.h"

namespace tapis::cli {
namespace {

void WriteLogFile(const std::string& path, const GameLog& log) {
  WriteFileAtomically(path, WriteGameLog(log));
}

// At a terminal, Ctrl-C clears the line typed, and on an empty line (or while the bots play,
// or at a hand-over) asks as `quit` does; from a pipe it ends the game, and so do `kill` and
// a closed terminal (SIGTERM, SIGHUP), which would otherwise leave the terminal as the line
// editor set it. The handler only keeps the signal's number, and interrupts the read of a
// move (no SA_RESTART), which then fails.
volatile std::sig_atomic_t interrupted = 0;

void CatchInterrupt() {
  struct sigaction action {};
  action.sa_handler = [](int signal) { interrupted = signal; };
  sigemptyset(&action.sa_mask);
  action.sa_flags = 0;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  struct sigaction hangup {};
  sigaction(SIGHUP, nullptr, &hangup);
  if (hangup.sa_handler != SIG_IGN) sigaction(SIGHUP, &action, nullptr);  // `nohup tapis play` plays on
}

// As shells report a program stopped by a signal: 130 for Ctrl-C.
int InterruptedExit() { return 128 + interrupted; }

// What a move caused, as `viewer` may see it, under the move's line.
void Tell(const Engine& engine, const Screen& screen, const GameState& before, const MoveStates& moved,
          const GameState& after, const Move& move, int viewer) {
  for (const auto& line : Narrate(engine, before, after, move, viewer, &moved))
    screen.Print(fmt::format("  {}\n", line));
}

}  // namespace

int Play(const GameOptions& game, const PlayOptions& options) {
  const std::string& log_path = options.log_path;
  const std::string& resume = options.resume;
  // A new game, or a saved one (a log) replayed to where it stopped.
  GameLog log;
  if (!resume.empty()) {
    std::error_code ec;
    log =
        ReadGameLogFile(resume == "last" && !std::filesystem::exists(resume, ec) ? LastRecentGame() : resume);
  } else {
    const auto rules = LoadRuleset(FindRuleset(game.game));
    log.ruleset = game.game;
    log.players = game.players > 0 ? game.players : rules->min_players;
    log.settings = GameConfig(rules, log.players, game.Settings()).Settings();
    log.seed = game.seed_given ? game.seed : std::random_device{}();
  }
  std::unique_ptr<Engine> owned = EngineForLog(log);
  Engine& engine = *owned;
  const Ruleset* rules = &engine.rules();
  const Screen screen(*rules, options.plain);
  const int players = log.players;
  const uint64_t seed = log.seed;

  if (static_cast<int>(options.seats.size()) > players)
    throw Error(ErrorKind::kUsage,
                fmt::format("play: {} --seat given, for {} players (--players sets how many)",
                            options.seats.size(), players));
  std::vector<std::string> kinds = options.seats;
  if (kinds.empty()) kinds = log.seats;  // a saved game seats the same players again
  if (kinds.empty()) kinds.push_back("human");
  while (static_cast<int>(kinds.size()) < players) kinds.push_back("greedy");
  kinds.resize(players);
  log.seats = kinds;
  std::vector<std::unique_ptr<Bot>> bots(players);
  int humans = 0;
  for (int p = 0; p < players; ++p) {
    if (kinds[p] == "human")
      ++humans;
    else
      bots[p] = MakeBot(kinds[p], MixSeed(seed, 1000 + p));
  }

  // Each human's view of every move, for `last` and for what a hot-seat player missed: those
  // of a resumed game too, as they were told (a card passed stays unnamed).
  std::vector<ToldBySeat> told;
  MoveStates replayed;
  engine.CaptureStates(&replayed);
  GameState state =
      Replay(engine, log, resume.empty() ? "log" : resume,
             [&](const GameState& before, const GameState& after, const Move& move, const GameLog::Entry&) {
               told.push_back(TellSeats(engine, before, after, move, bots, &replayed));
             });
  engine.CaptureStates(nullptr);
  std::vector<GameState> history;     // states before each human move, for undo
  std::vector<size_t> history_moves;  // log length at those points
  // The log is written now (a path that cannot be written is told before the first move) and
  // again whenever the game stops, however it stops.
  auto save_log = [&](const char* why) {
    if (log_path.empty()) return;
    WriteLogFile(log_path, log);
    if (why != nullptr) fmt::print("{}; the game's log is in {}\n", why, log_path);
  };
  save_log(nullptr);
  // Moves made since the game was last written: quitting asks before losing them.
  size_t edits = 0, saved_edits = 0;
  const auto unsaved = [&] { return log_path.empty() && edits != saved_edits; };
  const bool terminal = isatty(STDIN_FILENO) != 0;
  // Lines typed; at a terminal, edited, recalled with the arrows, and Tab completes the word
  // from the legal moves and the commands.
  LineEditor editor;
  const auto read_line = [&](std::string& line, const std::string& prompt = "") {
    return editor.Read(prompt, line);
  };
  // Leaves the game: its log written, or, when it has none and a player at the terminal made
  // moves since it was last saved, kept among the recent games (a game read from a pipe ends
  // as its input does). Returns the exit code: 128 + the signal that stopped it, or 0.
  const auto stop = [&](const char* why) {
    save_log(why);
    if (unsaved() && terminal) {
      try {
        fmt::print("{}; the game is kept in {} ('tapis play --resume last' brings it back)\n", why,
                   KeepRecentGame(log.ruleset, WriteGameLog(log)));
      } catch (const Error& e) {
        fmt::print("{}; {}\n", why, e.what());
      }
    }
    return interrupted ? InterruptedExit() : 0;
  };
  // A Ctrl-C at a terminal, handled: it stops nothing by itself.
  const auto ctrl_c = [&] {
    if (interrupted != SIGINT || !editor.terminal()) return false;
    interrupted = 0;
    return true;
  };
  // Asked before a game that is not saved is left. At a terminal, Ctrl-D can be answered too.
  // A Ctrl-C (`asked`) asks even when the game is saved: one key pressed too soon.
  const auto may_leave = [&](bool asked = false) {
    if (!unsaved() && !asked) return true;
    if (editor.end_of_input()) {
      if (!terminal) return true;
      editor.ClearEndOfInput();
    }
    std::string answer;
    if (!read_line(answer, unsaved() ? "this game is not saved ('save FILE' keeps it); leave anyway? [y/N] "
                                     : "leave the game? [y/N] ") ||
        interrupted)
      return true;
    answer = Lower(answer);
    if (answer == "y" || answer == "yes") return true;
    fmt::print("the game goes on\n");
    return false;
  };
  // After a read that a signal or the end of input ended, or a signal while the bots played:
  // the exit code when the game is left, or -1 when it goes on (a Ctrl-C answered no).
  const auto leave_or_go_on = [&]() {
    const bool asked = ctrl_c();
    if (interrupted) return stop("\ninterrupted");
    if (!may_leave(asked)) return -1;
    return stop(asked ? "left" : "end of input");
  };
  // Tab offers the legal moves at the move prompt only: at a hot-seat handover they would
  // show the next player's cards to whoever is at the keyboard.
  bool at_move_prompt = false;
  editor.SetCompleter([&](const std::string& before) {
    return at_move_prompt ? NextWords(engine, state, before) : std::vector<std::string>{};
  });
  CatchInterrupt();
  fmt::print("{} — {} players, seed {}. Type 'help' for the legal moves.\n", rules->title, players, seed);
  int last_viewer = -1;
  // Whose eyes the table speaks to: the one human, or the human who saw the screen last (none
  // yet: what is face up only, told as to a seat no player has); with bots alone, everything.
  int only_human = -1;
  for (int p = 0; p < players; ++p) {
    if (!bots[p]) only_human = p;
  }
  const auto viewer = [&] {
    if (humans == 0) return -1;
    if (humans == 1) return only_human;
    return last_viewer >= 0 ? last_viewer : players;
  };
  // A move made in the game (not a bot's trial), the state once its own cards moved kept for
  // narration: a card that went through a face-up zone is named.
  MoveStates moved;
  const auto ApplyTold = [&](const Move& move) {
    engine.CaptureStates(&moved);
    const ApplyResult result = engine.Apply(state, move);
    engine.CaptureStates(nullptr);
    return result;
  };
  const auto remember = [&](const GameState& before, const Move& move) {
    told.push_back(TellSeats(engine, before, state, move, bots, &moved));
  };
  bool show = true;        // the view is shown again only when something changed
  int round_told_to = -1;  // hot seat: the player whose move just ended a round, told how
  // The table as `seat` sees it, the cards that moved since they last saw it in bold (not
  // after a new deal, when every card is new).
  const bool sorted_hands = !options.dealt_order;
  std::vector<std::optional<GameState>> last_seen(players);
  const auto show_view = [&](int seat) {
    std::unordered_set<std::string> moved;
    const std::optional<GameState>& seen = last_seen[seat];
    if (seen && seen->round == state.round) {
      for (size_t z = 0; z < state.zones.size(); ++z) {
        if (!CanSee(engine, state, static_cast<int>(z), seat)) continue;
        const std::vector<CardId>* before = z < seen->zones.size() ? &seen->zones[z].cards : nullptr;
        for (CardId c : state.zones[z].cards) {
          if (before == nullptr || std::find(before->begin(), before->end(), c) == before->end())
            moved.insert(engine.cards().Code(c));
        }
      }
    }
    screen.Print("\n" + RenderView(engine, state, seat, sorted_hands), moved);
    last_seen[seat] = state;
  };

  while (!state.finished) {
    if (interrupted) {  // while the bots played
      if (const int code = leave_or_go_on(); code >= 0) return code;
      continue;
    }
    const int actor = engine.Actor(state);
    const std::vector<Move> legal = engine.LegalMoves(state);
    if (bots[actor]) {
      // A bot that looks ahead may take a while: say so, at a terminal, until it moves.
      const bool thinking = kinds[actor] != "random" && legal.size() > 1 && isatty(STDOUT_FILENO);
      if (thinking) {
        fmt::print("player {} ({}) is thinking…", actor + 1, kinds[actor]);
        std::fflush(stdout);
      }
      const Move m = legal[bots[actor]->Choose(engine, state, legal)];
      if (thinking) fmt::print("\r\033[K");
      const std::string text = MoveText(engine, state, m);
      screen.Print(fmt::format("player {}: {}\n", actor + 1, ToldMoveText(engine, state, m, viewer())));
      log.moves.push_back({actor, text});
      ++edits;
      const GameState before = state;
      const ApplyResult r = ApplyTold(m);
      if (!r.ok) {
        log.moves.pop_back();  // the move was not made
        stop("a script failed");
        throw ScriptError(r.error);
      }
      TellBots(bots, engine, before, m, state);
      Tell(engine, screen, before, moved, state, m, viewer());
      remember(before, m);
      show = true;
      continue;
    }
    std::string line;
    if (last_viewer == actor) round_told_to = -1;  // they read the round's end on their own screen
    if (humans > 1 && last_viewer != actor) {
      // Hot seat: the last player's hand leaves the screen (and, at a terminal, its scrollback)
      // before the next one's shows, once they say they alone are looking.
      const bool private_shown = last_viewer >= 0;
      // A player whose move ended the round reads how it was scored before the screen clears.
      if (private_shown && round_told_to >= 0 && isatty(STDOUT_FILENO)) {
        fmt::print("\n--- player {}: the round is over; press Enter to hand the terminal on ---\n",
                   round_told_to + 1);
        round_told_to = -1;
        if (!read_line(line))
          if (const int code = leave_or_go_on(); code >= 0) return code;
      }
      round_told_to = -1;
      if (private_shown && isatty(STDOUT_FILENO)) fmt::print("\033[H\033[2J\033[3J");
      fmt::print("\n--- hand the terminal to player {}, who presses Enter ---\n", actor + 1);
      if (read_line(line) && !interrupted) {
        if (isatty(STDOUT_FILENO)) fmt::print("\033[H\033[2J\033[3J");
        PrintSinceLastTurn(log, told, actor, screen);
        show = true;
        last_viewer = actor;
      } else if (const int code = leave_or_go_on(); code >= 0) {
        return code;
      }
      continue;
    }
    if (show) show_view(actor);
    show = false;
    screen.Print(DecisionLine(engine, state) + "\n");
    at_move_prompt = true;
    const bool got = read_line(line, "> ");
    at_move_prompt = false;
    if (!got) {
      // Ctrl-C clears what was typed, as a shell does; on an empty line it asks as quit does.
      if (interrupted == SIGINT && !editor.interrupted_line().empty() && ctrl_c()) continue;
      if (const int code = leave_or_go_on(); code >= 0) return code;
      continue;
    }
    const auto first = line.find_first_not_of(" \t");
    line = first == std::string::npos ? "" : line.substr(first);
    if (line.empty()) continue;
    // Commands forgive case and surrounding spaces; moves are read as they are.
    const std::string command = Lower(line.substr(0, line.find_last_not_of(" \t") + 1));
    if (command == "help" || command == "?" || command.rfind("help ", 0) == 0) {
      const auto start = command.find_first_not_of(" \t", 4);
      PrintHelp(engine, state, screen,
                start == std::string::npos ? "" : screen.style().Typed(command.substr(start)), sorted_hands);
      continue;
    }
    if (command.rfind("info ", 0) == 0) {
      PrintCardInfo(engine, screen,
                    screen.style().Typed(command.substr(command.find_first_not_of(" \t", 4))));
      continue;
    }
    if (command == "last") {  // the moves since this seat's last one: a trick, the others' turns
      if (!PrintSinceLastTurn(log, told, actor, screen)) fmt::print("nothing since your last move\n");
      continue;
    }
    if (command == "hint") {  // what the greedy bot would play from this seat's view
      GreedyBot adviser(MixSeed(seed, 0x417));
      screen.Print(
          fmt::format("hint: {}\n", MoveText(engine, state, legal[adviser.Choose(engine, state, legal)])));
      continue;
    }
    if (command == "rules" || command.starts_with("rules ")) {
      const auto start = command.find_first_not_of(" \t", 5);
      PrintRules(*rules, engine.config().Settings(), screen,
                 start == std::string::npos ? "" : command.substr(start));
      continue;
    }
    if (command == "board") {
      show_view(actor);
      continue;
    }
    if (command == "score") {
      PrintScore(engine, state, screen, actor, kinds);
      continue;
    }
    if (command == "quit" || command == "exit") {
      if (!may_leave()) continue;
      return stop("quit");
    }
    if (command == "undo") {
      if (history.empty()) {
        fmt::print("nothing to undo\n");
        continue;
      }
      if (const auto seen = CardsSeenSince(engine, history.back(), state, actor); !seen.empty()) {
        screen.Print(fmt::format("cannot undo: you have seen {} since, which your move decided\n",
                                 fmt::join(seen, " ")));
        continue;
      }
      state = history.back();
      log.moves.resize(history_moves.back());
      told.resize(history_moves.back());
      ++edits;
      history.pop_back();
      history_moves.pop_back();
      fmt::print("undone\n");
      show = true;
      continue;
    }
    if (command == "save" || command == "save!" || command.rfind("save ", 0) == 0 ||
        command.rfind("save! ", 0) == 0) {
      // `save FILE` never replaces a file unawares: `save! FILE` does.
      const bool replace = command.rfind("save!", 0) == 0;
      const auto start = line.find_first_not_of(" \t", replace ? 5 : 4);
      const auto end = line.find_last_not_of(" \t");
      if (start == std::string::npos) {
        fmt::print("{} needs a file name: {} FILE\n", replace ? "save!" : "save", replace ? "save!" : "save");
        continue;
      }
      const std::string file = line.substr(start, end + 1 - start);
      std::error_code ec;
      if (!replace && std::filesystem::exists(std::filesystem::symlink_status(file, ec))) {
        fmt::print("{} exists; 'save! {}' replaces it\n", file, file);
        continue;
      }
      try {
        WriteLogFile(file, log);
        saved_edits = edits;
        fmt::print("saved; resume with: tapis play --resume {}\n", file);
      } catch (const Error& e) {
        fmt::print("{}\n", e.what());
      }
      continue;
    }
    if (const std::string refused = ExtraWordsRefusal(command); !refused.empty()) {
      fmt::print("{}\n", refused);
      continue;
    }
    const ParsedMove parsed = ParseMove(engine, state, screen.style().Typed(line));
    if (!parsed.move) {
      screen.Print(fmt::format("illegal: {}\n", parsed.error));
      continue;
    }
    history.push_back(state);
    history_moves.push_back(log.moves.size());
    const std::string text = MoveText(engine, state, *parsed.move);
    const ApplyResult r = ApplyTold(*parsed.move);
    if (!r.ok) {
      history.pop_back();
      history_moves.pop_back();
      screen.Print(fmt::format("script error (the move was not made): {}\n", r.error));
      continue;
    }
    TellBots(bots, engine, history.back(), *parsed.move, state);
    Tell(engine, screen, history.back(), moved, state, *parsed.move, actor);
    if (history.back().round != state.round) round_told_to = actor;
    remember(history.back(), *parsed.move);
    log.moves.push_back({actor, text});
    ++edits;
    show = true;
  }

  const auto scores = engine.Score(state);
  log.scores = scores;
  screen.Print(fmt::format("\n{}\nscores:\n", RenderView(engine, state, -1, sorted_hands)));
  for (int p = 0; p < players; ++p) fmt::print("  player {} ({}): {}\n", p + 1, kinds[p], scores[p]);
  std::vector<int> winners;
  for (int w : engine.Winners(state, scores)) winners.push_back(w + 1);
  if (winners.empty())
    fmt::print("no winner\n");  // a solitaire lost
  else
    fmt::print("winner: player {}\n", fmt::join(winners, ", player "));
  save_log("game over");
  return 0;
}

}  // namespace tapis::cli
