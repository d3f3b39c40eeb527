// Reads `say:`, a line the table tells every seat after a move or an effect: "{player} takes
// the pile". Its words in braces are checked here, so a mistyped one fails at load.
#pragma once

#include <string>

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// The words a `say:` may hold besides the variables every player sees.
inline constexpr const char* kSayWords[] = {"player", "cards", "next", "acting"};

// The template as written, once each {word} is known: {player} (who moved), {cards} (the
// move's cards), {next} (who plays the next turn), {acting} (who acts now: answers what the
// move asked, or plays on), or a variable with `visible: all` (a player's
// variable is the mover's).
std::string ReadSay(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules);

}  // namespace tapis
