#include "interpreter/load/script_names.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <optional>
#include <unordered_set>

#include "interpreter/model/names.h"

namespace tapis {
namespace {

// Just enough of Lua's lexer to find calls: names, string literals (their text, when it
// has no escapes), single punctuation; comments and numbers skipped. Never fails: text it
// does not understand becomes punctuation.
struct Token {
  enum class Kind { kName, kString, kPunct } kind;
  std::string text;  // a name; a string's contents; the punctuation character
  int line = 0;
  bool plain = true;  // a string without escapes: its text is the value
};

// The length of a long bracket's opening `[==[` at `i` (its level in `level`), or 0.
size_t LongBracket(const std::string& s, size_t i, size_t& level) {
  if (i >= s.size() || s[i] != '[') return 0;
  size_t j = i + 1;
  while (j < s.size() && s[j] == '=') ++j;
  if (j >= s.size() || s[j] != '[') return 0;
  level = j - i - 1;
  return j - i + 1;
}

// Skips a long bracket's body from `i` (just after its opening) past its closing `]==]`.
size_t SkipLongBody(const std::string& s, size_t i, size_t level, int& line) {
  const std::string close = "]" + std::string(level, '=') + "]";
  const size_t end = s.find(close, i);
  const size_t stop = end == std::string::npos ? s.size() : end + close.size();
  line += static_cast<int>(
      std::count(s.begin() + static_cast<long>(i), s.begin() + static_cast<long>(stop), '\n'));
  return stop;
}

std::vector<Token> Tokens(const std::string& s) {
  std::vector<Token> out;
  int line = 1;
  size_t i = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == '\n') {
      ++line;
      ++i;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i;
    } else if (c == '-' && i + 1 < s.size() && s[i + 1] == '-') {  // a comment
      size_t level = 0;
      if (const size_t open = LongBracket(s, i + 2, level)) {
        i = SkipLongBody(s, i + 2 + open, level, line);
      } else {
        while (i < s.size() && s[i] != '\n') ++i;
      }
    } else if (size_t level = 0, open = LongBracket(s, i, level); open) {  // [[a long string]]
      const int start = line;
      const size_t body = i + open;
      i = SkipLongBody(s, body, level, line);
      out.push_back({Token::Kind::kString, "", start, false});
    } else if (c == '"' || c == '\'') {
      Token t{Token::Kind::kString, "", line, true};
      ++i;
      while (i < s.size() && s[i] != c && s[i] != '\n') {
        if (s[i] == '\\') {
          t.plain = false;
          const char next = i + 1 < s.size() ? s[i + 1] : '\0';
          i += 2;
          if (next == '\n' || (next == '\r' && i < s.size() && s[i] == '\n')) {
            ++line;
            if (next == '\r') ++i;
          } else if (next == 'z') {  // skips the white space that follows, line breaks too
            while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) line += s[i++] == '\n';
          }
          continue;
        }
        t.text += s[i++];
      }
      ++i;
      out.push_back(std::move(t));
    } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
      const size_t start = i;
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '_')) ++i;
      out.push_back({Token::Kind::kName, s.substr(start, i - start), line});
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      while (i < s.size() && (std::isalnum(static_cast<unsigned char>(s[i])) || s[i] == '.' || s[i] == '_'))
        ++i;
    } else {
      out.push_back({Token::Kind::kPunct, std::string(1, c), line});
      ++i;
    }
  }
  return out;
}

constexpr size_t kMostProblems = 20;

enum class NameKind { kZone, kVariable, kMove, kPhase, kParameter, kProperty, kCombination, kRanking };

// Which argument (from 1; 0: every one) of which function names what.
struct NamedArgument {
  const char* function;
  int argument;
  NameKind kind;
};

constexpr NamedArgument kNamedArguments[] = {
    {"cards", 1, NameKind::kZone},
    {"top", 1, NameKind::kZone},
    {"count", 1, NameKind::kZone},
    {"melds", 1, NameKind::kZone},
    {"shuffle", 1, NameKind::kZone},
    {"grid", 1, NameKind::kZone},
    {"cell", 1, NameKind::kZone},
    {"neighbours", 1, NameKind::kZone},
    {"lines", 1, NameKind::kZone},
    {"place", 2, NameKind::kZone},
    {"move", 2, NameKind::kZone},
    {"draw", 0, NameKind::kZone},
    {"deal", 1, NameKind::kZone},
    {"deal", 2, NameKind::kZone},
    {"get", 1, NameKind::kVariable},
    {"set", 1, NameKind::kVariable},
    {"param", 1, NameKind::kParameter},
    {"set_phase", 1, NameKind::kPhase},
    {"value", 2, NameKind::kProperty},
    {"values", 2, NameKind::kProperty},
    {"order", 2, NameKind::kProperty},
    {"runs", 2, NameKind::kCombination},
    {"is_combination", 2, NameKind::kCombination},
    {"hand", 2, NameKind::kRanking},
};

