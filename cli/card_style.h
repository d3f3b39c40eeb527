// Cards as the terminal shows them, from the ruleset's `cards: look:`: symbols and colours,
// and the cards that just moved in bold. Plain codes with `--plain`, NO_COLOR, an output that
// is not a terminal, or a locale that is not UTF-8. Lines typed come back to codes, so a
// player may type a card as they see it (7♥ for 7H).
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

#include "interpreter/model/ruleset.h"

namespace tapis::cli {

class CardStyle {
 public:
  // `fancy` false: every text shows as it is.
  CardStyle(const Ruleset& rules, bool fancy);
  // Whether the standard output takes symbols and colours: a terminal, a UTF-8 locale, no
  // NO_COLOR in the environment, and no `--plain`.
  static bool TerminalTakesStyle(bool plain);

  bool fancy() const { return fancy_; }
  // `text` with each card code as the look shows it; the codes in `moved` also in bold.
  std::string Show(std::string_view text, const std::unordered_set<std::string>& moved = {}) const;
  // A typed line with the look's symbols back to the values they stand for.
  std::string Typed(std::string line) const;

 private:
  struct Shown {
    std::string text;
    int colour;
  };
  bool fancy_;
  std::unordered_map<std::string, Shown> cards_;   // by code
  std::unordered_map<std::string, Shown> values_;  // by value name: what follows `=` (8C=H)
  std::unordered_map<std::string, Shown> named_;   // by "property value": a value a refusal names (suit D)
  std::unordered_map<std::string, std::string> typed_;  // symbol → value name
};

}  // namespace tapis::cli
