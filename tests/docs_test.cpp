// The references stay complete: every key the loader accepts appears in docs/rulesets.md,
// and every function of the `tapis` Lua table in docs/lua-api.md. The lists are read from
// the sources themselves (CheckKeys calls, the API's registration table).
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "interpreter/load/ruleset_loader.h"

namespace {

std::string Read(const std::string& relative) {
  std::ifstream in(std::string(TAPIS_SOURCE_DIR) + "/" + relative);
  REQUIRE_MESSAGE(in.good(), relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The sources of `folder` (under the source tree) whose names start with `prefix`, one after
// the other in name order.
std::string Sources(const std::string& folder, const std::string& prefix) {
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(TAPIS_SOURCE_DIR) + "/" + folder)) {
    const std::string name = entry.path().filename().string();
    if (name.starts_with(prefix) && name.ends_with(".cpp")) files.push_back(name);
  }
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() >= 2);
  std::string all;
  for (const auto& name : files) all += Read(folder + "/" + name);
  return all;
}

// Every interpreter/script/lua_api*.cpp: the API is split by topic (reading, changing, tricks…).
std::string LuaApiSources() { return Sources("interpreter/script", "lua_api"); }

// The quoted words inside CheckKeys(…, {…}) calls.
std::set<std::string> AcceptedKeys(const std::string& source) {
  std::set<std::string> keys;
  const std::regex call(R"re(CheckKeys\([^{]*\{([^}]*)\})re");
  const std::regex word("\"([a-z_]+)\"");
  for (auto it = std::sregex_iterator(source.begin(), source.end(), call); it != std::sregex_iterator();
       ++it) {
    const std::string list = (*it)[1];
    for (auto w = std::sregex_iterator(list.begin(), list.end(), word); w != std::sregex_iterator(); ++w) {
      keys.insert((*w)[1]);
    }
  }
  return keys;
}

}  // namespace

TEST_CASE("docs/every ruleset key the loader accepts is in docs/rulesets.md") {
  const std::string doc = Read("docs/rulesets.md");
  // Every reader of ruleset keys lives in interpreter/load/.
  std::set<std::string> keys = AcceptedKeys(Sources("interpreter/load", ""));
  keys.insert("extends");  // read by the variant merger
  REQUIRE(keys.size() > 40);
  for (const auto& key : keys) {
    CAPTURE(key);
    CHECK(doc.find("`" + key) != std::string::npos);
  }
}

TEST_CASE("docs/every tapis.* Lua function is in docs/lua-api.md") {
  const std::string doc = Read("docs/lua-api.md");
  const std::string api = LuaApiSources();
  const std::regex entry(R"re(\{"([a-z_]+)", Guard<)re");
  int functions = 0;
  for (auto it = std::sregex_iterator(api.begin(), api.end(), entry); it != std::sregex_iterator(); ++it) {
    const std::string name = (*it)[1];
    ++functions;
    CAPTURE(name);
    CHECK(doc.find("tapis." + name + "(") != std::string::npos);
  }
  CHECK(functions > 30);
}

namespace {

// Lines that are neither blank nor a comment (`#` in YAML, `--` in Lua), nor the rules
// for players (a YAML's top-level `rules:`, prose the engine does not read).
int CountedLines(const std::string& text, const std::string& comment) {
  std::istringstream in(text);
  int lines = 0;
  bool prose = false;
  for (std::string line; std::getline(in, line);) {
    const size_t start = line.find_first_not_of(" \t");
    if (start == 0) prose = line.starts_with("rules:");
    if (!prose && start != std::string::npos && line.compare(start, comment.size(), comment) != 0) ++lines;
  }
  return lines;
}

}  // namespace

TEST_CASE("docs/the table of each bundled game's YAML and Lua lines is true") {
  const std::string doc = Read("docs/rulesets.md");
  int rows = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(TAPIS_SOURCE_DIR) + "/rulesets")) {
    const std::string file = entry.path().filename().string();
    if (!file.ends_with(".yaml")) continue;
    const std::string name = file.substr(0, file.size() - 5);
    const std::string yaml = Read("rulesets/" + file);
    int lua = 0;
    std::smatch scripts;
    if (std::regex_search(yaml, scripts, std::regex(R"(\nscripts: \[([^\]]*)\])"))) {
      std::istringstream list(scripts[1].str());
      for (std::string script; std::getline(list, script, ',');) {
        script.erase(0, script.find_first_not_of(' '));
        lua += CountedLines(Read("rulesets/" + script), "--");
      }
    }
    CAPTURE(name);
    const std::string row =
        "| `" + name + "` | " + std::to_string(CountedLines(yaml, "#")) + " | " + std::to_string(lua) + " |";
    CHECK(doc.find(row) != std::string::npos);
    ++rows;
  }
  CHECK(rows >= 19);
}

TEST_CASE("docs/every bundled ruleset tells players how to play, from its goal") {
  for (const auto& entry : std::filesystem::directory_iterator(std::string(TAPIS_SOURCE_DIR) + "/rulesets")) {
    if (entry.path().extension() != ".yaml") continue;
    const auto rules = tapis::LoadRuleset(entry.path().string());
    CAPTURE(rules->name);
    REQUIRE_FALSE(rules->how_to_play.empty());
    CHECK(rules->how_to_play.front().name == "goal");
    // The end of a game is told somewhere: a section, or the scoring's own words.
    bool ends = false;
    for (const tapis::RulesSection& section : rules->how_to_play)
      ends = ends || section.name.find("end") != std::string::npos ||
             section.text.find("ends") != std::string::npos;
    CHECK(ends);
  }
}