class Checker {
 public:
  Checker(const Ruleset& r, const std::vector<std::string>& api,
          const std::vector<std::vector<std::string>>& base_names)
      : r_(r), api_(api), base_names_(base_names) {
    // Each list once, not at each name checked: a script of a million calls against a
    // ruleset of thousands of names multiplied the two.
    std::vector<std::string> properties;
    for (const auto& p : r.catalog.properties()) properties.push_back(p.name);
    names_ = {Names(r.zones),      Names(r.variables), Names(r.moves),        r.phases,
              Names(r.parameters), properties,         Names(r.combinations), Names(r.hands)};
    for (const auto& kind : r.catalog.kinds()) {
      codes_.push_back(kind.code);
      code_set_.insert(kind.code);
    }
  }

  void Check(const ScriptFile& file, size_t index) {
    file_ = &file;
    t_ = Tokens(file.source);
    list_start_.clear();
    if (index < base_names_.size() && !Rebinds("base")) CheckBase(base_names_[index]);
    CheckCardComparisons();
    if (Rebinds("tapis")) return;  // `tapis` is then another table: its names are the script's
    for (size_t i = 0; i + 2 < t_.size() && !Full(); ++i) {
      if (!IsName(i, "tapis") || !IsPunct(i + 1, ".") || t_[i + 2].kind != Token::Kind::kName) continue;
      if (i > 0 && (IsPunct(i - 1, ".") || IsPunct(i - 1, ":"))) continue;  // x.tapis.f: another table
      const std::string& function = t_[i + 2].text;
      const bool assigned = IsPunct(i + 3, "=") && !IsPunct(i + 4, "=");  // refused at run time, and said so
      if (!assigned && std::find(api_.begin(), api_.end(), function) == api_.end()) {
        Report(t_[i + 2].line, fmt::format("tapis has no function '{}'; {}", function,
                                           Suggest(function, api_, "its functions are")));
        continue;
      }
      if (i + 3 < t_.size() && IsPunct(i + 3, "(")) CheckCall(function, i + 4);
    }
  }

  std::vector<std::string> problems;

 private:
  // base.on_play: the ruleset this one extends must define it (script_host.h, PushBase).
  void CheckBase(const std::vector<std::string>& names) {
    for (size_t i = 0; i + 2 < t_.size() && !Full(); ++i) {
      if (!IsName(i, "base") || !IsPunct(i + 1, ".") || t_[i + 2].kind != Token::Kind::kName) continue;
      if (i > 0 && (IsPunct(i - 1, ".") || IsPunct(i - 1, ":"))) continue;  // f.base.x: another table
      const std::string& name = t_[i + 2].text;
      if (std::find(names.begin(), names.end(), name) != names.end()) continue;
      if (names.empty()) {
        Report(t_[i].line, fmt::format("base.{}: base is for a variant's scripts, and this script's ruleset "
                                       "extends none",
                                       name));
      } else {
        Report(t_[i + 2].line, fmt::format("base.{}: the ruleset this one extends defines no '{}'; {}", name,
                                           name, Suggest(name, names, "it defines")));
      }
    }
  }

  // card.rank == "Q", "DH" ~= card.code: the string must be one of the property's values, or a
  // card's code. Any table's field of that name is read so: a script's own table that reuses
  // a property's name holds that property's values too.
  void CheckCardComparisons() {
    for (size_t i = 0; i + 3 < t_.size() && !Full(); ++i) {
      const bool equality = (IsPunct(i, "=") || IsPunct(i, "~")) && IsPunct(i + 1, "=");
      if (!equality) continue;
      if (i >= 2 && IsPunct(i - 2, ".") && t_[i - 1].kind == Token::Kind::kName && IsString(i + 2)) {
        CheckCardValue(t_[i - 1].text, t_[i + 2]);
      } else if (i >= 1 && IsString(i - 1)) {
        if (const size_t field = LastField(i + 2)) CheckCardValue(t_[field].text, t_[i - 1]);
      }
    }
  }

