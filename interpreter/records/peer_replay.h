// Replays another program's games against a ruleset (a peer's JSON-lines file, one game a
// line: {"game": "name(players=4)", "steps": [{"p": actor, "a": text, "legal": [...]}],
// "returns": [...]}). Chance steps (p = -1) are fed to a RecordedChance, read by
// ChanceEvent::Parse; at every player step the legal moves must be the recorded list as a
// set, and the scores at the end the returns. This is how tapis checks a ruleset against
// an independent implementation of the same rules.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "interpreter/model/ruleset.h"

namespace tapis {

struct PeerReplay {
  int games = 0;        // games that matched
  uint64_t steps = 0;   // their steps, chance and player
  std::string difference;  // empty when everything matched; else the first difference
};

// Throws Error(kIo) when the file cannot be read.
PeerReplay ReplayPeerGames(std::shared_ptr<const Ruleset> rules, const std::string& path);

}  // namespace tapis
