// Melds with wild cards: combinations (runs and sets) in which a wild card — a kind whose
// `wild` is the combination's property, such as a Two in a game where Twos are wild —
// stands for a value the move declares (Move::stands). Once laid, the value is kept in
// GameState::declared, so extending a meld and showing it read what each wild card is.
//
// Enumeration is canonical so that the number of legal moves stays small with two packs
// and several wild cards: a new meld uses wild cards only where it lacks a natural card,
// and is longer than the combination's minimum only between natural cards; more wild
// cards can then be added one at a time by extending.
#pragma once

#include <functional>
#include <span>
#include <vector>

#include "interpreter/model/catalog.h"
#include "interpreter/model/game_state.h"
#include "interpreter/model/move.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

class EngineServices;

// True when `cards` form `combo` with each card's value read from `values` (a wild card's
// declared value). At least one card must be natural.
bool IsWildCombination(const CardSet& set, const Combination& combo, std::span<const CardId> cards,
                       std::span<const int> values);

// Calls `emit` once per canonical way the cards of `hand` form `combo`; the move passed
// holds the cards in combination order and what each wild card stands for. With `budget`,
// each way looked at uses one, and the enumeration stops when none is left.
void ForEachWildMeld(const CardSet& set, const Combination& combo, std::span<const CardId> hand,
                     const std::function<void(const Move&)>& emit, int* budget = nullptr);

// Legal `extend` moves of `m` (whose combination has wild cards) for `player`.
void GenerateWildExtends(const EngineServices& engine, const GameState& s, int player, const MoveDecl& m,
                         const Move& base, std::vector<Move>& out);

// Lays the move's cards as new melds of `player`: one per combination of a contract, else one.
void LayMelds(const EngineServices& engine, GameState& s, int player, const Move& move);

// Adds the move's card to the meld it names, keeping what a wild card stands for.
void ExtendMeld(const EngineServices& engine, GameState& s, int player, const Move& move);

}  // namespace tapis
