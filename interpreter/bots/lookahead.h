// The engine bots try moves on. It has the game's configuration and a chance source of its
// own, so look-ahead never asks the game's source (a recorded game's deals), never counts
// in the game's statistics (`tapis sim`'s moves and effects) and never touches its scripts.
#pragma once

#include "interpreter/engine/engine.h"

namespace tapis {

// An engine for look-ahead in `game`'s configuration, kept per thread (loading the scripts
// again for every game would cost more than a greedy decision). Valid until the next call
// on this thread with another configuration.
Engine& LookaheadEngine(const Engine& game);

}  // namespace tapis
