// Shell completion: `tapis completion bash|zsh|fish` prints a script for the shell, which
// asks tapis itself what may come next (`tapis __complete WORD...`), so that one list — the
// commands and options of the command line as parsed, the rulesets found, a ruleset's
// parameters and their values, its rules' sections — serves every shell.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace tapis::cli {

// The script that completes tapis in `shell` (bash, zsh or fish); throws Error(kUsage) for
// another shell.
std::string CompletionScript(const std::string& shell);
// What may stand in place of the last of `words` (the words after `tapis`, the last one
// being typed, maybe empty), one a line: commands, options, rulesets, `--set` parameters
// (`moon=`) and their values (`moon=none`), seat kinds, sections; or the line ":files" where
// a file name goes, for the shell to complete.
std::vector<std::string> Completions(const CLI::App& app, const std::vector<std::string>& words);

}  // namespace tapis::cli
