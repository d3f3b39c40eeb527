// Reads a ruleset's YAML and its Lua scripts into a checked, immutable Ruleset. Every
// problem is reported as `file:line:col: message` (an Error of kind kRules).
#pragma once

#include <memory>
#include <string>

#include "interpreter/load/variant.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

std::shared_ptr<const Ruleset> LoadRuleset(const std::string& path);
std::shared_ptr<const Ruleset> LoadRulesetFromString(const std::string& yaml, const std::string& file_name);
// The ruleset of a source already read (merged with what it extends) from `file_name`. Its
// scripts' top levels run on those of `source.base_scripts` when they begin with them; the
// scripts run are kept in `scripts_run` when given, for a variant of this ruleset.
std::shared_ptr<const Ruleset> BuildRuleset(RulesetSource source, const std::string& file_name,
                                            ScriptsRun* scripts_run = nullptr);

}  // namespace tapis
