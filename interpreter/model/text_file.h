// Reading the files a user or a ruleset names (rulesets, scripts, word lists, logs,
// positions): only regular files, and at most a limit, so that a folder, /dev/zero or a FIFO
// named by mistake, or by a hostile ruleset, is a one-line error and not a hang.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace tapis {

inline constexpr size_t kMaxTextFileBytes = size_t{64} << 20;

enum class FileProblem { kNone, kMissing, kNotRegular, kTooLarge, kUnreadable };

// Puts the whole file at `path` in `text`, or says why it cannot.
FileProblem ReadTextFile(const std::string& path, std::string& text, size_t max_bytes = kMaxTextFileBytes);

// What to add to "PATH: cannot read …" for `problem` with the file at `path`: " (not a
// regular file)", " (larger than 64 MB)", " (no such file in /home/me)" (a relative path
// names the folder it was looked for in)…
std::string ProblemSuffix(FileProblem problem, const std::string& path, size_t max_bytes = kMaxTextFileBytes);

// Where `text` stops being UTF-8 (the offset of its first byte that is not part of a
// well-formed character), or std::string::npos when all of it is.
size_t InvalidUtf8At(std::string_view text);

}  // namespace tapis
