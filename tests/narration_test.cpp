// Narration (records/narration.h): what each move caused, as one seat saw it. Each golden
// playthrough is told as its player 1 saw it and checked against tests/narration/; set
// TAPIS_UPDATE_GOLDEN=1 to rewrite them after a deliberate change.
#include "interpreter/records/narration.h"

#include <doctest/doctest.h>
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "interpreter/records/game_log.h"
#include "interpreter/records/view.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

const std::string kSource = TAPIS_SOURCE_DIR;

}  // namespace

TEST_CASE("narration/every golden game told as player 1 saw it, as checked in") {
  const bool update = std::getenv("TAPIS_UPDATE_GOLDEN") != nullptr;
  int told = 0;
  for (const auto& entry : std::filesystem::directory_iterator(kSource + "/tests/playthroughs")) {
    const std::string log_path = entry.path().string();
    const std::string golden = kSource + "/tests/narration/" + entry.path().stem().string() + ".txt";
    CAPTURE(golden);
    const std::string text = NarrateGame(ReadGameLogFile(log_path), 0, log_path);
    if (update) std::ofstream(golden) << text;
    CHECK(text == ReadText(golden));
    ++told;
  }
  CHECK(told >= 20);
}

TEST_CASE("narration/a seat's own cards are named, the others' counted, a trick's winner is told") {
  auto engine = MakeEngine("unisson", 3);
  GameState s = Position(*engine, R"({"zones": {"stock": ["KH", "QS"], "gamme": ["7S", "8H"],
      "hand 1": ["9H", "8C", "JD"], "hand 2": ["KC"], "hand 3": ["QC"]}})");
  GameState before = s;
  const ParsedMove choose = ParseMove(*engine, s, "choose 7S");  // a Seven: one more draw, if wanted
  REQUIRE(choose.move);
  REQUIRE(engine->Apply(s, *choose.move).ok);
  // The stock's top refills the Gamme, face up; then player 1 may draw.
  CHECK(Narrate(*engine, before, s, *choose.move, 0) ==
        std::vector<std::string>{"stock → gamme: QS", "you may draw"});
  // The others see the Gamme refilled, not what the decision allows (it may tell of a hand).
  CHECK(Narrate(*engine, before, s, *choose.move, 1) == std::vector<std::string>{"stock → gamme: QS"});
  before = s;
  const ParsedMove draw = ParseMove(*engine, s, "draw");
  REQUIRE(draw.move);
  REQUIRE(engine->Apply(s, *draw.move).ok);
  CHECK(Narrate(*engine, before, s, *draw.move, 0) == std::vector<std::string>{"stock → your hand: KH"});
  CHECK(Narrate(*engine, before, s, *draw.move, 1).empty());  // "player 1: draw" says it already

  auto rikiki = MakeEngine("rikiki", 3);
  GameState t = Position(*rikiki, R"({"phase": "playing", "zones": {"trumps": ["2H"],
      "hand 1": ["5S", "AS"], "hand 2": ["QS", "3S"], "hand 3": ["7S", "4S"]},
      "variables": {"bid 1": 1, "bid 2": 0, "bid 3": 0}})");
  for (const char* move : {"play 5S", "play QS"}) Play(*rikiki, t, move);
  before = t;
  const ParsedMove last = ParseMove(*rikiki, t, "play 7S");
  REQUIRE(last.move);
  REQUIRE(rikiki->Apply(t, *last.move).ok);
  CHECK(Narrate(*rikiki, before, t, *last.move, 1) ==
        std::vector<std::string>{"you win the trick: 5S QS 7S"});
  // The round's last trick is told before the round's end, though the deal clears it away.
  for (const char* move : {"play 3S", "play 4S"}) Play(*rikiki, t, move);
  before = t;
  const ParsedMove closing = ParseMove(*rikiki, t, "play AS");
  REQUIRE(closing.move);
  REQUIRE(rikiki->Apply(t, *closing.move).ok);
  const auto told = Narrate(*rikiki, before, t, *closing.move, 0);
  REQUIRE(told.size() >= 2);
  CHECK(told[0] == "you win the trick: 3S 4S AS");
  CHECK(told[1].rfind("round 1 is over: scores ", 0) == 0);
}

