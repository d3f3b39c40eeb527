#include "interpreter/model/ruleset.h"

#include <fmt/format.h>

#include <algorithm>

namespace tapis {
namespace {

template <typename T>
int IndexByName(const std::vector<T>& items, std::string_view name) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

int Ruleset::ZoneIndex(std::string_view zone) const { return IndexByName(zones, zone); }
int Ruleset::MoveIndex(std::string_view move) const { return IndexByName(moves, move); }
int Ruleset::ParameterIndex(std::string_view p) const { return IndexByName(parameters, p); }
int Ruleset::CombinationIndex(std::string_view c) const { return IndexByName(combinations, c); }
int Ruleset::HandIndex(std::string_view h) const { return IndexByName(hands, h); }
int Ruleset::PhaseIndex(std::string_view phase) const {
  for (size_t i = 0; i < phases.size(); ++i) {
    if (phases[i] == phase) return static_cast<int>(i);
  }
  return -1;
}
int Ruleset::VariableIndex(std::string_view v) const { return IndexByName(variables, v); }

bool Ruleset::NamesSomething(int v) const {
  if (v < 0) return false;
  if (tricks.leader == v || tricks.trump_variable == v) return true;
  return std::any_of(moves.begin(), moves.end(), [&](const MoveDecl& m) {
    return m.knock.knocker == v || m.keep.into == v || m.capture_last == v || m.trump_bid.taker == v ||
           m.climb.last == v;
  });
}

std::string Ruleset::OptionWord(int kind, int value) const {
  if (kind < 0 || kind >= static_cast<int>(moves.size())) return "";
  auto word = [&](const std::vector<std::string>& words) {
    return value >= 0 && value < static_cast<int>(words.size()) ? words[value] : std::string("?");
  };
  switch (moves[kind].type) {
    case MoveType::kChoose:
      return word(moves[kind].options);
    case MoveType::kNumber:
      return std::to_string(value);
    case MoveType::kTakeTrump:
      return word(catalog.properties()[tricks.suit].values);
    case MoveType::kAsk:
      return word(catalog.properties()[moves[kind].ask_by].values);
    default:
      return "";
  }
}

std::string Trigger::Name() const {
  if (!function.empty()) return function;
  if (ask >= 0) return "ask " + ask_name;
  if (skip > 0) return fmt::format("skip {}", skip);
  if (penalty.paid_by >= 0) return "penalty " + penalty.paid_by_name;
  if (!set.empty()) return "set";
  if (phase >= 0) return "phase";
  if (lay.combination >= 0) return "lay";
  if (!next.empty()) return "next";
  if (gather.from >= 0) return "move";
  if (end != End::kNothing) return end == End::kGame ? "end game" : "end round";
  return "reverse";
}

}  // namespace tapis
