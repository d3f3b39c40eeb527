#include "interpreter/load/expression_loader.h"

#include <algorithm>

#include "interpreter/load/expression_parser.h"

namespace tapis {
namespace {

struct Type {
  enum class Kind { kNumber, kTruth, kCard, kValue, kPhase, kChoice };
  Kind kind = Kind::kNumber;
  int of = -1;  // kValue: the property; kChoice: the parameter
};

struct Compiled {
  Type type;
  std::vector<Instruction> code;
  int depth = 1;            // the most values it holds at once
  bool card_value = false;  // code is a card, then kCardValue: a comparison may test the card instead
};

const char* TypeName(const Type& t) {
  switch (t.kind) {
    case Type::Kind::kNumber:
      return "a number";
    case Type::Kind::kTruth:
      return "a condition";
    case Type::Kind::kCard:
      return "a card";
    case Type::Kind::kValue:
      return "a card's property";  // Compiler::Describe names which
    case Type::Kind::kPhase:
      return "a phase";
    case Type::Kind::kChoice:
      return "a choice";
  }
  return "";
}

bool IsComparison(const std::string& op) {
  return op == "==" || op == "!=" || op == "<" || op == "<=" || op == ">" || op == ">=";
}

Op ComparisonOp(const std::string& op) {
  if (op == "==") return Op::kEqual;
  if (op == "!=") return Op::kNotEqual;
  if (op == "<") return Op::kLess;
  if (op == "<=") return Op::kLessEqual;
  if (op == ">") return Op::kGreater;
  return Op::kGreaterEqual;
}

// `a < b` read from the other side: `b > a`.
std::string Mirrored(const std::string& op) {
  if (op == "<") return ">";
  if (op == ">") return "<";
  if (op == "<=") return ">=";
  if (op == ">=") return "<=";
  return op;
}

constexpr const char* kFunctions[] = {"count", "sum", "min",    "max", "any",
                                      "all",   "top", "points", "abs", "if"};

// The most cards a game of these rules may hold, whatever its parameters (for the cost bound).
double MostCards(const Ruleset& r) {
  auto most = [&](const IntValue& v) {
    return static_cast<double>(v.parameter < 0 ? v.literal : r.parameters[v.parameter].max);
  };
  double cards = static_cast<double>(r.deck_kinds.size()) * std::max(1.0, most(r.deck_copies));
  for (const auto& extra : r.deck_extra) cards += std::max(0.0, most(extra.count));
  return std::min(cards, static_cast<double>(kMaxCards));
}

// The most cards and players an expression may read each time it is tested: aggregates
// within aggregates multiply, and a rule tested on every move must stay cheap.
inline constexpr double kMaxExpressionReads = 1'000'000;

class Compiler {
 public:
  Compiler(const Ruleset& r, const ExpressionPlace& place)
      : r_(r), place_(place), most_cards_(MostCards(r)) {}

  Compiled Top(const SyntaxNode& n) {
    Compiled c = Compile(n);
    const Type::Kind wanted = place_.truth ? Type::Kind::kTruth : Type::Kind::kNumber;
    if (c.type.kind != wanted)
      Fail(n, place_.truth
                  ? fmt::format("this is {}, not a condition; compare it (count(hand) > 0)", TypeName(c.type))
                  : fmt::format("this is {}, not a number", TypeName(c.type)));
    return c;
  }

 private:
  [[noreturn]] static void Fail(const SyntaxNode& n, const std::string& why) {
    throw ExpressionError(n.at, why);
  }

  // "a rank", "a number": what a value is, for messages.
  std::string Describe(const Type& t) const {
    if (t.kind == Type::Kind::kValue) return "a " + r_.catalog.properties()[t.of].name;
    return TypeName(t);
  }

  bool CardInQuestion() const { return card_body_ || place_.move_card; }
  bool PlayerInQuestion() const { return player_body_ || place_.player; }

  static Compiled Leaf(Type type, Instruction in) { return {type, {in}, 1, false}; }

  // The card bare properties speak of: the card an aggregate's body is about, else the move's.
  Instruction CardInQuestionCode() const { return {card_body_ ? Op::kTestedCard : Op::kMoveCard}; }

