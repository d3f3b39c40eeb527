// A compiled expression of the rules' small language (docs/rulesets.md#expressions): a
// condition or a number a ruleset writes as text (`when:`, an effect's `if:`, `score:
// formula:`, `match: ends_when:`), checked and compiled once at load (load/expression.h)
// into a flat postfix program that mechanisms/evaluate.h runs on a fixed stack, with no
// allocation. Every value is an int32: a number, a truth (0 or 1), a card (-1: none) or a
// property's value (kNoValue: none).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tapis {

enum class Op : uint8_t {
  kNumber,          // a: the number
  kParameter,       // a: the parameter
  kTableVariable,   // a: the variable
  kPlayerVariable,  // a: the variable, of the player in question
  kPlayers,         // how many play
  kRound,           // the round, from 1
  kSeat,            // the player in question's seat, from 1
  kTotal,           // the player in question's running total (rounds already scored)
  kPhase,           // the phase's index
  kMoveCard,        // the move's (first) card
  kMoveNumber,      // the number a `number` move chose
  kTestedCard,      // the card an aggregate's body is about
  kTop,             // a: the zone; the top card of the player in question's instance
  kCardValue,       // a: the property; pops a card, pushes its value (what a wild card stands for)
  kCardHas,         // a: the property, b: the value; pops a card: whether it has that value
  kCardsShare,      // a: the property; pops two cards: whether they share a value of it
  kCardPoints,      // pops a card: its `card_points`, as a trump while its suit is trumps
  kAdd,
  kSubtract,
  kMultiply,
  kDivide,  // rounds toward zero; by 0: 0
  kModulo,  // by 0: 0
  kNegate,
  kAbs,
  kMin,  // of the two on top
  kMax,
  kEqual,
  kNotEqual,
  kLess,
  kLessEqual,
  kGreater,
  kGreaterEqual,
  kNot,
  kAndJump,     // a: offset: when the top is 0, jumps leaving it, else pops it
  kOrJump,      // a: offset: when the top is 1, jumps leaving it, else pops it
  kJumpUnless,  // a: offset: pops the top, and jumps when it is 0
  kJump,        // a: offset
  // An aggregate over a domain: a: the domain (Domain), b: the zones when over cards (Zones);
  // the body is the `length` instructions that follow, run once per element.
  kAggregate,
  // A pattern among cards: a: the Pattern, and the property times 256; b: the zones (Zones);
  // `sums` and `runs` pop a number first (the total, the shortest run), and `sums` has a body
  // of `length` instructions: each card's number.
  kPattern,
};

// Patterns a group of cards makes, counted as card games count them.
enum class Pattern : uint8_t {
  kSums,    // sums(D, N, T): the different sets of cards whose N adds up to T
  kPairs,   // pairs(D, P): the pairs of cards of one value of P
  kRuns,    // runs(D, P, MIN): the cards of every longest run of MIN or more values of P
  kStreak,  // streak(Z, P): the cards from the top that share the top card's value of P
  kTopRun,  // top_run(Z, P): the most cards from the top that make a run of P, in any order
};

// Patterns read values up to this place in their property's list, and sums up to this total.
inline constexpr int kMaxPatternValues = 256;
inline constexpr int kMaxPatternTotal = 1000;

// Up to four zones read as one (`hand + starter`), a byte each from the lowest, kNoZone after
// the last: the cards of each in turn, the player in question's instance of a zone each owns.
inline constexpr int kMaxUnitedZones = 4;
inline constexpr uint32_t kNoZone = 0xFF;
inline constexpr int32_t OneZone(int zone) {
  return static_cast<int32_t>(0xFFFFFF00u | static_cast<uint32_t>(zone));
}

// What an aggregate ranges over, and how it combines its body's values.
enum class Domain : uint8_t { kCards, kPlayers, kOthers, kTeam };
enum class Fold : uint8_t { kCount, kSum, kMin, kMax, kAny, kAll };

struct Instruction {
  Op op;
  Domain domain = Domain::kCards;
  Fold fold = Fold::kCount;
  int16_t length = 0;  // kAggregate: its body's instructions
  int32_t a = 0, b = 0;
};

struct Expression {
  std::vector<Instruction> code;  // empty: no expression (always true)
  std::string text;               // as the ruleset writes it, for refusals and messages
  int stack = 0;                  // the most values it holds at once
  bool uses_move_card = false;    // it reads the move's card: tested per move, not per kind
  bool empty() const { return code.empty(); }
};

// `when:` on a move: offered only while `test` holds; a refusal says `refusal` (or the test).
struct Condition {
  Expression test;
  std::string refusal;  // as written; empty: the refusal quotes the test
  // The refusal cut at its `{EXPRESSION}`s: literal i, then value i, …, the last literal.
  std::vector<std::string> refusal_text;
  std::vector<Expression> refusal_values;
};

// The deepest an expression's stack may go: nested far enough for any rule a person writes.
inline constexpr int kMaxExpressionStack = 32;

}  // namespace tapis
