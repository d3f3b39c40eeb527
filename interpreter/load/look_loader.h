// Reads `cards: look:`, how a terminal may show the cards: symbols for values, colours, the
// order of a hand (model/card_look.h). Read once every kind of card is known.
#pragma once

#include <string>

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// `pattern` is `cards: code:`, which the shown forms of the kinds it made follow.
void ReadCardLook(const YamlReader& reader, const YAML::Node& look, const std::string& pattern,
                  Ruleset& rules);

}  // namespace tapis