TEST_CASE(
    "narration/a ruleset's say: lines are told to every seat, after the move, when their effect fires") {
  auto engine = MakeEngine("huit_americain", 3);
  GameState s =
      Position(*engine, R"({"zones": {"hand 1": ["JH", "2H", "5C"], "hand 2": ["3S"], "hand 3": ["4D"],
      "discard": ["9H"], "stock": ["6S", "7S", "8S"]}})");
  GameState before = s;
  Play(*engine, s, "play JH");
  // Player 2 misses a turn: player 3 is told it is theirs.
  CHECK(Narrate(*engine, before, s, *ParseMove(*engine, before, "play JH").move, 2) ==
        std::vector<std::string>{"the Jack skips a player: you to play"});
  CHECK(Narrate(*engine, before, s, *ParseMove(*engine, before, "play JH").move, 0) ==
        std::vector<std::string>{"the Jack skips a player: player 3 to play"});
  // A variable is read after the move: the 2's draws.
  GameState two = Position(*engine, R"({"zones": {"hand 1": ["JH", "2H", "5C"], "hand 2": ["3S"],
      "hand 3": ["4D"], "discard": ["9H"], "stock": ["6S", "7S", "8S"]}})");
  before = two;
  Play(*engine, two, "play 2H");
  const auto told = Narrate(*engine, before, two, *ParseMove(*engine, before, "play 2H").move, 2);
  REQUIRE(!told.empty());
  CHECK(told[0] == "the 2: player 2 must draw 2, or answer with a 2");
}

TEST_CASE("narration/{next} is who plays the next turn, {acting} who answers what the move asked") {
  const std::string yaml =
      EditedText(kSource + "/rulesets/huit_americain.yaml", R"({ask: name, if: {rank: "8"}})",
                 R"({ask: name, if: {rank: "8"}, say: "{acting} to name a suit, {next} to play"})");
  auto rules = LoadRulesetFromString(yaml, std::string(TAPIS_SOURCE_DIR) + "/rulesets/named_eight.yaml");
  Engine engine(std::make_shared<GameConfig>(rules, 3));
  GameState s = Position(engine, R"({"zones": {"hand 1": ["8C", "5C"], "hand 2": ["3S"], "hand 3": ["4D"],
      "discard": ["9D"], "stock": ["6S", "7S"]}})");
  const auto told = PlayTold(engine, s, "play 8C", 0);
  // The suit is named in the mover's turn; player 2 plays after it (it once said "you").
  CHECK(std::find(told.begin(), told.end(), "you to name a suit, player 2 to play") != told.end());
  CHECK(RenderView(engine, s, 1).find("  turn of player 1\n") != std::string::npos);
  // A decision answered out of turn: the view says who answers, not only whose turn it is.
  Engine asked(std::make_shared<GameConfig>(LoadRuleset(kSource + "/tests/fixtures/say/asked.yaml"), 3));
  GameState a = asked.NewGame(1);
  const GameState start = a;
  const Move play = asked.LegalMoves(a).front();
  REQUIRE(asked.Apply(a, play).ok);
  CHECK(Narrate(asked, start, a, play, 0).front() == "player 3 to draw, player 2 to play");
  CHECK(Narrate(asked, start, a, play, 2).front() == "you to draw, player 2 to play");
  CHECK(RenderView(asked, a, 0).find("  player 3 to answer, in the turn of player 1\n") != std::string::npos);
}

TEST_CASE("narration/a draw's say: fires on the card drawn, which the typed move does not name") {
  std::string yaml = ReadText(std::string(TAPIS_SOURCE_DIR) + "/rulesets/huit_americain.yaml");
  const std::string weight = "    bot_weight: 0.5\n";
  REQUIRE(yaml.find(weight) != std::string::npos);
  yaml.replace(
      yaml.find(weight), weight.size(),
      weight + "    then: {reverse: true, if: {rank: \"6\"}, say: \"a 6 drawn turns the play round\"}\n");
  auto rules = LoadRulesetFromString(yaml, std::string(TAPIS_SOURCE_DIR) + "/rulesets/drawn_six.yaml");
  Engine engine(std::make_shared<GameConfig>(rules, 3));
  for (const char* top : {"6S", "7S"}) {
    GameState s = Position(engine, fmt::format(R"({{"zones": {{"hand 1": ["KH", "5C"], "hand 2": ["3S"],
        "hand 3": ["4D"], "discard": ["9D"], "stock": ["8S", "{}"]}}}})",
                                               top));
    const auto told = PlayTold(engine, s, "draw", 1);
    const bool said = std::find(told.begin(), told.end(), "a 6 drawn turns the play round") != told.end();
    CHECK(said == (std::string(top) == "6S"));
  }
}

TEST_CASE("narration/a say: with a word the loader does not know, or a secret, is refused at load") {
  const std::string file = kSource + "/rulesets/huit_americain.yaml";
  CHECK(EditedLoadError(file, "{next} to play\"}", "{nxt} to play\"}")
            .find("say: unknown '{nxt}'; the words are player, cards, next, acting, penalty") !=
        std::string::npos);
  CHECK(EditedLoadError(file, "{next} to play\"}", "{draws} to play\"}")
            .find("say: '{draws}' would tell every player a variable not all see") != std::string::npos);
  CHECK(EditedLoadError(file, "{next} to play\"}", "{next to play\"}").find("say: a '{' without its '}'") !=
        std::string::npos);
}

