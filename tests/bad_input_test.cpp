// Bad input gets a clear one-line answer: malformed rulesets and scripts, runaway or
// escaping scripts, corrupt and illegal logs. Each case carries its expected message.
#include <doctest/doctest.h>
#include <fmt/format.h>

#include <fstream>
#include <regex>
#include <sstream>

#include "interpreter/model/errors.h"
#include "interpreter/records/game_log.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

const std::string kBad = std::string(TAPIS_SOURCE_DIR) + "/tests/bad/";

// mini.yaml with one piece of text replaced, loaded as if it were tests/bad/case.yaml.
std::string LoadError(const std::string& from, const std::string& to) {
  const std::string error = EditedLoadError(kBad + "mini.yaml", from, to, kBad + "case.yaml");
  CHECK(error.find('\n') == std::string::npos);  // one line
  return error;
}

// The error of the first `play` move of a game of mini.yaml using `script`.
std::string PlayError(const std::string& script) {
  const std::string yaml = ReadText(kBad + "mini.yaml");
  std::string with = yaml;
  with.replace(with.find("mini.lua"), 8, script);
  auto rules = LoadRulesetFromString(with, kBad + "case.yaml");
  Engine engine(std::make_shared<GameConfig>(rules, 2));
  GameState state = engine.NewGame(3);
  const GameState before = state;
  const auto legal = engine.LegalMoves(state);
  const ApplyResult r = engine.Apply(state, legal.front());  // a play (plays come first)
  CHECK_FALSE(r.ok);
  CHECK(state == before);  // the state is left as it was before the move
  CHECK(r.error.find('\n') == std::string::npos);
  return r.error;
}

}  // namespace

TEST_CASE("bad input/YAML syntax error") {
  CHECK(LoadError("players: {min: 2, max: 2}", "players: {min: 2, max: 2") ==
        kBad + "case.yaml:4:6: end of map flow not found");
}

TEST_CASE("bad input/unknown key") {
  CHECK(LoadError("turn:", "tunr:") == kBad + "case.yaml:20:1: unknown key 'tunr'; did you mean 'turn'?");
  CHECK(LoadError("turn:", "rotation:") ==
        kBad +
            "case.yaml:20:1: unknown key 'rotation'; expected one of: "
            "name, title, description, rules, notes, players, "
            "parameters, cards, zones, combinations, variables, setup, "
            "turn, phases, moves, on, match, scripts, score, card_points, tricks, words, "
            "matches, teams, hands, bots");
}

TEST_CASE("bad input/teams that players cannot fill evenly") {
  CHECK(LoadError("players: {min: 2, max: 2}", "players: {min: 2, max: 3}\nteams: 2") ==
        kBad + "case.yaml:4:8: teams: 3 players cannot form 2 teams of the same size; players are 2 to 3");
  CHECK(LoadError("players: {min: 2, max: 2}", "players: {min: 2, max: 2}\nteams: 1") ==
        kBad + "case.yaml:4:8: teams: expected a number of teams, 2 or more");
}

TEST_CASE("bad input/unknown zone") {
  CHECK(LoadError("to: pile", "to: pille") ==
        kBad + "case.yaml:23:38: unknown zone 'pille'; did you mean 'pile'?");
  CHECK(LoadError("to: pile", "to: table") ==
        kBad + "case.yaml:23:38: unknown zone 'table'; zones are: stock, pile, hand");
}

TEST_CASE("bad input/more kinds of move than a move can name") {
  std::string many;
  for (int i = 0; i < 254; ++i) many += fmt::format("\n  pass{}: {{type: pass}}", i);
  CHECK(LoadError("  pass: {type: pass}", "  pass: {type: pass}" + many) ==
        kBad + "case.yaml:23:3: moves: at most 254 kinds of move");
}

TEST_CASE("bad input/wrong type") {
  CHECK(LoadError("actions: 1", "actions: two") == kBad + "case.yaml:21:12: expected an integer");
}

