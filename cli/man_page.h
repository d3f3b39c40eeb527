// The manual page (man 1 tapis), written from the same commands, options and descriptions as
// --help, so the two never disagree. `tapis __man` prints it; the build writes tapis.1 with
// it and `cmake --install` puts that in share/man/man1.
#pragma once

#include <CLI/CLI.hpp>
#include <string>

namespace tapis::cli {

// The page in roff (the man macros): NAME, SYNOPSIS, each visible command with its
// arguments and options, the exit codes and where the guides are.
std::string ManPage(const CLI::App& app, const std::string& version);

}  // namespace tapis::cli
