// Lint: things a ruleset allows but that are probably mistakes, for `tapis check`:
// parameters with no description, triggers whose `if:` no card can meet, zones no card can
// reach, script functions nothing names or calls, moves no phase offers.
#pragma once

#include <string>
#include <vector>

#include "interpreter/model/ruleset.h"

namespace tapis {

// One line each, "warning: …"; empty when nothing looks wrong.
std::vector<std::string> Lint(const Ruleset& rules);

}  // namespace tapis
