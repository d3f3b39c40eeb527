// Why a typed move is not legal now, in the player's words (the rule that refuses it); for
// ParseMove (move_text.h). Each returns "" when its rule does not refuse the move.
#pragma once

#include <string>
#include <vector>

#include "interpreter/engine/engine.h"
#include "interpreter/mechanisms/follow.h"

namespace tapis {

// The first `when:` condition of `decl` that fails for the player acting now, in the ruleset's
// words (its `refusal:`, else "it needs TEXT"): of the conditions that read the move's card
// with `card` (a card id), of the others with -1; "" when none fails.
std::string WhyNotWhen(const Engine& engine, const GameState& state, const MoveDecl& decl, int card);

// A move kind not offered now: the counted or waiting rule that keeps it out.
std::string WhyNotOffered(const Engine& engine, const GameState& state, int kind,
                          const std::vector<Move>& legal);
// A card refused by `follow:`: what the card on top asks for.
std::string WhyNotFollowing(const Engine& engine, const GameState& state, const MoveDecl& decl,
                            const TopToFollow& top, CardId card);
// A set refused by `type: play` (climbing): which of its rules the cards break.
std::string WhyNotPlaying(const Engine& engine, const GameState& state, const MoveDecl& decl,
                          const std::vector<CardId>& cards, int declared);
// `value` refused by the number move `decl` (its range, the last bidder's rule).
std::string WhyNotNumber(const Engine& engine, const GameState& state, const MoveDecl& decl, int value);
// An ask typed that is not legal: the seat, the value, or the rule it breaks (`ask p2 Q`).
// Why a typed `pick pN` is refused: the form, a seat that is not another player's, a hand
// empty, or not the next player who holds cards.
std::string WhyNotPick(const Engine& engine, const GameState& state, const MoveDecl& decl,
                       const std::vector<std::string>& words);
std::string WhyNotAsk(const Engine& engine, const GameState& state, const MoveDecl& decl,
                      const std::vector<std::string>& words);
// "; did you mean D7?" when a card's code has the letters `typed` in another order.
std::string SameLettersHint(const Catalog& catalog, const std::string& typed);
// A whole number written alone ("3", "-1"); false for anything else ("3a", "").
bool ParseInt(const std::string& word, int& value);

}  // namespace tapis
