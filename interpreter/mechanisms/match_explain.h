// What a match play (match_play.h) means to a player: the words it spells, and why one is
// refused. Apart from the play generator, which runs in every playout: only `help` and a
// refused move call these.
#pragma once

#include <string>
#include <vector>

#include "interpreter/model/engine_services.h"
#include "interpreter/model/move.h"

namespace tapis {

// The words a play of a `word:` rule spells with the card on top (at most `limit`, in upper
// case, the first the index finds); none for other plays: what `help` shows beside the play.
std::vector<std::string> SpelledWords(const EngineServices& engine, const GameState& state, const Move& move,
                                      size_t limit = 3);

// Why `cards` (with `declared[i]` what card i was typed to stand for, JK=U, or "") make no
// legal play of `decl` now, in the player's words: "the card on top, A8t2J, asks for letters
// that spell a word with its A: B spells none"; "" when they make the set (then what is
// wrong is elsewhere: the card left on top, a script).
std::string WhyNotMatch(const EngineServices& engine, const GameState& state, const MoveDecl& decl,
                        const std::vector<CardId>& cards, const std::vector<std::string>& declared);

// What the card on top of `decl`'s pile asks the next play of `player` for, in a player's
// words: "the top card, E9t3B, asks for cards whose numbers add up to 11 with its 9
// (eleven)"; "" when the pile is empty or its top asks for nothing.
std::string MatchDemand(const EngineServices& engine, const GameState& state, const MoveDecl& decl,
                        int player);

// A match play as the table reads it, from the state before it: the rule it followed and how
// ("eleven: 9 + 1 + 1 = 11", "anagram: AUX", "band: all piano", "puzzle: every piece once");
// "" for another move.
std::string MatchPlayTold(const EngineServices& engine, const GameState& before, const Move& move);

}  // namespace tapis
