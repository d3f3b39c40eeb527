// JSON from files anyone can edit (logs, positions, a peer's games, shard totals), parsed
// with a bound on nesting: a log line of 20 MB of '[' took 1.5 GB as a tree of empty lists.
// No record tapis writes nests deeper than a few levels.
#pragma once

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string>

namespace tapis {

inline constexpr int kMaxJsonDepth = 32;

// Parses `text` into `out`; false with the reason in `error` when it is not JSON or nests
// deeper than kMaxJsonDepth (refused as it is read, before the tree grows).
inline bool ParseJsonText(const std::string& text, nlohmann::json& out, std::string& error) {
  struct TooDeep {};
  try {
    out = nlohmann::json::parse(text, [](int depth, nlohmann::json::parse_event_t, nlohmann::json&) {
      if (depth > kMaxJsonDepth) throw TooDeep{};
      return true;
    });
    return true;
  } catch (const TooDeep&) {
    error = fmt::format("lists and objects nested deeper than {}", kMaxJsonDepth);
  } catch (const nlohmann::json::exception& e) {  // a syntax error, or a number like 1e999
    error = e.what();
  }
  return false;
}

}  // namespace tapis
