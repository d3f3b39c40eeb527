// Reads `zones:`: each zone's owner and visibility, a grid's size, and a stock's `refill`.
#pragma once

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// zones: {stock: {owner: table, visible: none, refill: {from: discard}}, hand: {owner: player}}
void ReadZones(const YamlReader& reader, const YAML::Node& node, Ruleset& rules);

}  // namespace tapis
