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

// `text` safe to print on a terminal: control characters (a line break, an escape sequence
// a hostile script or file slipped into a message) written as \n, \xHH. Letters beyond
// ASCII are kept.
inline std::string Printable(std::string_view text) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    const auto byte = static_cast<unsigned char>(c);
    if (byte >= 0x20 && byte != 0x7f) {
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
