// One text form per move: every legal move of random positions prints and parses back to
// the same move; and mistyped moves get a reason.
#include <doctest/doctest.h>

#include <algorithm>

#include "interpreter/bots/bots.h"
#include "interpreter/sim/simulate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

TEST_CASE("move text/every legal move of random positions round-trips") {
  for (const auto& entry : ListRulesets()) {
    auto rules = LoadRuleset(entry.path);
    for (int players = rules->min_players; players <= rules->max_players; ++players) {
      Engine engine(std::make_shared<GameConfig>(rules, players));
      for (uint64_t seed = 1; seed <= static_cast<uint64_t>(Soak(20)); ++seed) {
        RandomBot bot(seed);
        GameState state = engine.NewGame(seed);
        std::vector<Move> legal;
        while (!state.finished) {
          engine.LegalMoves(state, legal);
          // A spread of at most ~12 of them: parsing is linear in the legal moves, and a
          // position may have thousands (anagram plays with jokers).
          const size_t step = std::max<size_t>(1, legal.size() / 12);
          for (size_t i = 0; i < legal.size(); i += step) {
            const Move& m = legal[i];
            const std::string text = MoveText(engine, state, m);
            const ParsedMove parsed = ParseMove(engine, state, text);
            INFO(entry.name, " seed ", seed, ": ", text, " — ", parsed.error);
            REQUIRE(parsed.move.has_value());
            CHECK(MoveText(engine, state, *parsed.move) == text);
          }
          engine.Apply(state, legal[bot.Choose(engine, state, legal)]);
        }
      }
    }
  }
}

TEST_CASE("move text/mistyped and illegal moves say why") {
  auto engine = MakeEngine("unisson", 3);
  GameState s = Position(*engine, R"({
    "zones": {"gamme": ["8H"], "hand 1": ["AS", "KS", "JS", "9H"], "hand 2": ["KC"], "hand 3": ["QC"]},
    "created_zones": [{"zone": "melds", "owner": 2, "label": 1, "cards": ["AD", "KD", "QD"]}]})");
  CHECK(ParseMove(*engine, s, "jump").error == "unknown move 'jump'; moves now: draw, choose, discard, pass");
  CHECK(ParseMove(*engine, s, "discard XX").error == "unknown card 'XX'");
  CHECK(ParseMove(*engine, s, "discard 7C").error == "7C is not in your hand");
  CHECK(ParseMove(*engine, s, "meld AS KS JS").error == "those 3 cards are not a sequence (3 to 8 cards)");
  CHECK(ParseMove(*engine, s, "choose 9D").error == "9D is not in the gamme");
  CHECK(ParseMove(*engine, s, "stop").error ==
        "'stop' is not possible now; moves now: draw, choose, discard, pass");
  CHECK(ParseMove(*engine, s, "MELD as ks").error == "those 2 cards are not a sequence (3 to 8 cards)");
  CHECK(ParseMove(*engine, s, "Discard as").move.has_value());  // case does not matter
}

TEST_CASE("move text/card codes in UTF-8 (suit symbols) print and parse back") {
  // A byte of a symbol was compared as a signed char: `play A♥` was never legal.
  std::string yaml = ReadText(FindRuleset("empereur"));
  yaml.replace(yaml.find("suit: [S, H, D, C]"), 18, "suit: [\"♠\", \"♥\", \"♦\", \"♣\"]");
  const auto look = yaml.find("  look:");  // its symbols are the letters', which are gone
  yaml.erase(look, yaml.find("hand_order: [suit, rank]\n", look) + 25 - look);
  Engine engine(std::make_shared<GameConfig>(LoadRulesetFromString(yaml, FindRuleset("empereur")), 3));
  GameState s = engine.NewGame(4);
  int symbols = 0;
  for (const std::string& text : LegalTexts(engine, s)) {
    CAPTURE(text);
    for (const char* symbol : {"♠", "♥", "♦", "♣"}) symbols += text.find(symbol) != std::string::npos;
    const ParsedMove parsed = ParseMove(engine, s, text);
    REQUIRE(parsed.move.has_value());
    CHECK(MoveText(engine, s, *parsed.move) == text);
  }
  CHECK(symbols > 0);
}

TEST_CASE("move text/stop with more words is refused, not read as a move kind") {
  // `stop` has no declaration: the reasons for other kinds read past the end of the list.
  auto engine = MakeEngine("unisson", 3);
  for (uint64_t seed = 1; seed <= 200; ++seed) {
    GameState s = engine->NewGame(seed);
    RandomBot bot(seed);
    for (int i = 0; i < 300 && !s.finished; ++i) {
      const auto legal = LegalTexts(*engine, s);
      if (std::find(legal.begin(), legal.end(), "stop") != legal.end()) {
        CHECK(ParseMove(*engine, s, "stop 7H").error == "'stop 7H' is not legal now; type stop alone");
        return;
      }
      const auto moves = engine->LegalMoves(s);
      engine->Apply(s, moves[bot.Choose(*engine, s, moves)]);
    }
  }
  FAIL("no position with stop legal in 200 games");
}
