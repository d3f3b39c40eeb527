// What `tapis play` prints, as the terminal should show it: cards in the ruleset's look
// (card_style.h), and a line too long for the terminal broken between words, never inside a
// card's code. Into a pipe or a file, text goes out as it is.
#pragma once

#include <string>
#include <string_view>
#include <unordered_set>

#include "cli/card_style.h"

namespace tapis::cli {

class Screen {
 public:
  Screen(const Ruleset& rules, bool plain);

  // Prints `text`; the codes in `moved` in bold.
  void Print(std::string_view text, const std::unordered_set<std::string>& moved = {}) const;
  const CardStyle& style() const { return style_; }

 private:
  CardStyle style_;
  bool terminal_;
};

// `text` with each line longer than `width` columns broken at its last space that fits; the
// rest goes on lines indented two more than the first. Width 0 breaks nothing.
std::string Wrapped(std::string_view text, int width);

// `text` (prose, as written in a ruleset) laid out for reading: the lines of a paragraph
// joined and broken again to fit `width` columns, each indented by `indent`; a blank line
// between paragraphs; a line that starts with "- " starts an item, whose next lines are
// indented two more.
std::string Paragraphs(std::string_view text, int indent, int width);
// The columns prose is laid out in: the terminal's, at most 80; 80 into a pipe or a file.
int ProseWidth();

}  // namespace tapis::cli
