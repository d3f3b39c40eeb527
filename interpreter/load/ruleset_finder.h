// Finds rulesets by name: a path as given, then the user's folders — each folder of
// $TAPIS_PATH (':'-separated), or else $XDG_DATA_HOME/tapis/rulesets (by default
// ~/.local/share/tapis/rulesets) — then the bundled rulesets/ folder. A user's ruleset
// shadows a bundled one of the same name.
#pragma once

#include <string>
#include <vector>

namespace tapis {

struct RulesetEntry {
  std::string name;  // file name without .yaml
  std::string path;
};

std::vector<std::string> RulesetFolders();
// The file for NAME or a path; throws Error(kIo) listing what exists when nothing matches.
std::string FindRuleset(const std::string& name_or_path);
std::vector<RulesetEntry> ListRulesets();

}  // namespace tapis
