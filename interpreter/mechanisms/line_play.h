// Hands laid along grid lines (moves of `type: line`): the player lays one or more cards from
// their hand on empty cells of a segment of a row, column or diagonal, and the whole segment,
// cards already there included, must be exactly one hand of a ranking (hand_rank.h). Every
// card of the segment then gets the player's token on top of its stack (GameState::tokens)
// and remembers the hand's strength; a card whose top token is another player's may be used
// only by a hand that beats the one that put it there (`takeover`). With `strongest`, the
// segment named must be the strongest hand the laid cards make on any segment through them.
//
// Every placement is one move, so the list is bounded by segments × ordered choices of hand
// cards. On a 7×7 grid with 5 cards in hand and segments of 2 to 5 cells, random games list
// about 70 on a turn; the worst, a full house in hand (120 orders on each of the ~60 empty
// segments of 5 cells, and its two pairs, three and pairs besides), about 15,000: a few
// milliseconds to list, so one move rather than several decisions, which would need a
// half-laid hand in the state.
//
// Text: each card with its cell, then the segment from its first cell to its last, both in
// the grid's reading order: `lay 10S@d5 JH@d3 d1-d5`.
#pragma once

#include <string>
#include <vector>

#include "interpreter/model/engine_services.h"
#include "interpreter/model/move.h"

namespace tapis {

// Whether the rules lay tokens, so a state keeps a stack per card.
bool HasTokens(const Ruleset& rules);

// Appends every legal line play of `decl` for `player` to `out`.
void GenerateLines(const EngineServices& engine, const GameState& state, int player, const MoveDecl& decl,
                   Move base, std::vector<Move>& out);

// Lays the cards, then stacks the player's token on every card of the segment.
void PerformLine(const EngineServices& engine, GameState& state, int player, const Move& move);

// `10S@d5 JH@d3 d1-d5`.
std::string LineText(const EngineServices& engine, const Move& move);

// The cells of the move's segment, first to last.
std::vector<int> LineCells(const EngineServices& engine, const Move& move);

// The strength of the hand the move's segment holds once its cards are laid, or kNoHand.
int LineStrength(const EngineServices& engine, const GameState& state, const Move& move);

}  // namespace tapis
