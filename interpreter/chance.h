// Chance is a source, not a call (DESIGN.md §8): every shuffle asks one ChanceSource. The
// default draws from the seeded generator kept in the state, so a game is a function of
// its seed; another source can dictate the cards (a recorded game, a test position).
#pragma once

#include <cstdint>
#include <vector>

#include "interpreter/catalog.h"

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
