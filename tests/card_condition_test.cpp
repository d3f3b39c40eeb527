// Card conditions: a map of several properties names the cards that have them all, wherever a
// ruleset filters cards (`except`, an effect's `if`, `card_points`), and `tapis check` warns
// when `except` leaves out most of a pack.
#include <doctest/doctest.h>

#include "interpreter/load/lint.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

const std::string kEights = std::string(TAPIS_SOURCE_DIR) + "/rulesets/huit_americain.yaml";

// huit_americain.yaml with one text replaced, loaded as a file beside it.
std::shared_ptr<const Ruleset> Edited(const std::string& from, const std::string& to) {
  return LoadRulesetFromString(EditedText(kEights, from, to), kEights);
}

bool HasLine(const std::vector<std::string>& lines, const std::string& part) {
  return std::any_of(lines.begin(), lines.end(),
                     [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

}  // namespace

TEST_CASE("card conditions/except: a map of several properties leaves out the cards that have them all") {
  const auto rules = Edited("  pack: every\n", "  pack: every\n  except: {rank: J, suit: [H, D, C]}\n");
  CHECK(rules->deck_kinds.size() == 49);  // every Jack and every heart, diamond and club were 12 left
  CHECK(rules->catalog.KindByCode("JS").has_value());
  CHECK_FALSE(rules->catalog.KindByCode("JH").has_value());
  CHECK(rules->catalog.KindByCode("7H").has_value());
  CHECK(Lint(*rules).empty() == Lint(*LoadRuleset(kEights)).empty());  // no warning for three cards

  // A list of maps leaves out what any of them names.
  const auto listed =
      Edited("  pack: every\n", "  pack: every\n  except: [{rank: J, suit: H}, {rank: \"2\"}]\n");
  CHECK(listed->deck_kinds.size() == 47);
  CHECK_FALSE(listed->catalog.KindByCode("2S").has_value());
}

TEST_CASE("card conditions/tapis check warns when except leaves out more than half the pack") {
  const auto rules = Edited("  pack: every\n", "  pack: every\n  except: {suit: [H, D, C]}\n");
  CHECK(rules->deck_kinds.size() == 13);
  CHECK(HasLine(Lint(*rules), "huit_americain.yaml:80:11: cards: except: leaves out 39 of the 52 cards"));
}

TEST_CASE("card conditions/an effect's if: {rank, suit} fires for the card of both values only") {
  const auto rules = Edited("{skip: 1, if: {rank: J}", "{skip: 1, if: {rank: J, suit: S}");
  Engine engine(std::make_shared<GameConfig>(rules, 4));
  const auto start = [&](const std::string& top, const std::string& hand) {
    return Position(engine,
                    R"({"zones": {"stock": ["3C", "4C"], "discard": [")" + top + R"("], "hand 1": )" + hand +
                        R"(, "hand 2": ["2S", "KD"], "hand 3": ["2D", "QD"], "hand 4": ["3S", "QS"]}})");
  };
  GameState s = start("5H", R"(["JH", "3D"])");
  Play(engine, s, "play JH");  // a Jack, not a spade: no skip
  CHECK(engine.Actor(s) == 1);
  s = start("5S", R"(["JS", "3D"])");
  Play(engine, s, "play JS");
  CHECK(engine.Actor(s) == 2);
}
