#include "cli/card_style.h"

#include <langinfo.h>
#include <unistd.h>

#include <cctype>
#include <clocale>
#include <cstdlib>
#include <cstring>

namespace tapis::cli {
namespace {

// Colour escapes in the order of LookColours(): red, green, yellow, blue, magenta, cyan.
std::string Painted(const std::string& text, int colour, bool bold) {
  if (colour < 0 && !bold) return text;
  std::string on = "\033[";
  if (bold) on += colour >= 0 ? "1;4;" : "1;4";
  if (colour >= 0) on += std::to_string(31 + colour);
  return on + "m" + text + "\033[0m";
}

// What may be part of a code: anything but spaces, punctuation that moves and narration put
// around cards (JK=5, E1b1B^, JH@d3), and the bytes of UTF-8 glyphs (→, ·).
bool InWord(char c) {
  const auto u = static_cast<unsigned char>(c);
  return u < 0x80 && std::isgraph(u) && std::strchr(",;:()[]{}=/|<>!?@^\"'", c) == nullptr;
}

}  // namespace

bool CardStyle::TerminalTakesStyle(bool plain) {
  if (plain || std::getenv("NO_COLOR") != nullptr || isatty(STDOUT_FILENO) == 0) return false;
  std::setlocale(LC_CTYPE, "");
  const bool utf8 = std::strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
  std::setlocale(LC_CTYPE, "C");  // what every other reading of text here expects
  return utf8;
}

CardStyle::CardStyle(const Ruleset& rules, bool fancy) : fancy_(fancy) {
  const CardLook& look = rules.look;
  if (!fancy_) return;
  for (size_t k = 0; k < rules.catalog.kinds().size(); ++k) {  // without a look, codes in bold when moved
    const std::string& code = rules.catalog.kind(static_cast<int>(k)).code;
    cards_[code] = look.shown.empty() ? Shown{code, -1} : Shown{look.shown[k], look.colour[k]};
  }
  for (size_t p = 0; p < look.symbols.size(); ++p) {
    for (size_t v = 0; v < look.symbols[p].size(); ++v) {
      const std::string& name = rules.catalog.properties()[p].values[v];
      const std::string& symbol = look.symbols[p][v];
      if (symbol.empty() && look.value_colour[p][v] < 0) continue;
      const Shown shown{symbol.empty() ? name : symbol, look.value_colour[p][v]};
      values_.emplace(name, shown);
      named_.emplace(rules.catalog.properties()[p].name + " " + name, shown);
      // Symbols made of letters are typed as they are: only glyphs need reading back.
      if (!symbol.empty() && static_cast<unsigned char>(symbol[0]) >= 0x80) typed_.emplace(symbol, name);
    }
  }
}

std::string CardStyle::Show(std::string_view text, const std::unordered_set<std::string>& moved) const {
  if (!fancy_) return std::string(text);
  std::string out;
  bool after_card = false;  // the word before was a card: `=` then names what it stands for
  std::string last_word;    // the word before, when only a space parts them: `suit D`
  size_t i = 0;
  while (i < text.size()) {
    if (!InWord(text[i])) {
      if (text[i] != '=') after_card = false;
      if (text[i] != ' ') last_word.clear();
      out += text[i++];
      continue;
    }
    size_t end = i;
    while (end < text.size() && InWord(text[end])) ++end;
    const std::string word(text.substr(i, end - i));
    const bool declared = after_card && i > 0 && text[i - 1] == '=';
    after_card = false;
    if (const auto card = cards_.find(word); card != cards_.end() && !declared) {
      out += Painted(card->second.text, card->second.colour, moved.count(word) > 0);
      after_card = true;
    } else if (const auto value = values_.find(word); declared && value != values_.end()) {
      out += Painted(value->second.text, value->second.colour, false);
    } else if (const auto named = named_.find(last_word + " " + word); named != named_.end()) {
      out += Painted(named->second.text, named->second.colour, false);
    } else {
      out += word;
    }
    last_word = word;
    i = end;
  }
  return out;
}

std::string CardStyle::Typed(std::string line) const {
  for (const auto& [symbol, name] : typed_) {
    for (size_t at = line.find(symbol); at != std::string::npos; at = line.find(symbol, at + name.size()))
      line.replace(at, symbol.size(), name);
  }
  return line;
}

}  // namespace tapis::cli
