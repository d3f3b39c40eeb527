// Reads a ruleset's `cards:` section: the properties cards carry, the kinds of card (every
// combination of values, or a list), the pack's copies. Also the readers of a property
// name and of a number that may come from a parameter, which other sections use too.
#pragma once

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

void ReadCards(const YamlReader& reader, const YAML::Node& cards, Ruleset& rules);
// A card's code from `pattern` ("{rank}{suit}") and its values; with `symbols` (per property,
// per value), a value that has one shows it instead of its name.
std::string CardCode(const YamlReader& reader, const Ruleset& rules, const std::string& pattern,
                     const std::vector<int>& values, const YAML::Node& where,
                     const std::vector<std::vector<std::string>>* symbols = nullptr);
// The index of the property a node names; fails listing the properties.
int ReadProperty(const YamlReader& reader, const YAML::Node& node, const Catalog& catalog);
// A number, or "$name" for a parameter's value.
IntValue ReadIntValue(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules);
// As ReadIntValue, and also `-$name`: minus the parameter's value (for points, which may be negative).
IntValue ReadSignedIntValue(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules);
// `true`, `false` or "$name" (a parameter read as 1 or 0) at `key` of `map`; `otherwise` when absent.
IntValue ReadFlag(const YamlReader& reader, const YAML::Node& map, const char* key, const Ruleset& rules,
                  bool otherwise = false);
// A number as ReadIntValue reads it, or one that counts the players: "players", "players + 1".
IntValue ReadCountValue(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules);
// The index of a variable owned by `owner` (the table, or each player); fails listing them.
int ReadVariable(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules, Owner owner);
// The index of the zone a node names; fails listing the zones.
int ReadZone(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules);
// Card filters: {property: value or [values]…}.
std::vector<CardFilter> ReadFilters(const YamlReader& reader, const YAML::Node& node, const Catalog& catalog);

}  // namespace tapis
