// Chance is a source, not a call (DESIGN.md §8): every shuffle, every number chosen at
// random (a dealer, a count) and every card taken from a face-down zone asks one
// ChanceSource. The default draws from the seeded generator kept in the state, so a game
// is a function of its seed; another source can dictate the events (a recorded game, a
// peer's game file, a test position): see recorded_chance.h.
#pragma once

#include <cstdint>
#include <vector>

#include "interpreter/model/catalog.h"

namespace tapis {

// splitmix64: tiny state that fits in GameState, good statistical quality for games.
inline uint64_t NextRandom(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// Uniform in [0, bound) without modulo bias (Lemire's method).
inline uint32_t RandomBelow(uint64_t& state, uint32_t bound) {
  uint64_t m = (NextRandom(state) >> 32) * bound;
  auto low = static_cast<uint32_t>(m);
  if (low < bound) {
    const uint32_t threshold = -bound % bound;
    while (low < threshold) {
      m = (NextRandom(state) >> 32) * bound;
      low = static_cast<uint32_t>(m);
    }
  }
  return static_cast<uint32_t>(m >> 32);
}

class ChanceSource {
 public:
  virtual ~ChanceSource() = default;
  // Puts `cards` (a zone, bottom to top) in a random order.
  virtual void Shuffle(std::vector<CardId>& cards, uint64_t& rng) = 0;
  // A whole number from `low` to `high` included.
  virtual int Number(int low, int high, uint64_t& rng) {
    return low + static_cast<int>(RandomBelow(rng, static_cast<uint32_t>(high - low + 1)));
  }
  // True when the source names the card each face-down draw takes (then the engine calls
  // PickTop before every such draw).
  virtual bool DictatesDraws() const { return false; }
  // Puts the card the source names on top of `cards` (bottom to top) before it is taken.
  virtual void PickTop(std::vector<CardId>& /*cards*/, const CardSet& /*set*/) {}
};

class SeededChance : public ChanceSource {
 public:
  void Shuffle(std::vector<CardId>& cards, uint64_t& rng) override {
    for (size_t i = cards.size(); i > 1; --i) {
      std::swap(cards[i - 1], cards[RandomBelow(rng, static_cast<uint32_t>(i))]);
    }
  }
};

}  // namespace tapis
