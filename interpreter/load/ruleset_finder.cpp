#include "interpreter/load/ruleset_finder.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <unordered_set>

#include "interpreter/model/errors.h"
#include "interpreter/model/names.h"

namespace tapis {

namespace fs = std::filesystem;

std::vector<std::string> RulesetFolders() {
  std::vector<std::string> out;
  if (const char* path = std::getenv("TAPIS_PATH")) {
    std::stringstream in(path);
    for (std::string dir; std::getline(in, dir, ':');) {
      if (!dir.empty()) out.push_back(dir);
    }
  } else if (const char* data = std::getenv("XDG_DATA_HOME"); data && *data) {
    out.push_back(std::string(data) + "/tapis/rulesets");
  } else if (const char* home = std::getenv("HOME"); home && *home) {
    out.push_back(std::string(home) + "/.local/share/tapis/rulesets");
  }
  out.push_back(std::string(TAPIS_SOURCE_DIR) + "/rulesets");
  return out;
}

std::vector<RulesetEntry> ListRulesets() {
  std::vector<RulesetEntry> out;
  std::unordered_set<std::string> listed;  // a name in an earlier folder shadows the later ones
  for (const auto& dir : RulesetFolders()) {
    std::error_code ec;
    std::vector<RulesetEntry> here;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
      if (it->path().extension() != ".yaml") continue;
      std::string name = it->path().stem().string();
      if (!listed.count(name)) here.push_back({std::move(name), it->path().string()});
    }
    std::sort(here.begin(), here.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    for (const auto& entry : here) listed.insert(entry.name);
    out.insert(out.end(), here.begin(), here.end());
  }
  return out;
}

std::string FindRuleset(const std::string& name_or_path) {
  std::error_code ec;
  if (fs::is_regular_file(name_or_path, ec)) return name_or_path;
  // A name is looked up as NAME.yaml in each folder, one file test a folder: listing the
  // folders took 16 s with two of 50,000 files.
  const bool a_name = !name_or_path.empty() && name_or_path != "." && name_or_path != ".." &&
                      name_or_path.find('/') == std::string::npos &&
                      name_or_path.find('\0') == std::string::npos;
  if (a_name) {
    for (const auto& dir : RulesetFolders()) {
      const fs::path path = fs::path(dir) / (name_or_path + ".yaml");
      if (fs::is_regular_file(path, ec)) return path.string();
    }
  }
  std::vector<std::string> names;
  for (const auto& entry : ListRulesets()) names.push_back(entry.name);
  throw IoError(fmt::format("no ruleset '{}'; known rulesets: {} (or give a path to a .yaml file)",
                            name_or_path, JoinSome(names)));
}

}  // namespace tapis
