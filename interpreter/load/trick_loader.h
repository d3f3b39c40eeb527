// Reads a ruleset's `tricks:` section and the keys of `number` and `pass_cards` moves
// (docs/rulesets.md#tricks).
#pragma once

#include <functional>
#include <string>

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// `function_name` records a Lua function the section names, to be checked once the scripts
// are loaded. Call after the moves are read: a `trick` move's zones are checked here.
void ReadTricks(const YamlReader& reader, const YAML::Node& node, Ruleset& rules,
                const std::function<std::string(const YAML::Node&)>& function_name);

// min, max (a number, `$param`, or {cards: ZONE}), into, except.
void ReadNumberMove(const YamlReader& reader, const YAML::Node& spec, const Ruleset& rules, MoveDecl& move);

// size, deliver, direction; after `from` and `to` are read.
void ReadPassCardsMove(const YamlReader& reader, const YAML::Node& spec, const Ruleset& rules,
                       MoveDecl& move);

}  // namespace tapis
