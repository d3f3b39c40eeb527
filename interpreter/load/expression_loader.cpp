#include "interpreter/load/expression_loader.h"

#include <algorithm>

#include "interpreter/load/expression_compiler.h"

namespace tapis {
namespace {

using expression_compiler::Compiled;
using expression_compiler::Compiler;

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
