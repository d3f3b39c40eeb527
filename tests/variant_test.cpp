// Variants that extend a ruleset: merge rules, inherited scripts, errors at the variant's line.
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "interpreter/load/lint.h"
#include "interpreter/model/errors.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

const std::string kDir = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/variants/";

std::string LoadErrorOf(const std::string& file) {
  try {
    LoadRuleset(file.find('/') == std::string::npos ? kDir + file : file);
  } catch (const Error& e) {
    return e.what();
  }
  return "(loaded)";
}

}  // namespace

TEST_CASE("variant/overrides what it names and keeps the rest") {
  const auto rules = LoadRuleset(kDir + "unisson_quick.yaml");
  CHECK(rules->name == "unisson_quick");
  CHECK(rules->min_players == 3);               // inherited
  CHECK(rules->actions_per_turn.literal == 3);  // overridden
  const auto& bonus = rules->parameters[rules->ParameterIndex("unisson_bonus")];
  CHECK(bonus.default_value == 100);                                              // merged into the map
  CHECK(bonus.description == "Bonus for every player when all have an octave.");  // kept
  REQUIRE(rules->scripts.size() == 2);  // the base's, then the variant's
  CHECK(rules->scripts[0].display_name == "scripts/unisson.lua");
  CHECK(rules->score_function == "melded_cards");
}

TEST_CASE("variant/plays with the base's triggers and its own scoring") {
  auto engine = MakeEngine(kDir + "unisson_quick.yaml", 3);
  GameState s = Position(*engine, R"({
    "zones": {"gamme": ["AS", "8H"], "hand 1": ["9H", "8C", "JD"], "hand 2": ["KC"], "hand 3": ["QC"]},
    "created_zones": [{"zone": "melds", "owner": 2, "cards": ["AD", "KD", "QD"]}]})");
  CHECK(s.actions_left == 3);
  Play(*engine, s, "choose AS");  // the base's Ace effect: two discards
  CHECK(s.decisions.size() == 1);
  CHECK(engine->Score(s) == std::vector<int>{0, 3, 0});
}

TEST_CASE("variant/null removes a key") {
  auto engine = MakeEngine(kDir + "no_trigger.yaml", 3);
  GameState s = Position(
      *engine, R"({"zones": {"gamme": ["AS"], "hand 1": ["9H"], "hand 2": ["KC"], "hand 3": ["QC"]}})");
  Play(*engine, s, "choose AS");
  CHECK(s.decisions.empty());
}

TEST_CASE("variant/errors point at the variant's own line") {
  CHECK(LoadErrorOf("typo.yaml") == kDir + "typo.yaml:3:3: unknown key 'actoins'; did you mean 'actions'?");
  CHECK(LoadErrorOf("loop_a.yaml").find("extends itself, through a chain of extends") != std::string::npos);
}

TEST_CASE("variant/a long chain of extends loads each file once") {
  // Each file used to load its base twice (once to check it, once to merge it): 2^n loads,
  // and 18 levels took 20 s. Forty levels would never end.
  const auto folder = std::filesystem::temp_directory_path() / "tapis_variant_chain";
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "v0.yaml") << "extends: unisson\n";
  for (int i = 1; i <= 40; ++i)
    std::ofstream(folder / fmt::format("v{}.yaml", i)) << fmt::format("extends: v{}.yaml\n", i - 1);
  std::ofstream(folder / "v41.yaml") << "extends: v40.yaml\nturn: {actoins: 1}\n";
  CHECK(LoadRuleset((folder / "v40.yaml").string())->name == "unisson");
  CHECK(LoadErrorOf((folder / "v41.yaml").string()).find("v41.yaml:2:8: unknown key 'actoins'") !=
        std::string::npos);
  // Each file is built once, so a chain costs a build of its base a file: 1,000 tiny files
  // over a base took 100 s. Past 64 files, the 65th names the chain's length.
  for (int i = 1; i <= 23; ++i)
    std::ofstream(folder / fmt::format("w{}.yaml", i))
        << (i == 1 ? "extends: v40.yaml\n" : fmt::format("extends: w{}.yaml\n", i - 1));
  CHECK(LoadRuleset((folder / "w22.yaml").string())->name == "unisson");  // 64 files, unisson's too
  CHECK(LoadErrorOf((folder / "w23.yaml").string()) ==
        (folder / "w23.yaml").string() +
            ":1:10: the ruleset it extends does not load: " + (folder / "v0.yaml").string() +
            ":1:10: a chain of extends of more than 64 files; merge some of them");
}