  std::vector<std::string> KnownNames() const {
    std::vector<std::string> names = {"true", "false", "players", "round"};
    if (PlayerInQuestion()) names.insert(names.end(), {"seat", "total"});
    if (!r_.phases.empty()) names.emplace_back("phase");
    if (place_.move_card) names.emplace_back("card");
    if (place_.move_number) names.emplace_back("number");
    if (CardInQuestion()) {
      names.emplace_back("points");
      for (const Property& p : r_.catalog.properties()) names.push_back(p.name);
    }
    for (const VariableDecl& v : r_.variables) names.push_back(v.name);
    return names;
  }

  Compiled Name(const SyntaxNode& n) {
    const std::string& name = n.text;
    if (name == "true" || name == "false")
      return Leaf({Type::Kind::kTruth}, {Op::kNumber, {}, {}, 0, name == "true"});
    if (CardInQuestion()) {
      if (const int p = r_.catalog.PropertyIndex(name); p >= 0) {
        Compiled c{{Type::Kind::kValue, p}, {CardInQuestionCode(), {Op::kCardValue, {}, {}, 0, p}}, 1, true};
        return c;
      }
      if (name == "points")
        return {{Type::Kind::kNumber}, {CardInQuestionCode(), {Op::kCardPoints}}, 1, false};
    }
    if (name == "number" && place_.move_number) return Leaf({Type::Kind::kNumber}, {Op::kMoveNumber});
    if (name == "card") {
      if (!place_.move_card) Fail(n, fmt::format("{}: there is no move's card here", place_.key));
      return Leaf({Type::Kind::kCard}, {Op::kMoveCard});
    }
    if (const int v = r_.VariableIndex(name); v >= 0) {
      if (r_.variables[v].owner == Owner::kTable)
        return Leaf({Type::Kind::kNumber}, {Op::kTableVariable, {}, {}, 0, v});
      NeedPlayer(n, name);
      return Leaf({Type::Kind::kNumber}, {Op::kPlayerVariable, {}, {}, 0, v});
    }
    if (name == "players") return Leaf({Type::Kind::kNumber}, {Op::kPlayers});
    if (name == "round") return Leaf({Type::Kind::kNumber}, {Op::kRound});
    if (name == "seat" || name == "total") {
      NeedPlayer(n, name);
      return Leaf({Type::Kind::kNumber}, {name == "seat" ? Op::kSeat : Op::kTotal});
    }
    if (name == "phase" && !r_.phases.empty()) return Leaf({Type::Kind::kPhase}, {Op::kPhase});
    if (r_.ZoneIndex(name) >= 0)
      Fail(n, fmt::format("'{}' is a zone: count({}), top({}) or points({})", name, name, name, name));
    if (r_.catalog.PropertyIndex(name) >= 0)
      Fail(n, fmt::format("'{}' is a card's property, and no card is in question here: write card.{}, "
                          "top(ZONE).{}, or count(ZONE, {} == …)",
                          name, name, name, name));
    if (std::find(std::begin(kFunctions), std::end(kFunctions), name) != std::end(kFunctions))
      Fail(n, fmt::format("'{}' is a function: {}(…)", name, name));
    Fail(n, fmt::format("unknown name '{}'; {}", name, Suggest(name, KnownNames(), "names here")));
  }

  void NeedPlayer(const SyntaxNode& n, const std::string& name) const {
    if (!PlayerInQuestion())
      Fail(n, fmt::format("'{}' is each player's, and no player is in question here: say whose, as in "
                          "any(players, {} …)",
                          name, name));
  }

  Compiled Parameter(const SyntaxNode& n) {
    const int p = r_.ParameterIndex(n.text);
    if (p < 0)
      Fail(n, fmt::format("unknown parameter '${}'; {}", n.text,
                          Suggest(n.text, Names(r_.parameters), "parameters")));
    const Parameter::Type type = r_.parameters[p].type;
    if (type == Parameter::Type::kFile) Fail(n, fmt::format("${} is a file: it has no value here", n.text));
    const Type t = type == Parameter::Type::kBool     ? Type{Type::Kind::kTruth}
                   : type == Parameter::Type::kChoice ? Type{Type::Kind::kChoice, p}
                                                      : Type{Type::Kind::kNumber};
    return Leaf(t, {Op::kParameter, {}, {}, 0, p});
  }

