// How a terminal may show a ruleset's cards (`cards: look:`): a symbol in place of a value's
// name (7H as 7♥), a colour, the order a hand is shown in. Only what is shown changes: moves
// are typed, logged and scripted with the codes.
#pragma once

#include <string>
#include <vector>

namespace tapis {

// The colours a look may name: the eight of every terminal but black and white, which
// would vanish on one background or the other.
inline const std::vector<std::string>& LookColours() {
  static const std::vector<std::string> colours = {"red", "green", "yellow", "blue", "magenta", "cyan"};
  return colours;
}

struct CardLook {
  std::vector<std::string> shown;  // per kind: its code with symbols ("7♥"); empty without a look
  std::vector<int> colour;         // per kind: an index in LookColours(), or -1
  // Per property, per value: its symbol, or "" (the value's own name shows).
  std::vector<std::vector<std::string>> symbols;
  std::vector<std::vector<int>> value_colour;  // per property, per value: a colour index, or -1
  std::vector<int> hand_order;  // the properties a hand is sorted by, in turn; empty: the pack's order
};

}  // namespace tapis
