// Finds rulesets by name: a path as given, then each folder of $TAPIS_PATH (':'-separated),
// then the bundled rulesets/ folder.
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
