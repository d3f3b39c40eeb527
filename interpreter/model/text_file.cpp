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

std::string ProblemSuffix(FileProblem problem, const std::string& path, size_t max_bytes) {
  switch (problem) {
    case FileProblem::kNone:
      return "";
    case FileProblem::kMissing: {
      std::error_code ec;
      const auto here = std::filesystem::current_path(ec);
      if (std::filesystem::path(path).is_absolute() || ec) return " (no such file)";
      return fmt::format(" (no such file in {})", here.string());
    }
    case FileProblem::kNotRegular:
      return " (not a regular file)";
    case FileProblem::kTooLarge:
      return fmt::format(" (larger than {} MB)", max_bytes >> 20);
    case FileProblem::kUnreadable:
      return " (unreadable)";
  }
  return "";
}

size_t InvalidUtf8At(std::string_view text) {
  const auto byte = [&](size_t i) { return static_cast<unsigned char>(text[i]); };
  for (size_t i = 0; i < text.size();) {
    const unsigned char lead = byte(i);
    // The length of the character, and the range its second byte must be in (which refuses
    // overlong forms, surrogates and values above U+10FFFF).
    size_t length = 1;
    unsigned char low = 0x80, high = 0xBF;
    if (lead < 0x80) {
      ++i;
      continue;
    } else if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      return i;
    }
    if (i + length > text.size() || byte(i + 1) < low || byte(i + 1) > high) return i;
    for (size_t k = 2; k < length; ++k)
      if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return i;
    i += length;
  }
  return std::string::npos;
}

}  // namespace tapis
