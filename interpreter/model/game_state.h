// GameState: one game's position as plain, copyable data (DESIGN.md §1). No pointer into
// the ruleset, no Lua object: copy it for undo or look-ahead, write it to a file, compare it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "interpreter/model/catalog.h"

namespace tapis {

// One zone instance: a declared zone for the table, for one player, or one created in play.
// Cards are ordered bottom to top: `cards.back()` is the top of a pile.
struct Zone {
  uint8_t decl = 0;    // index into Ruleset::zones
  int8_t owner = -1;   // seat, or -1 for the table
  uint16_t label = 0;  // dynamic zones: the number in their label (m1, m2…)
  std::vector<CardId> cards;
  std::vector<uint8_t> cells = {};  // grid zones: the cell of each card, in the order of `cards`
  bool operator==(const Zone&) const = default;
};

// A choice the rules put to one player before play goes on (DESIGN.md §4): answer with one
// of the listed move kinds, `remaining` times, or `stop` when it is optional.
struct Decision {
  int8_t player = 0;
  uint32_t moves = 0;  // bit i: move kind i may answer
  int16_t remaining = 1;
  bool optional = false;
  bool costs_actions = false;  // answering uses the turn's actions like a normal move
  int8_t target = -1;          // give: the player who receives
  std::vector<CardId> only;    // when not empty: the only cards that may be used
  int8_t highest = -1;         // a property: only the cards highest in it (wild cards above all)
  bool operator==(const Decision&) const = default;
};

// Whether `card` may be used: any card in a turn (no decision) or when the decision lists none.
inline bool Allowed(const Decision* d, CardId card) {
  return d == nullptr || d->only.empty() || std::find(d->only.begin(), d->only.end(), card) != d->only.end();
}

// Takes `card` out of `cards`, the others keeping their order; nothing if it is not there.
// No branch a card: where a card lies in a hand is as random as the deal, and a search that
// stops at it costs a mispredicted branch on every move of a playout.
inline void RemoveCard(std::vector<CardId>& cards, CardId card) {
  size_t w = 0;
  for (const CardId c : cards) {
    cards[w] = c;
    w += c != card ? 1 : 0;
  }
  cards.erase(cards.begin() + static_cast<std::ptrdiff_t>(w), cards.end());
}

// Takes `card` out of `zone`, a grid or not (its cell goes with it); nothing if it is not there.
void TakeOut(Zone& zone, CardId card);

struct GameState {
  std::vector<Zone> zones;          // fixed instances first, then dynamic ones
  std::vector<int32_t> variables;   // laid out by GameConfig::VariableSlot
  std::vector<Decision> decisions;  // the front one is answered first
  uint64_t rng = 0;                 // the seeded generator's state
  uint32_t moves_played = 0;
  uint32_t turns = 0;
  uint32_t out = 0;                // bit per seat: out of the round, skipped by the turn order
  std::vector<int8_t> declared;    // per card: the value a wild card stands for in play, or -1
  std::vector<int32_t> totals;     // running scores of the match, rounds already counted
  // Per card, when the rules lay tokens (line moves): the seats whose tokens it carries, bottom
  // to top (the top one owns it), and the strength of the hand that put that top token.
  std::vector<std::vector<int8_t>> tokens;
  std::vector<int32_t> claims;
  int16_t last_round_player = -1;  // who was playing when the last round began
  int16_t declared_winner = -1;    // a script may name the winner (end_game)
  uint16_t next_label = 1;
  uint16_t turn_label = 1;  // next_label when the turn began: this turn's melds have labels from it
  uint16_t round = 0;  // 0 for the first round of a match
  int8_t phase = 0;    // index into Ruleset::phases
  int8_t players = 0;
  int8_t turn_player = 0;
  int8_t direction = 1;  // +1: to the left (seat order); -1: to the right
  int8_t actions_left = 0;
  bool end_turn = false;    // the last move ends the turn once decisions are done
  bool round_over = false;  // the round ends once the move is settled
  bool match_over = false;  // …and with it the match (a script ended the game)
  bool finished = false;    // the match is over: totals are final

  bool operator==(const GameState&) const = default;
};

}  // namespace tapis
