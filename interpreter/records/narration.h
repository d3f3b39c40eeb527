// What a move caused, told as one seat may see it (the table speaks): cards that changed
// zones beyond the move's own (the seat's and face-up cards named, the others counted), a
// trick won, a variable the seat sees that changed, a decision put to the seat, a round's
// end with its scores and the running totals. The engine knows no game: every line comes
// from the difference between the states before and after the move.
#pragma once

#include <string>
#include <vector>

#include "interpreter/engine/engine.h"
#include "interpreter/records/game_log.h"

namespace tapis {

// `viewer` -1 sees everything; a seat number no player has (the player count) sees only
// what is face up. Lines in the order they happened as far as a state's
// difference tells: cards, then variables, then decisions, then the round's end. With
// `states` (Engine::CaptureStates), the cards the move moved and those its effects moved
// are told apart, so that a card that went through a face-up zone is named; and a round's
// end tells what the ruleset announces as it ended (the roles it gave).
std::vector<std::string> Narrate(const Engine& engine, const GameState& before, const GameState& after,
                                 const Move& move, int viewer, const MoveStates* states = nullptr);

// A logged game told as `viewer` saw it: each move as "player N: TEXT", then what it caused,
// indented. Throws as Replay does (`file` names the log in messages).
std::string NarrateGame(const GameLog& log, int viewer, const std::string& file);

}  // namespace tapis
