// Checks and compiles the rules' expressions (docs/rulesets.md#expressions): names resolved
// against the ruleset (zones, variables, parameters, properties and their values, phases),
// types checked (a number, a truth, a card, a property's value), located errors that say
// what was meant. The compiled form is model/expression.h's.
#pragma once

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/expression.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// Where an expression is written: what it may name, and what it must give.
struct ExpressionPlace {
  const char* key;         // for messages: "when", "if", "formula", "ends_when"
  bool truth = true;       // a condition (else a number)
  bool move_card = false;  // a move's card is in question (`card`, bare properties)
  bool player = true;      // a player is in question (bare zones and player variables)
  bool move_number = false;  // a `number` move's number is in question (`number`)
};

// The expression written at `node` (a text). Fails with "file:line:col: KEY: 'TEXT': why".
Expression ReadExpression(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules,
                          const ExpressionPlace& place);

// `when:` on a move: a condition, a list of them, each a text or {test: TEXT, refusal: TEXT}.
std::vector<Condition> ReadConditions(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules,
                                      const ExpressionPlace& place);

}  // namespace tapis
