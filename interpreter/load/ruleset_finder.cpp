#include "interpreter/load/ruleset_finder.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <sstream>

#include "interpreter/model/errors.h"

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
  for (const auto& dir : RulesetFolders()) {
    std::error_code ec;
    std::vector<RulesetEntry> here;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      if (entry.path().extension() != ".yaml") continue;
      const std::string name = entry.path().stem().string();
      const bool shadowed =
          std::any_of(out.begin(), out.end(), [&](const auto& e) { return e.name == name; });
      if (!shadowed) here.push_back({name, entry.path().string()});
    }
    std::sort(here.begin(), here.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
    out.insert(out.end(), here.begin(), here.end());
  }
  return out;
}

std::string FindRuleset(const std::string& name_or_path) {
  std::error_code ec;
  if (fs::is_regular_file(name_or_path, ec)) return name_or_path;
  for (const auto& entry : ListRulesets()) {
    if (entry.name == name_or_path) return entry.path;
  }
  std::vector<std::string> names;
  for (const auto& entry : ListRulesets()) names.push_back(entry.name);
  throw IoError(fmt::format("no ruleset '{}'; known rulesets: {} (or give a path to a .yaml file)",
                            name_or_path, fmt::join(names, ", ")));
}

}  // namespace tapis
