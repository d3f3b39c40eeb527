#include "interpreter/model/text_file.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace tapis {

FileProblem ReadTextFile(const std::string& path, std::string& text, size_t max_bytes) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) return FileProblem::kMissing;
  if (!std::filesystem::is_regular_file(status)) return FileProblem::kNotRegular;
  const auto size = std::filesystem::file_size(path, ec);
  if (ec) return FileProblem::kUnreadable;
  if (size > max_bytes) return FileProblem::kTooLarge;
  std::ifstream in(path, std::ios::binary);
  if (!in) return FileProblem::kUnreadable;
  std::ostringstream out;
  out << in.rdbuf();
  if (in.bad()) return FileProblem::kUnreadable;
  text = std::move(out).str();
  return text.size() > max_bytes ? FileProblem::kTooLarge : FileProblem::kNone;
}

std::string ProblemSuffix(FileProblem problem, size_t max_bytes) {
  switch (problem) {
    case FileProblem::kNone:
    case FileProblem::kMissing:
      return "";
    case FileProblem::kNotRegular:
      return " (not a regular file)";
    case FileProblem::kTooLarge:
      return fmt::format(" (larger than {} MB)", max_bytes >> 20);
    case FileProblem::kUnreadable:
      return " (unreadable)";
  }
  return "";
}

}  // namespace tapis
