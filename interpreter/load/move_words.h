// A move's words beyond its cards: the options of a `choose` move (a suit nominated, a
// bid) and the `text` template a ruleset may give to write a move as players (or a peer
// program) write it: `Play {cards}`, `Nominate suit {option}`, `{cards}`.
#pragma once

#include <yaml-cpp/yaml.h>

#include <string>

#include "interpreter/load/yaml_reader.h"
#include "interpreter/model/catalog.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

// Reads `options` (a property name, meaning its values, or a list of words) and `text`
// into `m`, whose type is already read.
void ReadMoveWords(const YamlReader& reader, const YAML::Node& spec, const Catalog& catalog, MoveDecl& m);

// `decl.text` with {name}, {cards}, {option} and {seat} filled in.
std::string FillMoveText(const MoveDecl& decl, const std::string& cards, const std::string& option,
                         const std::string& seat = "");

// True when the move's text does not open with its name (`{cards}` writes `C8`, `{option}` `3`):
// a typed word that names no move may then still be a move.
bool WrittenWithoutName(const MoveDecl& decl);

}  // namespace tapis