  // A literal on the other side of a value: the index of the word among what `t` may be, or -1.
  int LiteralFor(const SyntaxNode& n, const Type& t) const {
    if (n.kind != SyntaxNode::Kind::kName && n.kind != SyntaxNode::Kind::kNumber &&
        n.kind != SyntaxNode::Kind::kQuoted)
      return -1;
    if (t.kind == Type::Kind::kValue) return r_.catalog.properties()[t.of].ValueIndex(n.text);
    if (t.kind == Type::Kind::kPhase) return r_.PhaseIndex(n.text);
    if (t.kind == Type::Kind::kChoice) {
      const auto& choices = r_.parameters[t.of].choices;
      const auto it = std::find(choices.begin(), choices.end(), n.text);
      return it == choices.end() ? -1 : static_cast<int>(it - choices.begin());
    }
    return -1;
  }

  std::vector<std::string> Words(const Type& t) const {
    if (t.kind == Type::Kind::kValue) return r_.catalog.properties()[t.of].values;
    if (t.kind == Type::Kind::kPhase) return r_.phases;
    if (t.kind == Type::Kind::kChoice) return r_.parameters[t.of].choices;
    return {};
  }

  std::string WordsName(const Type& t) const {
    if (t.kind == Type::Kind::kValue) return r_.catalog.properties()[t.of].name + "s";
    if (t.kind == Type::Kind::kPhase) return "phases";
    return fmt::format("${}'s choices", r_.parameters[t.of].name);
  }

  // A word that names nothing by itself: a value's name once the other side says of what.
  bool LooksLiteral(const SyntaxNode& n) {
    if (n.kind == SyntaxNode::Kind::kNumber || n.kind == SyntaxNode::Kind::kQuoted) return true;
    if (n.kind != SyntaxNode::Kind::kName) return false;
    try {
      Name(n);
      return false;
    } catch (const ExpressionError&) {
      return true;
    }
  }

  static bool Worded(const Type& t) {
    return t.kind == Type::Kind::kValue || t.kind == Type::Kind::kPhase || t.kind == Type::Kind::kChoice;
  }

  Compiled Comparison(const SyntaxNode& n) {
    const SyntaxNode* left = &n.children[0];
    const SyntaxNode* right = &n.children[1];
    std::string op = n.text;
    // `H == card.suit`: the word on the left, read once the right says of what.
    if (LooksLiteral(*left) && !LooksLiteral(*right)) {
      std::swap(left, right);
      op = Mirrored(op);
    }
    Compiled l = Compile(*left);
    if (Worded(l.type) && (right->kind == SyntaxNode::Kind::kQuoted || LiteralFor(*right, l.type) >= 0 ||
                           LooksLiteral(*right))) {
      const int value = LiteralFor(*right, l.type);
      if (value < 0)
        Fail(*right,
             fmt::format("'{}' is not one of the {}: {}", right->text, WordsName(l.type),
                         Words(l.type).size() <= 24 ? Join(Words(l.type))
                                                    : Suggest(right->text, Words(l.type), "they are")));
      if (l.card_value && (op == "==" || op == "!=")) {  // any of a card's values (a card of two suits)
        l.code.back() = {Op::kCardHas, {}, {}, 0, l.type.of, value};
        if (op == "!=") l.code.push_back({Op::kNot});
      } else {
        l.code.push_back({Op::kNumber, {}, {}, 0, value});
        l.code.push_back({ComparisonOp(op)});
        l.depth = std::max(l.depth, 2);
      }
      l.type = {Type::Kind::kTruth};
      l.card_value = false;
      return l;
    }
    Compiled r = Compile(*right);
    // A variable may hold a value's place (the trumps' suit): compared as the place.
    const bool placed = (l.type.kind == Type::Kind::kValue && r.type.kind == Type::Kind::kNumber) ||
                        (l.type.kind == Type::Kind::kNumber && r.type.kind == Type::Kind::kValue);
    if (placed && op != "==" && op != "!=")
      Fail(n, fmt::format("'{}' has no order here: only == and !=", op));
    const bool same = placed || (l.type.kind == r.type.kind && l.type.of == r.type.of);
    if (!same) Fail(n, fmt::format("'{}' compares {} with {}", n.text, Describe(l.type), Describe(r.type)));
    if (l.type.kind == Type::Kind::kCard) Fail(n, "compare what the cards have: card.rank == top(pile).rank");
    if ((l.type.kind == Type::Kind::kTruth || l.type.kind == Type::Kind::kPhase ||
         l.type.kind == Type::Kind::kChoice) &&
        op != "==" && op != "!=")
      Fail(n, fmt::format("'{}' has no order here: only == and !=", op));
    Compiled out{{Type::Kind::kTruth}, std::move(l.code), std::max(l.depth, 1 + r.depth), false};
    if (!placed && l.card_value && r.card_value && (op == "==" || op == "!=")) {  // two cards sharing a value
      out.code.pop_back();
      r.code.pop_back();
      Append(out, r);
      out.code.push_back({Op::kCardsShare, {}, {}, 0, l.type.of});
      if (op == "!=") out.code.push_back({Op::kNot});
      return out;
    }
    Append(out, r);
    out.code.push_back({ComparisonOp(op)});
    return out;
  }