TEST_CASE("variant/a control character in a variant is found whatever the base's layout") {
  // Each file is checked on its own tree: in a merged tree, a node of the base and one of the
  // variant can share a place in their files, and one would hide the other.
  const auto folder = std::filesystem::temp_directory_path() / "tapis_variant_escape";
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "v.yaml") << "extends: unisson\nname: \"uni\\e[2Jsson\"\n";
  CHECK(LoadErrorOf((folder / "v.yaml").string()).find("v.yaml:2:7: control character \\x1b") !=
        std::string::npos);
}

TEST_CASE("variant/a function with the base's name replaces it, and check says so") {
  // The base's definition won, silently: a variant's on_choose that raised an error still
  // passed tapis check.
  const auto folder = std::filesystem::temp_directory_path() / ("tapis_replace_" + std::to_string(getpid()));
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "mine.lua") << "function on_choose(move) tapis.set_out(move.player) end\n";
  std::ofstream(folder / "mine.yaml") << "extends: unisson\nname: mine\nscripts: [mine.lua]\n";
  auto engine = MakeEngine((folder / "mine.yaml").string(), 3);
  GameState s = Position(*engine, R"({"zones": {"gamme": ["AS", "8H"], "hand 1": ["9H", "8C", "JD"],
      "hand 2": ["KC"], "hand 3": ["QC"]}})");
  Play(*engine, s, "choose AS");
  CHECK(s.decisions.empty());  // the base's Ace effect (two discards) is not called
  CHECK((s.out & 1u) != 0);    // the variant's is
  const auto notes = Lint(engine->rules());
  CHECK(std::count_if(notes.begin(), notes.end(), [](const std::string& n) {
          return n.find(
                     "mine.lua: function 'on_choose' replaces the one in scripts/unisson.lua wherever the "
                     "ruleset names it") != std::string::npos;
        }) == 1);
  std::filesystem::remove_all(folder);
}

namespace {

// A folder of its own for one test's files, removed at the end.
struct TempFolder {
  std::filesystem::path path;
  explicit TempFolder(const std::string& name)
      : path(std::filesystem::temp_directory_path() / (name + "_" + std::to_string(getpid()))) {
    std::filesystem::create_directories(path);
  }
  ~TempFolder() { std::filesystem::remove_all(path); }
  std::string Write(const std::string& file, const std::string& text) const {
    std::ofstream(path / file) << text;
    return (path / file).string();
  }
};

const char* kAceSevenPosition = R"({"zones": {"gamme": ["AS", "8H"], "hand 1": ["9H", "8C", "JD"],
    "hand 2": ["KC"], "hand 3": ["QC"]}})";

// The game after "choose AS" in b.yaml, which extends a.yaml, which extends unisson; each
// with a script of its own (a.lua, b.lua).
GameState ChooseAceInChain(const TempFolder& folder, const std::string& a_lua, const std::string& b_lua) {
  folder.Write("a.lua", a_lua);
  folder.Write("a.yaml", "extends: unisson\nname: a\nscripts: [a.lua]\n");
  folder.Write("b.lua", b_lua);
  auto engine = MakeEngine(folder.Write("b.yaml", "extends: a.yaml\nname: b\nscripts: [b.lua]\n"), 3);
  GameState s = Position(*engine, kAceSevenPosition);
  Play(*engine, s, "choose AS");
  return s;
}

}  // namespace

TEST_CASE("variant/a variant's function calls the base's through base") {
  TempFolder folder("tapis_base_call");
  folder.Write("mine.lua",
               "function on_choose(move)\n  base.on_choose(move)\n  tapis.set_out(move.player)\nend\n");
  auto engine =
      MakeEngine(folder.Write("mine.yaml", "extends: unisson\nname: mine\nscripts: [mine.lua]\n"), 3);
  GameState s = Position(*engine, kAceSevenPosition);
  Play(*engine, s, "choose AS");
  CHECK(s.decisions.size() == 1);  // the base's Ace effect: discard two
  CHECK((s.out & 1u) != 0);        // and the variant's own
}

