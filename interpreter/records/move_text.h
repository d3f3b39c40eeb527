// One text form per move (DESIGN.md §5): `draw`, `choose 7H`, `meld AS KS QS`,
// `extend JH m2`, `stop`. Printing and parsing round-trip; the CLI, logs and tests use it.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "interpreter/engine/engine.h"

namespace tapis {

// The words of a typed line, as spaces part them.
std::vector<std::string> Words(std::string_view text);

std::string MoveText(const Engine& engine, const GameState& state, const Move& move);

// Whether `viewer` (-1: every eye) may not learn the move's cards: a card taken, given or
// passed from a zone they do not see into one they do not see. Such a move is told without
// them (ToldMoveText), and bots do not learn where those cards went.
bool MoveCardsSecret(const Engine& engine, const GameState& before, const Move& move, int viewer);

// The move as `viewer` is told it: its text, its cards counted when they are secret to them
// (`pass a card`).
std::string ToldMoveText(const Engine& engine, const GameState& before, const Move& move, int viewer);

// The label players use for a zone instance: `m2` for a meld, the zone's name otherwise.
std::string ZoneLabel(const Engine& engine, const GameState& state, int zone);

struct ParsedMove {
  std::optional<Move> move;
  std::string error;  // why the text is not a legal move now, when `move` is empty
};

// Reads `text` as one of the legal moves of `state`; says why when it is not one.
ParsedMove ParseMove(Engine& engine, const GameState& state, std::string_view text);

}  // namespace tapis
