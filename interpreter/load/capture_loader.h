// Reads the keys of `capture` moves (docs/rulesets.md#capture) and `turn: redeal:`.
#pragma once

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// won, by, sweep, last; after `from` and `to` are read.
void ReadCaptureMove(const YamlReader& reader, const YAML::Node& spec, const Ruleset& rules, MoveDecl& move);

// {zone, from, count}
void ReadRedeal(const YamlReader& reader, const YAML::Node& node, Ruleset& rules);

}  // namespace tapis
