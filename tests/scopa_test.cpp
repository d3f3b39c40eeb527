// Scopa (rulesets/scopa.yaml), on the usual rules (Pagat's "Scopa"): a card takes a table
// card of its value before any sum, or table cards adding up to it, and must take when it
// can; a sweep is a scopa but on the deal's last play; three more cards each when the hands
// are empty; the last to capture takes what is left. The mechanisms: `capture` moves and
// `turn: redeal`.
#include <doctest/doctest.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "interpreter/model/errors.h"
#include "interpreter/records/move_text.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

// A position's zones as JSON, with every card not named in `zones` put into `rest`.
std::string Dealt(const Engine& engine, const std::map<std::string, std::vector<std::string>>& zones,
                  const std::string& rest, const std::string& more = "") {
  std::vector<std::string> named;
  for (const auto& [zone, codes] : zones) named.insert(named.end(), codes.begin(), codes.end());
  std::map<std::string, std::vector<std::string>> all = zones;
  for (int c = 0; c < engine.cards().size(); ++c) {
    const std::string code = engine.cards().Code(static_cast<CardId>(c));
    if (std::find(named.begin(), named.end(), code) == named.end()) all[rest].push_back(code);
  }
  std::string json = R"({"zones": {)";
  for (const auto& [zone, codes] : all) {
    json += (json.back() == '{' ? "" : ", ") + ("\"" + zone + "\": [");
    for (size_t i = 0; i < codes.size(); ++i) json += (i ? ", \"" : "\"") + codes[i] + "\"";
    json += "]";
  }
  return json + "}, \"turn\": 1" + more + "}";
}

int Variable(const Engine& engine, const GameState& s, const std::string& name, int player = 0) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), player - 1)];
}

}  // namespace

TEST_CASE("scopa/a card of the same value is taken before any sum, and a card that can take must") {
  auto engine = MakeEngine("scopa", 2);
  // The 7 of diamonds could take 3 + 4, but the 7 of clubs is there: it takes that.
  GameState s =
      Position(*engine, R"({"zones": {"hand 1": ["7D"], "hand 2": ["AS"], "table": ["7C", "3H", "4S"],
      "stock": ["2D"]}, "turn": 1})");
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"play 7D 7C"});
  CHECK(ParseMove(*engine, s, "play 7D 3H 4S").error ==
        "7D must take a card worth 7, or else cards adding up to it: play 7D 7C");
  // No 7 on the table: each set adding up to 7 is a move; laying the 7 is not.
  GameState sums = Position(*engine, R"({"zones": {"hand 1": ["7D", "KS"], "hand 2": ["AS"],
      "table": ["3H", "4S", "2C", "5D"], "stock": ["2D"]}, "turn": 1})");
  CHECK(Sorted(LegalTexts(*engine, sums)) ==
        std::vector<std::string>{"play 7D 2C 5D", "play 7D 3H 4S", "play KS 2C 3H 5D"});
  // A card that takes nothing is laid on the table, and says so when a capture is typed.
  GameState trail =
      Position(*engine, R"({"zones": {"hand 1": ["6S"], "hand 2": ["AS"], "table": ["KS", "JH", "4S"],
      "stock": ["2D"]}, "turn": 1})");
  CHECK(LegalTexts(*engine, trail) == std::vector<std::string>{"play 6S"});
  CHECK(ParseMove(*engine, trail, "play 6S 4S").error ==
        "6S takes nothing: no card on the table is worth 6, and none add up to it; play it alone: play 6S");
  CHECK(ParseMove(*engine, trail, "play 4S").error ==
        "4S is not in your hand: name the card you play first, then the table cards it takes");
  Play(*engine, trail, "play 6S");
  CHECK(Cards(*engine, trail, "table") == std::vector<std::string>{"KS", "JH", "4S", "6S"});
}

