// docs/tutorial.md stays true: its files are written and its commands run, in order, in a
// fresh folder, and each command's output holds the lines the tutorial shows.
#include <doctest/doctest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Block {
  std::string info;  // "sh tutorial", "text output", "yaml file=NAME"…
  std::string text;
};

std::vector<Block> Blocks(const std::string& markdown) {
  std::vector<Block> out;
  std::istringstream in(markdown);
  bool inside = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("```", 0) == 0) {
      if (!inside) out.push_back({line.substr(3), ""});
      inside = !inside;
    } else if (inside) {
      out.back().text += line + "\n";
    }
  }
  return out;
}

std::vector<std::string> Lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty()) out.push_back(line);
  }
  return out;
}

}  // namespace

TEST_CASE("tutorial/every command of docs/tutorial.md runs and prints what it says") {
  std::ifstream doc(std::string(TAPIS_SOURCE_DIR) + "/docs/tutorial.md");
  REQUIRE(doc.good());
  std::stringstream markdown;
  markdown << doc.rdbuf();
  const std::string dir = "/tmp/tapis-tutorial-test";
  REQUIRE(std::system(("rm -rf " + dir + " && mkdir -p " + dir).c_str()) == 0);

  std::string output;
  int commands = 0, checks = 0;
  for (const Block& block : Blocks(markdown.str())) {
    const auto file = block.info.find("file=");
    if (file != std::string::npos) {
      std::ofstream(dir + "/" + block.info.substr(file + 5)) << block.text;
    } else if (block.info == "sh tutorial") {
      std::string command = block.text.substr(0, block.text.find('\n'));
      CAPTURE(command);
      REQUIRE(command.rfind("tapis ", 0) == 0);
      command = "cd '" + dir + "' && '" TAPIS_TAPIS_BINARY "' " + command.substr(6) + " 2>&1";
      FILE* pipe = popen(command.c_str(), "r");
      REQUIRE(pipe != nullptr);
      output.clear();
      std::array<char, 4096> buffer{};
      while (size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) output.append(buffer.data(), n);
      const int status = pclose(pipe);
      INFO(output);
      CHECK(WIFEXITED(status));
      CHECK(WEXITSTATUS(status) == 0);
      ++commands;
    } else if (block.info == "text output") {
      for (const auto& expected : Lines(block.text)) {
        CAPTURE(expected);
        INFO(output);
        CHECK(output.find(expected) != std::string::npos);
        ++checks;
      }
    }
  }
  CHECK(commands >= 5);
  CHECK(checks >= 5);
}
