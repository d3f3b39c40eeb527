// Variants: a ruleset file that `extends:` another (a bundled name or a path relative to
// it) and gives only what changes. The two YAML trees are merged before loading:
// - maps merge key by key, recursively (the variant's value wins; new keys come last);
// - lists and plain values are replaced whole, except `scripts`, whose lists add up (the
//   base's scripts first), so a variant can name a new function while the old ones remain;
// - `key: null` (or `~`) removes the key.
// The base must load on its own first; an error left in the merged tree is reported in the
// file its node comes from (a base's move that names a zone the variant removed: the base's
// line), not at a line of the variant that it does not have.
#pragma once

#include <yaml-cpp/yaml.h>

#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace tapis {

// A script the variant inherits: its name in messages, and how far up the chain of
// `extends` it comes from (1: the base's own, 2: the base's base's…).
struct InheritedScript {
  std::string display_name;
  int generation = 1;
};

class ScriptHost;
struct Ruleset;

// The scripts of a ruleset, run once when it was checked, and the ruleset they were run for:
// a variant's check runs only its own scripts on top of them (ScriptHost::Extend).
struct ScriptsRun {
  std::shared_ptr<const Ruleset> rules;
  std::shared_ptr<ScriptHost> host;
};

struct RulesetSource {
  YAML::Node root;                                      // merged, without `extends`
  std::map<std::string, InheritedScript> script_names;  // inherited scripts, by absolute path
  // Each file's own tree, the variant's first, then its base's…: a node of the merged tree
  // is reported at its own file's line (YamlReader::Where).
  std::vector<std::pair<std::string, YAML::Node>> files;
  ScriptsRun base_scripts;  // the base's, when it has scripts
};

// Parses `text` (the contents of `file`) and merges in what it extends. Throws Error(kRules).
RulesetSource ReadRulesetSource(const std::string& text, const std::string& file);

// The display name of a script: relative to the folder above its ruleset's folder
// (scripts/x.lua for bundled games), else as written.
std::string ScriptDisplayName(const std::string& ruleset_dir, const std::string& written);

}  // namespace tapis
