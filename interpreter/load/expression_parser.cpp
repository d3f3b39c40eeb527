#include "interpreter/load/expression_parser.h"

#include <fmt/format.h>

#include <cctype>
#include <charconv>

namespace tapis {
namespace {

struct Token {
  enum class Kind { kEnd, kNumber, kName, kParameter, kQuoted, kSymbol };
  Kind kind = Kind::kEnd;
  std::string text;
  int at = 0;
};

bool NameChar(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

std::vector<Token> Tokens(std::string_view s) {
  std::vector<Token> out;
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    const int at = static_cast<int>(i);
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      ++i;
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t j = i;
      while (j < s.size() && NameChar(s[j])) ++j;
      out.push_back({Token::Kind::kNumber, std::string(s.substr(i, j - i)), at});
      i = j;
    } else if (NameChar(c)) {
      size_t j = i;
      while (j < s.size() && NameChar(s[j])) ++j;
      out.push_back({Token::Kind::kName, std::string(s.substr(i, j - i)), at});
      i = j;
    } else if (c == '$') {
      size_t j = i + 1;
      while (j < s.size() && NameChar(s[j])) ++j;
      if (j == i + 1) throw ExpressionError(at, "'$' starts a parameter's name: $packs");
      out.push_back({Token::Kind::kParameter, std::string(s.substr(i + 1, j - i - 1)), at});
      i = j;
    } else if (c == '\'' || c == '"') {
      const size_t close = s.find(c, i + 1);
      if (close == std::string_view::npos) throw ExpressionError(at, fmt::format("no closing {}", c));
      out.push_back({Token::Kind::kQuoted, std::string(s.substr(i + 1, close - i - 1)), at});
      i = close + 1;
    } else {
      static constexpr std::string_view kTwo[] = {"==", "!=", "<=", ">="};
      std::string symbol(1, c);
      for (std::string_view two : kTwo) {
        if (s.substr(i, 2) == two) symbol = std::string(two);
      }
      if (symbol == "=")
        throw ExpressionError(at, "'=' alone: compare with '==' (or '!=', '<', '<=', '>', '>=')");
      if (symbol.size() == 1 && std::string_view("()+-*/%<>,.").find(c) == std::string_view::npos)
        throw ExpressionError(at, fmt::format("'{}' is not part of the language", symbol));
      out.push_back({Token::Kind::kSymbol, symbol, at});
      i += symbol.size();
    }
  }
  out.push_back({Token::Kind::kEnd, "", static_cast<int>(s.size())});
  return out;
}

// Binding strength of a binary operator (higher binds tighter), 0 for none.
int Strength(const Token& t) {
  if (t.kind == Token::Kind::kName) return t.text == "or" ? 1 : t.text == "and" ? 2 : 0;
  if (t.kind != Token::Kind::kSymbol) return 0;
  const std::string& s = t.text;
  if (s == "==" || s == "!=" || s == "<" || s == "<=" || s == ">" || s == ">=") return 3;
  if (s == "+" || s == "-") return 4;
  if (s == "*" || s == "/" || s == "%") return 5;
  return 0;
}

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  SyntaxNode Whole() {
    SyntaxNode node = Binary(1);
    if (Peek().kind != Token::Kind::kEnd)
      throw ExpressionError(Peek().at, fmt::format("'{}' where the expression should end", Peek().text));
    return node;
  }

 private:
  const Token& Peek() const { return tokens_[next_]; }
  Token Take() { return tokens_[next_++]; }
  bool IsSymbol(const char* s) const { return Peek().kind == Token::Kind::kSymbol && Peek().text == s; }
  void Expect(const char* s, const char* what) {
    if (!IsSymbol(s)) throw ExpressionError(Peek().at, fmt::format("expected '{}' {}", s, what));
    Take();
  }