TEST_CASE("scopa/a sweep is a scopa, but not on the deal's last play, and the last to take gets the rest") {
  auto engine = MakeEngine("scopa", 2);
  GameState s = Position(*engine, R"({"zones": {"hand 1": ["7D", "2C"], "hand 2": ["AS", "5H"],
      "table": ["3H", "4S"], "stock": ["2D", "3D", "4D", "5D", "6D", "KD"]}, "turn": 1})");
  Play(*engine, s, "play 7D 3H 4S");
  CHECK(Variable(*engine, s, "scope", 1) == 1);
  CHECK(Variable(*engine, s, "last") == 1);
  CHECK(Cards(*engine, s, "won", 1) == std::vector<std::string>{"7D", "3H", "4S"});
  // The deal's last play sweeps nothing: both hands are empty after it and the stock too.
  GameState last = Position(*engine, Dealt(*engine, {{"hand 1", {"6D"}}, {"table", {"6H"}}, {"hand 2", {}}},
                                           "won 2", R"(, "variables": {"last": 2})"));
  Play(*engine, last, "play 6D 6H");
  // The round was scored (player 2's 38 cards: most cards, coins, settebello, primiera) and
  // the next dealt; no scopa for player 1.
  CHECK(last.round == 1);
  CHECK(last.totals == std::vector<int>{0, 4});
  // What was left on the table went to the last to capture: with the 2H and 3C, player 2
  // has 36 + 2 cards, player 1 the KD laid; the 2H and 3C alone decide nothing here, so
  // lay the settebello instead and see it counted for player 2.
  GameState left = Position(*engine, Dealt(*engine,
                                           {{"hand 1", {"KD"}},
                                            {"table", {"7D"}},
                                            {"hand 2", {}},
                                            {"won 1", {"AD", "2D", "3D", "4D", "5D", "6D"}}},
                                           "won 2", R"(, "variables": {"last": 2})"));
  Play(*engine, left, "play KD");
  // Player 1: 6 coins (of 10), the most; player 2: the cards, the settebello, the primiera.
  CHECK(left.totals == std::vector<int>{1, 3});
}

TEST_CASE("scopa/three more cards each once both hands are empty, while the stock lasts") {
  auto engine = MakeEngine("scopa", 2);
  GameState s = engine->NewGame(3);
  CHECK(Cards(*engine, s, "hand", 1).size() == 3);
  CHECK(Cards(*engine, s, "hand", 2).size() == 3);
  CHECK(Cards(*engine, s, "table").size() == 4);
  CHECK(Cards(*engine, s, "stock").size() == 30);
  for (int i = 0; i < 6; ++i) REQUIRE(engine->Apply(s, engine->LegalMoves(s)[0]).ok);
  CHECK(Cards(*engine, s, "hand", 1).size() == 3);
  CHECK(Cards(*engine, s, "hand", 2).size() == 3);
  CHECK(Cards(*engine, s, "stock").size() == 24);
}

TEST_CASE("scopa/a round counts most cards, most coins, the settebello, the primiera and each scopa") {
  auto engine = MakeEngine("scopa", 2);
  // Player 1: five cards, two coins, the settebello, a primiera of 84 (four 7s), a scopa.
  // Player 2: six cards, two coins, a primiera of 16 + 10 + 12 + 14 = 52.
  GameState s = Position(*engine, R"({"zones": {"won 1": ["7D", "7H", "7C", "7S", "6D"],
      "won 2": ["AD", "KD", "QH", "2C", "3S", "4S"], "hand 1": ["5H"], "hand 2": ["5C"]},
      "variables": {"scope 1": 1}, "turn": 1})");
  CHECK(engine->Score(s) == std::vector<int>{3, 1});
  // A player missing a suit has no primiera; a tie in cards scores nobody.
  GameState t = Position(*engine, R"({"zones": {"won 1": ["7D", "7H", "7C"], "won 2": ["AD", "2H", "3C"],
      "hand 1": ["5H"], "hand 2": ["5C"]}, "turn": 1})");
  CHECK(engine->Score(t) == std::vector<int>{1, 0});  // the settebello only
}

TEST_CASE("scopa/random games keep the 40 cards, and every match ends at the target") {
  auto engine = MakeEngine("scopa", 2);
  for (uint64_t seed = 1; seed <= static_cast<uint64_t>(Soak(100)); ++seed) {
    CAPTURE(seed);
    const GameState s = RandomGameKeeping(*engine, seed, 40, 3000);
    CHECK(*std::max_element(s.totals.begin(), s.totals.end()) >= 11);
  }
}

TEST_CASE("scopa/captures are checked at load") {
  const std::string path = FindRuleset("scopa");
  CHECK(EditedLoadError(path, "    to: table\n", "    to: won\n")
            .find("capture: to: the table zone cards are captured from and laid on") != std::string::npos);
  CHECK(EditedLoadError(path, "    by: rank\n", "    by: colour\n").find("colour") != std::string::npos);
  CHECK(EditedLoadError(path, "    won: won\n", "    won: table\n")
            .find("capture: won: a zone each player owns") != std::string::npos);
  CHECK(EditedLoadError(path, "redeal: {zone: hand, from: stock, count: 3}",
                        "redeal: {zone: table, from: stock, count: 3}")
            .find("redeal: zone: a zone each player owns") != std::string::npos);
}

