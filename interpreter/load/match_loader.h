// Reads what plays of `type: match` need: the `matches:` rules, a match move's `by:` and
// `matches:`, and the `words:` list the word rule and tapis.words look words up in.
#pragma once

#include <string>

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// `words: PATH`, absolute or relative to the ruleset's folder; loads the index once.
void ReadWords(const YamlReader& reader, const YAML::Node& node, const std::string& directory, Ruleset& rules);
// `matches: {name: {complete|sum|same|word: PROPERTY, total}}`.
void ReadMatches(const YamlReader& reader, const YAML::Node& node, Ruleset& rules);
// A match move's `by: PROPERTY` and `matches: {VALUE: rule…}`.
void ReadMatchMove(const YamlReader& reader, const YAML::Node& spec, Ruleset& rules, MoveDecl& move);

}  // namespace tapis
