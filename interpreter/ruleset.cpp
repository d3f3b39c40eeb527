#include "interpreter/ruleset.h"

namespace tapis {
namespace {

template <typename T>
int IndexByName(const std::vector<T>& items, const std::string& name) {
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

}  // namespace

int Ruleset::ZoneIndex(const std::string& zone) const { return IndexByName(zones, zone); }
int Ruleset::MoveIndex(const std::string& move) const { return IndexByName(moves, move); }
int Ruleset::ParameterIndex(const std::string& p) const { return IndexByName(parameters, p); }
int Ruleset::CombinationIndex(const std::string& c) const { return IndexByName(combinations, c); }
int Ruleset::HandIndex(const std::string& h) const { return IndexByName(hands, h); }
int Ruleset::PhaseIndex(const std::string& phase) const {
  for (size_t i = 0; i < phases.size(); ++i) {
    if (phases[i] == phase) return static_cast<int>(i);
  }
  return -1;
}
int Ruleset::VariableIndex(const std::string& v) const { return IndexByName(variables, v); }

}  // namespace tapis
