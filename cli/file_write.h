// Writing the files a player or designer keeps (saves, logs, reports, variants) so that a
// failed write never costs the file that was there: the text goes to a temporary file beside
// it, which replaces it only once wholly written.
#pragma once

#include <string>

namespace tapis::cli {

// Writes `text` to `path`, or throws IoError ("path: cannot write the file (reason)") and
// leaves any file at `path` as it was. Refuses a path that exists and is not a regular file
// (a device, a folder, a FIFO).
void WriteFileAtomically(const std::string& path, const std::string& text);

}  // namespace tapis::cli
