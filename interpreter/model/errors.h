// Errors that cross the engine boundary. Each carries its kind, which the CLI maps to an
// exit code, and a one-line message that starts with where it happened.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace tapis {

enum class ErrorKind { kRules = 2, kScript = 3, kIo = 4, kIllegalMove = 5, kUsage = 6 };

class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

inline Error RulesError(const std::string& message) { return Error(ErrorKind::kRules, message); }
inline Error ScriptError(const std::string& message) { return Error(ErrorKind::kScript, message); }
inline Error IoError(const std::string& message) { return Error(ErrorKind::kIo, message); }

// Whether `text` holds a C1 control character at `at` (U+0080 to U+009F, 0xC2 0x80-0x9F in
// UTF-8): terminals read U+009B as an escape sequence's start (CSI), as they read ESC [.
inline bool IsC1Control(std::string_view text, size_t at) {
  return at + 1 < text.size() && static_cast<unsigned char>(text[at]) == 0xc2 &&
         static_cast<unsigned char>(text[at + 1]) >= 0x80 && static_cast<unsigned char>(text[at + 1]) <= 0x9f;
}

// `text` safe to print on a terminal: control characters (a line break, an escape sequence
// a hostile script or file slipped into a message) written as \n, \xHH, \u00HH for C1 ones.
// Letters beyond ASCII are kept.
inline std::string Printable(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const auto byte = static_cast<unsigned char>(c);
    if (IsC1Control(text, i)) {
      const auto code = static_cast<unsigned char>(text[++i]);
      out += "\\u00";
      out += kHex[code >> 4];
      out += kHex[code & 15];
    } else if (byte >= 0x20 && byte != 0x7f) {
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\t') {
      out += "\\t";
    } else {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    }
  }
  return out;
}

}  // namespace tapis