  static void Append(Compiled& to, const Compiled& from) {
    to.code.insert(to.code.end(), from.code.begin(), from.code.end());
  }

  Compiled Expect(const SyntaxNode& n, Type::Kind kind, const char* why) {
    Compiled c = Compile(n);
    if (c.type.kind != kind) Fail(n, fmt::format("{}; this is {}", why, TypeName(c.type)));
    return c;
  }

  Compiled Binary(const SyntaxNode& n) {
    const std::string& op = n.text;
    if (IsComparison(op)) return Comparison(n);
    if (op == "and" || op == "or") {
      Compiled l =
          Expect(n.children[0], Type::Kind::kTruth, fmt::format("'{}' joins conditions", op).c_str());
      Compiled r =
          Expect(n.children[1], Type::Kind::kTruth, fmt::format("'{}' joins conditions", op).c_str());
      l.code.push_back(
          {op == "and" ? Op::kAndJump : Op::kOrJump, {}, {}, 0, static_cast<int32_t>(r.code.size())});
      Append(l, r);
      l.depth = std::max(l.depth, r.depth);
      return l;
    }
    Compiled l = Expect(n.children[0], Type::Kind::kNumber, fmt::format("'{}' works on numbers", op).c_str());
    Compiled r = Expect(n.children[1], Type::Kind::kNumber, fmt::format("'{}' works on numbers", op).c_str());
    l.depth = std::max(l.depth, 1 + r.depth);
    Append(l, r);
    const Op code = op == "+"   ? Op::kAdd
                    : op == "-" ? Op::kSubtract
                    : op == "*" ? Op::kMultiply
                    : op == "/" ? Op::kDivide
                                : Op::kModulo;
    l.code.push_back({code});
    return l;
  }

  // The first argument of an aggregate: a zone's cards, or players.
  struct DomainOf {
    Domain domain;
    int zone = -1;
  };
  DomainOf ReadDomain(const SyntaxNode& n, const std::string& function) const {
    if (n.kind == SyntaxNode::Kind::kName) {
      if (n.text == "players") return {Domain::kPlayers};
      if (n.text == "others" || n.text == "team") {
        NeedPlayer(n, n.text);
        return {n.text == "team" ? Domain::kTeam : Domain::kOthers};
      }
      if (const int z = r_.ZoneIndex(n.text); z >= 0) {
        if (r_.zones[z].owner == Owner::kPlayer) NeedPlayer(n, n.text);
        if (r_.zones[z].dynamic)
          Fail(n, fmt::format("'{}' is made in play, one per meld: no one zone", n.text));
        return {Domain::kCards, z};
      }
    }
    std::vector<std::string> names = {"players", "others", "team"};
    for (const ZoneDecl& z : r_.zones) names.push_back(z.name);
    Fail(n, fmt::format("{}(…) counts over a zone's cards or players; {}", function,
                        n.kind == SyntaxNode::Kind::kName ? Suggest(n.text, names, "zones")
                                                          : "name one: " + Join(names)));
  }

