#include "cli/file_write.h"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "interpreter/model/errors.h"

namespace tapis::cli {

void WriteFileAtomically(const std::string& path, const std::string& text) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    throw IoError(fmt::format("{}: cannot write the file (not a regular file)", path));
  const std::string temporary = fmt::format("{}.{}.part", path, getpid());
  auto fail = [&](int error) {
    std::remove(temporary.c_str());
    throw IoError(fmt::format("{}: cannot write the file ({})", path, std::strerror(error)));
  };
  std::FILE* file = std::fopen(temporary.c_str(), "wb");
  if (file == nullptr) fail(errno);
  const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size() &&
                       std::fflush(file) == 0 && fsync(fileno(file)) == 0;
  const int error = errno;
  if (std::fclose(file) != 0 || !written) fail(written ? errno : error);
  if (std::rename(temporary.c_str(), path.c_str()) != 0) fail(errno);
}

}  // namespace tapis::cli