TEST_CASE("bad input/unknown card property in a code") {
  CHECK(LoadError("code: \"{rank}{suit}\"", "code: \"{rank}{colour}\"") ==
        kBad + "case.yaml:8:9: code: unknown property 'colour'; properties are: rank, suit");
}

TEST_CASE("bad input/missing Lua function") {
  CHECK(LoadError("then: on_play", "then: on_ply") ==
        kBad + "case.yaml:23:50: no Lua function 'on_ply' in bad/mini.lua");
}

TEST_CASE("bad input/a script that is a device or a folder, not a file") {
  CHECK(LoadError("scripts: [mini.lua]", "scripts: [/dev/zero]") ==
        kBad + "case.yaml:25:11: cannot read script '/dev/zero' (not a regular file)");
  CHECK(LoadError("scripts: [mini.lua]", "scripts: [/tmp]") ==
        kBad + "case.yaml:25:11: cannot read script '/tmp' (not a regular file)");
}

TEST_CASE("bad input/a control character in a ruleset (a terminal escape)") {
  CHECK(LoadError("name: mini", "name: \"mini\\e[2J\"") ==
        kBad + "case.yaml:2:7: control character \\x1b in 'mini\\x1b[2J'; rulesets are plain text");
  // U+009B, a C1 control: terminals read it as ESC [.
  CHECK(LoadError("name: mini", "name: \"mini\\u009b2J\"") ==
        kBad + "case.yaml:2:7: control character \\u009b in 'mini\\u009b2J'; rulesets are plain text");
}

TEST_CASE("bad input/a ruleset that is not UTF-8") {
  // A lone byte 0xC8 in a suit made card codes that no typed move could name.
  CHECK(LoadError("suit: [a, b]", "suit: [a, \xc8]") ==
        kBad + "case.yaml:7:15: byte 0xc8 is not UTF-8; rulesets are UTF-8 text");
  CHECK(LoadError("suit: [a, b]", "suit: [a, \xe2\x99]") ==
        kBad + "case.yaml:7:15: byte 0xe2 is not UTF-8; rulesets are UTF-8 text");
  CHECK(LoadError("suit: [a, b]", "suit: [a, \xe2\x99\xa0]").find("loaded without error") !=
        std::string::npos);
}

TEST_CASE("bad input/a card code that no typed move could name") {
  CHECK(LoadError("code: \"{rank}{suit}\"", "code: \"^{rank}{suit}\"") ==
        kBad +
            "case.yaml:8:9: card code '^1a' must not contain = ^ or @, which follow a card in a move (JK=5)");
  CHECK(LoadError("code: \"{rank}{suit}\"", "code: \"{rank}\\t{suit}\"") ==
        kBad + "case.yaml:8:9: card code '1\\ta' must not contain spaces");
}

