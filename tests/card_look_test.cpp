// `cards: look:`: what a terminal shows of the cards (symbols, colours, a hand's order), and
// the clear refusals of a look that cannot be shown.
#include <doctest/doctest.h>

#include "interpreter/records/view.h"
#include "tests/helpers.h"

namespace tapis::testing {
namespace {

const std::string kEights = std::string(TAPIS_SOURCE_DIR) + "/rulesets/huit_americain.yaml";

TEST_CASE("look/codes made from the pattern show the symbols, in the colours of their values") {
  const auto rules = LoadRuleset(kEights);
  const Catalog& catalog = rules->catalog;
  const auto shown = [&](const std::string& code) { return rules->look.shown[*catalog.KindByCode(code)]; };
  const auto colour = [&](const std::string& code) { return rules->look.colour[*catalog.KindByCode(code)]; };
  CHECK(shown("10H") == "10♥");
  CHECK(shown("QS") == "Q♠");
  CHECK(LookColours()[colour("7D")] == "red");
  CHECK(colour("7C") == -1);  // the terminal's own colour
  // A code listed apart, not made from the pattern, shows as it is: the joker of L'Empereur.
  const auto empereur = LoadRuleset(std::string(TAPIS_SOURCE_DIR) + "/rulesets/empereur.yaml");
  CHECK(empereur->look.shown[*empereur->catalog.KindByCode("JK")] == "JK");
  // Without a look, nothing is shown differently.
  CHECK(LoadRuleset(std::string(TAPIS_SOURCE_DIR) + "/rulesets/zigity.yaml")->look.shown.empty());
}

TEST_CASE("look/a hand shows in the ruleset's hand order, or as dealt") {
  auto engine = MakeEngine("huit_americain", 2);
  GameState s = Position(*engine, R"({"zones": {"hand 1": ["KD", "2S", "AS", "7H", "10D"]}})");
  CHECK(RenderView(*engine, s, 0).find("your hand: KD 2S AS 7H 10D\n") != std::string::npos);
  // hand_order [suit, rank]: suits as listed (S H D C), then ranks as listed (2 … A).
  CHECK(RenderView(*engine, s, 0, true).find("your hand: 2S AS 7H 10D KD\n") != std::string::npos);
  // Another's hand is counted, never listed, sorted or not.
  CHECK(RenderView(*engine, s, 1, true).find("hand of player 1: 5 cards") != std::string::npos);
}

TEST_CASE("look/a look that cannot be shown is refused, saying where and why") {
  const auto refused = [](const std::string& from, const std::string& to) {
    return EditedLoadError(kEights, from, to);
  };
  CHECK(refused("hand_order: [suit, rank]", "fonts: {suit: big}").find("fonts") != std::string::npos);
  CHECK(refused("H: red", "H: pink").find("colour 'pink' is not one of: red, green") != std::string::npos);
  CHECK(refused("C: \"♣\"", "X: \"♣\"").find("'X' is not a value of 'suit'") != std::string::npos);
  CHECK(refused("C: \"♣\"", "C: \"♠\"").find("'♠' is the symbol of both 'S' and 'C'") != std::string::npos);
  CHECK(refused("C: \"♣\"", "C: \"a b\"").find("the symbol of 'C' must be a word without spaces") !=
        std::string::npos);
  CHECK(refused("[suit, rank]", "[suit, suit]").find("hand_order names 'suit' twice") != std::string::npos);
  CHECK(refused("[suit, rank]", "[colour]").find("unknown card property 'colour'") != std::string::npos);
  // A card that would show as another's code could not be told from it, nor typed.
  CHECK(refused("H: \"♥\"", "H: \"S\"").find("2H would show as 2S, the code of another card") !=
        std::string::npos);
}

}  // namespace
}  // namespace tapis::testing