TEST_CASE("narration/a round's end tells what the ruleset announces as it ended: places, titles") {
  auto engine = MakeEngine("president", 3);
  GameState s =
      Position(*engine, R"({"zones": {"hand 1": ["5S"], "hand 2": ["6S", "KD"], "hand 3": ["7S"]}})");
  for (const char* move : {"play 5S", "play 6S"}) Play(*engine, s, move);
  const GameState before = s;
  MoveStates states;
  engine->CaptureStates(&states);
  Play(*engine, s, "play 7S");  // player 3 goes out second: player 2 is the Trou
  engine->CaptureStates(nullptr);
  const auto told = Narrate(*engine, before, s, *ParseMove(*engine, before, "play 7S").move, 0, &states);
  const auto has = [&](const std::string& line) {
    return std::find(told.begin(), told.end(), line) != told.end();
  };
  CHECK(has("place of player 3: none → 2nd"));
  CHECK(has("place of player 2: none → 3rd"));
  CHECK(has("title of player 2: none → Trou"));
  REQUIRE(told.size() >= 3);
  CHECK(told[told.size() - 3].rfind("round 1 is over: scores +2, +0, +1", 0) == 0);
  CHECK(told[told.size() - 2] == "  you: place 2");  // where the points came from, side by side
  CHECK(told.back() == "  player 3: place 1");
  // Without the states, the round's end alone.
  CHECK(Narrate(*engine, before, s, *ParseMove(*engine, before, "play 7S").move, 0).size() == 1);
}

TEST_CASE("narration/a round's end shows the hands kept, as they were scored, and whose points they made") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "0"}, {"mode", "elite"}, {"target", "1000"}});
  GameState s = Position(*engine, R"({"zones": {"talon": ["9H"], "hand 1": ["10S"], "hand 2": ["JH", "2S"],
      "hand 3": ["QD", "KD"]}})");
  const GameState before = s;
  MoveStates states;
  engine->CaptureStates(&states);
  Play(*engine, s, "play 10S");  // out: the Empereur, scored the Sujets' cards
  engine->CaptureStates(nullptr);
  const auto told = Narrate(*engine, before, s, *ParseMove(*engine, before, "play 10S").move, 1, &states);
  CHECK(std::find(told.begin(), told.end(), "hand of player 3: QD KD") != told.end());
  CHECK(std::find(told.begin(), told.end(), "your hand: 2S JH") != told.end());  // beside the others'
  REQUIRE(told.size() >= 2);
  CHECK(told[told.size() - 2].rfind("round 1 is over: scores +51, +0, +0", 0) == 0);
  CHECK(told.back() == "  player 1: Sujets' cards 51");  // the Sujets' 2S JH QD KD: 15 + 11 + 12 + 13
}

TEST_CASE("narration/a card drawn from a stock rebuilt during the draw comes from the stock, unseen") {
  auto engine = MakeEngine("empereur", 3, {{"jokers", "0"}});
  GameState s = Position(*engine, R"({
    "zones": {"stock": [], "talon": ["5H", "7S", "9C", "JC"],
              "hand 1": ["3S", "3H", "3D", "3C", "4S", "4H", "4D", "4C", "5S", "5D", "5C", "6S", "6H", "6D", "6C"],
              "hand 2": ["7H", "7D", "7C", "8S", "8H", "8D", "8C", "9S", "9H", "10S", "10H", "10D", "10C", "JS", "JH", "JD", "9D"],
              "hand 3": ["QS", "QH", "QD", "QC", "KS", "KH", "KD", "KC", "AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C"]}})");
  const GameState before = s;
  const Move draw = *ParseMove(*engine, s, "draw").move;
  MoveStates states;
  engine->CaptureStates(&states);
  REQUIRE(engine->Apply(s, draw).ok);
  engine->CaptureStates(nullptr);
  REQUIRE(Cards(*engine, s, "hand", 1).back() == "9C");
  const auto told = Narrate(*engine, before, s, draw, 1, &states);  // as player 2 sees it
  CHECK(told == std::vector<std::string>{"talon → stock: 5H 7S"});  // the 9C drawn is not named
  CHECK(Narrate(*engine, before, s, draw, 0, &states) ==
        std::vector<std::string>{"talon → stock: 5H 7S", "stock → your hand: 9C"});
}