TEST_CASE("bad input/huge decks: 60,000 cards load, more are refused before they are built") {
  // Each card's code was looked up among all the cards before it: 60,000 took 10 s.
  const auto values = [](const char* prefix, int n) {
    std::string out;
    for (int i = 0; i < n; ++i) out += fmt::format("{}{}{}", i ? ", " : "", prefix, i);
    return out;
  };
  std::string yaml = ReadText(kBad + "mini.yaml");
  yaml.replace(yaml.find("[\"1\", \"2\", \"3\"]"), 15, "[" + values("r", 250) + "]");
  yaml.replace(yaml.find("[a, b]"), 6, "[" + values("s", 240) + "]");
  const auto rules = LoadRulesetFromString(yaml, kBad + "case.yaml");
  CHECK(GameConfig(rules, 2).cards().size() == 60000);
  std::string twice = yaml;
  twice.replace(twice.find("pack: every"), 11, "pack: every\n  copies: 2");
  CHECK_THROWS_WITH(GameConfig(LoadRulesetFromString(twice, kBad + "case.yaml"), 2),
                    "mini: 120000 cards in a game; at most 65000");
  // A parameter's copies are counted before the deck is built (a billion took gigabytes).
  std::string many = ReadText(kBad + "mini.yaml");
  many.replace(many.find("pack: every"), 11, "pack: every\n  copies: $packs");
  many += "\nparameters:\n  packs: {type: int, default: 1, min: 1, max: 2000000000, description: packs}\n";
  CHECK_THROWS_WITH(GameConfig(LoadRulesetFromString(many, kBad + "case.yaml"), 2, {{"packs", "1000000000"}}),
                    "mini: 6000000000 cards in a game; at most 65000");
  yaml.replace(yaml.find("s239]"), 5, "s239, " + values("t", 40) + "]");  // 250 × 280
  CHECK_THROWS_WITH(
      LoadRulesetFromString(yaml, kBad + "case.yaml"),
      (kBad + "case.yaml:8:9: pack 'every' would make more than 65000 cards (the most a game may have)")
          .c_str());
}

TEST_CASE("bad input/a turn with no action, which would never end") {
  CHECK(LoadError("actions: 1", "actions: 0") == kBad +
                                                     "case.yaml:21:12: turn: actions: 0 action(s) a turn; a "
                                                     "turn needs 1 or more, or it would never end");
  CHECK(LoadError("actions: 1", "actions: -3") == kBad +
                                                      "case.yaml:21:12: turn: actions: -3 action(s) a turn; "
                                                      "a turn needs 1 or more, or it would never end");
}

TEST_CASE("bad input/a parameter that leaves a turn no action is refused when set") {
  std::string yaml = ReadText(kBad + "mini.yaml");
  yaml.replace(yaml.find("actions: 1"), 10, "actions: $acts");
  yaml.replace(yaml.find("cards:"), 6, "parameters:\n  acts: {type: int, default: 1}\ncards:");
  const auto rules = LoadRulesetFromString(yaml, kBad + "case.yaml");
  CHECK_NOTHROW(GameConfig(rules, 2));
  CHECK_THROWS_WITH_AS(GameConfig(rules, 2, {{"acts", "0"}}),
                       "turn: actions: 0 action(s) a turn; a turn needs 1 or more", Error);
}

TEST_CASE("bad input/a grid too large, however large") {
  // 2 × rows overflowed an int before the size was checked.
  for (const std::string rows : {"300", "1073741824", "2147483647"}) {
    CAPTURE(rows);
    CHECK(
        LoadError("pile: {owner: table}",
                  "pile: {owner: table, grid: {columns: 3, rows: " + rows + ", growing: true}}") ==
        kBad +
            "case.yaml:13:30: grid: columns from 1 to 26 (a to z), rows from 1, at most 255 cells (a growing "
            "grid uses (2 columns - 1) x (2 rows - 1))");
  }
}

TEST_CASE("bad input/Lua syntax error") {
  CHECK(LoadError("mini.lua", "syntax.lua") ==
        "bad/syntax.lua:4: 'end' expected (to close 'function' at line 1) near <eof>");
}

TEST_CASE("bad input/Lua runtime error: named with file and line, state unchanged") {
  CHECK(PlayError("runtime.lua") == "bad/runtime.lua:3: attempt to index a nil value (local 'missing')");
}

TEST_CASE("bad input/endless loop stopped by the instruction budget") {
  CHECK(PlayError("loop.lua") ==
        "bad/loop.lua:4: instruction budget of 20000000 exceeded (an endless loop?)");
}

TEST_CASE("bad input/memory bomb stopped by the memory cap") {
  CHECK(PlayError("bomb.lua") == "bad/bomb.lua: memory cap of 64 MB exceeded in 'on_play'");
}

TEST_CASE("bad input/os.execute is not there") {
  CHECK(PlayError("escape.lua") == "bad/escape.lua:2: attempt to index a nil value (global 'os')");
}