  // The field an expression from `i` ends on (`move.cards[1].code`: code), or 0 when it ends
  // otherwise (a call, an index, a plain name).
  size_t LastField(size_t i) const {
    if (i >= t_.size() || t_[i].kind != Token::Kind::kName) return 0;
    size_t field = 0;
    for (++i; i < t_.size();) {
      if (IsPunct(i, ".") && i + 1 < t_.size() && t_[i + 1].kind == Token::Kind::kName) {
        field = i + 1;
        i += 2;
      } else if (IsPunct(i, "[")) {
        int depth = 0;
        for (; i < t_.size(); ++i) {
          depth += IsPunct(i, "[") - IsPunct(i, "]");
          if (depth == 0) break;
        }
        ++i;
        field = 0;
      } else {
        break;
      }
    }
    return IsPunct(i, "(") || IsPunct(i, ":") ? 0 : field;
  }

  void CheckCardValue(const std::string& field, const Token& literal) {
    if (field == "code") {  // as Lua compares: case counts
      if (code_set_.count(literal.text)) return;
      Report(literal.line, fmt::format("'{}' is no card's code; {}", literal.text,
                                       Suggest(literal.text, codes_, "the codes are")));
      return;
    }
    const int property = r_.catalog.PropertyIndex(field);
    if (property < 0) return;
    const auto& values = r_.catalog.properties()[property].values;
    if (std::find(values.begin(), values.end(), literal.text) != values.end()) return;
    Report(literal.line, fmt::format("'{}' is no value of the card property '{}'; {}", literal.text, field,
                                     Suggest(literal.text, values, "its values are")));
  }

  // `local NAME`, `local a, NAME`, NAME among a function's parameters or a for loop's
  // variables, or `NAME = …` (a global of the script's own). Each occurrence looks back to
  // the start of its list of names and to the nearest `(`, both found in one pass
  // (ListStarts): scanning back from each occurrence took n² steps, and a table of 40,000
  // `tapis` (280 KB of script) 18 s.
  bool Rebinds(const char* name) {
    if (list_start_.size() != t_.size()) ListStarts();
    for (size_t i = 0; i < t_.size(); ++i) {
      if (!IsName(i, name)) continue;
      if ((i == 0 || (!IsPunct(i - 1, ".") && !IsPunct(i - 1, ":"))) && IsPunct(i + 1, "=") &&
          !IsPunct(i + 2, "="))
        return true;
      if (i == 0) continue;
      const size_t j = list_start_[i - 1];
      if (IsName(j, "local") || IsName(j, "for")) return true;
      if (IsPunct(i - 1, "(") || IsPunct(i - 1, ",")) {  // a parameter: `function f(a, tapis)`
        const size_t k = open_paren_[i - 1];
        if (k > 0 && (IsName(k - 1, "function") || (k > 1 && IsName(k - 2, "function")))) return true;
      }
    }
    return false;
  }

  // For each token p: list_start_[p], where a walk back from p over commas and names (other
  // than `local`, `for`, `function`) stops (0 at the latest); open_paren_[p], the nearest `(`
  // at or before p that no `)` closes before p (or 0): a parameter list holds no brackets.
  void ListStarts() {
    list_start_.assign(t_.size(), 0);
    open_paren_.assign(t_.size(), 0);
    for (size_t p = 1; p < t_.size(); ++p) {
      const bool in_list = IsPunct(p, ",") || (t_[p].kind == Token::Kind::kName && !IsName(p, "local") &&
                                               !IsName(p, "for") && !IsName(p, "function"));
      list_start_[p] = in_list ? list_start_[p - 1] : p;
      open_paren_[p] = IsPunct(p, "(") ? p : IsPunct(p, ")") ? 0 : open_paren_[p - 1];
    }
  }

  bool IsName(size_t i, const char* text) const {
    return i < t_.size() && t_[i].kind == Token::Kind::kName && t_[i].text == text;
  }
  bool IsString(size_t i) const { return i < t_.size() && t_[i].kind == Token::Kind::kString && t_[i].plain; }
  bool IsPunct(size_t i, const char* text) const {
    return i < t_.size() && t_[i].kind == Token::Kind::kPunct && t_[i].text == text;
  }

