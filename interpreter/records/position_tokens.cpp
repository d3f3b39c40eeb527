#include "interpreter/records/position_tokens.h"

#include <fmt/format.h>

#include <algorithm>

#include "interpreter/mechanisms/grid.h"
#include "interpreter/mechanisms/hand_rank.h"

namespace tapis {

using nlohmann::json;

// A card on a grid is written with its cell, since with two packs its code names two cards;
// the entries are in the order of their cells' names, then of the cards off any grid, so
// that a position read back writes the same. The claim is the strength of the hand that put
// the top token.
nlohmann::json TokensJson(const Engine& engine, const GameState& s) {
  std::vector<std::pair<std::string, json>> entries;  // sort key, entry
  std::vector<std::string> cell_of(s.tokens.size());
  for (const Zone& z : s.zones) {
    const GridShape shape = ShapeOf(engine.rules().zones[z.decl]);
    for (size_t i = 0; i < z.cells.size(); ++i) cell_of[z.cards[i]] = CellName(shape, z.cells[i]);
  }
  for (size_t c = 0; c < s.tokens.size(); ++c) {
    if (s.tokens[c].empty()) continue;
    json players = json::array();
    for (int8_t p : s.tokens[c]) players.push_back(p + 1);
    json entry = {{"card", engine.cards().Code(static_cast<CardId>(c))}, {"players", players},
                  {"claim", s.claims[c]}};
    if (!cell_of[c].empty()) entry["cell"] = cell_of[c];
    entries.emplace_back(cell_of[c].empty() ? "~" : cell_of[c], entry);  // off a grid: last, by card
  }
  std::stable_sort(entries.begin(), entries.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  json out = json::array();
  for (auto& [key, entry] : entries) out.push_back(std::move(entry));
  return out;
}

// A claim written as cards is ranked by the rules' first line move's hand.
void ReadTokens(const Engine& engine, const nlohmann::json& entries, GameState& s,
                const std::function<Error(const std::string&)>& fail) {
  const Ruleset& r = engine.rules();
  if (s.tokens.empty()) throw fail("tokens: these rules lay no tokens");
  std::vector<bool> on_grid(engine.cards().size(), false);
  for (const Zone& z : s.zones) {
    for (size_t i = 0; i < z.cells.size(); ++i) on_grid[z.cards[i]] = true;
  }
  // With two packs a code names two cards: the tokens go to one on a grid if there is one.
  auto card_of = [&](const std::string& code, bool fresh) -> CardId {
    const auto kind = r.catalog.KindByCode(code);
    if (!kind) throw fail(fmt::format("tokens: unknown card '{}'", code));
    for (bool grid : {true, false}) {
      for (int c = 0; c < engine.cards().size(); ++c) {
        if (engine.cards().Kind(static_cast<CardId>(c)) == *kind && (!fresh || s.tokens[c].empty()) &&
            (!grid || on_grid[c]))
          return static_cast<CardId>(c);
      }
    }
    throw fail(fmt::format("tokens: card '{}' listed more often than the game has it", code));
  };
  // "cell": the card on that cell of a grid, which must be the card named.
  auto card_at = [&](const std::string& code, const std::string& cell_name) -> CardId {
    for (const Zone& z : s.zones) {
      if (z.cells.empty() && engine.rules().zones[z.decl].columns == 0) continue;
      const int card = CardOn(z, ParseCell(ShapeOf(engine.rules().zones[z.decl]), cell_name));
      if (card >= 0 && engine.cards().Code(static_cast<CardId>(card)) == code)
        return static_cast<CardId>(card);
    }
    throw fail(fmt::format("tokens: {} is not on cell '{}'", code, cell_name));
  };
  for (const auto& entry : entries) {
    const std::string code = entry.at("card").get<std::string>();
    const CardId card = entry.contains("cell") ? card_at(code, entry.at("cell").get<std::string>())
                                               : card_of(code, true);
    for (const auto& p : entry.at("players")) {
      const int seat = p.get<int>();
      if (seat < 1 || seat > s.players) throw fail(fmt::format("tokens: no player {}", seat));
      s.tokens[card].push_back(static_cast<int8_t>(seat - 1));
    }
    if (!entry.contains("claim")) continue;
    const json& claim = entry.at("claim");
    if (!claim.is_array()) {
      s.claims[card] = claim.get<int32_t>();
      continue;
    }
    const auto line = std::find_if(r.moves.begin(), r.moves.end(),
                                   [](const MoveDecl& m) { return m.type == MoveType::kLine; });
    std::vector<CardId> hand;
    for (const auto& code : claim) hand.push_back(card_of(code.get<std::string>(), false));
    s.claims[card] = HandStrength(engine.cards(), r.hands[line->hand], hand);
    if (s.claims[card] == kNoHand)
      throw fail(fmt::format("tokens: the claim of {} is not a hand", entry.at("card").get<std::string>()));
  }
}

}  // namespace tapis
