// Reads what line moves need (line_play.h): the `hands:` rankings and a line move's keys
// (`hand`, `segment`, `tokens`, `takeover`, `strongest`).
#pragma once

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// `hands: {name: {rank: PROPERTY, suit: PROPERTY, low_top: bool, kinds: [{name, sets|run|flush, cards}]}}`.
void ReadHands(const YamlReader& reader, const YAML::Node& node, Ruleset& rules);
// A line move's own keys; its `from` and `to` are read already.
void ReadLineMove(const YamlReader& reader, const YAML::Node& spec, Ruleset& rules, MoveDecl& move);

}  // namespace tapis
