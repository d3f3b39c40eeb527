// What `tapis play` prints besides the table and the moves: the decision line under the
// prompt, and the commands that are not moves (help, info, rules, score).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "cli/screen.h"
#include "interpreter/engine/engine.h"

namespace tapis::cli {

std::string Lower(std::string text);
// "player 2, your turn (1 action(s) left)", or the decision put to the player.
std::string DecisionLine(const Engine& engine, const GameState& state);
// The legal moves, each once as it may be typed (the first few of each kind when there are
// many), and the commands; with `filter`, only the moves whose text holds each of its words,
// case aside (`help 8c`, `help lay AD`). With `sorted`, the one-card moves of a kind come in
// the order the view sorts a hand.
void PrintHelp(Engine& engine, const GameState& state, const Screen& screen, const std::string& filter = "",
               bool sorted = true);
// A card's properties, decoded from its code: "9MoSu: rank 9; suit Moons, Suns".
void PrintCardInfo(const Engine& engine, const Screen& screen, const std::string& code);
// The ruleset's rules for players (`rules:`), each section laid out to read, then its
// parameters as `settings` has them; with `section`, only the sections whose names start
// with it, case aside (`rules scoring`).
void PrintRules(const Ruleset& rules, const std::map<std::string, std::string>& settings,
                const Screen& screen, const std::string& section = "");
// A command given words it does not take (`quit now`), which is no move either: what to say
// ("'quit' takes nothing after it: type quit"); empty for any other line.
std::string ExtraWordsRefusal(const std::string& command);
// The words that may follow `before` in a typed line: the first words of the legal moves and
// the commands, then the next word of each legal move that `before` begins (Tab completes them).
std::vector<std::string> NextWords(Engine& engine, const GameState& state, const std::string& before);
// The totals of the rounds played, and what the table shows of this round so far (its score
// as it stands, with `match: live_score`).
void PrintScore(Engine& engine, const GameState& state, const Screen& screen, int viewer,
                const std::vector<std::string>& kinds);

}  // namespace tapis::cli