  // The arguments of the call whose first token is at `i`: token ranges split at the
  // commas outside brackets.
  std::vector<std::pair<size_t, size_t>> Arguments(size_t i) const {
    std::vector<std::pair<size_t, size_t>> args;
    int depth = 0;
    size_t start = i;
    for (; i < t_.size(); ++i) {
      if (t_[i].kind != Token::Kind::kPunct) continue;
      const char c = t_[i].text[0];
      if (c == '(' || c == '{' || c == '[') ++depth;
      if (c == ')' || c == '}' || c == ']') {
        if (depth == 0) break;
        --depth;
      }
      if (c == ',' && depth == 0) {
        args.emplace_back(start, i);
        start = i + 1;
      }
    }
    if (i > start) args.emplace_back(start, i);
    return args;
  }

  void CheckCall(const std::string& function, size_t first) {
    const auto args = Arguments(first);
    for (const NamedArgument& named : kNamedArguments) {
      if (function != named.function) continue;
      for (size_t a = 0; a < args.size(); ++a) {
        if (named.argument != 0 && static_cast<size_t>(named.argument) != a + 1) continue;
        const auto [begin, end] = args[a];
        if (end == begin + 1 && t_[begin].kind == Token::Kind::kString && t_[begin].plain)
          CheckName(function, named.kind, t_[begin]);
      }
    }
    // tapis.ask(player, {moves = "draw"}) or {moves = {"draw", "pass"}}
    if (function == "ask" && args.size() >= 2) {
      for (size_t i = args[1].first; i + 2 < args[1].second; ++i) {
        if (!IsName(i, "moves") || !IsPunct(i + 1, "=")) continue;
        // Only a literal: `moves = "draw"` or `moves = {"draw", "pass"}`; an expression
        // (`moves = mode == 1 and "bid" or "pass"`) is left to the run-time check.
        std::vector<size_t> names;
        size_t j = i + 2;
        if (IsString(j)) {
          names.push_back(j++);
        } else if (IsPunct(j, "{")) {
          ++j;
          while (IsString(j)) {
            names.push_back(j++);
            if (!IsPunct(j, ",")) break;
            ++j;
          }
          if (!IsPunct(j, "}")) names.clear();
          ++j;
        }
        if (!IsPunct(j, ",") && !IsPunct(j, "}") && j != args[1].second) names.clear();
        for (size_t n : names) CheckName(function, NameKind::kMove, t_[n]);
      }
    }
  }

  void CheckName(const std::string& function, NameKind kind, const Token& name) {
    static constexpr const char* kWhat[] = {"zone",      "variable",      "move",        "phase",
                                            "parameter", "card property", "combination", "hand ranking"};
    const auto& names = names_[static_cast<size_t>(kind)];
    if (std::find(names.begin(), names.end(), name.text) != names.end()) return;
    const char* what = kWhat[static_cast<size_t>(kind)];
    const std::string list = fmt::format("{}s are", what);
    Report(name.line, fmt::format("tapis.{}: unknown {} '{}'; {}", function, what, name.text,
                                  Suggest(name.text, names, list.c_str())));
  }

  // The first few problems: the loader reports the first, and a script of a million typos
  // kept a million messages, each with its list of names (the loops stop once Full).
  bool Full() const { return problems.size() >= kMostProblems; }
  void Report(int line, const std::string& message) {
    if (Full()) return;
    problems.push_back(fmt::format("{}:{}: {}", file_->display_name, line, message));
  }

  const Ruleset& r_;
  const std::vector<std::string>& api_;
  const std::vector<std::vector<std::string>>& base_names_;
  std::array<std::vector<std::string>, 8> names_;  // by NameKind
  std::vector<std::string> codes_;                 // the cards' codes, in the pack's order
  std::unordered_set<std::string> code_set_;
  const ScriptFile* file_ = nullptr;
  std::vector<Token> t_;
  std::vector<size_t> list_start_, open_paren_;  // ListStarts
};

}  // namespace

std::vector<std::string> CheckScriptNames(const Ruleset& rules, const std::vector<std::string>& api_functions,
                                          const std::vector<std::vector<std::string>>& base_names,
                                          const std::vector<std::string>& skip) {
  Checker checker(rules, api_functions, base_names);
  for (size_t i = 0; i < rules.scripts.size(); ++i) {
    const ScriptFile& file = rules.scripts[i];
    if (std::find(skip.begin(), skip.end(), file.display_name) == skip.end()) checker.Check(file, i);
  }
  return checker.problems;
}

}  // namespace tapis