  bool NamesDomain(const SyntaxNode& n) const {
    return n.kind == SyntaxNode::Kind::kName &&
           (n.text == "players" || n.text == "others" || n.text == "team" || r_.ZoneIndex(n.text) >= 0);
  }

  Compiled Aggregate(const SyntaxNode& n, Fold fold, const SyntaxNode* body_node) {
    const DomainOf d = ReadDomain(n.children[0], n.text);
    Instruction head{Op::kAggregate, d.domain, fold, 0, 0, d.zone};
    Compiled out{
        {fold == Fold::kAny || fold == Fold::kAll ? Type::Kind::kTruth : Type::Kind::kNumber}, {}, 1, false};
    if (body_node == nullptr) {
      out.code.push_back(head);
      return out;
    }
    const bool card_body = card_body_, player_body = player_body_;
    if (d.domain == Domain::kCards)
      card_body_ = true;
    else
      player_body_ = true;
    const double reads = reads_;
    reads_ *= d.domain == Domain::kCards ? most_cards_ : kMaxPlayers;
    if (reads_ > kMaxExpressionReads)
      Fail(n, fmt::format("{}(…) within others may read {:.0f} cards or players each time it is tested; at "
                          "most {:.0f}",
                          n.text, reads_, kMaxExpressionReads));
    const bool truth = fold == Fold::kCount || fold == Fold::kAny || fold == Fold::kAll;
    Compiled body = Expect(*body_node, truth ? Type::Kind::kTruth : Type::Kind::kNumber,
                           truth ? fmt::format("{}(…)'s second part is a condition", n.text).c_str()
                                 : fmt::format("{}(…)'s second part is a number", n.text).c_str());
    card_body_ = card_body;
    player_body_ = player_body;
    reads_ = reads;
    if (body.code.size() > INT16_MAX) Fail(n, "too long");
    head.length = static_cast<int16_t>(body.code.size());
    out.code.push_back(head);
    Append(out, body);
    out.depth = std::max(1, body.depth);
    return out;
  }

  void Arguments(const SyntaxNode& n, size_t low, size_t high, const char* shape) const {
    if (n.children.size() < low || n.children.size() > high) Fail(n, fmt::format("write {}", shape));
  }