TEST_CASE("variant/then: lists effects that run in order, each counted") {
  TempFolder folder("tapis_then_list");
  // mark runs second: it sees the decision the base's effect asked.
  folder.Write(
      "mine.lua",
      "function mark(move)\n  if tapis.count(\"hand\", move.player) > 0 then tapis.set_out(move.player) end\n"
      "end\n");
  auto engine = MakeEngine(folder.Write("mine.yaml",
                                        "extends: unisson\nname: mine\nscripts: [mine.lua]\n"
                                        "moves:\n  choose: {then: [{script: on_choose, if: {rank: [A, "
                                        "\"7\"]}}, mark]}\n"),
                           3);
  const auto& moves = engine->rules().moves;
  const size_t choose = static_cast<size_t>(
      std::find_if(moves.begin(), moves.end(), [](const MoveDecl& m) { return m.name == "choose"; }) -
      moves.begin());
  REQUIRE(moves.at(choose).then.size() == 2);
  GameState s = Position(*engine, kAceSevenPosition);
  Play(*engine, s, "choose 8H");  // not an Ace: only mark runs
  CHECK(s.decisions.empty());
  CHECK((s.out & 1u) != 0);
  CHECK(engine->usage().effects[choose] == std::vector<uint64_t>{0, 1});
}

TEST_CASE("variant/base is read-only, and a name it lacks fails at load with the name meant") {
  TempFolder folder("tapis_base_errors");
  const std::string yaml = folder.Write("mine.yaml", "extends: unisson\nname: mine\nscripts: [mine.lua]\n");
  folder.Write("mine.lua", "function on_choose(move)\n  base.on_chose(move)\nend\n");
  CHECK(LoadErrorOf(yaml).find("mine.lua:2: base.on_chose: the ruleset this one extends defines no "
                               "'on_chose'; did you mean 'on_choose'?") != std::string::npos);
  folder.Write("mine.lua", "base.on_choose = nil\n");
  CHECK(LoadErrorOf(yaml).find("mine.lua:1: cannot change 'base.on_choose'") != std::string::npos);
  // A ruleset that extends none has an empty base.
  std::ifstream lint(std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/lint.yaml");
  folder.Write("lint.yaml", std::string(std::istreambuf_iterator<char>(lint), {}));
  folder.Write("lint.lua", "function on_three(move)\n  base.on_three(move)\nend\n");
  CHECK(LoadErrorOf((folder.path / "lint.yaml").string())
            .find("lint.lua:2: base.on_three: base is for a variant's scripts, and this script's ruleset "
                  "extends none") != std::string::npos);
}

TEST_CASE("variant/each generation's base is the one it extends") {
  TempFolder folder("tapis_base_chain");
  const GameState s =
      ChooseAceInChain(folder, "function on_choose(move) base.on_choose(move) tapis.set_out(1) end\n",
                       "function on_choose(move) base.on_choose(move) tapis.set_out(2) end\n");
  CHECK(s.decisions.size() == 1);  // unisson's on_choose, through a's
  CHECK(s.out == 3u);              // a's and b's
}

TEST_CASE("variant/the docs' example: Kings call L'Unisson's effect and scoring, then add their own") {
  auto base = MakeEngine("unisson", 3);
  auto kings = MakeEngine(kDir + "unisson_kings.yaml", 3);
  GameState s = Position(*kings, R"({"zones": {"gamme": ["KS", "AS"], "hand 1": ["9H", "8C", "JD"],
      "hand 2": ["KC", "KD"], "hand 3": ["QC"]}})");
  const std::vector<int> before = base->Score(Position(*base, R"({"zones": {"gamme": ["KS", "AS"],
      "hand 1": ["9H", "8C", "JD"], "hand 2": ["KC", "KD"], "hand 3": ["QC"]}})"));
  CHECK(kings->Score(s) == std::vector<int>{before[0], before[1] - 10, before[2]});
  Play(*kings, s, "choose KS");  // a King: one more draw, if the player wants it
  REQUIRE(s.decisions.size() == 1);
  CHECK(IsLegal(*kings, s, "draw"));
  CHECK(IsLegal(*kings, s, "stop"));
  Play(*kings, s, "stop");
  Play(*kings, s, "choose AS");  // an Ace: L'Unisson's two discards, through base.on_choose
  REQUIRE(s.decisions.size() == 1);
  CHECK_FALSE(IsLegal(*kings, s, "stop"));
}