TEST_CASE("bad input/scripts cannot keep state in globals") {
  CHECK(PlayError("global.lua") ==
        "bad/global.lua:3: cannot set global 'count' during play: scripts keep game state with tapis.set");
}

TEST_CASE("bad input/a corrupt log names its line") {
  try {
    ReadGameLogFile(kBad + "corrupt.jsonl");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kIo);
    CHECK(std::string(e.what()).rfind(kBad + "corrupt.jsonl:3: not a JSON line", 0) == 0);
  }
}

TEST_CASE("bad input/a log with absurd numbers, or from a newer tapis") {
  // nlohmann's get<int>() wrapped these into numbers nobody wrote; 1e999 was exit 70.
  const std::string header = R"({"tapis": 1, "ruleset": "tir_a_la_carte", "players": 2, "seed": 9})";
  const auto error = [](const std::string& text) {
    try {
      ReadGameLog(text, "l.jsonl");
    } catch (const Error& e) {
      CHECK(e.kind() == ErrorKind::kIo);
      return std::string(e.what());
    }
    return std::string("(read)");
  };
  const auto with = [&](const std::string& from, const std::string& to) {
    std::string text = header;
    return error(text.replace(text.find(from), from.size(), to));
  };
  CHECK(with("\"seed\": 9", "\"seed\": 1e999").rfind("l.jsonl:1: not a JSON line", 0) == 0);
  CHECK(with("\"seed\": 9", "\"seed\": -9") ==
        "l.jsonl:1: \"seed\": expected a whole number from 0 to 18446744073709551615, not -9");
  CHECK(with("\"seed\": 9", "\"seed\": 9.5") ==
        "l.jsonl:1: \"seed\": expected a whole number from 0 to 18446744073709551615, not 9.5");
  CHECK(with("\"players\": 2", "\"players\": 1e10") ==
        "l.jsonl:1: \"players\": expected a whole number from 1 to 16, not 10000000000.0");
  CHECK(with("\"tapis\": 1", "\"tapis\": 7") ==
        "l.jsonl:1: written by a newer tapis (log format 7; this one reads format 1)");
  CHECK(error(header + "\n{\"player\": 3, \"move\": \"turn\"}") ==
        "l.jsonl:2: \"player\": expected a whole number from 1 to 2, not 3");
  CHECK(error(header + "\n{\"scores\": [1, 4294967296]}") ==
        "l.jsonl:2: \"scores\": expected a whole number from -2147483648 to 2147483647, not 4294967296");
  CHECK(error(header + "\n{\"player\": 1, \"move\": \"turn\"}") == "(read)");
}

TEST_CASE("bad input/an illegal move in a log names its line and why") {
  const GameLog log = ReadGameLogFile(kBad + "illegal.jsonl");
  auto engine = EngineForLog(log);
  try {
    Replay(*engine, log, "illegal.jsonl");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kIllegalMove);
    CHECK(std::string(e.what()).rfind(
              "illegal.jsonl:3: move 'meld AS KS QS' is not legal: AS is not in your hand", 0) == 0);
  }
}

TEST_CASE("bad input/a log refused by a parameter added since names it") {
  // Written before Gin rummy had keep_picked: the card picked is discarded at once.
  const std::string text =
      R"({"players":2,"ruleset":"gin_rummy","seed":7,"settings":{"deals":"1000","gin":"25","knock":"10",)"
      R"("lay_off":"true","target":"100","undercut":"25"},"tapis":1})"
      "\n{\"player\": 1, \"move\": \"pick\"}\n{\"player\": 1, \"move\": \"discard 10H\"}\n";
  const GameLog log = ReadGameLog(text, "old.jsonl");
  auto engine = EngineForLog(log);
  try {
    Replay(*engine, log, "old.jsonl");
    FAIL("no error");
  } catch (const Error& e) {
    CHECK(std::string(e.what()) ==
          "old.jsonl:3: move 'discard 10H' is not legal: 10H was taken with 'pick' this turn: it stays in your "
          "hand until the turn is over (the log has no value for keep_picked, which the ruleset has gained "
          "since it was written: give the log's \"settings\" the value the game was played with)");
  }
  GameLog fixed = log;
  fixed.settings["keep_picked"] = "false";
  auto loose = EngineForLog(fixed);
  CHECK(Replay(*loose, fixed, "old.jsonl").moves_played == 2);
}

