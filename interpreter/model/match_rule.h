// A match rule: how the cards of a play must combine with the card on top of the pile they
// go on (`matches:` in a ruleset; moves of `type: match`). Plain data of the Ruleset.
#pragma once

#include <string>
#include <vector>

namespace tapis {

class WordIndex;

struct MatchRule {
  // complete: with the top, every value of the property exactly once (puzzle pieces);
  // sum: the values, read as numbers, add up with the top's to `total`;
  // same: every card has the top's value; word: the letters with the top's spell a word.
  enum class Kind { kComplete, kSum, kSame, kWord };
  std::string name;
  Kind kind = Kind::kSame;
  int property = -1;
  int total = 0;             // sum
  std::vector<int> numbers;  // sum: each value's number; word: each value's letter (0 = A)
};

}  // namespace tapis
