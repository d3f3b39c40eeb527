// What `tapis play` shows at a terminal: cards in the ruleset's look, lines broken between
// words, never inside a card, and the words Tab offers.
#include "cli/screen.h"

#include <doctest/doctest.h>

#include "cli/card_style.h"
#include "cli/play_commands.h"
#include "tests/helpers.h"

namespace tapis::testing {
namespace {

using cli::CardStyle;

TEST_CASE("screen/cards show their symbols and colours, the moved ones in bold, the rest as it is") {
  const auto rules = LoadRuleset(FindRuleset("huit_americain"));
  const CardStyle style(*rules, true);
  CHECK(style.Show("your hand: 6S 10H QC") == "your hand: 6♠ \033[31m10♥\033[0m Q♣");
  CHECK(style.Show("stock → your hand: QC", {"QC"}) == "stock → your hand: \033[1;4mQ♣\033[0m");
  // What a wild card stands for, and a value a refusal names, show as symbols too.
  CHECK(style.Show("discard: 8C=H") == "discard: 8♣=\033[31m♥\033[0m");
  CHECK(style.Show("play a card of suit D or of rank 10") ==
        "play a card of suit \033[31m♦\033[0m or of rank 10");
  // Words that are no card's code stay as they are, whatever their case: "as" is not AS.
  CHECK(style.Show("counts as 10 points, Hand: 2") == "counts as 10 points, Hand: 2");
  // Plain: nothing changes.
  CHECK(CardStyle(*rules, false).Show("your hand: 6S 10H") == "your hand: 6S 10H");
  // A symbol typed is read as the value it stands for.
  CHECK(style.Typed("play 10♥") == "play 10H");
  CHECK(style.Typed("name ♣") == "name C");
}

TEST_CASE("screen/a long line breaks between words, indented, never inside a card") {
  CHECK(cli::Wrapped("illegal: 2C does not follow 10D on top: play a card of suit D", 30) ==
        "illegal: 2C does not follow\n  10D on top: play a card of\n  suit D");
  CHECK(cli::Wrapped("  your hand: 6♠ 3♥ J♥ 2♣ 4♣ 6♣ Q♣", 20) == "  your hand: 6♠ 3♥\n    J♥ 2♣ 4♣ 6♣ Q♣");
  // help's columns keep their spaces; a word longer than the line stays whole.
  CHECK(cli::Wrapped("  play 7H        Play a card\nshort", 40) == "  play 7H        Play a card\nshort");
  CHECK(cli::Wrapped("averyveryverylongword x", 10) == "averyveryverylongword\n  x");
  CHECK(cli::Wrapped("a b c", 0) == "a b c");  // not a terminal
  // Columns as the terminal draws them: a wide character takes two, an accent none.
  CHECK(cli::Wrapped("joueur 漢字漢字 x", 12) == "joueur\n  漢字漢字 x");
  CHECK(cli::Wrapped("re\u0301sume\u0301 cafe\u0301 x", 14) == "re\u0301sume\u0301 cafe\u0301 x");
}

TEST_CASE("screen/Tab offers the commands and the next word of each legal move") {
  auto engine = MakeEngine("huit_americain", 2);
  GameState s = Position(*engine, R"({"zones": {"hand 1": ["KD", "2S", "7H"], "discard": ["7D"]}})");
  const auto first = cli::NextWords(*engine, s, "");
  CHECK(std::count(first.begin(), first.end(), "play") >= 1);
  CHECK(std::count(first.begin(), first.end(), "help") == 1);
  CHECK(Sorted(cli::NextWords(*engine, s, "play ")) == std::vector<std::string>{"7H", "KD"});
  CHECK(Sorted(cli::NextWords(*engine, s, "PLAY ")) == std::vector<std::string>{"7H", "KD"});  // case aside
  CHECK(cli::NextWords(*engine, s, "play 7H ").empty());
  CHECK(cli::NextWords(*engine, s, "info ").size() == 52);  // any card
}

}  // namespace
}  // namespace tapis::testing