TEST_CASE("bad input/a corrupt position file") {
  auto engine = MakeEngine("unisson", 3);
  CHECK_THROWS_WITH(Position(*engine, R"({"zones": {"hand 9": []}})"),
                    doctest::Contains("test position: unknown zone 'hand 9'"));
  CHECK_THROWS_WITH(Position(*engine, R"({"zones": {"gamme": ["ZZ"]}})"), "test position: unknown card 'ZZ'");
  CHECK_THROWS_WITH(Position(*engine, R"({"zones": {"gamme": ["AS", "AS"]}})"),
                    "test position: card 'AS' appears more often than the game has it");
  CHECK_THROWS_WITH(Position(*engine, "{\"zones\": "), doctest::Contains("test position: not valid JSON"));
  // Numbers are whole and in range (they were wrapped into int8 and int16 fields).
  CHECK_THROWS_WITH(Position(*engine, R"({"turn": 4294967297})"),
                    "test position: turn: expected a whole number from 1 to 3, not 4294967297");
  CHECK_THROWS_WITH(Position(*engine, R"({"actions": 300})"),
                    "test position: actions: expected a whole number from 0 to 127, not 300");
  CHECK_THROWS_WITH(Position(*engine, R"({"totals": [1, 2.5, 3]})"),
                    "test position: totals: expected a whole number from -2147483648 to 2147483647, not 2.5");
  CHECK_THROWS_WITH(Position(*engine, R"({"tapis_position": 2})"),
                    "test position: written by a newer tapis (position format 2; this one reads format 1)");
}

TEST_CASE("bad input/math.random is gone: randomness comes from the game's seed") {
  CHECK(PlayError("random.lua") == "bad/random.lua:2: attempt to call a nil value (field 'random')");
}

TEST_CASE("bad input/rawset cannot get around the read-only globals") {
  CHECK(PlayError("rawset.lua") == "bad/rawset.lua:2: attempt to call a nil value (global 'rawset')");
}

TEST_CASE("bad input/reserved move names, seats and parameter values") {
  CHECK(LoadError("  pass: {type: pass}", "  quit: {type: pass}") ==
        kBad +
            "case.yaml:24:3: 'quit' is reserved by the engine or not a plain word (stop, help, undo, save, "
            "quit "
            "and exit are taken)");
  CHECK(LoadError("  actions: 1", "  actions: 1\n  first: 3") ==
        kBad + "case.yaml:22:10: first: a seat from 1 to 2 (the fewest players), or random");
  CHECK(LoadError("players: {min: 2, max: 2}",
                  "players: {min: 2, max: 2}\nparameters: {speed: {type: choice, choices: [slow, fast], "
                  "default: slow, by_players: {2: 1}}}") ==
        kBad + "case.yaml:4:90: '1' is not one of the choices: slow, fast");
  CHECK(LoadError("players: {min: 2, max: 2}",
                  "players: {min: 2, max: 2}\nparameters: {n: {type: int, default: 9, max: 5}}") ==
        kBad + "case.yaml:4:38: 9 is not allowed: 'n' is at most 5");
}