  Compiled Call(const SyntaxNode& n) {
    const std::string& f = n.text;
    if (f == "count") {
      Arguments(n, 1, 2, "count(ZONE), count(ZONE, CONDITION) or count(players, CONDITION)");
      if (n.children.size() == 2) return Aggregate(n, Fold::kCount, &n.children[1]);
      if (ReadDomain(n.children[0], f).domain == Domain::kCards) return Aggregate(n, Fold::kCount, nullptr);
      const SyntaxNode always{SyntaxNode::Kind::kName, "true", 0, n.at, {}};  // count(players)
      return Aggregate(n, Fold::kCount, &always);
    }
    if (f == "any" || f == "all") {
      Arguments(n, 2, 2, fmt::format("{}(ZONE or players, CONDITION)", f).c_str());
      return Aggregate(n, f == "any" ? Fold::kAny : Fold::kAll, &n.children[1]);
    }
    if (f == "sum") {
      Arguments(n, 2, 2, "sum(ZONE or players, NUMBER)");
      return Aggregate(n, Fold::kSum, &n.children[1]);
    }
    if (f == "min" || f == "max") {
      if (n.children.size() == 2 && NamesDomain(n.children[0]))
        return Aggregate(n, f == "min" ? Fold::kMin : Fold::kMax, &n.children[1]);
      Arguments(n, 2, 16,
                fmt::format("{}(A, B, …) of numbers, or {}(ZONE or players, NUMBER)", f, f).c_str());
      Compiled out = Expect(n.children[0], Type::Kind::kNumber, fmt::format("{}(…) of numbers", f).c_str());
      for (size_t i = 1; i < n.children.size(); ++i) {
        Compiled next =
            Expect(n.children[i], Type::Kind::kNumber, fmt::format("{}(…) of numbers", f).c_str());
        out.depth = std::max(out.depth, 1 + next.depth);
        Append(out, next);
        out.code.push_back({f == "min" ? Op::kMin : Op::kMax});
      }
      return out;
    }
    if (f == "if") {  // if(COND, A, B): A where COND holds, else B, of one type
      Arguments(n, 3, 3, "if(CONDITION, THEN, ELSE)");
      Compiled out = Expect(n.children[0], Type::Kind::kTruth, "if(…)'s first part is a condition");
      const Compiled yes = Compile(n.children[1]);
      const Compiled no = Compile(n.children[2]);
      if (yes.type.kind != no.type.kind || yes.type.of != no.type.of)
        Fail(n, fmt::format("if(…) gives {} or {}: both must be of one kind", Describe(yes.type),
                            Describe(no.type)));
      out.code.push_back({Op::kJumpUnless, {}, {}, 0, static_cast<int32_t>(yes.code.size() + 1)});
      Append(out, yes);
      out.code.push_back({Op::kJump, {}, {}, 0, static_cast<int32_t>(no.code.size())});
      Append(out, no);
      out.depth = std::max({out.depth, yes.depth, no.depth});
      out.type = yes.type;
      return out;
    }
    if (f == "abs") {
      Arguments(n, 1, 1, "abs(NUMBER)");
      Compiled out = Expect(n.children[0], Type::Kind::kNumber, "abs(…) of a number");
      out.code.push_back({Op::kAbs});
      return out;
    }
    if (f == "top") {
      Arguments(n, 1, 1, "top(ZONE)");
      const DomainOf d = ReadDomain(n.children[0], f);
      if (d.domain != Domain::kCards) Fail(n.children[0], "top(ZONE): the card on top of a zone");
      return Leaf({Type::Kind::kCard}, {Op::kTop, {}, {}, 0, d.zone});
    }
    if (f == "points") {
      Arguments(n, 1, 1, "points(CARD) or points(ZONE)");
      if (NamesDomain(n.children[0])) {  // the cards' points added up
        const DomainOf d = ReadDomain(n.children[0], f);
        if (d.domain != Domain::kCards) Fail(n.children[0], "points(ZONE): a zone's cards' points");
        Compiled out{{Type::Kind::kNumber},
                     {{Op::kAggregate, Domain::kCards, Fold::kSum, 2, 0, d.zone},
                      {Op::kTestedCard},
                      {Op::kCardPoints}},
                     1,
                     false};
        return out;
      }
      Compiled out = Expect(n.children[0], Type::Kind::kCard, "points(CARD) or points(ZONE)");
      out.code.push_back({Op::kCardPoints});
      out.type = {Type::Kind::kNumber};
      return out;
    }
    Fail(n, fmt::format("unknown function '{}'; {}", f,
                        Suggest(f, std::vector<std::string>(std::begin(kFunctions), std::end(kFunctions)),
                                "functions")));
  }

  Compiled Dot(const SyntaxNode& n) {
    Compiled card = Compile(n.children[0]);
    if (card.type.kind != Type::Kind::kCard)
      Fail(n, fmt::format("'.{}' reads a card's property; this is {}", n.text, TypeName(card.type)));
    const int p = r_.catalog.PropertyIndex(n.text);
    if (p < 0)
      Fail(n, fmt::format("cards have no property '{}'; {}", n.text,
                          Suggest(n.text, Names(r_.catalog.properties()), "properties")));
    card.code.push_back({Op::kCardValue, {}, {}, 0, p});
    card.type = {Type::Kind::kValue, p};
    card.card_value = true;
    return card;
  }

