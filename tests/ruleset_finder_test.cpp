// Finding a ruleset by name among the user's folders ($TAPIS_PATH) and the bundled ones.
#include "interpreter/load/ruleset_finder.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "interpreter/model/errors.h"

using namespace tapis;

namespace {

namespace fs = std::filesystem;

// $TAPIS_PATH set for the life of the object (each test case runs in a process of its own).
struct TapisPath {
  explicit TapisPath(const std::string& value) { setenv("TAPIS_PATH", value.c_str(), 1); }
  ~TapisPath() { unsetenv("TAPIS_PATH"); }
};

}  // namespace

TEST_CASE("ruleset finder/a name is a file test in each folder, however full the folders") {
  // Every lookup listed both folders and compared each name of one with each of the other:
  // two folders of 50,000 files made every name take 16 s.
  const fs::path root = fs::temp_directory_path() / ("tapis_finder_" + std::to_string(getpid()));
  fs::remove_all(root);
  for (const char* folder : {"a", "b"}) {
    fs::create_directories(root / folder);
    for (int i = 0; i < 10000; ++i) std::ofstream(root / folder / ("r" + std::to_string(i) + ".yaml"));
  }
  std::ofstream(root / "b" / "mine.yaml") << "name: mine\n";
  const TapisPath path((root / "a").string() + ":" + (root / "b").string());

  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < 20; ++i) {
    CHECK(FindRuleset("unisson") == std::string(TAPIS_SOURCE_DIR) + "/rulesets/unisson.yaml");
    CHECK(FindRuleset("mine") == (root / "b" / "mine.yaml").string());
    CHECK(FindRuleset("r7") == (root / "a" / "r7.yaml").string());  // the first folder's
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(seconds < 0.5);  // 60 lookups: 2 file tests each, not a listing

  const auto listed = ListRulesets();
  CHECK(listed.size() > 10001);  // both folders, the second's r0…r9999 shadowed, and the bundled
  CHECK(listed.size() < 10100);

  // An unknown name lists a hundred names, not twenty thousand; a path is no name.
  for (const std::string wrong : {"nothing", "../a/r1", "a/r1"}) {
    try {
      FindRuleset(wrong);
      FAIL("found");
    } catch (const Error& e) {
      const std::string message = e.what();
      CHECK(message.find("no ruleset '" + wrong + "'; known rulesets: r0, r1, r10, r100, r1000") == 0);
      CHECK(message.find("… and ") != std::string::npos);
      CHECK(message.size() < 2000);
    }
  }
  fs::remove_all(root);
}