TEST_CASE("variant/a base's script that replaces a tapis function fools only itself") {
  // All scripts shared one `tapis`: a base's script that replaced tapis.ask silenced the
  // Ace effect of the script before it and the variant's calls too.
  TempFolder folder("tapis_view");
  const GameState s =
      ChooseAceInChain(folder, "tapis.ask = function() end\ntapis.set_out = function() end\n",
                       "function on_choose(move) base.on_choose(move) tapis.set_out(2) end\n");
  CHECK(s.decisions.size() == 1);  // unisson.lua's tapis.ask
  CHECK(s.out == 2u);              // b.lua's tapis.set_out
  // The global `tapis`, which every script could reach, is read-only.
  folder.Write("a.lua", "_G.tapis.ask = function() end\n");
  CHECK(LoadErrorOf((folder.path / "b.yaml").string())
            .find("a.lua:1: cannot change 'tapis.ask': the libraries and the tapis table are read-only") !=
        std::string::npos);
}

TEST_CASE("variant/an error in a node of the base is reported at the base's file and line") {
  // The merged tree was read as the variant's: `v.yaml:24:38`, a line v.yaml does not have.
  TempFolder folder("tapis_base_line");
  const std::string mini = std::string(TAPIS_SOURCE_DIR) + "/tests/bad/mini.yaml";
  const std::string yaml = folder.Write("v.yaml", "extends: " + mini + "\nname: v\nzones: {pile: ~}\n");
  CHECK(LoadErrorOf(yaml) == mini + ":23:38: unknown zone 'pile'; zones are: stock, hand");
  // The variant's own nodes stay at its lines, and a base that does not load says so at the
  // variant's extends: with the base's own place.
  folder.Write("v.yaml", "extends: " + mini + "\nname: v\nmoves: {play: {to: attic}}\n");
  CHECK(LoadErrorOf(yaml).find("v.yaml:3:20: unknown zone 'attic'") != std::string::npos);
  const std::string base = folder.Write("base.yaml", ReadText(mini) + "bots: {iterations: 0}\n");
  folder.Write("mini.lua", "function on_play(move) end\n");
  folder.Write("v.yaml", "extends: base.yaml\nname: v\n");
  CHECK(LoadErrorOf(yaml) == yaml + ":1:10: the ruleset it extends does not load: " + base +
                                 ":26:20: iterations: expected a number from 1 up");
}

TEST_CASE("variant/each script of a chain of extends runs its top level once" *
          doctest::timeout(3 * kSlowdown)) {
  // Each file of the chain was built with the scripts of every file above it run again:
  // 60 levels ran 1,830 top levels, each near its budget's share (549,000,000 instructions).
  TempFolder folder("tapis_chain_scripts");
  const std::string mini = std::string(TAPIS_SOURCE_DIR) + "/tests/bad/mini.yaml";
  folder.Write("v0.yaml", "extends: " + mini + "\nname: v0\n");
  for (int i = 1; i <= 60; ++i) {
    folder.Write(fmt::format("s{}.lua", i), fmt::format("for i = 1, 300000 do end\nlevel{} = {}\n", i, i));
    folder.Write(fmt::format("v{}.yaml", i),
                 fmt::format("extends: v{}.yaml\nscripts: [s{}.lua]\n", i - 1, i));
  }
  const auto rules = LoadRuleset((folder.path / "v60.yaml").string());
  CHECK(rules->scripts.size() == 61);
  // The variant's scripts still see the base's definitions, and share the one budget.
  folder.Write("s60.lua", "assert(base.level59 == 59)\nfor i = 1, 3000000 do end\n");
  CHECK(LoadErrorOf((folder.path / "v60.yaml").string()).find("s60.lua:2: instruction budget") !=
        std::string::npos);
  folder.Write("s60.lua", "assert(base.level59 == 59 and base.level1 == 1)\n");
  CHECK(LoadRuleset((folder.path / "v60.yaml").string())->scripts.size() == 61);
}
