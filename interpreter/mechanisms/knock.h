// Knocking (`knock:` on a `take` move, docs/rulesets.md#knocking): a player ends the round by
// discarding a card when the cards left count little deadwood, the points left out of their
// best arrangement into melds (deadwood.h). The round is then scored knocker against each other
// player (`score: {knock: …}`): the lower deadwood wins the difference, after the others lay
// cards off onto the knocker's melds; a knock with none left is a gin, with a bonus and no
// laying off; a player who counts no more than the knocker undercuts, with a bonus.
#pragma once

#include <string>
#include <vector>

#include "interpreter/model/engine_services.h"
#include "interpreter/model/move.h"

namespace tapis {

// The cards that knocked from the hand last looked at: a turn lists its moves more than once
// (is there a move, which moves), and the hand is the same each time. One per engine.
struct KnockCache {
  int kind = -1;  // the knock move's kind; -1: nothing kept
  long long most = 0;
  std::vector<CardId> hand, knocks;
};

// Keeps, of the take moves `out[first…]` of the knock move of kind `kind`, those whose card
// leaves `player`'s `from` with deadwood no more than the knock's `max`.
void KeepKnocks(const EngineServices& engine, const GameState& state, int player, int kind,
                std::vector<Move>& out, size_t first, KnockCache& cache);

// Why knocking with `card` is refused ("" when it is not): the deadwood the cards left count.
std::string WhyNotKnocking(const EngineServices& engine, const GameState& state, int player,
                           const MoveDecl& move, CardId card);

// After the card is taken: the knocker is written down (the round ends once the move's
// effects have run).
void NoteKnock(const EngineServices& engine, GameState& state, int player, const MoveDecl& move);

// For bots, a round that a knock will score weighs each player's hand by its deadwood (less
// is better) while the round is played: adds minus half each player's deadwood to `values`.
void AddKnockStanding(const EngineServices& engine, const GameState& state, std::vector<int>& values);

// At a round's start: nobody has knocked.
void ResetKnocks(const EngineServices& engine, GameState& state);

// `score: {knock: …}`: adds each player's points for the round a knock ended (none when
// nobody knocked). With `told`, the lines that say how: the knocker's melds, what each
// other player lays off, who scores what.
void ScoreKnock(const EngineServices& engine, const GameState& state, std::vector<int>& scores,
                std::vector<std::string>* told);

}  // namespace tapis
