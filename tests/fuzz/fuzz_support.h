// What the fuzz targets share: bounded play chosen by the input's bytes, and the checks
// that every state reached must pass. A tapis::Error is an answer (a located message), so
// it ends an input quietly; anything else escaping, or a failed check, is a finding.
#pragma once

#include <fuzzer/FuzzedDataProvider.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "interpreter/engine/engine.h"
#include "interpreter/model/errors.h"
#include "interpreter/records/move_text.h"

namespace tapis::fuzz {

[[noreturn]] inline void Finding(const std::string& what) {
  std::fprintf(stderr, "fuzz finding: %s\n", what.c_str());
  std::abort();
}

// No card created or lost: every card of the game is in exactly one zone.
inline void CheckCards(const Engine& engine, const GameState& state) {
  std::vector<int> seen(engine.cards().size(), 0);
  for (const auto& zone : state.zones)
    for (CardId card : zone.cards) {
      if (card >= seen.size()) Finding("a card id out of range");
      if (++seen[card] > 1) Finding("card " + engine.cards().Code(card) + " is in two places");
    }
  for (size_t card = 0; card < seen.size(); ++card)
    if (seen[card] == 0) Finding("card " + engine.cards().Code(static_cast<CardId>(card)) + " was lost");
}

// One text form per move: a legal move's text reads back as a move with the same text.
// Eight moves spread over the list are tried (a Relance turn has thousands).
inline void CheckMoveTexts(Engine& engine, const GameState& state, const std::vector<Move>& moves) {
  const size_t step = std::max<size_t>(1, moves.size() / 8);
  for (size_t i = 0; i < moves.size(); i += step) {
    const Move& move = moves[i];
    const std::string text = MoveText(engine, state, move);
    const ParsedMove parsed = ParseMove(engine, state, text);
    if (!parsed.move) Finding("legal move '" + text + "' does not parse: " + parsed.error);
    if (MoveText(engine, state, *parsed.move) != text) Finding("'" + text + "' reads back as another move");
  }
}

// Plays at most `max_moves` moves from `state`, each chosen by the input's next bytes (the
// first move once they run out), checking every state on the way. A script error ends the
// game, as it ends play.
inline void PlaySome(Engine& engine, GameState& state, FuzzedDataProvider& data, int max_moves) {
  std::vector<Move> moves;
  for (int i = 0; i < max_moves; ++i) {
    CheckCards(engine, state);
    engine.LegalMoves(state, moves);
    if (moves.empty()) break;
    if (i < 3) CheckMoveTexts(engine, state, moves);
    const Move move = moves[data.ConsumeIntegralInRange<size_t>(0, moves.size() - 1)];
    if (!engine.Apply(state, move).ok) break;
  }
  engine.Score(state);
}

}  // namespace tapis::fuzz