TEST_CASE("scopa/with two packs each capture is offered once, and the card typed first is the one played") {
  const std::string path = FindRuleset("scopa");
  std::string yaml = ReadText(path);
  yaml.replace(yaml.find("  pack: every\n"), 14, "  pack: every\n  copies: 2\n");
  yaml.replace(yaml.find("players: {min: 2, max: 2}"), 25, "players: {min: 2, max: 4}");
  auto engine = std::make_unique<Engine>(std::make_shared<GameConfig>(LoadRulesetFromString(yaml, path), 2));
  for (uint64_t seed = 1; seed <= 30; ++seed) {
    GameState s = engine->NewGame(seed);
    RandomBot bot(seed);
    while (!s.finished) {
      const auto legal = engine->LegalMoves(s);
      std::vector<std::string> texts;
      for (const Move& m : legal) {
        auto words = Words(MoveText(*engine, s, m));
        std::sort(words.begin() + 2, words.end());  // the card played, then the set taken
        texts.push_back(fmt::format("{}", fmt::join(words, " ")));
      }
      std::sort(texts.begin(), texts.end());
      CHECK(std::adjacent_find(texts.begin(), texts.end()) == texts.end());
      REQUIRE(engine->Apply(s, legal[bot.Choose(*engine, s, legal)]).ok);
    }
  }
  GameState s =
      Position(*engine, R"({"zones": {"hand 1": ["JD", "JH"], "hand 2": ["AS"], "table": ["JD", "JH"],
      "stock": ["2D"]}, "turn": 1})");
  const ParsedMove parsed = ParseMove(*engine, s, "play JH JD");
  REQUIRE(parsed.move.has_value());
  CHECK(engine->cards().Code(parsed.move->cards[0]) == "JH");
  CHECK(engine->cards().Code(parsed.move->cards[1]) == "JD");
}

TEST_CASE("scopa/a crowded table offers at most 256 ways a card, at once") {
  auto engine = MakeEngine("scopa", 2);
  // Every card but the Kings on the table: a King (10) adds up a thousand ways.
  GameState s = Position(
      *engine, Dealt(*engine, {{"hand 1", {"KD", "KC"}}, {"hand 2", {"KH", "KS"}}, {"stock", {}}}, "table"));
  const auto legal = engine->LegalMoves(s);
  CHECK(legal.size() <= 2 * 256 + 2);
  CHECK(legal.size() >= 256);
}

TEST_CASE("scopa/several: a card takes disjoint groups at once, and optional: it may be laid instead") {
  const std::string path = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/capture/several.yaml";
  auto engine = std::make_unique<Engine>(std::make_shared<GameConfig>(LoadRuleset(path), 2));
  // The King (10) of hand 1 on a table of K, 7, 3, 6, 4: the King alone, 7 3, 6 4, and any
  // of those together; or the King laid.
  GameState s = Table(
      *engine,
      {{"hand 1", {"KD"}}, {"hand 2", {"AC"}}, {"table", {"KS", "7C", "3H", "6S", "4D"}}, {"stock", {}}},
      R"(, "turn": 1)", "stock");
  CHECK(Sorted(LegalTexts(*engine, s)) ==
        Sorted({"play KD", "play KD KS", "play KD 3H 7C", "play KD 4D 6S", "play KD 3H 7C KS",
                "play KD 4D 6S KS", "play KD 3H 4D 6S 7C", "play KD 3H 4D 6S 7C KS"}));
  Play(*engine, s, "play KD 3H 4D 6S 7C KS");
  CHECK(Cards(*engine, s, "won", 1).size() == 6);
  CHECK(Cards(*engine, s, "table").empty());

  // Two cards of the value are two groups; a set is offered once however it splits.
  s = Table(*engine,
            {{"hand 1", {"4D"}}, {"hand 2", {"AC"}}, {"table", {"4S", "4C", "AH", "3H"}}, {"stock", {}}},
            R"(, "turn": 1)", "stock");
  CHECK(Sorted(LegalTexts(*engine, s)) ==
        Sorted({"play 4D", "play 4D 4S", "play 4D 4C", "play 4D AH 3H", "play 4D 4C 4S", "play 4D AH 3H 4S",
                "play 4D AH 3H 4C", "play 4D AH 3H 4C 4S"}));
  CHECK(ParseMove(*engine, s, "play 4D 3H")
            .error.find("4D takes cards worth 4, or cards adding up to it, one "
                        "group or several, or is laid alone: ") != std::string::npos);

  // Without optional, a card that can take must.
  auto strict = std::make_unique<Engine>(std::make_shared<GameConfig>(
      LoadRuleset(path), 2, std::map<std::string, std::string>{{"lay_freely", "false"}}));
  s = Table(*strict, {{"hand 1", {"4D"}}, {"hand 2", {"AC"}}, {"table", {"4S", "2C"}}, {"stock", {}}},
            R"(, "turn": 1)", "stock");
  CHECK(LegalTexts(*strict, s) == std::vector<std::string>{"play 4D 4S"});
}

TEST_CASE("scopa/optional and several are checked at load") {
  const std::string path = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/capture/several.yaml";
  CHECK(EditedLoadError(path, "several: true", "several: maybe").find("several") != std::string::npos);
  CHECK(EditedLoadError(path, "several: true", "several: $nothing").find("nothing") != std::string::npos);
}
