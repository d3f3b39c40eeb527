// Errors that cross the engine boundary. Each carries its kind, which the CLI maps to an
// exit code, and a one-line message that starts with where it happened.
#pragma once

#include <stdexcept>
#include <string>

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

}  // namespace tapis
