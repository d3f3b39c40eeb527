#include "interpreter/load/expression_compiler.h"

#include <fmt/format.h>

#include <algorithm>

namespace tapis::expression_compiler {
namespace {

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

}  // namespace

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

double MostCards(const Ruleset& r) {
  auto most = [&](const IntValue& v) {
    return static_cast<double>(v.parameter < 0 ? v.literal : r.parameters[v.parameter].max);
  };
  double cards = static_cast<double>(r.deck_kinds.size()) * std::max(1.0, most(r.deck_copies));
  for (const auto& extra : r.deck_extra) cards += std::max(0.0, most(extra.count));
  return std::min(cards, static_cast<double>(kMaxCards));
}

Compiled Compiler::Top(const SyntaxNode& n) {
  Compiled c = Compile(n);
  const Type::Kind wanted = place_.truth ? Type::Kind::kTruth : Type::Kind::kNumber;
  if (c.type.kind != wanted)
    Fail(n, place_.truth
                ? fmt::format("this is {}, not a condition; compare it (count(hand) > 0)", TypeName(c.type))
                : fmt::format("this is {}, not a number", TypeName(c.type)));
  return c;
}

void Compiler::Fail(const SyntaxNode& n, const std::string& why) { throw ExpressionError(n.at, why); }

std::string Compiler::Describe(const Type& t) const {
  if (t.kind == Type::Kind::kValue) return "a " + r_.catalog.properties()[t.of].name;
  return TypeName(t);
}

std::vector<std::string> Compiler::KnownNames() const {
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

Compiled Compiler::Name(const SyntaxNode& n) {
  const std::string& name = n.text;
  if (name == "true" || name == "false")
    return Leaf({Type::Kind::kTruth}, {Op::kNumber, {}, {}, 0, name == "true"});
  if (CardInQuestion()) {
    if (const int p = r_.catalog.PropertyIndex(name); p >= 0) {
      Compiled c{{Type::Kind::kValue, p}, {CardInQuestionCode(), {Op::kCardValue, {}, {}, 0, p}}, 1, true};
      return c;
    }
    if (name == "points") return {{Type::Kind::kNumber}, {CardInQuestionCode(), {Op::kCardPoints}}, 1, false};
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

void Compiler::NeedPlayer(const SyntaxNode& n, const std::string& name) const {
  if (!PlayerInQuestion())
    Fail(n, fmt::format("'{}' is each player's, and no player is in question here: say whose, as in "
                        "any(players, {} …)",
                        name, name));
}

Compiled Compiler::Parameter(const SyntaxNode& n) {
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

int Compiler::LiteralFor(const SyntaxNode& n, const Type& t) const {
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

std::vector<std::string> Compiler::Words(const Type& t) const {
  if (t.kind == Type::Kind::kValue) return r_.catalog.properties()[t.of].values;
  if (t.kind == Type::Kind::kPhase) return r_.phases;
  if (t.kind == Type::Kind::kChoice) return r_.parameters[t.of].choices;
  return {};
}

std::string Compiler::WordsName(const Type& t) const {
  if (t.kind == Type::Kind::kValue) return r_.catalog.properties()[t.of].name + "s";
  if (t.kind == Type::Kind::kPhase) return "phases";
  return fmt::format("${}'s choices", r_.parameters[t.of].name);
}

bool Compiler::LooksLiteral(const SyntaxNode& n) {
  if (n.kind == SyntaxNode::Kind::kNumber || n.kind == SyntaxNode::Kind::kQuoted) return true;
  if (n.kind != SyntaxNode::Kind::kName) return false;
  try {
    Name(n);
    return false;
  } catch (const ExpressionError&) {
    return true;
  }
}

bool Compiler::Worded(const Type& t) {
  return t.kind == Type::Kind::kValue || t.kind == Type::Kind::kPhase || t.kind == Type::Kind::kChoice;
}

Compiled Compiler::Comparison(const SyntaxNode& n) {
  const SyntaxNode* left = &n.children[0];
  const SyntaxNode* right = &n.children[1];
  std::string op = n.text;
  // `H == card.suit`: the word on the left, read once the right says of what.
  if (LooksLiteral(*left) && !LooksLiteral(*right)) {
    std::swap(left, right);
    op = Mirrored(op);
  }
  Compiled l = Compile(*left);
  if (Worded(l.type) &&
      (right->kind == SyntaxNode::Kind::kQuoted || LiteralFor(*right, l.type) >= 0 || LooksLiteral(*right))) {
    const int value = LiteralFor(*right, l.type);
    if (value < 0)
      Fail(*right, fmt::format("'{}' is not one of the {}: {}", right->text, WordsName(l.type),
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
  if (placed && op != "==" && op != "!=") Fail(n, fmt::format("'{}' has no order here: only == and !=", op));
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

void Compiler::Append(Compiled& to, const Compiled& from) {
  to.code.insert(to.code.end(), from.code.begin(), from.code.end());
}

Compiled Compiler::Expect(const SyntaxNode& n, Type::Kind kind, const char* why) {
  Compiled c = Compile(n);
  if (c.type.kind != kind) Fail(n, fmt::format("{}; this is {}", why, TypeName(c.type)));
  return c;
}

Compiled Compiler::Binary(const SyntaxNode& n) {
  const std::string& op = n.text;
  if (IsComparison(op)) return Comparison(n);
  if (op == "and" || op == "or") {
    Compiled l = Expect(n.children[0], Type::Kind::kTruth, fmt::format("'{}' joins conditions", op).c_str());
    Compiled r = Expect(n.children[1], Type::Kind::kTruth, fmt::format("'{}' joins conditions", op).c_str());
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

Compiled Compiler::Dot(const SyntaxNode& n) {
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

Compiled Compiler::Compile(const SyntaxNode& n) {
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

}  // namespace tapis::expression_compiler
