// Determinisation (DESIGN.md §6): a whole state that one player cannot tell from the real
// one. The cards they cannot see are dealt again at random into the zones they cannot see,
// each zone keeping its size, the cards they know the place of (knowledge.h) staying
// there and no zone getting a suit it is known to lack; the random generator is replaced,
// so the future of every face-down pile and shuffle is drawn again too.
//
// The result depends only on what the player sees, their knowledge and `rng`: the unseen
// cards are gathered in card order before they are dealt, so exchanging unseen cards in
// the real state changes nothing (tests/determinize_test.cpp proves it).
#pragma once

#include <cstdint>

#include "interpreter/bots/knowledge.h"
#include "interpreter/engine/engine.h"

namespace tapis {

GameState Determinize(Engine& engine, const GameState& state, const Knowledge& knowledge, uint64_t& rng);

}  // namespace tapis
