// Plays that combine with the card on top of a pile (moves of `type: match`): the top's
// value of one property (`by:`) picks a match rule (match_rule.h), and the legal plays are
// every set of hand cards that makes it with the top, wild cards declared, times the card
// the player leaves on top. The text names the cards as a set, marks the one left on top
// with `^` and says what each wild card stands for: `play E4P2R^ S3T1V JK=U`.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "interpreter/model/engine_services.h"
#include "interpreter/model/move.h"

namespace tapis {

// The match rule (index into Ruleset::matches) a play of `decl` must follow now, or -1
// when the pile is empty or its top names none.
int ActiveMatchRule(const EngineServices& engine, const GameState& state, const MoveDecl& decl, int player);

// About this many plays of one match move are listed at most (the set under way adds its
// tops): a bound on memory and time that no dealt hand reaches, where a hand of dozens of
// cards with several jokers could make millions.
inline constexpr size_t kMaxMatchPlays = 100'000;

// Appends every legal match play of `decl` for `player` to `out`, at most kMaxMatchPlays.
void GenerateMatches(const EngineServices& engine, const GameState& state, int player, const MoveDecl& decl,
                     Move base, std::vector<Move>& out);

// The legal moves offer one declaration of wild cards per set (the highest numbers, one
// word's letters…). `offered`'s cards declared as the typed `words` say instead (the move's
// text in upper case, its cards in any order: `PLAY U4T3R^ JK=E`), when they still make the
// set; nullopt when the words name other cards, another top or a set that does not hold.
std::optional<Move> RedeclaredMatch(const EngineServices& engine, const GameState& state, const Move& offered,
                                    const std::vector<std::string>& words);

// Moves the play's cards onto the pile in the move's order (its last card ends on top).
void PerformMatch(const EngineServices& engine, GameState& state, int player, const Move& move);

// The play's text: cards in order, `=VALUE` after a wild card, `^` after the card on top.
std::string MatchText(const EngineServices& engine, const GameState& state, const Move& move);

// Whether `card` stands for any value of `property` (a joker for it, or for every property).
bool IsWild(const CardSet& set, CardId card, int property);

// Whether `card` passes every one of `filters` (a move's `cards:`).
bool CardPasses(const CardSet& set, const std::vector<CardFilter>& filters, CardId card);

}  // namespace tapis
