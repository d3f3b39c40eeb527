#include "interpreter/records/grid_view.h"

#include <fmt/format.h>

#include <algorithm>

#include "interpreter/mechanisms/grid.h"

namespace tapis {

namespace {

// A card's code, and when it carries tokens their players bottom to top: JH/33.
std::string CellText(const Engine& engine, const std::vector<std::vector<int8_t>>* tokens, CardId card) {
  std::string text = engine.cards().Code(card);
  if (tokens == nullptr || tokens->empty() || (*tokens)[card].empty()) return text;
  text += "/";
  for (int8_t p : (*tokens)[card]) text += std::to_string(p + 1);
  return text;
}

}  // namespace

std::string RenderGrid(const Engine& engine, const Zone& zone,
                       const std::vector<std::vector<int8_t>>* tokens) {
  const GridShape shape = ShapeOf(engine.rules().zones[zone.decl]);
  int left = 0, right = shape.Width() - 1, top = 0, bottom = shape.Height() - 1;
  if (shape.growing && !zone.cells.empty()) {
    left = right = shape.Column(zone.cells[0]);
    top = bottom = shape.Row(zone.cells[0]);
    for (uint8_t c : zone.cells) {
      left = std::min(left, shape.Column(c));
      right = std::max(right, shape.Column(c));
      top = std::min(top, shape.Row(c));
      bottom = std::max(bottom, shape.Row(c));
    }
    left = std::max(0, left - 1);
    top = std::max(0, top - 1);
    right = std::min(shape.Width() - 1, right + 1);
    bottom = std::min(shape.Height() - 1, bottom + 1);
  }
  size_t width = 2;
  for (CardId c : zone.cards) width = std::max(width, CellText(engine, tokens, c).size());
  std::string out = "      ";
  for (int column = left; column <= right; ++column)
    out += fmt::format(" {:<{}}", std::string(1, static_cast<char>('a' + column)), width);
  while (out.back() == ' ') out.pop_back();
  out += "\n";
  for (int row = top; row <= bottom; ++row) {
    out += fmt::format("    {:>2}", row + 1);
    for (int column = left; column <= right; ++column) {
      const int card = CardOn(zone, shape.At(column, row));
      const std::string text = card < 0 ? "." : CellText(engine, tokens, static_cast<CardId>(card));
      out += fmt::format(" {:<{}}", text, width);
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    out += "\n";
  }
  return out;
}

nlohmann::json GridJson(const Engine& engine, const Zone& zone) {
  const GridShape shape = ShapeOf(engine.rules().zones[zone.decl]);
  nlohmann::json out = nlohmann::json::object();
  for (size_t i = 0; i < zone.cards.size(); ++i)
    out[CellName(shape, zone.cells[i])] = engine.cards().Code(zone.cards[i]);
  return out;
}

}  // namespace tapis