  SyntaxNode Binary(int min_strength) {
    SyntaxNode left = Unary();
    for (;;) {
      const int strength = Strength(Peek());
      if (strength < min_strength || strength == 0) return left;
      const Token op = Take();
      SyntaxNode right = Binary(strength + 1);
      if (strength == 3 && Strength(Peek()) == 3)
        throw ExpressionError(Peek().at, "comparisons do not chain: write a < b and b < c");
      SyntaxNode node{SyntaxNode::Kind::kBinary, op.text, 0, op.at, {}};
      node.children.push_back(std::move(left));
      node.children.push_back(std::move(right));
      left = std::move(node);
    }
  }

  SyntaxNode Unary() {
    if (IsSymbol("-") || (Peek().kind == Token::Kind::kName && Peek().text == "not")) {
      const Token op = Take();
      Nest nest(*this, op.at);
      SyntaxNode node{SyntaxNode::Kind::kUnary, op.text, 0, op.at, {}};
      node.children.push_back(op.text == "not" ? Binary(3) : Unary());
      return node;
    }
    SyntaxNode node = Primary();
    while (IsSymbol(".")) {
      const Token dot = Take();
      if (Peek().kind != Token::Kind::kName)
        throw ExpressionError(Peek().at, "a property's name after '.': top(pile).suit");
      SyntaxNode access{SyntaxNode::Kind::kDot, Take().text, 0, dot.at, {}};
      access.children.push_back(std::move(node));
      node = std::move(access);
    }
    return node;
  }

  SyntaxNode Primary() {
    const Token t = Take();
    switch (t.kind) {
      case Token::Kind::kNumber: {
        int value = 0;
        const auto [end, error] = std::from_chars(t.text.data(), t.text.data() + t.text.size(), value);
        if (error == std::errc::result_out_of_range)
          throw ExpressionError(t.at, fmt::format("{} is too large a number", t.text));
        // "10S" and the like: a value's name, read where a value is compared.
        if (end != t.text.data() + t.text.size()) return {SyntaxNode::Kind::kQuoted, t.text, 0, t.at, {}};
        return {SyntaxNode::Kind::kNumber, t.text, value, t.at, {}};
      }
      case Token::Kind::kQuoted:
        return {SyntaxNode::Kind::kQuoted, t.text, 0, t.at, {}};
      case Token::Kind::kParameter:
        return {SyntaxNode::Kind::kParameter, t.text, 0, t.at, {}};
      case Token::Kind::kName: {
        if (t.text == "and" || t.text == "or")
          throw ExpressionError(t.at, fmt::format("'{}' needs a condition before it", t.text));
        if (!IsSymbol("(")) return {SyntaxNode::Kind::kName, t.text, 0, t.at, {}};
        Take();
        Nest nest(*this, t.at);
        SyntaxNode call{SyntaxNode::Kind::kCall, t.text, 0, t.at, {}};
        if (!IsSymbol(")")) {
          call.children.push_back(Binary(1));
          while (IsSymbol(",")) {
            Take();
            call.children.push_back(Binary(1));
          }
        }
        Expect(")", fmt::format("to close {}(", t.text).c_str());
        return call;
      }
      case Token::Kind::kSymbol:
        if (t.text == "(") {
          Nest nest(*this, t.at);
          SyntaxNode inner = Binary(1);
          Expect(")", "to close '('");
          return inner;
        }
        throw ExpressionError(t.at, fmt::format("'{}' where a value should be", t.text));
      case Token::Kind::kEnd:
        break;
    }
    throw ExpressionError(t.at, "the expression ends where a value should be");
  }

  // Counts how deep calls and parentheses go, so that no text can exhaust the C++ stack.
  struct Nest {
    Nest(Parser& p, int at) : parser(p) {
      if (++parser.depth_ > kMaxExpressionNesting)
        throw ExpressionError(at, fmt::format("nested more than {} deep", kMaxExpressionNesting));
    }
    ~Nest() { --parser.depth_; }
    Parser& parser;
  };

  std::vector<Token> tokens_;
  size_t next_ = 0;
  int depth_ = 0;
};

}  // namespace

SyntaxNode ParseExpression(std::string_view text) {
  if (text.size() > kMaxExpressionLength)
    throw ExpressionError(
        0, fmt::format("{} characters: an expression is at most {}", text.size(), kMaxExpressionLength));
  return Parser(Tokens(text)).Whole();
}

}  // namespace tapis
