#include "cli/line_editor.h"

#include <histedit.h>
#include <locale.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>

namespace tapis::cli {
namespace {

constexpr int kHistoryLines = 500;

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool StartsCaseless(const std::string& text, const std::string& prefix) {
  if (text.size() < prefix.size()) return false;
  for (size_t i = 0; i < prefix.size(); ++i) {
    if (Lower(text[i]) != Lower(prefix[i])) return false;
  }
  return true;
}

// Characters, not bytes: libedit counts what it deletes in characters.
int CodePoints(const std::string& text) {
  return static_cast<int>(std::count_if(text.begin(), text.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

// How many bytes all of `words` share at their start, case aside, cut back to a whole character.
size_t CommonPrefix(const std::vector<std::string>& words) {
  size_t common = words[0].size();
  for (const std::string& word : words) {
    size_t i = 0;
    while (i < common && i < word.size() && Lower(word[i]) == Lower(words[0][i])) ++i;
    common = i;
  }
  while (common > 0 && common < words[0].size() && (words[0][common] & 0xC0) == 0x80) --common;
  return common;
}

// libedit decodes the prompt and the keys by the C library's locale, and a program that never
// calls setlocale runs in "C", where "→" is no character. The game writes UTF-8 whatever the
// environment says, so libedit runs under a UTF-8 locale of its thread's own, only while it works:
// the rest of the program keeps the locale it had.
class LocaleScope {
 public:
  explicit LocaleScope(locale_t locale) : before_(locale != nullptr ? uselocale(locale) : nullptr) {}
  ~LocaleScope() {
    if (before_ != nullptr) uselocale(before_);
  }
  LocaleScope(const LocaleScope&) = delete;
  LocaleScope& operator=(const LocaleScope&) = delete;

 private:
  locale_t before_;
};

}  // namespace

struct LineEditor::Editing {
  EditLine* editor = nullptr;
  History* past = nullptr;  // this run's lines, in memory only
  locale_t utf8 = nullptr;
  std::string prompt;
  Completer completer;
  std::string beeped_at;  // the line and cursor where Tab last had nothing to add: a Tab there again lists
  bool at_end = false;
  std::string interrupted;  // the line a signal interrupted

  Editing(const Editing&) = delete;
  Editing& operator=(const Editing&) = delete;
  Editing() = default;

  ~Editing() {
    if (editor != nullptr) el_end(editor);  // puts the terminal back as it was found
    if (past != nullptr) history_end(past);
    if (utf8 != nullptr) freelocale(utf8);
  }

  // False when libedit cannot take the terminal; then lines are read plainly.
  bool Open() {
    utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", nullptr);
    LocaleScope scope(utf8);
    editor = el_init("tapis", stdin, stdout, stderr);
    past = history_init();
    if (editor == nullptr || past == nullptr) return false;
    HistEvent event;
    history(past, &event, H_SETSIZE, kHistoryLines);
    history(past, &event, H_SETUNIQUE, 1);  // a line typed twice in a row is recalled once
    el_set(editor, EL_CLIENTDATA, this);
    // No handlers of libedit's: on Ctrl-C it would restore the terminal and send the signal
    // again, to the whole process group. The game's own handler only sets a flag, and the read,
    // interrupted, ends el_gets; libedit leaves the terminal cooked on its way out.
    el_set(editor, EL_SIGNAL, 0);
    el_set(editor, EL_SAFEREAD, 0);  // on, it would read again after EINTR, and Ctrl-C would wait
    el_set(editor, EL_EDITOR, "emacs");
    el_set(editor, EL_HIST, history, past);
    el_set(editor, EL_PROMPT, &Editing::PromptOf);
    // The wide call: el_set copies the name and help into memory nothing frees; el_wset keeps them.
    el_wset(editor, EL_ADDFN, L"tapis-complete", L"complete the word from what the game offers",
            &Editing::OnTab);
    el_set(editor, EL_BIND, "^I", "tapis-complete", nullptr);
    return true;
  }

  bool Read(const std::string& text, std::string& line) {
    if (at_end) {  // as a stream at its end: no wait, the prompt and a newline
      std::fputs((text + "\n").c_str(), stdout);
      std::fflush(stdout);
      return false;
    }
    std::fflush(stdout);
    prompt = text;
    beeped_at.clear();
    LocaleScope scope(utf8);
    // The terminal raw before the prompt shows: el_gets prints it first, and a key typed right
    // after it would meet the cooked terminal (echoed twice; Ctrl-D read back as a NUL).
    el_set(editor, EL_PREP_TERM, 1);
    int count = 0;
    errno = 0;
    const char* read = el_gets(editor, &count);
    interrupted.clear();
    if (read == nullptr || count <= 0) {
      at_end = !(count < 0 && errno == EINTR);
      if (!at_end) ClearInterruptedLine();
      std::fputs(at_end ? "\n" : "^C\n", stdout);
      std::fflush(stdout);
      return false;
    }
    line = read;
    if (!line.empty() && line.back() == '\n') line.pop_back();
    HistEvent event;
    if (line.find_first_not_of(" \t") != std::string::npos) history(past, &event, H_ENTER, line.c_str());
    return true;
  }

  // libedit keeps a line a signal interrupted for the next el_gets: it is kept here, and
  // cleared there, as a shell clears the line at Ctrl-C.
  void ClearInterruptedLine() {
    const LineInfo* info = el_line(editor);
    interrupted.assign(info->buffer, info->lastchar);
    el_cursor(editor, static_cast<int>(info->lastchar - info->cursor));
    if (!interrupted.empty()) el_deletestr(editor, CodePoints(interrupted));
  }

  static Editing& Of(EditLine* editor) {
    void* data = nullptr;
    el_get(editor, EL_CLIENTDATA, &data);
    return *static_cast<Editing*>(data);
  }

  static char* PromptOf(EditLine* editor) { return Of(editor).prompt.data(); }

  static unsigned char OnTab(EditLine* editor, int /*key*/) { return Of(editor).Complete(); }

  unsigned char Complete() {
    const LineInfo* info = el_line(editor);
    const std::string upto(info->buffer, info->cursor);
    const size_t start = upto.find_last_of(" \t") + 1;  // 0 when the word starts the line
    const std::string word = upto.substr(start);
    std::vector<std::string> found;
    try {
      if (completer) {
        for (std::string& offered : completer(upto.substr(0, start))) {
          if (StartsCaseless(offered, word) && std::find(found.begin(), found.end(), offered) == found.end())
            found.push_back(std::move(offered));
        }
      }
    } catch (...) {
      return CC_ERROR;  // an exception may not cross libedit's C frames; the Tab only beeps
    }
    if (found.empty()) return CC_ERROR;
    if (found.size() == 1) return Replace(word, found[0] + " ");
    const size_t common = CommonPrefix(found);
    if (common > word.size()) return Replace(word, found[0].substr(0, common));
    const std::string here = std::string(info->buffer, info->lastchar) + '\n' + std::to_string(upto.size());
    if (here != beeped_at) {
      beeped_at = here;
      return CC_ERROR;
    }
    List(found);
    return CC_REDISPLAY;  // the prompt and the line again, under the list
  }

  // Puts `text` in place of the typed `word`, so that its case becomes the game's.
  unsigned char Replace(const std::string& word, const std::string& text) {
    if (!word.empty()) el_deletestr(editor, CodePoints(word));
    if (el_insertstr(editor, text.c_str()) != 0) return CC_ERROR;
    beeped_at.clear();
    return CC_REFRESH;
  }

  // The candidates in columns down the screen, as a shell lists them.
  void List(const std::vector<std::string>& words) const {
    int screen = 0;
    if (el_get(editor, EL_GETTC, "co", &screen, nullptr) != 0 || screen <= 0) screen = 80;
    int width = 0;
    for (const std::string& word : words) width = std::max(width, CodePoints(word) + 2);
    const int columns = std::max(1, screen / width);
    const int count = static_cast<int>(words.size());
    const int rows = (count + columns - 1) / columns;
    std::string text = "\n";
    for (int row = 0; row < rows; ++row) {
      for (int i = row; i < count; i += rows) {
        text += words[i];
        if (i + rows < count) text.append(width - CodePoints(words[i]), ' ');
      }
      text += '\n';
    }
    std::fputs(text.c_str(), stdout);
  }
};

LineEditor::LineEditor() {
  const char* term = std::getenv("TERM");
  if (isatty(STDIN_FILENO) == 0 || isatty(STDOUT_FILENO) == 0) return;
  if (term == nullptr || *term == '\0' || std::strcmp(term, "dumb") == 0) return;  // no cursor to move
  auto editing = std::make_unique<Editing>();
  if (editing->Open()) editing_ = std::move(editing);
}

LineEditor::~LineEditor() = default;

void LineEditor::SetCompleter(Completer completer) {
  if (editing_) editing_->completer = std::move(completer);
}

bool LineEditor::Read(const std::string& prompt, std::string& line) {
  if (editing_) return editing_->Read(prompt, line);
  // As `tapis play` always read: the scripted games' golden output depends on these bytes.
  std::fwrite(prompt.data(), 1, prompt.size(), stdout);
  std::fflush(stdout);
  if (std::getline(std::cin, line)) return true;
  std::fputs("\n", stdout);
  return false;
}

const std::string& LineEditor::interrupted_line() const {
  static const std::string kNone;
  return editing_ ? editing_->interrupted : kNone;
}

bool LineEditor::end_of_input() const { return editing_ ? editing_->at_end : std::cin.eof(); }

void LineEditor::ClearEndOfInput() {
  if (editing_) {
    editing_->at_end = false;
    return;
  }
  std::cin.clear();
  std::clearerr(stdin);  // stdio keeps its end-of-file too, and cin reads through it
}

}  // namespace tapis::cli
