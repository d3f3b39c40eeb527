// The grid half of the `tapis` table (docs/lua-api.md, "Grids"): cells, neighbours, lines
// through a cell, placing a card on a cell; and the values of a card with several values of
// one property. Every function runs inside Guard (lua_bridge.h).
#include <fmt/format.h>

#include <lua.hpp>

#include "interpreter/mechanisms/grid.h"
#include "interpreter/script/lua_bridge.h"
#include "interpreter/script/script_host.h"

namespace tapis {
namespace {

using namespace lua;

// A grid zone from (name) at `index`, with its shape.
std::pair<int, GridShape> GridArg(lua_State* L, int index, const ScriptContext& ctx) {
  const int zone = ZoneArg(L, index, ctx);
  const ZoneDecl& decl = ctx.engine->rules().zones[ctx.state->zones[zone].decl];
  if (decl.columns == 0)
    throw ApiError(fmt::format("tapis.{}: zone '{}' is not a grid", FunctionName(L), decl.name));
  return {zone, ShapeOf(decl)};
}

int CellArg(lua_State* L, int index, const GridShape& shape) {
  const std::string name(StringArg(L, index, "cell"));
  const int cell = ParseCell(shape, name);
  if (cell == kNoCell)
    throw ApiError(fmt::format("tapis.{}: no cell '{}' (cells are a1 to {})", FunctionName(L), name,
                               CellName(shape, shape.Cells() - 1)));
  return cell;
}

// tapis.grid(zone): {columns, rows, width, height, growing}.
int Grid(lua_State* L, ScriptContext& ctx) {
  const auto [zone, shape] = GridArg(L, 1, ctx);
  lua_createtable(L, 0, 5);
  lua_pushinteger(L, shape.columns);
  lua_setfield(L, -2, "columns");
  lua_pushinteger(L, shape.rows);
  lua_setfield(L, -2, "rows");
  lua_pushinteger(L, shape.Width());
  lua_setfield(L, -2, "width");
  lua_pushinteger(L, shape.Height());
  lua_setfield(L, -2, "height");
  lua_pushboolean(L, shape.growing);
  lua_setfield(L, -2, "growing");
  return 1;
}

// tapis.cell(zone, "c3"): the card there, or nil.
int Cell(lua_State* L, ScriptContext& ctx) {
  const auto [zone, shape] = GridArg(L, 1, ctx);
  const int card = CardOn(ctx.state->zones[zone], CellArg(L, 2, shape));
  if (card < 0)
    lua_pushnil(L);
  else
    PushCard(L, ctx.engine->cards(), static_cast<CardId>(card));
  return 1;
}

// tapis.cell_of(card): the cell's name and the grid's, or nil when the card is on no grid.
int CellOfApi(lua_State* L, ScriptContext& ctx) {
  const CardId card = CardArg(L, 1, ctx);
  const int zone = ctx.engine->FindCard(*ctx.state, card);
  const ZoneDecl* decl = zone < 0 ? nullptr : &ctx.engine->rules().zones[ctx.state->zones[zone].decl];
  if (!decl || decl->columns == 0) {
    lua_pushnil(L);
    return 1;
  }
  lua_pushstring(L, CellName(ShapeOf(*decl), CellOf(ctx.state->zones[zone], card)).c_str());
  lua_pushstring(L, decl->name.c_str());
  return 2;
}

Adjacency AdjacencyArg(lua_State* L, int index) {
  if (lua_isnoneornil(L, index)) return Adjacency::kOrthogonal;
  const std::string word(StringArg(L, index, "adjacency"));
  if (word == "orthogonal") return Adjacency::kOrthogonal;
  if (word == "diagonal") return Adjacency::kDiagonal;
  if (word == "all") return Adjacency::kAll;
  throw ApiError(
      fmt::format("tapis.{}: adjacency is \"orthogonal\", \"diagonal\" or \"all\"", FunctionName(L)));
}

// tapis.neighbours(zone, cell[, adjacency]): the cards around a cell.
int NeighboursApi(lua_State* L, ScriptContext& ctx) {
  const auto [zone, shape] = GridArg(L, 1, ctx);
  const int cell = CellArg(L, 2, shape);
  PushCards(L, ctx.engine->cards(), Neighbours(ctx.state->zones[zone], shape, cell, AdjacencyArg(L, 3)));
  return 1;
}

// tapis.lines(zone, cell[, adjacency]): the unbroken runs of cards through a cell, one per
// direction (rows and columns; diagonals too with "all", the default).
int Lines(lua_State* L, ScriptContext& ctx) {
  const auto [zone, shape] = GridArg(L, 1, ctx);
  const int cell = CellArg(L, 2, shape);
  const Adjacency adjacency = lua_isnoneornil(L, 3) ? Adjacency::kAll : AdjacencyArg(L, 3);
  lua_newtable(L);
  int n = 0;
  for (int d = 0; d < 4; ++d) {
    if ((d < 2 && adjacency == Adjacency::kDiagonal) || (d >= 2 && adjacency == Adjacency::kOrthogonal))
      continue;
    const LineRun run =
        RunThrough(ctx.state->zones[zone], shape, cell, kLineDirections[d][0], kLineDirections[d][1]);
    lua_createtable(L, 0, 3);
    lua_pushstring(L, kLineNames[d]);
    lua_setfield(L, -2, "direction");
    PushCards(L, ctx.engine->cards(), run.cards);
    lua_setfield(L, -2, "cards");
    lua_pushinteger(L, run.at + 1);
    lua_setfield(L, -2, "at");
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

// tapis.place(card, zone, cell): puts a card on an empty cell.
int Place(lua_State* L, ScriptContext& ctx) {
  RequireWritable(L, ctx);
  const CardId card = CardArg(L, 1, ctx);
  const auto [zone, shape] = GridArg(L, 2, ctx);
  const int cell = CellArg(L, 3, shape);
  if (CardOn(ctx.state->zones[zone], cell) >= 0)
    throw ApiError(fmt::format("tapis.place: cell {} already holds a card", CellName(shape, cell)));
  const int from = ctx.engine->FindCard(*ctx.state, card);
  if (from >= 0) TakeOut(ctx.state->zones[from], card);
  PutOnCell(ctx.state->zones[zone], card, cell);
  ctx.state->declared[card] = -1;
  ctx.engine->CheckLastRound(*ctx.state);
  return 0;
}

// tapis.values(card, property): every value the card has of it, in the property's order.
int Values(lua_State* L, ScriptContext& ctx) {
  const CardId card = CardArg(L, 1, ctx);
  const std::string name(StringArg(L, 2, "property"));
  const auto& catalog = ctx.engine->cards().catalog();
  const int prop = catalog.PropertyIndex(name);
  if (prop < 0)
    throw ApiError(fmt::format("tapis.values: unknown property '{}'; properties are: {}", name,
                               catalog.PropertyNames()));
  const auto& values = catalog.properties()[prop].values;
  lua_newtable(L);
  int n = 0;
  for (int v = 0; v < static_cast<int>(values.size()); ++v) {
    if (!ctx.engine->cards().Has(card, prop, v)) continue;
    lua_pushstring(L, values[v].c_str());
    lua_rawseti(L, -2, ++n);
  }
  return 1;
}

}  // namespace

void AddGridApi(lua_State* L) {
  static const luaL_Reg kFunctions[] = {{"grid", Guard<Grid>},         {"cell", Guard<Cell>},
                                        {"cell_of", Guard<CellOfApi>}, {"neighbours", Guard<NeighboursApi>},
                                        {"lines", Guard<Lines>},       {"place", Guard<Place>},
                                        {"values", Guard<Values>},     {nullptr, nullptr}};
  luaL_setfuncs(L, kFunctions, 0);
}

}  // namespace tapis