TEST_CASE("bad input/choose moves and move texts") {
  const std::string play = "play: {type: take, from: hand, to: pile, then: on_play}";
  const std::string yaml = ReadText(kBad + "mini.yaml");
  REQUIRE(yaml.find(play) != std::string::npos);
  CHECK(LoadError(play, "play: {type: choose, options: colour, then: on_play}").find("unknown property 'colour'; properties are: "
                                                                     "rank, suit") != std::string::npos);
  CHECK(LoadError(play, "play: {type: choose, then: on_play}").find("choose: 'options' is required") != std::string::npos);
  CHECK(LoadError(play, "play: {type: take, from: hand, to: pile, options: suit}")
            .find("'options' is only for moves of type choose") != std::string::npos);
  CHECK(LoadError(play, "play: {type: take, from: hand, to: pile, text: \"Play {card}\"}")
            .find("text: the only fields are {name}, {cards}, {option} and {seat}") != std::string::npos);
  CHECK(LoadError(play, "play: {type: take, from: hand, to: pile, text: \"Play {name}{cards}\"}")
            .find("text: put a space between two fields") != std::string::npos);
}

TEST_CASE("bad input/a property with no value") {
  // Loading crashed, and with it `tapis list` when such a file was in $TAPIS_PATH.
  CHECK(LoadError("rank: [\"1\", \"2\", \"3\"]", "rank: []") ==
        kBad + "case.yaml:6:11: property 'rank': an empty list of values; give it one or more");
}

