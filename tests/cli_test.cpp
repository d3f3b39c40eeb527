// The tapis command end to end: exit codes say what failed, messages are one line.
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Run {
  int code;
  std::string output;  // stdout and stderr together
};

// Runs a shell command line, its output and errors together.
Run Shell(const std::string& command) {
  FILE* pipe = popen(command.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string out;
  std::array<char, 4096> buffer{};
  while (size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) out.append(buffer.data(), n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

Run Tapis(const std::string& args, const std::string& input = "", const std::string& dir = TAPIS_SOURCE_DIR) {
  return Shell("cd '" + dir + "' && printf '" + input + "' | '" TAPIS_TAPIS_BINARY "' " + args + " 2>&1");
}

std::string ReadFile(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("cli/--version") {
  const Run r = Tapis("--version");
  CHECK(r.code == 0);
  CHECK(r.output.rfind("tapis ", 0) == 0);
}

TEST_CASE("cli/list shows the bundled rulesets") {
  const Run r = Tapis("list");
  CHECK(r.code == 0);
  CHECK(r.output.find("unisson                 3-6 players  Rummy-like") != std::string::npos);
  // One line each, within 80 columns; --long gives the whole description and the file.
  std::istringstream lines(r.output);
  for (std::string line; std::getline(lines, line);) {
    size_t characters = 0;
    for (char c : line) characters += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
    CHECK(characters <= 80);
  }
  const Run long_form = Tapis("list --long");
  CHECK(long_form.output.find("rulesets/unisson.yaml") != std::string::npos);
}

TEST_CASE("cli/exit codes") {
  CHECK(Tapis("check unisson --games 5").code == 0);
  const Run endless = Tapis("check tests/bad/mini.yaml --games 1");  // loads, but has no end
  CHECK(endless.code == 1);
  CHECK(endless.output.find("2 players: 1 of 1 random games did not end (a round past 100000 moves") !=
        std::string::npos);
  const Run missing = Tapis("sim no_such_game -n 1");
  CHECK(missing.code == 4);
  CHECK(missing.output.rfind("tapis: no ruleset 'no_such_game'; known rulesets: ", 0) == 0);
  CHECK(Tapis("replay tests/bad/illegal.jsonl").code == 5);
  CHECK(Tapis("replay tests/bad/corrupt.jsonl").code == 4);
  CHECK(Tapis("sim unisson --players 9 -n 1").code == 6);
  CHECK(Tapis("sim unisson --set packs=lots -n 1").code == 6);
  CHECK(Tapis("frobnicate").code == 6);
}

TEST_CASE("cli/a ruleset error is reported at file:line:col with exit code 2") {
  const std::string path = "/tmp/tapis-cli-test-bad.yaml";
  FILE* f = fopen(path.c_str(), "w");
  REQUIRE(f != nullptr);
  fputs(
      "name: x\nplayers: {min: 2, max: 2}\ncards: {properties: {rank: [a]}, code: \"{rank}\", pack: every, "
      "into: nowhere}\nzones: {deck: {}}\nturn: {}\nmoves: {pass: {type: pass}}\n",
      f);
  fclose(f);
  const Run r = Tapis("check " + path);
  CHECK(r.code == 2);
  CHECK(r.output == "tapis: " + path + ":3:69: unknown zone 'nowhere'; zones are: deck\n");
}

TEST_CASE("cli/play against bots to the end, with a mistyped move on the way") {
  const Run r = Tapis("play unisson --players 3 --seed 11 --seat random --seat random --seat random");
  CHECK(r.code == 0);
  CHECK(r.output.find("winner: player") != std::string::npos);
  const Run human = Tapis("play unisson --players 3 --seed 11", "choose ZZ\\npass\\nquit\\n");
  CHECK(human.code == 0);
  CHECK(human.output.find("illegal: unknown card 'ZZ'") != std::string::npos);
}

TEST_CASE("cli/new writes a variant that loads and plays, and will not overwrite it") {
  const std::string dir = "/tmp/tapis-cli-new-test";
  CHECK(std::system(("rm -rf " + dir + " && mkdir -p " + dir).c_str()) == 0);
  const Run made = Tapis("new mine --from unisson", "", dir);
  CHECK(made.code == 0);
  CHECK(Tapis("check mine.yaml --games 3", "", dir).code == 0);
  const Run again = Tapis("new mine --from unisson", "", dir);
  CHECK(again.code == 4);
  CHECK(again.output == "tapis: mine.yaml: already exists; choose another name\n");
  // The commented example keeps the base's effect whole, its condition included.
  CHECK(ReadFile(dir + "/mine.yaml")
            .find("#   choose: {then: [{script: on_choose, if: {rank: [A, \"7\"]}}, my_effect]}") !=
        std::string::npos);
}

TEST_CASE("cli/new keeps a base's texts in comments and quotes, never in live lines") {
  // A description with a line break became a live `players:` line of the new file.
  const std::string dir = "/tmp/tapis-cli-new-texts-test";
  CHECK(std::system(("rm -rf " + dir + " && mkdir -p " + dir).c_str()) == 0);
  std::string base = ReadFile(TAPIS_SOURCE_DIR "/tests/bad/mini.yaml");
  base.replace(base.find(", then: on_play"), 15, "");
  base.replace(
      base.find("scripts: [mini.lua]"), 19,
      "title: \"Mini \\\"quoted\\\"\\nplayers: {min: 5, max: 5}\"\n"
      "parameters:\n  n: {type: int, default: 1, description: \"one\\nplayers: {min: 7, max: 7}\"}\n");
  std::ofstream(dir + "/base.yaml") << base;
  REQUIRE(Tapis("check base.yaml --games 0", "", dir).code == 0);
  CHECK(Tapis("new mine --from base.yaml", "", dir).code == 0);
  const std::string made = ReadFile(dir + "/mine.yaml");
  CHECK(made.find("\nplayers:") == std::string::npos);
  CHECK(made.find("#   n: {default: 1}   # one players: {min: 7, max: 7}\n") != std::string::npos);
  CHECK(made.find("title: \"Mini \\\"quoted\\\"\\nplayers: {min: 5, max: 5}, my variant\"\n") !=
        std::string::npos);
  CHECK(Tapis("check mine.yaml --games 0", "", dir).code == 0);
}

TEST_CASE("cli/sim --compare plays two rulesets under the same seeds and says what differs") {
  const Run r = Tapis("sim unisson --compare tests/fixtures/variants/unisson_quick.yaml -n 400 --players 4");
  CHECK(r.code == 0);
  CHECK(r.output.find("4 players, 400 games each under the same seeds") != std::string::npos);
  // Three actions a turn make games shorter: a difference well beyond chance.
  CHECK(r.output.find("turns (+") != std::string::npos);
  CHECK(r.output.find("significant (95%))\n") != std::string::npos);
}

TEST_CASE("cli/replay --as SEAT prints the game as that seat saw it, and no more") {
  const Run r = Tapis("replay tests/playthroughs/unisson_4p_seed42.jsonl --as 2");
  CHECK(r.code == 0);
  CHECK(r.output.find("\"seed\"") == std::string::npos);      // the seed would tell every card
  CHECK(r.output.find("\"hand 2\":[") != std::string::npos);  // its own hand, card by card
  CHECK(r.output.find("\"hand 1\":[") == std::string::npos);  // the others' only as counts
  CHECK(r.output.find("\"hand 1\":{\"count\":") != std::string::npos);
  CHECK(r.output.find("\"stock\":[") == std::string::npos);
}

namespace {

// A folder of its own for one test process: two suites running at once must not share it.
std::string ReportFolder(const std::string& name) {
  const std::string dir = "/tmp/tapis-" + name + "-" + std::to_string(getpid());
  REQUIRE(std::system(("rm -rf " + dir + " && mkdir -p " + dir).c_str()) == 0);
  return dir;
}

// Debian's chromium, headless, as .ci/run installs it.
std::string Chromium(const std::string& dir) {
  return "chromium --headless --no-sandbox --disable-gpu --disable-background-networking "
         "--disable-component-update --no-first-run --disable-sync --user-data-dir=" +
         dir + "/profile ";
}

// The page as the browser built it.
std::string RenderedDom(const std::string& dir, const std::string& page) {
  FILE* pipe = popen((Chromium(dir) + "--dump-dom file://" + page + " 2>/dev/null").c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::string rendered;
  std::array<char, 4096> buffer{};
  while (size_t n = fread(buffer.data(), 1, buffer.size(), pipe)) rendered.append(buffer.data(), n);
  REQUIRE_MESSAGE(pclose(pipe) == 0, "chromium must be installed (see .ci/run)");
  return rendered;
}

// The numbers in the attribute `name="…"` of each element of `class_name`.
std::vector<double> Attributes(const std::string& html, const std::string& class_name,
                               const std::string& name) {
  std::vector<double> out;
  for (size_t at = html.find("class=\"" + class_name + "\""); at != std::string::npos;
       at = html.find("class=\"" + class_name + "\"", at + 1)) {
    const size_t start = html.rfind('<', at);
    const size_t attribute = html.find(" " + name + "=\"", start);
    if (attribute < at) out.push_back(std::stod(html.substr(attribute + name.size() + 3)));
  }
  return out;
}

}  // namespace

TEST_CASE("cli/sim --report writes one self-contained page that a real browser renders") {
  const std::string dir = ReportFolder("report");
  const Run sim = Tapis("sim unisson -n 300 --players 4 --report " + dir + "/report.html");
  REQUIRE(sim.code == 0);
  const std::string html = ReadFile(dir + "/report.html");
  CHECK(html.find("<svg") != std::string::npos);
  CHECK(html.find("<script") == std::string::npos);  // nothing to run, nothing to fetch
  CHECK(html.find("src=") == std::string::npos);
  CHECK(html.find("seat 4 (random)") != std::string::npos);
  // Each rate is written as the text writes it (the page once said 76.4% where the text said 76.5%).
  for (int seat = 1; seat <= 4; ++seat) {
    const size_t at = sim.output.find(fmt::format("seat {} (random): wins ", seat));
    REQUIRE(at != std::string::npos);
    const std::string rate = sim.output.substr(sim.output.find_first_not_of(' ', at + 24), 30);
    CHECK(html.find(rate.substr(0, rate.find(','))) != std::string::npos);  // "24.7% [20.1%, 29.8%]"
  }
  const std::string rendered = RenderedDom(dir, dir + "/report.html");
  CHECK(rendered.find("Win rate per seat, with 95% intervals") != std::string::npos);
  CHECK(rendered.find("Rule coverage: moves made") != std::string::npos);
  REQUIRE(std::system((Chromium(dir) + "--window-size=900,1500 --screenshot=" + dir + "/report.png file://" +
                       dir + "/report.html >/dev/null 2>&1")
                          .c_str()) == 0);
  std::ifstream png(dir + "/report.png", std::ios::binary | std::ios::ate);
  CHECK(png.good());
  CHECK(png.tellg() > 10000);  // a page with charts, not a blank or an error page
}

TEST_CASE("cli/sim --report: a negative mean is drawn left of the zero line, an unused rule stands out") {
  const std::string dir = ReportFolder("report-negative");
  // Random bidders lose in Le rikiki: every mean score is below zero.
  REQUIRE(Tapis("sim rikiki -n 40 --players 4 --report " + dir + "/rikiki.html").code == 0);
  const std::string html = ReadFile(dir + "/rikiki.html");
  const auto zeros = Attributes(html, "zero", "x1");
  REQUIRE(zeros.size() >= 2);  // one line a chart: wins, then scores
  const std::string scores = html.substr(html.find("Mean score per seat"));
  const double zero = Attributes(scores, "zero", "x1").at(0);
  const auto left = Attributes(scores.substr(0, scores.find("</svg>")), "bar s0", "x");
  REQUIRE(left.size() == 4);
  for (double x : left) CHECK(x < zero);  // not an empty bar at zero
  // Five games of L'Unisson: nobody melds.
  REQUIRE(Tapis("sim unisson -n 5 --players 4 --report " + dir + "/few.html").code == 0);
  const std::string few = ReadFile(dir + "/few.html");
  CHECK(few.find("<p class=\"never\">Never used: meld, extend</p>") != std::string::npos);
  CHECK(Attributes(few, "unused-row", "y").size() == 4);  // meld, extend, on_meld, on_extend
}

TEST_CASE("cli/sim --compare --report writes a comparison page, unfinished games included") {
  const std::string dir = ReportFolder("compare");
  const Run r = Tapis(
      "sim unisson --compare tests/fixtures/variants/unisson_quick.yaml -n 100 --players 4 "
      "--report " +
      dir + "/compare.html");
  REQUIRE(r.code == 0);
  CHECK(r.output.find("unfinished: 0 vs 0 games (0.0% vs 0.0%, within chance)") != std::string::npos);
  const std::string rendered = RenderedDom(dir, dir + "/compare.html");
  CHECK(rendered.find("unisson vs unisson_quick: 100 games each, 4 players, the same seeds") !=
        std::string::npos);
  CHECK(rendered.find("<th>unfinished</th>") != std::string::npos);
  CHECK(rendered.find("seat 1 · unisson_quick") != std::string::npos);
  CHECK(rendered.find("Rule coverage: effects fired") != std::string::npos);
  // --json and --cards say nothing of a comparison: refused, not ignored.
  CHECK(Tapis("sim unisson --compare unisson --json -n 1").code != 0);
}

TEST_CASE("cli/schema prints docs/tapis.schema.json, for an editor") {
  const Run r = Tapis("schema");
  CHECK(r.code == 0);
  CHECK(r.output == ReadFile(std::string(TAPIS_SOURCE_DIR) + "/docs/tapis.schema.json"));
  CHECK(r.output.find("\"$schema\": \"http://json-schema.org/draft-07/schema#\"") != std::string::npos);
}

TEST_CASE("cli/score: a hand-made grid position, points so far less the cards in hand") {
  const Run r = Tapis("score tests/fixtures/quincunx/position.json");
  CHECK(r.code == 0);
  // 13 - Ace 15 - 5; 4 - Crown 10 - Excuse 0
  CHECK(r.output ==
        "player 1: -7\n  this round: cards placed 13 - hand 20 = -7\n"
        "player 2: -6\n  this round: cards placed 4 - hand 10 = -6\n");
}

TEST_CASE("cli/replay --jsonl: one summary line, or the first difference and exit code 5") {
  const Run good = Tapis("replay crazy_eights --jsonl tests/fixtures/openspiel/crazy_eights_p4_shared.jsonl");
  CHECK(good.code == 0);
  CHECK(good.output == "100 games, 13642 steps, all match\n");
  // Another game's file: its first chance step (a number of tricks) is no dealer.
  const Run bad = Tapis("replay crazy_eights --jsonl tests/fixtures/openspiel/oh_hell_p3_shared.jsonl");
  CHECK(bad.code == 5);
  CHECK(bad.output ==
        "tapis: tests/fixtures/openspiel/oh_hell_p3_shared.jsonl: game 1, step 1: chance event 1: '5' is "
        "outside 0 to 2\n");
}

TEST_CASE("cli/bench prints games per second for each ruleset named") {
  const Run r = Tapis("bench crazy_eights --seconds 0.1 --players 9");
  CHECK(r.code == 0);
  CHECK(r.output.find("crazy_eights               5        1") != std::string::npos);
}

TEST_CASE("cli/play keeps its log however the game stops, and a failed save costs nothing") {
  const std::string dir = "/tmp/tapis-cli-test-saves";
  std::filesystem::create_directories(dir);
  const std::string log = dir + "/game.jsonl";
  const auto read = [](const std::string& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  SUBCASE("a --log path that cannot be written is told before the first move") {
    const Run r = Tapis("play unisson --players 3 --seed 5 --log /nonexistent/game.jsonl", "draw\\n");
    CHECK(r.code == 4);
    CHECK(r.output == "tapis: /nonexistent/game.jsonl: cannot write the file (No such file or directory)\n");
  }
  SUBCASE("end of input and quit write the log and say so") {
    std::filesystem::remove(log);
    const Run r = Tapis("play unisson --players 3 --seed 5 --log " + log, "");
    CHECK(r.code == 0);
    CHECK(r.output.find("end of input; the game's log is in " + log) != std::string::npos);
    CHECK(read(log).find("\"ruleset\":\"unisson\"") != std::string::npos);
  }
  SUBCASE("Ctrl-C stops the game with its log written, exit code 130") {
    std::filesystem::remove(log);
    // A human's turn: the game waits on its input (kept open by sleep) when Ctrl-C comes.
    const Run r = Shell("sleep 3 | '" TAPIS_TAPIS_BINARY "' play unisson --players 3 --seed 5 --log " + log +
                        " 2>&1 & sleep 0.5; kill -INT $!; wait $!");
    CHECK(r.code == 130);
    CHECK(r.output.find("interrupted; the game's log is in " + log) != std::string::npos);
    CHECK(read(log).find("\"ruleset\":\"unisson\"") != std::string::npos);
  }
  SUBCASE("a save that fails (here: no file may grow, ulimit -f 0) says why and keeps the old save") {
    std::ofstream(log) << "the old save\n";
    const std::string out =
        Shell("cd '" TAPIS_SOURCE_DIR "' && printf 'save! " + log +
              "\\nquit\\n' | (ulimit -f 0; '" TAPIS_TAPIS_BINARY "' play unisson --players 3 --seed 5) 2>&1")
            .output;
    CHECK(out.find(log + ": cannot write the file (File too large)") != std::string::npos);
    CHECK(out.find("saved;") == std::string::npos);  // a failed save is not reported as saved
    CHECK(read(log) == "the old save\n");
    CHECK(std::filesystem::directory_iterator(dir) != std::filesystem::directory_iterator());
    for (const auto& entry : std::filesystem::directory_iterator(dir))
      CHECK(entry.path().extension() != ".part");  // no temporary file left behind
  }
  SUBCASE("a save follows no link planted where its temporary file would be") {
    // The temporary was FILE.<pid>.part, opened following links: anyone who could write the
    // folder could make tapis write over another file. exec keeps the shell's pid ($$).
    const std::string victim = dir + "/victim", save = dir + "/planted.jsonl";
    std::filesystem::remove(save);
    std::ofstream(victim) << "not yours\n";
    const Run r = Shell("cd '" + dir + "' && ln -sf victim planted.jsonl.$$.part && printf 'save " + save +
                        "\\nquit\\n' > typed && exec '" TAPIS_TAPIS_BINARY
                        "' play unisson --players 3 --seed 5 < typed 2>&1");
    CHECK(r.output.find("saved; resume with: tapis play --resume " + save) != std::string::npos);
    CHECK(read(victim) == "not yours\n");
    CHECK(read(save).find("\"ruleset\":\"unisson\"") != std::string::npos);
    CHECK(!std::filesystem::is_symlink(save));
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      if (entry.path().extension() == ".part") std::filesystem::remove(entry.path());  // the planted link
    }
  }
  SUBCASE("a device is not a save file") {
    const Run r = Tapis("play unisson --players 3 --seed 5", "save! /dev/null\\nquit\\n");
    CHECK(r.output.find("/dev/null: cannot write the file (not a regular file)") != std::string::npos);
  }
}

TEST_CASE("cli/bad arguments get one line and exit code 6") {
  const std::pair<const char*, const char*> cases[] = {
      {"sim unisson -n -1", "tapis: --games: must be from 1 to 100000000, not -1 (see tapis sim --help)\n"},
      {"sim unisson -n 2147483647",
       "tapis: --games: must be from 1 to 100000000, not 2147483647 (see tapis sim --help)\n"},
      {"sim unisson -n 1 --threads 1000",
       "tapis: --threads: must be from 1 to 256, not 1000 (see tapis sim --help)\n"},
      {"sim unisson -n 1 --players 0",
       "tapis: --players: must be from 1 to 64, not 0 (see tapis sim --help)\n"},
      // A seed CLI11 wrapped (-1) or cut (2^64) silently.
      {"sim unisson -n 1 --seed -1",
       "tapis: --seed: must be a whole number from 0 to 18446744073709551615, not -1 (see tapis sim "
       "--help)\n"},
      {"play unisson --seed 18446744073709551616",
       "tapis: --seed: must be a whole number from 0 to 18446744073709551615, not 18446744073709551616 (see "
       "tapis play --help)\n"},
      {"check unisson --games -1",
       "tapis: --games: must be from 0 to 100000000, not -1 (see tapis check --help)\n"},
      {"bench unisson --seconds nan",
       "tapis: --seconds: expected a number of seconds above 0 and at most 3600, not 'nan' (see tapis bench "
       "--help)\n"},
      {"new '' --from unisson",
       "tapis: new: '' is not a variant name; use letters, digits and _ (my_variant)\n"},
      {"new sub/x --from unisson",
       "tapis: new: 'sub/x' is not a variant name; use letters, digits and _ (my_variant)\n"},
      // CLI11 said "A subcommand is required" and "not expected: 3 --playrs".
      // The fifth seat was dropped without a word.
      {"play hearts --seat human --seat greedy --seat greedy --seat greedy --seat random",
       "tapis: play: 5 --seat given, for 4 players (--players sets how many)\n"},
      {"plya unisson", "tapis: unknown command 'plya'; did you mean 'play'? (see tapis --help)\n"},
      {"play unisson --playrs 3",
       "tapis: play: unknown option '--playrs'; did you mean '--players'? (see tapis play --help)\n"},
      {"sim unisson --gams=3",
       "tapis: sim: unknown option '--gams'; did you mean '--games'? (see tapis sim --help)\n"},
      {"",
       "tapis: give a command: list, rules, play, sim, check, new, merge, bench, replay, moves, score, "
       "schema, completion (see tapis --help)\n"},
  };
  for (const auto& [args_, message] : cases) {
    const std::string args = args_;  // clang 14 cannot capture a structured binding in CAPTURE
    CAPTURE(args);
    const Run r = Tapis(args);
    CHECK(r.code == 6);
    CHECK(r.output == message);
  }
}

TEST_CASE("cli/a folder or a device given as a file is refused, not read forever") {
  for (const char* path : {"/tmp", "/dev/zero"}) {
    CAPTURE(path);
    for (const std::string command : {"replay ", "moves ", "score ", "merge "}) {
      const Run r = Tapis(command + path);
      CHECK(r.code == 4);
      CHECK(r.output == std::string("tapis: ") + path + ": cannot read the file (not a regular file)\n");
    }
  }
  const Run peer = Tapis("replay crazy_eights --jsonl /dev/zero");
  CHECK(peer.code == 4);
  CHECK(peer.output == "tapis: /dev/zero: cannot read the file (not a regular file)\n");
}

TEST_CASE("cli/a script's print cannot drive the terminal") {
  const std::string dir = "/tmp/tapis-cli-test-print";
  std::filesystem::create_directories(dir);
  std::ifstream mini(TAPIS_SOURCE_DIR "/tests/bad/mini.yaml");
  std::string yaml(std::istreambuf_iterator<char>(mini), {});
  std::ofstream(dir + "/print.yaml") << yaml.replace(yaml.find("mini.lua"), 8, "print.lua");
  std::ofstream(dir + "/print.lua") << "function on_play(move) print('a\\27[2Jb', 7) end\n";
  const Run r = Tapis("check " + dir + "/print.yaml --games 1");
  CHECK(r.output.find("a\\x1b[2Jb\t7\n") != std::string::npos);
  CHECK(r.output.find('\x1b') == std::string::npos);
}

TEST_CASE("cli/play: hot seat waits for the next player before showing their hand") {
  // Player 1 moves, then the terminal goes to player 2, whose hand shows only after Enter,
  // with what happened since their last turn.
  const Run r = Tapis("play unisson --players 3 --seat human --seat human --seat greedy --seed 4",
                      "\\nchoose 7C\\ndraw\\ndiscard 9C\\n\\nquit\\ny\\n");
  CHECK(r.code == 0);
  const size_t to_1 = r.output.find("--- hand the terminal to player 1, who presses Enter ---");
  const size_t hand_1 = r.output.find("your hand: JS JH JD 9C");
  const size_t to_2 = r.output.find("--- hand the terminal to player 2, who presses Enter ---");
  const size_t hand_2 = r.output.find("your hand: 10H 7D QC 8C");
  REQUIRE(to_2 != std::string::npos);
  CHECK(to_1 < hand_1);
  CHECK(hand_1 < to_2);
  CHECK(to_2 < hand_2);
  // What player 2 missed, told as player 2 saw it: the Gamme refilled, not player 1's draw.
  // The Seven's rule named as it fired, with the seat as player 2 knows it.
  CHECK(r.output.find("player 1: choose 7C\n  a Seven taken: player 1 may draw 1 more card\n"
                      "  stock → gamme: QH\nplayer 1: draw\nplayer 1: discard 9C\n",
                      to_2) < hand_2);
  CHECK(r.output.find("a Seven taken: you may draw 1 more card") < to_2);  // as player 1 saw it
  CHECK(r.output.find('\033') == std::string::npos);  // the screen is cleared only at a terminal
  // A bot moves first, before any human holds the terminal: what it caused is told as to no
  // seat in particular (a card it drew was named on the shared screen).
  const Run first =
      Tapis("play crazy_eights --players 3 --seat greedy --seat human --seat human --seed 38", "\\n");
  CHECK(first.output.find("player 1: Draw") != std::string::npos);
  CHECK(first.output.find("→ hand of player 1:") == std::string::npos);
}

TEST_CASE("cli/play: leaving an unsaved game asks first, save never replaces a file unasked, seats resume") {
  const std::string dir = ReportFolder("leave");
  const std::string file = dir + "/game.jsonl";
  const Run r =
      Tapis("play unisson --players 3 --seat human --seat greedy --seat random --seed 5",
            "draw\\nquit\\nno\\nsave " + file + "\\nsave " + file + "\\nSave!  " + file + " \\nquit\\n");
  CHECK(r.code == 0);
  CHECK(
      r.output.find("this game is not saved ('save FILE' keeps it); leave anyway? [y/N] the game goes on") !=
      std::string::npos);
  CHECK(r.output.find(file + " exists; 'save! " + file + "' replaces it") != std::string::npos);
  CHECK(r.output.find("saved; resume with: tapis play --resume " + file) != std::string::npos);
  CHECK(r.output.rfind("leave anyway") < r.output.find("save " + file));  // saved: the last quit asks nothing
  CHECK(ReadFile(file).find("\"seats\":[\"human\",\"greedy\",\"random\"]") != std::string::npos);
  // --resume seats the same players: seat 2 is greedy, not a second human.
  const Run resumed = Tapis("play --resume " + file, "score\\nquit\\n");
  CHECK(resumed.output.find("player 2 (greedy)") != std::string::npos);
  CHECK(resumed.output.find("hand the terminal") == std::string::npos);
  // At the end of piped input nobody can answer: the game ends as before.
  CHECK(Tapis("play unisson --players 3 --seed 5", "draw\\n").code == 0);
}

TEST_CASE("cli/play help shows a number move once, with its numbers") {
  const Run r = Tapis("play quincunx --players 2 --set muggins=true --seed 3 --seat human --seat greedy",
                      "place 6LeKn d3\\nhelp\\nquit\\n");
  CHECK(r.code == 0);
  CHECK(r.output.find("announce N") != std::string::npos);
  CHECK(r.output.find("(N: 0 to 127)") != std::string::npos);
  CHECK(r.output.find("announce 5") == std::string::npos);
}

TEST_CASE("cli/check --set plays every game with the value given, and tries the other parameters' values") {
  const Run r = Tapis("check kems --set leak=always --games 4");
  CHECK(r.code == 0);
  CHECK(r.output.find(
            "kems: ok (4 random games for each of 4 to 4 players, with leak=always; every game ended)") !=
        std::string::npos);
  const Run all = Tapis("check kems --games 4");
  CHECK(all.output.find("and 1 with each of leak=never, leak=always") != std::string::npos);
  const Run typo = Tapis("check kems --set lek=always");
  CHECK(typo.code == 6);
  CHECK(typo.output.find("kems has no parameter 'lek'") != std::string::npos);
  CHECK(Tapis("check kems --unfinished 150").code == 6);
}

TEST_CASE("cli/play: board shows the table again, score the totals of the rounds played") {
  const Run r = Tapis("play rikiki --players 3 --seed 4 --set max_cards=2",
                      "score\\nbid 1\\nplay 7D\\nscore\\nboard\\nquit\\n");
  CHECK(r.code == 0);
  CHECK(r.output.find("round 1; totals of the rounds played:\n  player 1 (you): 0\n  player 2 (greedy): 0") !=
        std::string::npos);
  CHECK(r.output.find(
            "round 2; totals of the rounds played:\n  player 1 (you): -15\n  player 2 (greedy): 10") !=
        std::string::npos);
  CHECK(r.output.find("illegal") == std::string::npos);  // board and score were unknown moves
  const Run last =
      Tapis("play rikiki --players 3 --seed 4 --set max_cards=2", "bid 1\\nplay 7D\\nlast\\nquit\\n");
  // The moves since the seat's last one, each with what it caused as the seat saw it.
  CHECK(last.output.find(
            "> player 2: play KH\nplayer 3: play QD\n  player 3 wins the trick: 7D KH QD\n"
            "  round 1 is over: scores -15, +10, -15; totals -15, 10, -15\n"
            "    you: bid missed -10 - difference 5 = -15\n    player 2: bid made 10\n"
            "    player 3: bid missed -10 - difference 5 = -15\nplayer 2: bid 0\nplayer 3: bid 0\n") !=
        std::string::npos);
}

TEST_CASE("cli/play: help FILTER lists the moves that hold it, rules the parameters as set, case forgiven") {
  const Run r =
      Tapis("play unisson --players 3 --seed 4 --set packs=2", "Help 8\\nhelp zz  \\nRULES\\nquit\\n");
  CHECK(r.code == 0);
  CHECK(r.output.find("legal moves with '8':\n  choose 8H ") != std::string::npos);  // hearts first, as the
  CHECK(r.output.find("replaces it.\n  choose 8D ") != std::string::npos);            // hand is sorted
  CHECK(r.output.find("legal moves with 'zz':\n  none (") != std::string::npos);
  CHECK(r.output.find("L'Unisson: Rummy-like") != std::string::npos);
  CHECK(r.output.find("  - packs = 2: Number of 32-card packs") != std::string::npos);
  CHECK(r.output.find("illegal") == std::string::npos);
}

TEST_CASE("cli/rules prints how to play in sections laid out to read, then the parameters as set") {
  const Run all = Tapis("rules hearts --set moon=none");
  CHECK(all.code == 0);
  CHECK(all.output.starts_with("Hearts: Tricks, 4 players;"));
  // Lines of a section joined and broken again within 80 columns, items kept apart.
  CHECK(all.output.find(
            "\nGoal\n  Take as few points as you can. Each heart in the tricks you take costs you 1\n"
            "  point, the queen of spades 13.") != std::string::npos);
  CHECK(all.output.find("no trumps), and its taker leads the next.\n  - Hearts may not be led") !=
        std::string::npos);
  CHECK(all.output.find("\nParameters of this game:\n") != std::string::npos);
  CHECK(all.output.find("  - moon = none: Taking all 26 points") != std::string::npos);
  for (std::string_view rest = all.output; !rest.empty();) {
    const std::string_view line = rest.substr(0, rest.find('\n'));
    CHECK(line.size() <= 80);
    rest.remove_prefix(std::min(rest.size(), line.size() + 1));
  }
  // One section, by the start of its name, case aside; a section it lacks lists those it has.
  const Run one = Tapis("rules hearts SCOR");
  CHECK(one.output.starts_with("\nScoring\n  When the 13 tricks are played"));
  CHECK(one.output.find("Parameters") == std::string::npos);
  CHECK(Tapis("rules hearts bidding").output ==
        "no section 'bidding' in the rules; they have: goal, the deal, a turn, scoring\n");
  CHECK(Tapis("rules nope").code == 4);
}

TEST_CASE("cli/play: a command given words it does not take says so, and is no move") {
  const Run r = Tapis("play hearts --seed 1", "quit now\nscore please\nquit\n");
  CHECK(r.output.find("'quit' takes nothing after it: type quit\n") != std::string::npos);
  CHECK(r.output.find("'score' takes nothing after it: type score\n") != std::string::npos);
  CHECK(r.output.find("illegal") == std::string::npos);
}

TEST_CASE("cli/play: help lists one-card moves as the hand is sorted, or as dealt with --dealt-order") {
  const Run sorted = Tapis("play gin_rummy --seed 7 --seat human --seat greedy", "pick\nhelp\nquit\n");
  CHECK(sorted.output.find("  discard 2C               Discard a card.\n  discard 6C ") != std::string::npos);
  const Run dealt =
      Tapis("play gin_rummy --seed 7 --seat human --seat greedy --dealt-order", "pick\nhelp\nquit\n");
  CHECK(dealt.output.find("  discard 2C               Discard a card.\n  discard 6C ") == std::string::npos);
  CHECK(dealt.output.find("  discard 2C ") != std::string::npos);
}

TEST_CASE("cli/play: info decodes a card, hint says what the greedy bot would play") {
  const Run r = Tapis("play quincunx --players 2 --seed 3 --seat human --seat greedy",
                      "info 9mosu\\ninfo zz\\nhint\\nquit\\n");
  CHECK(r.code == 0);
  CHECK(r.output.find("9MoSu: rank 9; suit Moons, Suns") != std::string::npos);
  CHECK(r.output.find("no card 'zz' in this game") != std::string::npos);
  CHECK(r.output.find("hint: place ") != std::string::npos);
}

TEST_CASE("cli/moves --why: a legal move is confirmed, a refused one names the rule, exit 5") {
  const std::string dir = ReportFolder("why");
  const std::string file = dir + "/c8.jsonl";
  REQUIRE(Tapis("play crazy_eights --players 2 --seat human --seat random --seed 38",
                "save " + file + "\\nquit\\n")
              .code == 0);
  const Run legal = Tapis("moves " + file + " --why 'play s4'");
  CHECK(legal.code == 0);
  CHECK(legal.output == "player 1 may play Play S4\n");
  const Run refused = Tapis("moves " + file + " --why 'Play C2'");
  CHECK(refused.code == 5);
  CHECK(refused.output ==
        "tapis: " + file +
            ": player 1: C2 does not follow SJ on top: play a card of suit S or of rank J, or a "
            "card of rank 8 (wild)\n");
  CHECK(Tapis("moves " + file + " --why Pass").output.find("'pass' only once you may not draw") !=
        std::string::npos);
}

TEST_CASE("cli/play: undo takes back a card picked up face up, not one drawn unseen") {
  const Run picked = Tapis("play gin_rummy --seed 7 --seat human --seat greedy", "pick\nundo\nquit\n");
  CHECK(picked.output.find("undone") != std::string::npos);
  CHECK(picked.output.find("cannot undo") == std::string::npos);
  const Run drawn = Tapis("play gin_rummy --seed 7 --seat human --seat greedy", "draw\nundo\nquit\n");
  CHECK(drawn.output.find("cannot undo: you have seen ") != std::string::npos);
  CHECK(drawn.output.find("undone") == std::string::npos);
  // A face-up card shuffled into the stock and drawn: chance chose it (a review's finding).
  const Run reshuffled =
      Tapis("play tests/fixtures/variants/refill_shuffle.yaml --seed 1 --seat human --seat random",
            "draw\nundo\nquit\ny\n");
  CHECK(reshuffled.output.find("cannot undo: you have seen R") != std::string::npos);
  CHECK(reshuffled.output.find("undone") == std::string::npos);
}

TEST_CASE("cli/merge: forged shard totals are one-line errors, exit code 4") {
  // get_to(int) printed "games": 1e300 as -2147483648 games; a negative player count reached
  // vector::resize (exit code 70).
  const std::string dir = "/tmp/tapis-cli-merge-forged-test";
  CHECK(std::system(("rm -rf " + dir + " && mkdir -p " + dir).c_str()) == 0);
  REQUIRE(Tapis("sim tir_a_la_carte -n 2 --shard 1/1 --out " + dir + "/part.json").code == 0);
  const std::string part = ReadFile(dir + "/part.json");
  const std::pair<const char*, const char*> cases[] = {
      {"\"games\": 2", "\"games\": 1e300"},
      {"\"players\": 2", "\"players\": -5"},
      {"\"shard_count\": 1", "\"shard_count\": 1.5"},
  };
  const char* expected[] = {
      "part.json: \"games\": expected a whole number from 0 to 100000000, not 1e+300",
      "part.json: \"players\": expected a whole number from 1 to 16, not -5",
      "part.json: \"shard_count\": expected a whole number from 1 to 100000000, not 1.5",
  };
  for (size_t i = 0; i < std::size(cases); ++i) {
    std::string forged = part;
    REQUIRE(forged.find(cases[i].first) != std::string::npos);
    forged.replace(forged.find(cases[i].first), std::string(cases[i].first).size(), cases[i].second);
    std::ofstream(dir + "/forged.json") << forged;
    const Run r = Tapis("merge forged.json", "", dir);
    CAPTURE(forged);
    CHECK(r.code == 4);
    CHECK(r.output == "tapis: " + std::string(expected[i]).replace(0, 9, "forged.json") + "\n");
  }
}

TEST_CASE("cli/completion: commands, options, rulesets, parameters and their values, sections, files") {
  CHECK(Tapis("__complete pl").output == "play\n");
  CHECK(Tapis("__complete play hea").output == "hearts\n");
  CHECK(Tapis("__complete play hearts --se").output == "--seed\n--set\n--seat\n");
  CHECK(Tapis("__complete play hearts --set mo").output == "moon=\n");
  CHECK(Tapis("__complete play hearts --set moon=").output == "moon=others\nmoon=minus\nmoon=none\n");
  CHECK(Tapis("__complete sim hearts --seat gr").output == "greedy\n");
  CHECK(Tapis("__complete play hearts --players ''").output == "4\n");
  CHECK(Tapis("__complete rules hearts sc").output == "scoring\n");
  CHECK(Tapis("__complete play --resume ''").output == ":files\n");
  CHECK(Tapis("__complete replay ''").output == ":files\n");
  CHECK(Tapis("__complete nothing ''").output.empty());
  CHECK(Tapis("completion tcsh").output ==
        "tapis: completion: no script for 'tcsh'; shells are bash, zsh and fish\n");
  // The bash script completes as the shell does, a word split at '=' included.
  const std::string bash =
      "bash -c 'source <(\"" TAPIS_TAPIS_BINARY "\" completion bash); COMP_LINE=\"" TAPIS_TAPIS_BINARY
      " play hearts --set moon=n\"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(tapis play hearts --set moon = n); "
      "COMP_CWORD=6; _tapis; printf \"%s\\n\" \"${COMPREPLY[@]}\"'";
  CHECK(Shell(bash).output == "none\n");
  const std::string names =
      "bash -c 'source <(\"" TAPIS_TAPIS_BINARY "\" completion bash); COMP_LINE=\"" TAPIS_TAPIS_BINARY
      " rules cr\"; COMP_POINT=${#COMP_LINE}; COMP_WORDS=(tapis rules cr); COMP_CWORD=2; _tapis; "
      "printf \"%s\\n\" \"${COMPREPLY[@]}\"'";
  CHECK(Shell(names).output == "crazy_eights\ncribbage\n");
}

TEST_CASE("cli/play: info says what a card is worth and the effects that name it") {
  const Run huit = Tapis("play huit_americain --players 2 --seed 5", "info 2C\\ninfo 5C\\nquit\\ny\\n");
  CHECK(huit.output.find("2C: rank 2; suit C\n  worth 2 points\n"
                         "  when played by `play`: {penalty: 2, paid_by: draw, if: {rank: [\"2\"]}}\n") !=
        std::string::npos);
  CHECK(huit.output.find("5C: rank 5; suit C\n  worth 5 points\n  (the rules") != std::string::npos);
  // An effect the card fires was told as "reverse: true" whatever it was.
  CHECK(huit.output.find("{reverse: true, if: {rank: [\"2\"]}}") == std::string::npos);
  const Run belote = Tapis("play belote --seed 5", "info JH\\nquit\\ny\\n");
  CHECK(belote.output.find("JH: rank J; suit H\n  worth 2, or 20 as a trump\n") != std::string::npos);
}

TEST_CASE("cli/the manual page is written from --help: every command, its arguments and options") {
  const Run r = Tapis("__man");
  CHECK(r.code == 0);
  CHECK(r.output.rfind(".TH TAPIS 1 ", 0) == 0);
  const Run help = Tapis("--help");
  for (const char* command : {"list", "rules", "play", "sim", "check", "new", "merge", "bench", "replay",
                              "moves", "score", "schema", "completion"}) {
    CAPTURE(command);
    CHECK(help.output.find(std::string("  ") + command) != std::string::npos);
    CHECK(r.output.find(std::string(".SS \"tapis ") + command) != std::string::npos);
  }
  CHECK(r.output.find(".SS \"tapis play [GAME]\"") != std::string::npos);
  CHECK(r.output.find("\\fB\\-\\-seed\\fR \\fIUINT\\fR\nseed of the game's randomness") != std::string::npos);
  CHECK(r.output.find("__complete") == std::string::npos);  // the hidden commands stay hidden
  CHECK(r.output.find("__man") == std::string::npos);
}
