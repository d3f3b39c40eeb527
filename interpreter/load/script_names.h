// A load-time pass over a ruleset's scripts: the tapis functions they call, the names they
// hand those functions as string literals (zones, variables, moves, phases, parameters, card
// properties, combinations, hand rankings) and what a variant's script reads from its base
// (base.on_play) must exist. A typo then fails when the ruleset loads, at file:line with the
// name meant, not when a random game reaches the line. Names built at run time (a variable
// holding "hand") are left to the run-time checks.
#pragma once

#include <string>
#include <vector>

#include "interpreter/model/ruleset.h"

namespace tapis {

// The first problems (20 at most), one line each ("scripts/x.lua:12: tapis.get: unknown variable 'pionts';
// did you mean 'points'?"); empty when every literal name exists. `base_names[i]`: what script i's `base.`
// may name (ScriptHost::BaseNames). Scripts named in `skip` (by display name) are not read.
std::vector<std::string> CheckScriptNames(const Ruleset& rules, const std::vector<std::string>& api_functions,
                                          const std::vector<std::vector<std::string>>& base_names,
                                          const std::vector<std::string>& skip = {});

}  // namespace tapis
