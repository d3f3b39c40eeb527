// The compiler of the rules' expressions (docs/rulesets.md#expressions), shared by the files
// that make it: expression_compiler.cpp (names, types, operators, comparisons) and
// expression_calls.cpp (functions, their domains, the patterns among cards). Internal to load/:
// the rest of the loader uses expression_loader.h.
#pragma once

#include <string>
#include <vector>

#include "interpreter/load/expression_loader.h"
#include "interpreter/load/expression_parser.h"

namespace tapis::expression_compiler {

// What an expression gives: a number, a truth, a card, a property's value, a phase, a choice.
struct Type {
  enum class Kind { kNumber, kTruth, kCard, kValue, kPhase, kChoice };
  Kind kind = Kind::kNumber;
  int of = -1;  // kValue: the property; kChoice: the parameter
};

// An expression compiled so far: its type, its code, and how deep its stack goes.
struct Compiled {
  Type type;
  std::vector<Instruction> code;
  int depth = 1;            // the most values it holds at once
  bool card_value = false;  // code is a card, then kCardValue: a comparison may test the card instead
};

const char* TypeName(const Type& t);

// The most cards a game of these rules may hold, whatever its parameters (for the cost bound).
double MostCards(const Ruleset& r);

// The most cards and players an expression may read each time it is tested: aggregates
// within aggregates multiply, and a rule tested on every move must stay cheap.
inline constexpr double kMaxExpressionReads = 1'000'000;

// The functions an expression may call, for "did you mean".
inline constexpr const char* kFunctions[] = {"count", "sum",   "min",    "max",    "any",
                                             "all",   "top",   "points", "abs",    "if",
                                             "sums",  "pairs", "runs",   "streak", "top_run"};

// Checks the names and types of a parsed expression and compiles it; throws ExpressionError.
class Compiler {
 public:
  Compiler(const Ruleset& r, const ExpressionPlace& place)
      : r_(r), place_(place), most_cards_(MostCards(r)) {}

  Compiled Top(const SyntaxNode& n);

 private:
  [[noreturn]] static void Fail(const SyntaxNode& n, const std::string& why);

  // "a rank", "a number": what a value is, for messages.
  std::string Describe(const Type& t) const;

  bool CardInQuestion() const { return card_body_ || place_.move_card; }
  bool PlayerInQuestion() const { return player_body_ || place_.player; }

  static Compiled Leaf(Type type, Instruction in) { return {type, {in}, 1, false}; }

  // The card bare properties speak of: the card an aggregate's body is about, else the move's.
  Instruction CardInQuestionCode() const { return {card_body_ ? Op::kTestedCard : Op::kMoveCard}; }

  std::vector<std::string> KnownNames() const;

  Compiled Name(const SyntaxNode& n);

  void NeedPlayer(const SyntaxNode& n, const std::string& name) const;

  Compiled Parameter(const SyntaxNode& n);

  // A literal on the other side of a value: the index of the word among what `t` may be, or -1.
  int LiteralFor(const SyntaxNode& n, const Type& t) const;

  std::vector<std::string> Words(const Type& t) const;

  std::string WordsName(const Type& t) const;

  // A word that names nothing by itself: a value's name once the other side says of what.
  bool LooksLiteral(const SyntaxNode& n);

  static bool Worded(const Type& t);

  Compiled Comparison(const SyntaxNode& n);

  static void Append(Compiled& to, const Compiled& from);

  Compiled Expect(const SyntaxNode& n, Type::Kind kind, const char* why);

  Compiled Binary(const SyntaxNode& n);

  // The first argument of an aggregate: a zone's cards (several zones joined by `+`: `hand +
  // starter`), or players.
  struct DomainOf {
    Domain domain;
    int zone = -1;        // the first zone
    int32_t zones = 0;    // every zone (Zones in expression.h)
    bool united = false;  // more than one
  };
  static std::vector<int> Unpack(int32_t zones);
  DomainOf ReadDomain(const SyntaxNode& n, const std::string& function) const;

  bool NamesDomain(const SyntaxNode& n) const;

  // A body run once per card, giving a number or a condition; `reads` cards per test.
  Compiled Body(const SyntaxNode& n, const SyntaxNode& body_node, bool over_cards, bool truth);

  // sums, pairs, runs, streak, top_run: patterns among cards (expression.h).
  Compiled PatternCall(const SyntaxNode& n, Pattern pattern);

  Compiled Aggregate(const SyntaxNode& n, Fold fold, const SyntaxNode* body_node);

  void Arguments(const SyntaxNode& n, size_t low, size_t high, const char* shape) const;

  Compiled Call(const SyntaxNode& n);

  Compiled Dot(const SyntaxNode& n);

  Compiled Compile(const SyntaxNode& n);

  const Ruleset& r_;
  const ExpressionPlace& place_;
  const double most_cards_;
  bool card_body_ = false;
  bool player_body_ = false;
  double reads_ = 1;  // the reads of one test of the body being compiled: its domains multiplied
};

}  // namespace tapis::expression_compiler
