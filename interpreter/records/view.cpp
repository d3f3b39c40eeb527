#include "interpreter/records/view.h"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "interpreter/mechanisms/match_explain.h"
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
      out.push_back({decl.name, decl.name, value, text(value), decl.hidden_at == value, decl.name, -1});
      continue;
    }
    for (int p = 0; p < state.players; ++p) {
      if (decl.visibility == Visibility::kOwner && player >= 0 && p != player) continue;
      const std::string label =
          p == player ? fmt::format("your {}", decl.name) : fmt::format("{} of player {}", decl.name, p + 1);
      const int value = state.variables[engine.config().VariableSlot(index, p)];
      out.push_back({fmt::format("{} {}", decl.name, p + 1), label, value, text(value),
                     decl.hidden_at == value, decl.name, p});
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

std::string TeamName(int team, int teams, int players, int viewer) {
  std::vector<std::string> seats;
  bool yours = false;
  for (int p = team; p < players; p += teams) {
    seats.push_back(std::to_string(p + 1));
    yours = yours || p == viewer;
  }
  return fmt::format("{}{}", fmt::join(seats, " & "), yours ? " (yours)" : "");
}

std::string TeamsText(int teams, int players, int viewer) {
  std::vector<std::string> listed;
  for (int t = 0; t < teams; ++t) listed.push_back(TeamName(t, teams, players, viewer));
  return fmt::format("teams: {}", fmt::join(listed, ", "));
}

namespace {

// "1, 2 and 3"
std::string Listed(const std::vector<std::string>& items) {
  if (items.size() <= 1) return items.empty() ? "" : items[0];
  return fmt::format("{} and {}", fmt::join(items.begin(), items.end() - 1, ", "), items.back());
}

}  // namespace

// Read at a glance: a zone no card is in is only named, on one line with the others (a zone
// kind wholly empty once: "passed", not each player's); the hidden zones of one kind that
// others hold share a line of counts; a player variable is one line for all players.
std::string RenderView(const Engine& engine, const GameState& state, int player, bool sorted_hands) {
  const Ruleset& r = engine.rules();
  std::string out;
  std::vector<std::string> empty;
  for (size_t d = 0; d < r.zones.size(); ++d) {
    const ZoneDecl& decl = r.zones[d];
    std::vector<int> instances;
    for (size_t z = 0; z < state.zones.size(); ++z)
      if (state.zones[z].decl == static_cast<int>(d)) instances.push_back(static_cast<int>(z));
    if (decl.columns > 0) {
      for (int z : instances)
        out += fmt::format("  {}:\n{}", ZoneName(engine, state, z, player),
                           RenderGrid(engine, state.zones[z], &state.tokens));
      continue;
    }
    const bool all_empty =
        std::all_of(instances.begin(), instances.end(), [&](int z) { return state.zones[z].cards.empty(); });
    if (all_empty) {
      if (!instances.empty() && !decl.dynamic) empty.push_back(decl.name);
      continue;
    }
    std::vector<std::string> counted_owners, counts;  // others' hidden zones of this kind
    for (int z : instances) {
      const Zone& zone = state.zones[z];
      const std::string name = ZoneName(engine, state, z, player);
      if (zone.cards.empty()) {
        empty.push_back(name);
        continue;
      }
      if (!CanSee(engine, state, z, player)) {
        if (zone.owner >= 0 && !decl.dynamic) {
          counted_owners.push_back(std::to_string(zone.owner + 1));
          counts.push_back(std::to_string(zone.cards.size()));
        } else {
          out += fmt::format("  {}: {} card{}\n", name, zone.cards.size(), zone.cards.size() == 1 ? "" : "s");
        }
        continue;
      }
      const bool hand = sorted_hands && zone.owner >= 0 && decl.visibility == Visibility::kOwner;
      std::string cards;
      for (CardId c : hand ? engine.InHandOrder(zone.cards) : zone.cards)
        cards += " " + CardText(engine, state, c);
      out += fmt::format("  {}:{}\n", name, cards);
    }
    if (counts.size() == 1) {
      out += fmt::format("  {} of player {}: {} card{}\n", decl.name, counted_owners[0], counts[0],
                         counts[0] == "1" ? "" : "s");
    } else if (!counts.empty()) {
      const bool same =
          std::all_of(counts.begin(), counts.end(), [&](const std::string& c) { return c == counts[0]; });
      out += fmt::format("  {} of players {}: {}\n", decl.name, Listed(counted_owners),
                         same ? fmt::format("{} card{} each", counts[0], counts[0] == "1" ? "" : "s")
                              : fmt::format("{} cards", Listed(counts)));
    }
  }
  if (!empty.empty()) out += fmt::format("  empty: {}\n", fmt::join(empty, ", "));
  // A player variable on one line: "tricks: you 2, player 2 0, player 3 1".
  std::string line_of;  // the variable whose line is open
  for (const SeenVariable& v : SeenVariables(engine, state, player)) {
    if (v.quiet) continue;
    if (v.owner < 0) {
      if (!line_of.empty()) out += "\n";
      line_of.clear();
      out += fmt::format("  {}: {}\n", v.label, v.text);
      continue;
    }
    const std::string who = v.owner == player ? "you" : fmt::format("player {}", v.owner + 1);
    if (v.name != line_of) {
      if (!line_of.empty()) out += "\n";
      line_of = v.name;
      out += fmt::format("  {}: {} {}", v.name, who, v.text);
    } else {
      out += fmt::format(", {} {}", who, v.text);
    }
  }
  if (!line_of.empty()) out += "\n";
  if (r.teams > 0) out += fmt::format("  {}\n", TeamsText(r.teams, state.players, player));
  if (!state.finished) {  // what the card on top of a pile asks the next play for
    const int actor = engine.Actor(state);
    std::vector<int> piles;
    for (const MoveDecl& decl : r.moves) {
      if (decl.type != MoveType::kMatch || std::find(piles.begin(), piles.end(), decl.to) != piles.end())
        continue;
      piles.push_back(decl.to);
      if (const std::string demand = MatchDemand(engine, state, decl, actor); !demand.empty())
        out += fmt::format("  {}\n", demand);
    }
  }
  if (state.finished) {
    out += "  the game is over\n";
  } else {
    // A decision answered out of turn names who answers it, not only whose turn it is. The
    // actions left are said once, under the view, by the decision line.
    const int actor = engine.Actor(state);
    const std::string answering =
        actor == state.turn_player ? "" : fmt::format("player {} to answer, in the ", actor + 1);
    out += fmt::format("  {}turn of player {}", answering, state.turn_player + 1);
    if (state.last_round_player >= 0)
      out += fmt::format("; last round (it began in player {}'s turn)", state.last_round_player + 1);
    out += "\n";
  }
  return out;
}

}  // namespace tapis
