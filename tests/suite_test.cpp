// The suite itself: CTest treats ';' as a list separator, so a test name holding one is split
// into pieces that match no test, and the test silently never runs under `ctest`.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

TEST_CASE("suite/no test name holds a semicolon, which ctest would split into tests that run nothing") {
  const std::regex name(R"(TEST_CASE\(\s*"((?:[^"\\]|\\.)*)\")");
  int names = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(TAPIS_SOURCE_DIR) + "/tests")) {
    if (entry.path().extension() != ".cpp") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    const std::string source = text.str();
    for (std::sregex_iterator it(source.begin(), source.end(), name), end; it != end; ++it) {
      ++names;
      CHECK_MESSAGE((*it)[1].str().find(';') == std::string::npos,
                    entry.path().filename().string() << ": " << (*it)[1].str());
    }
  }
  CHECK(names > 100);
}