  Compiled Compile(const SyntaxNode& n) {
    Compiled c;
    switch (n.kind) {
      case SyntaxNode::Kind::kNumber:
        c = Leaf({Type::Kind::kNumber}, {Op::kNumber, {}, {}, 0, n.number});
        break;
      case SyntaxNode::Kind::kQuoted:
        Fail(n, fmt::format("'{}' is a word: compare a property, the phase or a choice with it", n.text));
      case SyntaxNode::Kind::kName:
        c = Name(n);
        break;
      case SyntaxNode::Kind::kParameter:
        c = Parameter(n);
        break;
      case SyntaxNode::Kind::kCall:
        c = Call(n);
        break;
      case SyntaxNode::Kind::kDot:
        c = Dot(n);
        break;
      case SyntaxNode::Kind::kUnary:
        if (n.text == "not") {
          c = Expect(n.children[0], Type::Kind::kTruth, "'not' turns a condition round");
          c.code.push_back({Op::kNot});
        } else {
          c = Expect(n.children[0], Type::Kind::kNumber, "'-' works on numbers");
          c.code.push_back({Op::kNegate});
        }
        c.card_value = false;
        break;
      case SyntaxNode::Kind::kBinary:
        c = Binary(n);
        break;
    }
    if (c.depth > kMaxExpressionStack) Fail(n, "too deep: it holds too many values at once");
    return c;
  }

  const Ruleset& r_;
  const ExpressionPlace& place_;
  const double most_cards_;
  bool card_body_ = false;
  bool player_body_ = false;
  double reads_ = 1;  // the reads of one test of the body being compiled: its domains multiplied
};

bool ReadsMoveCard(const std::vector<Instruction>& code) {
  return std::any_of(code.begin(), code.end(), [](const Instruction& in) { return in.op == Op::kMoveCard; });
}

// The expression `text`, written at `node` (a part of it, for a refusal's `{…}`).
Expression CompileAt(const YamlReader& reader, const YAML::Node& node, const std::string& text,
                     const Ruleset& rules, const ExpressionPlace& place) {
  try {
    Compiled c = Compiler(rules, place).Top(ParseExpression(text));
    Expression e;
    e.code = std::move(c.code);
    e.text = text;
    e.stack = c.depth;
    e.uses_move_card = ReadsMoveCard(e.code);
    return e;
  } catch (const ExpressionError& error) {
    reader.Fail(node, fmt::format("{}: '{}': {}{}", place.key, text, error.what(),
                                  text.size() > 12 ? fmt::format(" (at character {})", error.at + 1) : ""));
  }
}

// A refusal's words and the numbers it quotes: "bid at least {best + 1}".
void ReadRefusal(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules,
                 const ExpressionPlace& place, Condition& c) {
  c.refusal = reader.As<std::string>(node);
  ExpressionPlace number = place;
  number.key = "refusal";
  number.truth = false;
  std::string literal;
  for (size_t at = 0; at < c.refusal.size();) {
    const size_t open = c.refusal.find_first_of("{}", at);
    if (open == std::string::npos) {
      literal += c.refusal.substr(at);
      break;
    }
    const size_t close = c.refusal.find('}', open + 1);
    if (c.refusal[open] == '}' || close == std::string::npos)
      reader.Fail(node, fmt::format("refusal: a '{}' without its pair; a number is quoted as {{EXPRESSION}}",
                                    c.refusal[open]));
    literal += c.refusal.substr(at, open - at);
    c.refusal_text.push_back(std::move(literal));
    literal.clear();
    c.refusal_values.push_back(
        CompileAt(reader, node, c.refusal.substr(open + 1, close - open - 1), rules, number));
    at = close + 1;
  }
  c.refusal_text.push_back(std::move(literal));
}

}  // namespace

Expression ReadExpression(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules,
                          const ExpressionPlace& place) {
  return CompileAt(reader, node, reader.As<std::string>(node), rules, place);
}

std::vector<Condition> ReadConditions(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules,
                                      const ExpressionPlace& place) {
  std::vector<Condition> out;
  auto one = [&](const YAML::Node& item) {
    Condition c;
    if (item.IsMap()) {
      reader.CheckKeys(item, {"test", "refusal"});
      c.test = ReadExpression(reader, reader.Required(item, "test"), rules, place);
      if (item["refusal"]) ReadRefusal(reader, item["refusal"], rules, place, c);
    } else {
      c.test = ReadExpression(reader, item, rules, place);
    }
    out.push_back(std::move(c));
  };
  if (node.IsSequence()) {
    for (const YAML::Node& item : node) one(item);
  } else {
    one(node);
  }
  return out;
}

}  // namespace tapis
