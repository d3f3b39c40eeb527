// Go Fish (rulesets/go_fish.yaml), with no Lua: ask a player for a rank you hold; every card
// of it is handed over and you ask again, or you "go fish" and your turn ends; four of a rank
// make a book, laid at once; the most books wins. The mechanisms: `ask` moves, the `lay:` and
// `next:` effects, a `when:` on the draw to an empty hand, a score formula.
#include <doctest/doctest.h>

#include <numeric>

#include "interpreter/records/move_text.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

// Two players: player 1 holds two Queens and a 7, player 2 the other two Queens and a 5; the
// stock's top card (last listed) is a King.
GameState TwoHands(const Engine& engine) {
  return Table(engine, {{"hand 1", {"QS", "QH", "7C"}}, {"hand 2", {"QD", "QC", "5S"}}, {"stock", {"KD"}}},
               "", "stock");
}

}  // namespace

TEST_CASE("go_fish/one may ask each other player holding cards for each rank one holds") {
  auto engine = MakeEngine("go_fish", 3);
  GameState s =
      Table(*engine, {{"hand 1", {"QS", "7C", "7H"}}, {"hand 2", {"5S"}}, {"hand 3", {}}, {"stock", {}}}, "",
            "stock");
  CHECK(Sorted(LegalTexts(*engine, s)) == std::vector<std::string>{"ask p2 7", "ask p2 Q"});
  CHECK(ParseMove(*engine, s, "ask p2 5").error ==
        "you may ask only for a rank you hold, and your hand has no 5");
  CHECK(ParseMove(*engine, s, "ask p3 Q").error == "player 3 has no card left in their hand to ask for");
  CHECK(ParseMove(*engine, s, "ask p1 Q").error == "'p1' is not another player: ask p2, p3 (you are p1)");
  CHECK(ParseMove(*engine, s, "ask 2 Q").error == "'2' is not another player: ask p2, p3 (you are p1)");
  CHECK(ParseMove(*engine, s, "ask p2 Z").error.find("unknown rank 'Z'; ranks are: A, 2, 3") == 0);
  CHECK(ParseMove(*engine, s, "ask Q").error ==
        "try: ask pN RANK: the player asked (p1 to p3), then a rank you hold");
}

TEST_CASE("go_fish/the cards asked for are handed over, and the asker asks again") {
  auto engine = MakeEngine("go_fish", 2);
  GameState s = TwoHands(*engine);
  const auto told = PlayTold(*engine, s, "ask p2 Q", 0);
  CHECK(Cards(*engine, s, "hand", 2) == std::vector<std::string>{"5S"});
  CHECK(Cards(*engine, s, "hand", 1) == std::vector<std::string>{"7C"});  // the four Queens make a book
  CHECK(Cards(*engine, s, "books", 1) == std::vector<std::string>{"QS", "QH", "QD", "QC"});
  CHECK(engine->Actor(s) == 0);  // got cards: asks again
  CHECK(s.decisions.empty());
  CHECK(told == std::vector<std::string>{"hand of player 2 → your hand: QD QC",
                                         "your hand → your books: QS QH QD QC"});
}

TEST_CASE("go_fish/none of the rank: go fish, and the turn passes") {
  auto engine = MakeEngine("go_fish", 2);
  GameState s = TwoHands(*engine);
  CHECK(PlayTold(*engine, s, "ask p2 7", 1) == std::vector<std::string>{"go fish: player 1 to draw"});
  REQUIRE(LegalTexts(*engine, s) == std::vector<std::string>{"fish"});
  Play(*engine, s, "fish");
  CHECK(Cards(*engine, s, "hand", 1) == std::vector<std::string>{"QS", "QH", "7C", "KD"});
  CHECK(engine->Actor(s) == 1);
  // The stock empty, a failed ask ends the turn at once.
  GameState dry =
      Table(*engine, {{"hand 1", {"QS"}}, {"hand 2", {"5S"}}, {"stock", {}}, {"books 1", {}}}, "", "books 1");
  Play(*engine, dry, "ask p2 Q");
  CHECK(engine->Actor(dry) == 1);
}

TEST_CASE("go_fish/an empty hand draws before asking, and books count at the end") {
  auto engine = MakeEngine("go_fish", 2);
  GameState s =
      Table(*engine, {{"hand 1", {}}, {"hand 2", {"5S"}}, {"stock", {"5H"}}, {"books 2", {}}}, "", "books 2");
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"draw"});
  Play(*engine, s, "draw");
  CHECK(LegalTexts(*engine, s) == std::vector<std::string>{"ask p2 5"});
  CHECK(ParseMove(*engine, TwoHands(*engine), "draw").error ==
        "'draw' is not allowed now: you draw only when your hand is empty");
  // Player 1 holds two books, player 2 the other eleven.
  GameState end =
      Table(*engine, {{"books 1", {"AS", "AH", "AD", "AC", "2S", "2H", "2D", "2C"}}, {"books 2", {}}}, "",
            "books 2");
  const auto score = engine->Score(end);
  CHECK(score[0] == 2);
  CHECK(score[1] == 11);
}

TEST_CASE("go_fish/random games keep the 52 cards, end with every book down, and score 13 books") {
  for (int players = 2; players <= 6; ++players) {
    auto engine = MakeEngine("go_fish", players);
    for (uint64_t seed = 1; seed <= static_cast<uint64_t>(Soak(40)); ++seed) {
      CAPTURE(players);
      CAPTURE(seed);
      const GameState s = RandomGameKeeping(*engine, seed, 52, 2000);
      CHECK(std::accumulate(s.totals.begin(), s.totals.end(), 0) == 13);
    }
  }
}

TEST_CASE("go_fish/asks and lays are checked at load") {
  const std::string path = FindRuleset("go_fish");
  CHECK(EditedLoadError(path, "    by: rank\n", "    by: colour\n")
            .find("86:9: unknown card property 'colour'; properties are: rank, suit") != std::string::npos);
  CHECK(EditedLoadError(path, "    from: hand\n    to: hand\n    by: rank",
                        "    from: stock\n    to: hand\n    by: rank")
            .find("ask: from: a zone each player owns") != std::string::npos);
  CHECK(EditedLoadError(path, "book: {set: rank, min: 4, max: 4}", "book: {run: rank, same: suit}")
            .find("lay: a set combination without wild cards") != std::string::npos);
  CHECK(EditedLoadError(path, "{next: seat, if:", "{next: sseat, if:").find("unknown name 'sseat'") !=
        std::string::npos);
}
