// The small values rules are made of: a number that may come from a parameter, and a filter
// of cards by their properties (triggers, combinations, card points, trick rules).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "interpreter/model/catalog.h"

namespace tapis {

// A number in the rules that may come from a parameter ("$packs"), or count the players
// ("players + 1": the literal is then added to the player count).
struct IntValue {
  int literal = 0;
  int parameter = -1;
  bool plus_players = false;
  bool negated = false;  // `-$name`: minus the parameter's value
};

// A yes or no, or a `bool` parameter among the first 127 (`$name`), in two bytes.
struct ByteFlag {
  int8_t literal = 0;
  int8_t parameter = -1;
};

// Cards with one of these values of a property (for triggers and combinations).
struct CardFilter {
  int property = -1;
  std::vector<int> values;
  uint64_t low_values = 0;  // bit v: v < 64 is among the values (a test on every card listed)

  void Add(int value) {
    values.push_back(value);
    if (value >= 0 && value < 64) low_values |= uint64_t{1} << value;
  }
  bool Has(int value) const {
    if (value >= 0 && value < 64) return (low_values >> value) & 1u;
    return std::find(values.begin(), values.end(), value) != values.end();
  }
  // Whether the card has one of the values (any of them, for a card of two suits).
  bool Fits(const CardSet& set, CardId card) const {
    return std::any_of(values.begin(), values.end(), [&](int v) { return set.Has(card, property, v); });
  }
};

// Whether the card has, for each filter, one of its values (any of them, for a card of two
// suits): a map of several properties names their combination wherever a ruleset filters
// cards (`{rank: Q, suit: S}` is the one card of both values): an effect's `if`, a setup
// step's `reject`, `except`, `card_points`, `broken`, `clear_with`.
inline bool FitsAll(const CardSet& set, const std::vector<CardFilter>& filters, CardId card) {
  return std::all_of(filters.begin(), filters.end(), [&](const CardFilter& f) { return f.Fits(set, card); });
}

}  // namespace tapis
