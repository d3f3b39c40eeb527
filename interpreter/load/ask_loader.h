// Reads the keys of `ask` moves (docs/rulesets.md#asking) and the `lay:` effect.
#pragma once

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// by; after `from` and `to` are read.
// `type: pick`: from and to, zones each player owns; `from_seat: next` (the default) or `any`.
void ReadPickMove(const YamlReader& reader, const YAML::Node& spec, const Ruleset& rules, MoveDecl& move);

void ReadAskMove(const YamlReader& reader, const YAML::Node& spec, const Ruleset& rules, MoveDecl& move);

// `lay: {combination, from, to}`: an effect that lays every group of a set combination.
void ReadLay(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules, Trigger& trigger);

}  // namespace tapis
