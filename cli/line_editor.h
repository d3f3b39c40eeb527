// The player's lines for `tapis play`. At a terminal they are edited with Debian's libedit
// (arrows move and recall this run's earlier lines, Tab completes the word under the cursor
// from what the game offers); from a pipe or a file they are read plainly, the prompt printed
// as it is, so that scripted games and their golden output do not depend on libedit.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tapis::cli {

class LineEditor {
 public:
  // The words that may follow `before` (the line up to the word being completed): the game
  // knows the legal moves; the editor only keeps those the typed prefix starts, case aside.
  using Completer = std::function<std::vector<std::string>(const std::string& before)>;

  // Edits at a terminal only: stdin and stdout both a terminal, and TERM neither unset nor "dumb".
  LineEditor();
  ~LineEditor();
  LineEditor(const LineEditor&) = delete;
  LineEditor& operator=(const LineEditor&) = delete;

  void SetCompleter(Completer completer);

  // Prints `prompt` (one line, UTF-8) to stdout and reads a line into `line`, without its
  // newline. False at the end of input (Ctrl-D on an empty line) or when a signal (Ctrl-C)
  // interrupted the read; then a newline is printed, so that what follows starts a line.
  // The end of input stays until ClearEndOfInput: every Read returns false at once.
  bool Read(const std::string& prompt, std::string& line);

  bool terminal() const { return editing_ != nullptr; }
  // Whether the last failed Read met the end of input (not a signal).
  bool end_of_input() const;
  // At a terminal, what was typed on the line when a signal interrupted the last Read; the
  // line is cleared for the next one.
  const std::string& interrupted_line() const;
  // Lets reading go on after an end of input: at a terminal, Ctrl-D can be answered.
  void ClearEndOfInput();

 private:
  struct Editing;  // libedit's state, at a terminal only
  std::unique_ptr<Editing> editing_;
};

}  // namespace tapis::cli
