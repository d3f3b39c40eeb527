// The references stay complete: every key the loader accepts appears in docs/rulesets.md,
// and every function of the `tapis` Lua table in docs/lua-api.md. The lists are read from
// the sources themselves (CheckKeys calls, the API's registration table).
#include <doctest/doctest.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace {

std::string Read(const std::string& relative) {
  std::ifstream in(std::string(TAPIS_SOURCE_DIR) + "/" + relative);
  REQUIRE_MESSAGE(in.good(), relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

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
  std::set<std::string> keys = AcceptedKeys(Read("interpreter/ruleset_loader.cpp"));
  for (const char* loader : {"interpreter/card_loader.cpp", "interpreter/parameter_loader.cpp",
                             "interpreter/match_loader.cpp"}) {
    for (const auto& k : AcceptedKeys(Read(loader))) keys.insert(k);
  }
  keys.insert("extends");  // read by the variant merger
  REQUIRE(keys.size() > 40);
  for (const auto& key : keys) {
    CAPTURE(key);
    CHECK(doc.find("`" + key) != std::string::npos);
  }
}

TEST_CASE("docs/every tapis.* Lua function is in docs/lua-api.md") {
  const std::string doc = Read("docs/lua-api.md");
  const std::string api = Read("interpreter/lua_api.cpp") + Read("interpreter/lua_api_read.cpp") +
                          Read("interpreter/lua_api_words.cpp");
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
