// Grid zones and cards with several values of a property (interpreter/grid.h): the loader's
// checks, cell names, lines through a cell, and what bad input is told.
#include "interpreter/mechanisms/grid.h"

#include <doctest/doctest.h>

#include "interpreter/model/errors.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

// A small grid game: cards of one or two colours placed on a 3×3 board.
const char* kGridGame = R"(name: tiles
players: {min: 2, max: 2}
cards:
  properties:
    number: ["1", "2", "3"]
    colour: [red, blue]
  pack:
    - {number: "1", colour: red, code: R1}
    - {number: "2", colour: [red, blue], code: RB2}
    - {number: "3", colour: blue, code: B3}
  into: bag
zones:
  bag: {}
  board: {grid: {columns: 3, rows: 3}}
  hand: {owner: player}
setup:
  - {deal: 1, from: bag, to: hand}
moves:
  place: {type: place, from: hand, to: board}
turn: {actions: 1}
)";

std::string LoadError(const std::string& from, const std::string& to) {
  std::string yaml = kGridGame;
  const auto at = yaml.find(from);
  REQUIRE(at != std::string::npos);
  yaml.replace(at, from.size(), to);
  try {
    LoadRulesetFromString(yaml, "tiles.yaml");
  } catch (const Error& e) {
    return e.what();
  }
  return "(loaded without error)";
}

}  // namespace

TEST_CASE("grid/cells are named by column letter and row number") {
  const GridShape shape{5, 5, false};
  CHECK(CellName(shape, 0) == "a1");
  CHECK(CellName(shape, 12) == "c3");
  CHECK(ParseCell(shape, "C3") == 12);
  CHECK(ParseCell(shape, "f1") == kNoCell);
  CHECK(ParseCell(shape, "a0") == kNoCell);
  CHECK(ParseCell(shape, "a1x") == kNoCell);
  const GridShape growing{5, 5, true};
  CHECK(growing.Cells() == 81);
  CHECK(CellName(growing, growing.Centre()) == "e5");
}

TEST_CASE("grid/lines through a cell are its unbroken runs, in order") {
  const GridShape shape{5, 5, false};
  Zone zone;
  for (const char* name : {"a1", "b2", "c3", "e5", "c1", "c2"})
    PutOnCell(zone, static_cast<CardId>(zone.cards.size()), ParseCell(shape, name));
  const LineRun diagonal = RunThrough(zone, shape, ParseCell(shape, "b2"), 1, 1);
  CHECK(diagonal.cards == std::vector<CardId>{0, 1, 2});  // e5 is cut off by the empty d4
  CHECK(diagonal.at == 1);
  CHECK(RunThrough(zone, shape, ParseCell(shape, "c3"), 0, 1).cards == std::vector<CardId>{4, 5, 2});
  CHECK(RunThrough(zone, shape, ParseCell(shape, "d4"), 1, 0).cards.empty());
  CHECK(Neighbours(zone, shape, ParseCell(shape, "b1"), Adjacency::kOrthogonal) ==
        std::vector<CardId>{4, 1, 0});
  CHECK(Neighbours(zone, shape, ParseCell(shape, "b1"), Adjacency::kDiagonal) == std::vector<CardId>{5});
  TakeOut(zone, 1);
  CHECK(zone.cells.size() == zone.cards.size());
  CHECK(CellOf(zone, 2) == ParseCell(shape, "c3"));
}

TEST_CASE("grid/a card may have several values of a property") {
  auto rules = LoadRulesetFromString(kGridGame, "tiles.yaml");
  const Catalog& c = rules->catalog;
  const int colour = c.PropertyIndex("colour");
  const CardKind& two = c.kind(*c.KindByCode("RB2"));
  CHECK(two.Has(colour, 0));
  CHECK(two.Has(colour, 1));
  CHECK(two.values[colour] == 0);  // the first listed
  CHECK_FALSE(c.kind(*c.KindByCode("R1")).Has(colour, 1));
}

TEST_CASE("grid/a place move is offered on every empty cell and written place CARD CELL") {
  auto engine = std::make_unique<Engine>(
      std::make_shared<GameConfig>(LoadRulesetFromString(kGridGame, "tiles.yaml"), 2));
  GameState s = engine->NewGame(1);
  CHECK(engine->LegalMoves(s).size() == 9);
  const std::string first = MoveText(*engine, s, engine->LegalMoves(s)[0]);
  CHECK(first.substr(first.size() - 3) == " a1");
}

TEST_CASE("grid/bad grids and place moves get a clear one-line answer") {
  CHECK(
      LoadError("columns: 3", "columns: 27") ==
      "tiles.yaml:14:17: grid: columns from 1 to 26 (a to z), rows from 1, at most 255 cells (a growing grid "
      "uses (2 columns - 1) x (2 rows - 1))");
  CHECK(LoadError("rows: 3}", "rows: 3, shape: round}") ==
        "tiles.yaml:14:39: unknown key 'shape'; expected one of: columns, rows, growing");
  CHECK(LoadError("to: board}", "to: hand}") ==
        "tiles.yaml:19:40: place: zone 'hand' is not a grid (give it 'grid: {columns, rows}')");
  CHECK(LoadError("to: board}", "to: board, adjacent: near}").find("adjacent") != std::string::npos);
  CHECK(LoadError("[red, blue], code", "[red, green], code").find("'green' is not a value of 'colour'") !=
        std::string::npos);
  auto engine = MakeEngine("quincunx", 2);
  CHECK_THROWS_WITH(Position(*engine, R"({"zones": {"tableau": {"f1": "AMo"}}})"),
                    "test position: zone 'tableau': no cell 'f1' (cells are a1 to e5)");
  CHECK_THROWS_WITH(Position(*engine, R"({"zones": {"tableau": ["AMo"]}})"),
                    "test position: zone 'tableau' is a grid: write {\"c3\": CARD, …}");
}

TEST_CASE("grid/triggers see every value of a card, the Lua API reads cells, neighbours and lines") {
  auto engine = std::make_unique<Engine>(std::make_shared<GameConfig>(
      LoadRuleset(std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/grid/tiles.yaml"), 2));
  auto variable = [&](const GameState& s, const char* name) {
    return s.variables[engine->config().VariableSlot(engine->rules().VariableIndex(name), -1)];
  };
  GameState s = Position(*engine, R"({"zones": {"board": {"a1": "R1", "a2": "R3"}, "hand 1": ["RB2"],
                                      "hand 2": ["B3"]}})");
  Play(*engine, s, "place RB2 b2");  // red and blue: the trigger on blue fires
  CHECK(variable(s, "blue_placed") == 1);
  CHECK(variable(s, "around") == 2);
  CHECK(variable(s, "longest") == 2);  // a1-b2 on the diagonal, a2-b2 on the row
  CHECK(variable(s, "colours") == 2);
  Play(*engine, s, "place B3 c3");  // a1 b2 c3: one diagonal of three
  CHECK(variable(s, "blue_placed") == 2);
  CHECK(variable(s, "longest") == 3);
  CHECK(variable(s, "colours") == 1);
}
