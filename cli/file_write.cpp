#include "cli/file_write.h"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include "interpreter/model/errors.h"

namespace tapis::cli {
namespace {

// The permissions a file created now would get (mkstemp's are 0600).
mode_t NewFileMode() {
  const mode_t mask = umask(0);
  umask(mask);
  return 0666 & ~mask;
}

}  // namespace

void WriteFileAtomically(const std::string& path, const std::string& text) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    throw IoError(fmt::format("{}: cannot write the file (not a regular file)", path));
  // An unpredictable name, created only if nothing is there (O_EXCL, which follows no
  // symbolic link): a `FILE.<pid>.part` could be planted beforehand as a link to another file.
  std::string name = path + ".XXXXXX.part";
  std::vector<char> temporary(name.begin(), name.end());
  temporary.push_back('\0');
  int fd = mkostemps(temporary.data(), 5, O_CLOEXEC);
  if (fd < 0) throw IoError(fmt::format("{}: cannot write the file ({})", path, std::strerror(errno)));
  const auto fail = [&](int error) {
    if (fd >= 0) close(fd);
    unlink(temporary.data());
    throw IoError(fmt::format("{}: cannot write the file ({})", path, std::strerror(error)));
  };
  for (size_t done = 0; done < text.size();) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail(n < 0 ? errno : ENOSPC);
    done += static_cast<size_t>(n);
  }
  if (fchmod(fd, NewFileMode()) != 0 || fsync(fd) != 0) fail(errno);
  const int closed = close(fd);
  fd = -1;
  if (closed != 0) fail(errno);
  if (std::rename(temporary.data(), path.c_str()) != 0) fail(errno);
}

}  // namespace tapis::cli