TEST_CASE("bad input/a wild card for a property of more values than a byte holds") {
  // What a joker stood for was kept in an int8_t: a 200-rank game listed plays for rank -56.
  std::string ranks;
  for (int i = 0; i < 200; ++i) ranks += fmt::format("{}r{}", i ? ", " : "", i);
  std::string yaml = ReadText(kBad + "mini.yaml");
  yaml.replace(yaml.find("[\"1\", \"2\", \"3\"]"), 15, "[" + ranks + "]");
  const auto with = [&](const std::string& cards) {
    std::string edited = yaml;
    edited.replace(edited.find("  pack: every"), 13, "  pack: every\n" + cards);
    try {
      LoadRulesetFromString(edited, kBad + "case.yaml");
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("(loaded without error)");
  };
  CHECK(with("  copies: 1") == "(loaded without error)");
  CHECK(with("  extra:\n    - {code: JK, wild: rank}") ==
        kBad + "case.yaml:11:24: wild: 'rank' has 200 values; a wild card stands for one of at most 127");
  CHECK(with("  wild: {rank: r0}") ==
        kBad + "case.yaml:10:10: wild: 'rank' has 200 values; a wild card stands for one of at most 127");
}

TEST_CASE("bad input/more actions a turn, or a dearer move, than a turn can count") {
  // actions: 128 loaded, then every game failed with an unrelated message (an int8_t wrapped).
  CHECK(LoadError("actions: 1", "actions: 128") ==
        kBad + "case.yaml:21:12: turn: actions: 128 action(s) a turn; at most 127");
  CHECK(LoadError("actions: 1", "actions: 127") == "(loaded without error)");
  CHECK(LoadError("pass: {type: pass}", "pass: {type: pass, cost: 200}") ==
        kBad + "case.yaml:24:28: cost: 200 action(s); from 0 to 127");
  CHECK(LoadError("pass: {type: pass}", "pass: {type: pass, cost: -1}") ==
        kBad + "case.yaml:24:28: cost: -1 action(s); from 0 to 127");
  std::string yaml = ReadText(kBad + "mini.yaml");
  yaml.replace(yaml.find("actions: 1"), 10, "actions: $acts");
  yaml.replace(yaml.find("cards:"), 6, "parameters:\n  acts: {type: int, default: 1}\ncards:");
  CHECK_THROWS_WITH_AS(GameConfig(LoadRulesetFromString(yaml, kBad + "case.yaml"), 2, {{"acts", "128"}}),
                       "turn: actions: 128 action(s) a turn; at most 127", Error);
}

TEST_CASE("bad input/negative counts") {
  CHECK(LoadError("deal: 2", "deal: -5") == kBad + "case.yaml:17:11: deal: -5 cards; give 0 or more, or all");
  CHECK(
      LoadError("code: \"{rank}{suit}\"", "code: \"{rank}{suit}\"\n  extra:\n    - {code: JK, count: -3}") ==
      kBad + "case.yaml:10:25: count: -3 cards; a count is 0 or more");
  CHECK(LoadError("scripts:", "match: {rounds: -1}\nscripts:") ==
        kBad + "case.yaml:25:17: match: rounds: -1; from 1 to 65535");
  // GameState::round is 16 bits: round 65536 was round 0 again, and the match never ended.
  CHECK(LoadError("scripts:", "match: {rounds: 65536}\nscripts:") ==
        kBad + "case.yaml:25:17: match: rounds: 65536; from 1 to 65535");
}

TEST_CASE("bad input/a key given twice") {
  // yaml-cpp kept both and the loader read the first: the second was silently ignored.
  CHECK(LoadError("turn:", "name: again\nturn:") ==
        kBad + "case.yaml:20:1: 'name' is given twice in this map (first on line 2)");
  CHECK(LoadError("stock: {owner: table, visible: none}",
                  "stock: {owner: table, visible: none, owner: player}") ==
        kBad + "case.yaml:12:40: 'owner' is given twice in this map (first on line 12)");
}

TEST_CASE("bad input/rules for players that are no text") {
  CHECK(LoadError("turn:", "rules: [goal, a turn]\nturn:") ==
        kBad +
            "case.yaml:20:8: rules: expected a text, or a map of sections (goal: …, a turn: …) for players");
  CHECK(LoadError("turn:", "rules: {goal: win, a turn: [play]}\nturn:") ==
        kBad + "case.yaml:20:28: rules: 'a turn' needs a text for players");
  CHECK(LoadError("turn:", "rules: {goal: \"\"}\nturn:") ==
        kBad + "case.yaml:20:15: rules: 'goal' needs a text for players");
}

TEST_CASE("bad input/an empty file, and lists nested too deep") {
  CHECK_THROWS_WITH(
      LoadRulesetFromString("", kBad + "case.yaml"),
      (kBad + "case.yaml:1:1: the file is empty; a ruleset is a map of keys (name, cards, zones, "
              "moves…)")
          .c_str());
  CHECK_THROWS_WITH(LoadRulesetFromString("# only a comment\n", kBad + "case.yaml"),
                    doctest::Contains("case.yaml:1:1: the file is empty"));
  // yaml-cpp says only "bad file" past 2000 levels.
  for (const int depth : {100, 5000}) {
    CAPTURE(depth);
    CHECK(LoadError("name: mini",
                    "notes: " + std::string(depth, '[') + std::string(depth, ']') + "\nname: mini")
              .find("lists and maps nested deeper than 64 levels") != std::string::npos);
  }
}

TEST_CASE("bad input/a log or position nested deeper than any record is refused as it is read") {
  // A line of 20 MB of '[' took 1.5 GB as a tree of empty lists.
  const std::string deep = std::string(100000, '[');
  const std::string header = R"({"tapis": 1, "ruleset": "tir_a_la_carte", "players": 2, "seed": 9})";
  CHECK_THROWS_WITH_AS(ReadGameLog(header + "\n" + deep, "l.jsonl"),
                       "l.jsonl:2: not a JSON line (lists and objects nested deeper than 32)", Error);
  auto engine = MakeEngine("unisson", 3);
  CHECK_THROWS_WITH_AS(Position(*engine, deep),
                       "test position: not valid JSON (lists and objects nested deeper than 32)", Error);
  // 1e999 escaped the position's catch of parse errors only: exit code 70.
  CHECK_THROWS_WITH_AS(Position(*engine, R"({"turn": 1e999})"),
                       doctest::Contains("test position: not valid JSON"), Error);
}
