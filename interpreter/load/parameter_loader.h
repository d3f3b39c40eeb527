// Reads a ruleset's `parameters:` section: each parameter's type (int, bool, choice), its
// default and per-player-count defaults, its range and description, checked on loading.
#pragma once

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

void ReadParameters(const YamlReader& reader, const YAML::Node& parameters, Ruleset& rules);

}  // namespace tapis
