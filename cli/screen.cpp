#include "cli/screen.h"

#include <locale.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cwchar>

namespace tapis::cli {
namespace {

// Columns on the screen, not bytes nor characters: the C library's width of each character
// (2 for 漢, 0 for a combining accent), read as UTF-8 whatever the locale; a byte that is not
// UTF-8 takes one column. Without a UTF-8 locale, a column a character.
int Columns(std::string_view text) {
  static const locale_t utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", nullptr);
  if (utf8 == nullptr)
    return static_cast<int>(
        std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
  const locale_t was = uselocale(utf8);
  std::mbstate_t state{};
  int columns = 0;
  for (size_t at = 0; at < text.size();) {
    wchar_t c = 0;
    const size_t length = std::mbrtowc(&c, text.data() + at, text.size() - at, &state);
    if (length == 0 || length > text.size() - at) {  // a NUL, or not UTF-8
      state = {};
      ++columns;
      ++at;
      continue;
    }
    columns += std::max(wcwidth(c), 0);
    at += length;
  }
  uselocale(was);
  return columns;
}

// Asked at each print: the player may have resized the window.
int TerminalWidth() {
  winsize size{};
  return ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 ? size.ws_col : 0;
}

// Words stay whole; the spaces between two words on one line stay as they were (help's
// columns), and go where the line breaks.
void WrapLine(std::string_view line, int width, std::string& out) {
  const size_t indent = std::min(line.find_first_not_of(' '), line.size());
  const std::string next_indent(std::min<size_t>(indent + 2, static_cast<size_t>(width) / 2), ' ');
  std::string current(line.substr(0, indent));
  int used = static_cast<int>(indent);
  bool has_word = false;
  size_t at = indent;
  while (at < line.size()) {
    const size_t word_end = std::min(line.find(' ', at), line.size());
    const std::string_view word = line.substr(at, word_end - at);
    const size_t next = std::min(line.find_first_not_of(' ', word_end), line.size());
    const std::string_view gap = line.substr(word_end, next - word_end);
    if (has_word && used + Columns(word) > width) {
      while (!current.empty() && current.back() == ' ') current.pop_back();
      out += current + '\n';
      current = next_indent;
      used = static_cast<int>(next_indent.size());
    }
    current.append(word).append(gap);
    used += Columns(word) + static_cast<int>(gap.size());
    has_word = true;
    at = next;
  }
  out += current;
}

}  // namespace

std::string Wrapped(std::string_view text, int width) {
  if (width <= 0) return std::string(text);
  std::string out;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    WrapLine(text.substr(0, end), width, out);
    if (end == std::string_view::npos) break;
    out += '\n';
    text.remove_prefix(end + 1);
  }
  return out;
}

std::string Paragraphs(std::string_view text, int indent, int width) {
  std::string out, words;  // the paragraph or item being gathered
  bool item = false;
  const auto flush = [&] {
    if (words.empty()) return;
    const std::string first(static_cast<size_t>(indent), ' ');
    std::string wrapped;
    WrapLine(first + words, width, wrapped);
    // WrapLine indents the lines after the first by two: prose keeps them under the first,
    // an item's under its text.
    const std::string from = "\n" + first + "  ", to = "\n" + first + (item ? "  " : "");
    for (size_t at = wrapped.find(from); at != std::string::npos; at = wrapped.find(from, at + to.size()))
      wrapped.replace(at, from.size(), to);
    out += wrapped + "\n";
    words.clear();
  };
  bool blank_before = false;
  while (!text.empty()) {
    const size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    const size_t start = line.find_first_not_of(" \t");
    if (start == std::string_view::npos) {
      flush();
      blank_before = !out.empty();
      continue;
    }
    line.remove_prefix(start);
    if (line.starts_with("- ")) {
      flush();
      item = true;
    } else if (words.empty()) {
      item = false;
    }
    if (words.empty() && blank_before) out += "\n";
    blank_before = false;
    if (!words.empty()) words += ' ';
    words += line;
  }
  flush();
  return out;
}

int ProseWidth() {
  const int columns = isatty(STDOUT_FILENO) != 0 ? TerminalWidth() : 0;
  return columns > 0 ? std::min(columns, 80) : 80;
}

Screen::Screen(const Ruleset& rules, bool plain)
    : style_(rules, CardStyle::TerminalTakesStyle(plain)), terminal_(isatty(STDOUT_FILENO) != 0) {}

void Screen::Print(std::string_view text, const std::unordered_set<std::string>& moved) const {
  const std::string shown =
      style_.Show(terminal_ ? Wrapped(text, TerminalWidth()) : std::string(text), moved);
  std::fwrite(shown.data(), 1, shown.size(), stdout);
}

}  // namespace tapis::cli
