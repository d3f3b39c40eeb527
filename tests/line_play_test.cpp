// Line moves and hand rankings as engine mechanisms (line_play.h, hand_rank.h), on a small
// game of numbered tiles (tests/fixtures/hands/lines.yaml) rather than poker: segments of 2 or
// 3 cells, a ranking of three kinds, tapis.hand and tapis.tokens, and the loader's answers.
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "interpreter/mechanisms/hand_rank.h"
#include "interpreter/model/errors.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

const std::string kFixture = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/hands/lines.yaml";

std::unique_ptr<Engine> LinesEngine() {
  return std::make_unique<Engine>(std::make_shared<GameConfig>(LoadRuleset(kFixture), 2));
}

int Variable(const Engine& engine, const GameState& s, const char* name) {
  return s.variables[engine.config().VariableSlot(engine.rules().VariableIndex(name), -1)];
}

// The fixture with `from` replaced by `to`, loaded: its error, or "(loaded without error)".
std::string LoadError(const std::string& from, const std::string& to) {
  return EditedLoadError(kFixture, from, to, "lines.yaml");
}

}  // namespace

TEST_CASE("line play/a segment of the board whose cards make a hand, cards laid on its empty cells") {
  auto engine = LinesEngine();
  GameState s = Position(*engine, R"({"zones": {"board": {"b2": "2B"}, "hand 1": ["1R", "1B", "3R"],
                                      "hand 2": ["6R"]}})");
  CHECK(IsLegal(*engine, s, "lay 1R@a1 1B@b1 a1-b1"));         // a twin on an empty row
  CHECK(IsLegal(*engine, s, "lay 1B@a1 1R@b1 a1-b1"));         // the other order is another move
  CHECK(IsLegal(*engine, s, "lay 1R@a2 3R@c2 a2-c2"));         // a run through the 2 on the board
  CHECK(IsLegal(*engine, s, "lay 3R@c3 1R@a1 a1-c3"));         // …along the diagonal too
  CHECK_FALSE(IsLegal(*engine, s, "lay 1R@a1 3R@b1 a1-b1"));   // no hand
  CHECK_FALSE(IsLegal(*engine, s, "lay 1R@a1 1B@c1 a1-c1"));   // b1 left empty
  CHECK_FALSE(IsLegal(*engine, s, "lay 1R@a2 3R@c2 a2-b2"));   // the segment must hold every card laid
  CHECK_FALSE(IsLegal(*engine, s, "lay 1R@a2 a2-b2"));         // 1 and 2: no hand
  Play(*engine, s, "lay 1R@a2 3R@c2 a2-c2");
  CHECK(Variable(*engine, s, "kind") == 2);
  CHECK(Variable(*engine, s, "stack") == 1);
  CHECK(HandKindOf(Variable(*engine, s, "strength")) == 1);
  CHECK(s.tokens[engine->cards().catalog().KindByCode("2B").value()].size() == 1);  // pack order: ids = kinds
}

TEST_CASE("line play/hand rankings and line moves get one-line answers") {
  CHECK(LoadError("hand: tiles,", "hand: poker,") ==
        "lines.yaml:34:50: unknown hand ranking 'poker'; hands are: tiles");
  CHECK(LoadError("to: board, hand", "to: hand, hand") ==
        "lines.yaml:34:37: line: zone 'hand' is not a grid");
  CHECK(LoadError("sets: [3]", "sets: [1, 2]") ==
        "lines.yaml:24:30: sets: write the largest group first ([3, 2], not [2, 3])");
  CHECK(LoadError("{name: twin, sets: [2]}", "{name: twin}").find("give it sets, a run or cards") !=
        std::string::npos);
  CHECK(LoadError("segment: {min: 2, max: 3}", "segment: {min: 2, max: 9}").find("segment: need 1 <= min") !=
        std::string::npos);
  CHECK(LoadError("then: on_lay}", "then: on_lay, takeover: lower}").find("unknown takeover 'lower'") !=
        std::string::npos);
  CHECK(LoadError("then: on_lay}", "then: on_lay, tokens: strength}").find("a player variable") !=
        std::string::npos);
  CHECK(LoadError("{type: line", "{type: place").find("hand: only for line moves") != std::string::npos);
}
