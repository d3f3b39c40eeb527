// The layers of interpreter/ (docs/architecture.md): a file may include its own folder and the
// folders below it, never one above. The order is CMakeLists.txt's TAPIS_LAYERS, lowest first
// (passed here as "model,mechanisms,…").
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> Layers() {
  std::vector<std::string> layers;
  std::stringstream list(TAPIS_LAYERS);
  for (std::string layer; std::getline(list, layer, ',');) layers.push_back(layer);
  return layers;
}

// "file:line: includes interpreter/X/…, a layer above Y" for each include of `source` (a file
// of layer `own`) that reaches above it; an include of a folder that is no layer counts too.
std::vector<std::string> UpwardIncludes(const std::vector<std::string>& layers, const std::string& own,
                                        const std::string& file, const std::string& source) {
  const auto rank = [&](const std::string& layer) {
    return std::find(layers.begin(), layers.end(), layer) - layers.begin();
  };
  static const std::regex include(R"re(^\s*#\s*include\s*"interpreter/([^/"]+)/)re");
  std::vector<std::string> out;
  std::stringstream lines(source);
  int number = 0;
  for (std::string line; std::getline(lines, line);) {
    ++number;
    std::smatch m;
    if (!std::regex_search(line, m, include)) continue;
    const std::string target = m[1];
    if (rank(target) > rank(own))
      out.push_back(file + ":" + std::to_string(number) + ": includes interpreter/" + target +
                    "/, a layer above " + own);
  }
  return out;
}

}  // namespace

TEST_CASE("layers/the check finds an include of a layer above") {
  const std::vector<std::string> layers = {"model", "mechanisms", "engine"};
  CHECK(UpwardIncludes(layers, "mechanisms", "x.cpp", "#include \"interpreter/model/move.h\"\n").empty());
  CHECK(
      UpwardIncludes(layers, "mechanisms", "x.cpp", "#include \"interpreter/mechanisms/grid.h\"\n").empty());
  const auto found =
      UpwardIncludes(layers, "mechanisms", "x.cpp",
                     "// engine\n#include <vector>\n#include \"interpreter/engine/engine.h\"\n");
  REQUIRE(found.size() == 1);
  CHECK(found[0] == "x.cpp:3: includes interpreter/engine/, a layer above mechanisms");
  CHECK(UpwardIncludes(layers, "model", "y.h", "#include \"interpreter/elsewhere/z.h\"\n").size() == 1);
}

TEST_CASE("layers/no file of interpreter/ includes a folder above its own") {
  const std::vector<std::string> layers = Layers();
  REQUIRE(layers.size() >= 8);
  const std::filesystem::path root = std::filesystem::path(TAPIS_SOURCE_DIR) / "interpreter";
  int files = 0;
  for (const auto& folder : std::filesystem::directory_iterator(root)) {
    if (!folder.is_directory()) continue;
    const std::string layer = folder.path().filename().string();
    CAPTURE(layer);
    CHECK_MESSAGE(std::find(layers.begin(), layers.end(), layer) != layers.end(),
                  "every folder of interpreter/ is a layer named in CMakeLists.txt's TAPIS_LAYERS");
    for (const auto& entry : std::filesystem::directory_iterator(folder.path())) {
      const std::string name = entry.path().filename().string();
      if (!name.ends_with(".h") && !name.ends_with(".cpp")) continue;
      std::ifstream in(entry.path());
      std::stringstream text;
      text << in.rdbuf();
      ++files;
      for (const auto& problem :
           UpwardIncludes(layers, layer, "interpreter/" + layer + "/" + name, text.str()))
        FAIL_CHECK(problem);
    }
  }
  CHECK(files > 80);
}
