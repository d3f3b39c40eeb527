// How a ruleset declares its moves (the `moves:` section, docs/rulesets.md#moves): each kind's
// type, zones, effects and the options of its shape (climbing, counting, passing, capturing).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/model/expression.h"
#include "interpreter/model/rule_values.h"

namespace tapis {

inline constexpr size_t kMaxEffectsPerMove = 16;  // the longest `then:` list (a bit each in a mask)
inline constexpr size_t kMaxSetVariables = 16;   // the most variables one `set:` effect writes

// An effect of a move (`then:`): a Lua function, or one the engine knows: ask the mover a
// decision (`ask: MOVE`), skip the next players (`skip: N`), reverse the direction of play.
struct Trigger {
  std::string function;          // Lua function in the ruleset's scripts; empty for the built-ins
  std::vector<CardFilter> when;  // empty: always
  Expression condition;          // `if:` written as an expression: fires while it holds (evaluate.h)
  IntValue enabled{1, -1};       // `enabled: $param`: fires only when the parameter is set
  int ask = -1;                  // a move kind the mover is asked to make next…
  std::string ask_name;          // …by its name
  int skip = 0;                  // players whose turn is passed over (the turn ends)
  bool reverse = false;          // the direction of play turns round
  // `set: {VARIABLE: EXPRESSION}`: variables (a table's, or the mover's own) take the values,
  // all worked out before any is written; `phase: NAME`: play moves to that phase.
  std::vector<std::pair<int, Expression>> set;
  // `for: players|others|team` on a `set:`: a player variable is set for each of those players,
  // each in question in turn, instead of the mover alone.
  enum class For : uint8_t { kMover, kPlayers, kOthers, kTeam } set_for = For::kMover;
  int phase = -1;
  // `move: {from, to}`: every card of `from` onto `to` (the mover's, for a zone each player
  // owns), in their order; from -1: nothing moves.
  struct Gather {
    int from = -1, to = -1;
  } gather;
  // `end: round` or `end: game`: the round ends at once (scored as usual), and the match with it.
  enum class End : uint8_t { kNothing, kRound, kGame } end = End::kNothing;
  // `next: EXPRESSION`: the mover's turn ends and the next turn is that seat's (from 1; a seat
  // out of range changes nothing): the mover again, the taker of an auction.
  Expression next;
  // `penalty:` the next player must draw this many more cards (the penalty adds up in a table
  // variable) with the move `paid_by`, or answer with a card that fires this same effect
  // (mechanisms/penalty.h); `paid_by` -1: no penalty.
  struct Penalty {
    IntValue draw;
    int variable = -1;
    int paid_by = -1;
    std::string paid_by_name;
  } penalty;
  // `lay:` every group of a set combination in the mover's `from` is laid into `to` (lay_groups.h);
  // combination -1: no laying.
  struct Lay {
    int combination = -1;
    int from = -1, to = -1;
  } lay;
  std::string say;           // `say:` what the table tells every seat when it fires (narration.h)
  std::string Name() const;  // the function, or the built-in as written (`ask nominate`)
};

// `count:` the engine counts the moves of a kind in a table variable: every move of the
// round, of the player's own turn (answers to decisions aside), or in a row (any other move
// sets it back to 0, and so does one made while `while_empty` holds cards). At `max` the
// move is no longer offered; at `ends_round_at` the round ends.
struct MoveCount {
  enum class Per { kRound, kTurn, kRow };
  int variable = -1;  // a table variable; -1: the move is not counted
  Per per = Per::kRound;
  bool has_max = false, has_end = false;
  IntValue max, ends_round_at;
  int while_empty = -1;  // kRow: a zone that must be empty for the move to count
};

// draw: top card, unseen; take: a chosen card; meld: a combination into a new zone;
// extend: a card onto a created zone; play: a set onto a pile, beating its top (climbing);
// give: a card to the player a decision names; pass: nothing; trick: a card to the trick,
// following the `tricks:` rules; number: a number in a range (a bid), kept in a variable;
// place: a card on a grid's cell; line: cards on empty cells of a segment of a grid line that
// makes a hand (line_play.h); choose: one of a list of words (a suit nominated), no card
// moves; match: cards that combine with the pile's top as the top says (match_play.h);
// pass_cards: a card set aside for a player the round's direction names (passing.h);
// capture: a card that takes table cards of its value, or adding up to it (capture.h);
// take_trump: the turned card's suit taken as trumps, or another named later (trump_bid.h);
// ask: another player hands over every card of a value the mover names (ask.h);
// pick: one card, unseen, from another player's hand (pick.h).
enum class MoveType {
  kDraw,
  kTake,
  kMeld,
  kExtend,
  kPlay,
  kGive,
  kPass,
  kTrick,
  kNumber,
  kPlace,
  kChoose,
  kMatch,
  kLine,
  kPassCards,
  kCapture,
  kTakeTrump,
  kAsk,
  kPick
};

// Where a `pass_cards` move's cards go, a round: to the next seat (left), the one before
// (right), the one opposite, or nowhere (no passing that round).
enum class PassDirection : int8_t { kNone, kLeft, kRight, kAcross };

// How a play must compare with the top of the pile it goes on.
enum class Beat { kAny, kAtLeast, kAbove };

// `climb:` on a `play` move (climbing games, mechanisms/climb.h): the engine keeps who
// played last onto the pile, how many cards, and the passes since, in table variables the
// ruleset declares. The pile is cleared into `clear_to` (on top, or turned over under it)
// when every other player still in has passed (the player whose turn comes leads on a clear
// pile), or at once after a play of a `clear_with` value (its player leads again).
struct Climb {
  int last = -1;                       // table variable: the seat (from 1) of the last play, 0 when none
  int size = -1;                       // table variable: the cards of the last play, 0 when none
  int passes = -1;                     // table variable: passes since the last play
  int pass = -1;                       // the move kind that passes: counted, and not offered on an empty pile
  std::string pass_name;               // …by its name, resolved once every move is read
  bool lead_may_pass = false;          // the pass is offered on an empty pile too
  bool clear_under = false;            // cleared cards go face down under `clear_to`, the top one lowest
  IntValue clear_enabled{1, -1};       // `clear_enabled: $param`: whether clear_with clears
  int clear_to = -1;                   // table zone the cleared pile goes to (on top); -1: not cleared
  bool same_size = false;              // a play has as many cards as the one it beats
  std::vector<CardFilter> clear_with;  // a play of these values clears the pile at once
  bool Used() const { return last >= 0; }
};

// `take_trump` (trump_bid.h): a bid for trumps, in turns from the round's first seat. The first
// time round, a player takes the suit of the card turned up in the move's `from`, or passes
// (the `pass` move); with `second_round`, once all have passed, each may name another suit.
// The taker takes the turned card into `to`, every hand is dealt up to `up_to` from
// `complete_from`, play moves to `next_phase`, and the round's first seat leads. When all
// have passed every time round, the deal is thrown in (the round ends, and nobody took).
struct TrumpBid {
  int taker = -1;   // table variable: the seat (from 1) that took, 0 while nobody has
  int passes = -1;  // table variable: the passes of the round's bidding so far
  int pass = -1;    // the move kind that passes
  std::string pass_name;
  IntValue second_round{1, -1};  // once all have passed: each may name another suit (bool)
  int complete_from = -1;        // table zone the hands are completed from; -1: not completed
  IntValue up_to{0, -1};         // the cards each hand holds once completed
  // `pick_up: dealer`: the turned card goes to the dealer (the seat before the round's first)
  // when its suit is taken the first time round, not to the taker; a suit named later leaves it.
  // Bytes beside the IntValues' padding: the struct keeps its size (MoveDecl's stride).
  bool dealer_picks_up = false;
  int8_t discard = -1;  // with it: the move kind the dealer must then make (a card put back)
};

// `knock:` on a `take` move (knock.h): the card goes only when the cards left in `from` count at
// most `max` points of deadwood over the combinations `melds`; the move then ends the round,
// and the table variable `knocker` holds the seat (from 1) that knocked.
struct Knock {
  std::vector<int> melds;  // indexes into Ruleset::combinations
  IntValue max{0, -1};
  int knocker = -1;  // table variable; 0 at each round's start
  bool Used() const { return knocker >= 0; }
};

// `keep:` on a draw or a take (keep.h): the card the move took may not leave `to` again this
// turn; the table variable `into` holds 1 + its id (0: none), cleared as each turn starts.
struct Keep {
  int into = -1;
  IntValue enabled{1, -1};  // off: nothing is kept (a parameter may turn the rule off)
  bool Used() const { return into >= 0; }
};

struct MoveDecl {
  std::string name;
  std::string description;
  MoveType type = MoveType::kPass;
  int from = -1;  // zone declaration index
  int to = -1;
  int refill_from = -1;  // after taking, refill `from` with the top of this zone
  int combination = -1;
  int cost = 1;  // actions used
  bool ends_turn = false;
  bool pick_next = false;       // pick: only from the next player who holds cards (`from_seat: next`)
  IntValue onto_others{0, -1};  // extend: also onto other players' zones (bool)
  // meld: the melds of this kind laid in one turn differ in this property (a property index,
  // or -1). Given as a choice parameter, distinct_choices maps its value to a property, or -1.
  IntValue distinct_in_turn{-1, -1};
  std::vector<int> distinct_choices;
  Beat beat = Beat::kAny;     // play: against the pile's top value
  Climb climb;                // play: the pile's passes and clearing (`climb:`)
  double bot_weight = 1;      // how often the random bot picks this kind of move, relative to others
  bool in_turn = true;        // offered on the player's own turn (not only as a decision)
  uint32_t phases = ~0u;      // bit i: offered in phase i (all phases by default)
  std::vector<Trigger> then;  // the effects called after the move, in order (then: [a, b])
  // number moves: the range, where the answer is kept, a value refused (bids).
  IntValue min_number{0, -1}, max_number{0, -1};
  Expression min_expression,
      max_expression;  // `min:`/`max:` as expressions, for the mover (an auction's "above the best bid")
  int max_cards = -1;         // the range ends at the cards in this zone of the player instead
  int into = -1;              // player variable the number is written to
  int except = -1;            // table variable: this value is not offered (-1: none)
  int next_phase = -1;  // once every player has answered (`into` set), or a take_trump took, play moves to it
  IntValue not_total{0, -1};  // the last to answer may not make the answers add up to max
  int adjacent = 0;           // place: 0 any cell; 1 next to a card orthogonally; 2 in any of 8 directions
  std::vector<std::string> options;  // choose: the words one may choose (Move::value indexes them)
  int option_property = -1;          // choose: the property whose values are the options, or -1
  std::string text;  // how the move is written, with {name}, {cards}, {option}; empty: "{name} {cards}"
  std::string say;   // `say:` what the table tells every seat after the move: "{player} takes the pile"
  // meld: lay one of these lists of fixed-size combinations at once, picked by the player's
  // variable `contract_by` (1 = the first list); see contract.h
  std::vector<std::vector<int>> contracts;
  int contract_by = -1;
  std::vector<CardFilter> cards;  // when not empty: only cards that pass may be used
  // `when:` offered only while every condition holds, for the mover (and the move's card,
  // when a condition reads it).
  std::vector<Condition> when;
  int match_by = -1;              // match: the top's property that chooses the rule…
  std::vector<int> match_for;     // …by its value: an index into Ruleset::matches, or -1
  // line moves (line_play.h): the segment laid must be a hand of `hand`, `segment_min` to
  // `segment_max` cells long; with `tokens`, each of its cards gets the player's token.
  int hand = -1;  // index into Ruleset::hands
  int8_t segment_min = 2, segment_max = 5;
  // capture: the card may be laid although it could take (`optional`); it may take several
  // groups at once, each a card of its value or cards adding up to it (`several`). Bytes, so
  // that a move's declaration keeps its size (docs/performance.md).
  ByteFlag capture_optional, capture_several;
  int tokens = -1;               // player variable: tokens left, one used per card of the segment
  IntValue takeover{0, -1};      // a Takeover: what beats the hand that put an opponent's token
  IntValue strongest{1, -1};     // only the strongest hand the laid cards make may be named (bool)
  bool fallback = false;         // offered only when no other move of the player's turn is
  uint32_t fallback_unless = 0;  // `fallback: [kinds]`: offered only when no move of these kinds is
  // take: the card must share a value of one of these properties with the top of `to` (what
  // a wild card on top was declared to stand for), or be wild for one of them (`follow:`)
  std::vector<int> follow;
  int declares = -1;  // choose: the option becomes what the top card of this zone stands for
  MoveCount count;
  // pass_cards (passing.h): each round starts by asking every player for `pass_size` cards of
  // `from`, set aside in their `to`; then each player's go into `deliver` of the player the
  // round's direction names (`pass_directions[round % size]`).
  IntValue pass_size{0, -1};
  int deliver = -1;
  std::vector<PassDirection> pass_directions;
  // capture (capture.h): the played card takes table cards of `to` into the player's
  // `capture_won`, by the numbers of property `capture_by` (its n-th value counts n).
  int capture_won = -1;
  int capture_by = -1;
  int capture_sweep = -1;  // player variable: +1 when a capture empties the table (not the round's last play)
  int capture_last =
      -1;  // table variable: the seat (from 1) that captured last; takes what is left at the end
  int ask_by = -1;     // ask: the property whose value is asked for
  TrumpBid trump_bid;  // take_trump (also `next_phase`)
  Knock knock;         // take: going out with little deadwood
  Keep keep;           // draw, take: the card taken stays this turn
};

}  // namespace tapis
