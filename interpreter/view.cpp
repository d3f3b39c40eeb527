#include "interpreter/view.h"

#include <fmt/format.h>

#include "interpreter/move_text.h"

namespace tapis {

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

std::string RenderView(const Engine& engine, const GameState& state, int player) {
  const Ruleset& r = engine.rules();
  std::string out;
  for (size_t z = 0; z < state.zones.size(); ++z) {
    const Zone& zone = state.zones[z];
    const ZoneDecl& decl = r.zones[zone.decl];
    std::string name = ZoneLabel(engine, state, static_cast<int>(z));
    if (zone.owner >= 0) {
      name = decl.dynamic ? fmt::format("{} (player {})", name, zone.owner + 1)
                          : fmt::format("{} of player {}", name, zone.owner + 1);
      if (zone.owner == player && !decl.dynamic) name = fmt::format("your {}", decl.name);
    }
    std::string cards;
    if (CanSee(engine, state, static_cast<int>(z), player)) {
      for (CardId c : zone.cards) cards += " " + engine.cards().Code(c);
      if (zone.cards.empty()) cards = " (empty)";
    } else {
      cards = fmt::format(" {} card{}", zone.cards.size(), zone.cards.size() == 1 ? "" : "s");
    }
    out += fmt::format("  {}:{}\n", name, cards);
  }
  if (state.finished) {
    out += "  the game is over\n";
  } else {
    out += fmt::format("  turn of player {}, {} action(s) left", state.turn_player + 1, state.actions_left);
    if (state.last_round_player >= 0)
      out += fmt::format("; last round (it began in player {}'s turn)", state.last_round_player + 1);
    out += "\n";
  }
  return out;
}

}  // namespace tapis
