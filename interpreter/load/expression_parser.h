// The rules' expressions as text, parsed into a tree (docs/rulesets.md#expressions): a
// precedence-climbing parser over a handful of tokens. expression_loader.h checks the tree's
// names and types and compiles it.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tapis {

struct SyntaxNode {
  enum class Kind { kNumber, kQuoted, kName, kParameter, kCall, kDot, kUnary, kBinary };
  Kind kind = Kind::kNumber;
  std::string text;  // the name, the operator ("and", "<="), the parameter's name, the quoted text
  int number = 0;
  int at = 0;  // where it starts in the expression, from 0
  std::vector<SyntaxNode> children;
};

// A mistake in an expression, at a character of it (from 0).
struct ExpressionError : std::runtime_error {
  ExpressionError(int at, const std::string& what) : std::runtime_error(what), at(at) {}
  int at;
};

inline constexpr size_t kMaxExpressionLength = 2000;  // characters: rules are short sentences
inline constexpr int kMaxExpressionNesting = 24;      // parentheses and calls within each other

// Throws ExpressionError.
SyntaxNode ParseExpression(std::string_view text);

}  // namespace tapis
