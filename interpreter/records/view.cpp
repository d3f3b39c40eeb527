#include "interpreter/records/view.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "interpreter/records/grid_view.h"
#include "interpreter/records/move_text.h"

namespace tapis {

std::string CardText(const Engine& engine, const GameState& state, CardId card) {
  const int wild = engine.cards().Wild(card);
  if (wild < 0 || state.declared[card] < 0) return engine.cards().Code(card);
  return engine.cards().Code(card) + "=" + engine.rules().catalog.properties()[wild].values[state.declared[card]];
}

// Undeclared visibility (`none`) keeps a variable out of every view, as before variables
// could be shown.
std::vector<SeenVariable> SeenVariables(const Engine& engine, const GameState& state, int player,
                                        bool announced) {
  std::vector<SeenVariable> out;
  const auto& vars = engine.rules().variables;
  for (size_t v = 0; v < vars.size(); ++v) {
    const VariableDecl& decl = vars[v];
    if (decl.visibility == Visibility::kNone || (announced && !decl.announce)) continue;
    const int index = static_cast<int>(v);
    const auto text = [&](int value) { return decl.Text(value); };
    if (decl.owner == Owner::kTable) {
      const int value = state.variables[engine.config().VariableSlot(index, 0)];
      out.push_back({decl.name, decl.name, value, text(value), decl.hidden_at == value});
      continue;
    }
    for (int p = 0; p < state.players; ++p) {
      if (decl.visibility == Visibility::kOwner && player >= 0 && p != player) continue;
      const std::string label =
          p == player ? fmt::format("your {}", decl.name) : fmt::format("{} of player {}", decl.name, p + 1);
      const int value = state.variables[engine.config().VariableSlot(index, p)];
      out.push_back(
          {fmt::format("{} {}", decl.name, p + 1), label, value, text(value), decl.hidden_at == value});
    }
  }
  return out;
}

std::string ZoneName(const Engine& engine, const GameState& state, int zone, int player) {
  const Zone& z = state.zones[zone];
  const ZoneDecl& decl = engine.rules().zones[z.decl];
  const std::string name = ZoneLabel(engine, state, zone);
  if (z.owner < 0) return name;
  if (decl.dynamic) return fmt::format("{} (player {})", name, z.owner + 1);
  if (z.owner == player) return fmt::format("your {}", decl.name);
  return fmt::format("{} of player {}", name, z.owner + 1);
}

bool CanSee(const Engine& engine, const GameState& state, int zone, int player) {
  if (player < 0) return true;
  const Zone& z = state.zones[zone];
  switch (engine.rules().zones[z.decl].visibility) {
    case Visibility::kAll:
      return true;
    case Visibility::kOwner:
      return z.owner == player;
    case Visibility::kNone:
      return false;
  }
  return false;
}

nlohmann::json ViewJson(const Engine& engine, const GameState& state, int player) {
  const Ruleset& r = engine.rules();
  nlohmann::json zones = nlohmann::json::object();
  for (size_t z = 0; z < state.zones.size(); ++z) {
    const Zone& zone = state.zones[z];
    std::string key = ZoneLabel(engine, state, static_cast<int>(z));
    if (zone.owner >= 0 && !r.zones[zone.decl].dynamic) key += " " + std::to_string(zone.owner + 1);
    if (r.zones[zone.decl].columns > 0) {
      zones[key] = GridJson(engine, zone);  // a grid is on the table, seen by all
    } else if (CanSee(engine, state, static_cast<int>(z), player)) {
      nlohmann::json cards = nlohmann::json::array();
      for (CardId c : zone.cards) cards.push_back(CardText(engine, state, c));
      zones[key] = cards;
    } else {
      zones[key] = {{"count", zone.cards.size()}};
    }
  }
  nlohmann::json view = {{"seat", player + 1},
                         {"turn", state.turn_player + 1},
                         {"actions", state.actions_left},
                         {"round", state.round + 1},
                         {"zones", zones},
                         {"finished", state.finished}};
  const auto seen = SeenVariables(engine, state, player);
  if (!seen.empty()) {
    nlohmann::json variables = nlohmann::json::object();
    for (const SeenVariable& v : seen) variables[v.key] = v.value;
    view["variables"] = variables;
  }
  if (!state.decisions.empty() && state.decisions.front().player == player) {
    const Decision& d = state.decisions.front();
    nlohmann::json moves = nlohmann::json::array();
    for (size_t k = 0; k < r.moves.size(); ++k) {
      if (d.moves & (1u << k)) moves.push_back(r.moves[k].name);
    }
    view["decision"] = {{"moves", moves}, {"remaining", d.remaining}, {"optional", d.optional}};
  }
  return view;
}

std::string TeamsText(int teams, int players, int viewer) {
  std::vector<std::string> listed;
  for (int t = 0; t < teams; ++t) {
    std::vector<std::string> seats;
    bool yours = false;
    for (int p = t; p < players; p += teams) {
      seats.push_back(std::to_string(p + 1));
      yours = yours || p == viewer;
    }
    listed.push_back(fmt::format("{}{}", fmt::join(seats, " & "), yours ? " (yours)" : ""));
  }
  return fmt::format("teams: {}", fmt::join(listed, ", "));
}

std::string RenderView(const Engine& engine, const GameState& state, int player, bool sorted_hands) {
  const Ruleset& r = engine.rules();
  std::string out;
  for (size_t z = 0; z < state.zones.size(); ++z) {
    const Zone& zone = state.zones[z];
    const ZoneDecl& decl = r.zones[zone.decl];
    const std::string name = ZoneName(engine, state, static_cast<int>(z), player);
    std::string cards;
    if (decl.columns > 0) {
      out += fmt::format("  {}:\n{}", name, RenderGrid(engine, zone, &state.tokens));
      continue;
    }
    if (CanSee(engine, state, static_cast<int>(z), player)) {
      const bool hand = sorted_hands && zone.owner >= 0 && decl.visibility == Visibility::kOwner;
      for (CardId c : hand ? engine.InHandOrder(zone.cards) : zone.cards)
        cards += " " + CardText(engine, state, c);
      if (zone.cards.empty()) cards = " (empty)";
    } else {
      cards = fmt::format(" {} card{}", zone.cards.size(), zone.cards.size() == 1 ? "" : "s");
    }
    out += fmt::format("  {}:{}\n", name, cards);
  }
  for (const SeenVariable& v : SeenVariables(engine, state, player)) {
    if (!v.quiet) out += fmt::format("  {}: {}\n", v.label, v.text);
  }
  if (r.teams > 0) out += fmt::format("  {}\n", TeamsText(r.teams, state.players, player));
  if (state.finished) {
    out += "  the game is over\n";
  } else {
    // A decision answered out of turn names who answers it, not only whose turn it is.
    const int actor = engine.Actor(state);
    const std::string answering =
        actor == state.turn_player ? "" : fmt::format("player {} to answer, in the ", actor + 1);
    out += fmt::format("  {}turn of player {}, {} action(s) left", answering, state.turn_player + 1,
                       state.actions_left);
    if (state.last_round_player >= 0)
      out += fmt::format("; last round (it began in player {}'s turn)", state.last_round_player + 1);
    out += "\n";
  }
  return out;
}

}  // namespace tapis