TEST_CASE(
    "narration/tapis.say: a script's lines, escaped, cut at 300 bytes, 16 a move, and none from score") {
  std::string yaml = ReadText(std::string(TAPIS_SOURCE_DIR) + "/tests/bad/mini.yaml");
  yaml.replace(yaml.find("scripts: [mini.lua]"), std::string("scripts: [mini.lua]").size(),
               "scripts: [../fixtures/say/say.lua]\nscore: score");
  auto rules = LoadRulesetFromString(yaml, std::string(TAPIS_SOURCE_DIR) + "/tests/bad/say.yaml");
  Engine engine(std::make_shared<GameConfig>(rules, 2));
  GameState s = engine.NewGame(1);
  const GameState before = s;
  const Move play = engine.LegalMoves(s).front();
  MoveStates states;
  engine.CaptureStates(&states);
  REQUIRE(engine.Apply(s, play).ok);
  engine.CaptureStates(nullptr);
  REQUIRE(states.said.size() == kMaxSaidLines);
  CHECK(states.said[0].find("\\x1b[2J") != std::string::npos);  // the escape, shown, not sent
  CHECK(states.said[1] == std::string(300, 'x'));
  INFO(states.said[2], " / ", states.said[3]);
  CHECK(states.said[2].ends_with(", 1 card"));        // a pattern and its values
  CHECK(states.said[3].starts_with("(tapis.say: "));  // a pattern that fails, told, the move made
  CHECK(states.said[3].find("number expected") != std::string::npos);
  CHECK(states.said.back() == "line 12");
  const auto told = Narrate(engine, before, s, play, 1, &states);
  CHECK(std::find(told.begin(), told.end(), "line 12") != told.end());
  CHECK(std::find_if(told.begin(), told.end(), [](const std::string& line) {
          return line.starts_with("player 1 played ");  // {player 1}, read by seat 2
        }) != told.end());
  std::string error;
  engine.Score(s, &error);
  CHECK(error.find("tapis.say") != std::string::npos);
}

TEST_CASE("narration/nobody can move: the passes are not told, a turn_end event's lines stay") {
  auto rules = LoadRuleset(std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/say/turn_end.yaml");
  Engine engine(std::make_shared<GameConfig>(rules, 2));
  GameState s = engine.NewGame(1);
  Play(engine, s, LegalTexts(engine, s).front());  // player 1's one card
  MoveStates states;
  engine.CaptureStates(&states);
  Play(engine, s, LegalTexts(engine, s).front());  // player 2's: then nobody has a card
  engine.CaptureStates(nullptr);
  CHECK(s.finished);
  // Player 2's turn ends, then player 1's and player 2's pass for want of a move, and so the
  // round is over: three turns ended, and no "has no move" line is left.
  CHECK(states.said == std::vector<std::string>{"the turn of player 2 is over",
                                                "the turn of player 1 is over",
                                                "the turn of player 2 is over"});
}

TEST_CASE("narration/a script names a seat as each reader knows it: you, or player N") {
  auto engine = MakeEngine("unisson", 3);
  GameState s =
      Position(*engine, R"({"zones": {"hand 1": ["9C"], "gamme": ["7C", "10D", "9H", "QS", "8S"]}})");
  const GameState before = s;
  const std::vector<std::string> mine = PlayTold(*engine, s, "choose 7C", 0);
  s = before;
  const std::vector<std::string> theirs = PlayTold(*engine, s, "choose 7C", 1);
  CHECK(std::find(mine.begin(), mine.end(), "a Seven taken: you may draw 1 more card") != mine.end());
  CHECK(std::find(theirs.begin(), theirs.end(), "a Seven taken: player 1 may draw 1 more card") !=
        theirs.end());
}

TEST_CASE("narration/a match play says the rule it followed, and the board what the top card asks for") {
  auto engine = MakeEngine("zigity", 3);
  const auto on_top = [&](const std::string& top, const std::string& hand) {
    return Position(
        *engine, R"({"zones": {"discard": [")" + top + R"("], "hand 1": [)" + hand +
                     R"(], "hand 2": ["M1t1B", "S7b1B"], "hand 3": ["O2t1J", "N5t3V"]}, "phase": "normal"})");
  };
  GameState s = on_top("I8b2R", R"("C3b2B", "E1b1B", "T5g2V")");  // R: a sum of 11
  CHECK(RenderView(*engine, s, 0)
            .find("the top card, I8b2R, asks for cards whose numbers add up to 11 with its 8 "
                  "(eleven)") != std::string::npos);
  std::vector<std::string> told = PlayTold(*engine, s, "play C3b2B", 1);
  CHECK(std::find(told.begin(), told.end(), "eleven: 8 + 3 = 11") != told.end());
  s = on_top("A8t2J", R"("U4t3R", "X10t3J", "E1b1B")");  // J: letters that spell a word with its A
  CHECK(RenderView(*engine, s, 0).find("asks for letters that spell a word with its A (anagram)") !=
        std::string::npos);
  told = PlayTold(*engine, s, "play U4t3R X10t3J^", 1);
  CHECK(std::find(told.begin(), told.end(), "anagram: AUX") != told.end());
}
