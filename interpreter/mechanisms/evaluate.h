// Runs a compiled expression (model/expression.h) against a game's state: the number, or the
// truth (0 or 1), it has for one player, and for one move's card where a move is in question.
#pragma once

#include "interpreter/model/engine_services.h"
#include "interpreter/model/expression.h"
#include "interpreter/model/move.h"

namespace tapis {

// Who and what an expression speaks of: its player's zones and variables (bare names), and
// the move's card (`card`, and bare properties outside an aggregate's body); -1: none.
struct Scope {
  int player = 0;
  int card = -1;
  int number = 0;  // the number a `number` move chose, or the cards an `ask` got (`number`)
};

// The scope of `move` made by `player`: its first card, its number (for an ask, whose value
// is the one asked for, the cards handed over).
inline Scope MoveScope(int player, const Move& move) {
  return {player, move.count > 0 ? move.cards[0] : -1, move.target >= 0 ? move.count : move.value};
}

int Evaluate(const EngineServices& engine, const GameState& state, const Expression& expression, Scope scope);

// Whether every condition holds (the first that fails in `failed`, when it is not null).
bool AllHold(const EngineServices& engine, const GameState& state, const std::vector<Condition>& conditions,
             Scope scope, const Condition** failed = nullptr);

}  // namespace tapis
