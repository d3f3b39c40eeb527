// Names of things (zones, variables, moves, API functions) in messages: a list of them, and
// the one a typo meant, so that every "unknown name" error says what was possible.
#pragma once

#include <string>
#include <vector>

namespace tapis {

// "a, b, c".
std::string Join(const std::vector<std::string>& items);
// "a, b, c", at most a hundred of them ("… and 12 more"): a message names what exists, and a
// folder or a ruleset can hold thousands.
std::string JoinSome(const std::vector<std::string>& items);
// "did you mean 'turn'?" when one name is a typo away, else "<list_intro>: a, b, c" (or
// "<list_intro>: none").
std::string Suggest(const std::string& wrong, const std::vector<std::string>& names, const char* list_intro);
// A ruleset's name as players read it: "last_trick" is "last trick".
std::string Spoken(std::string name);

}  // namespace tapis
