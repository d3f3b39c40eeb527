// What one player may see (DESIGN.md §6), as text for the terminal: every zone by its
// visibility, own hand in full, other players' hidden zones as counts.
#pragma once

#include <nlohmann/json.hpp>

#include <string>

#include "interpreter/engine/engine.h"

namespace tapis {

// Partners, seat s in team s % teams: "teams: 1 & 3 (yours), 2 & 4".
std::string TeamsText(int teams, int players, int viewer);
// One of them: "1 & 3 (yours)", "2 & 4".
std::string TeamName(int team, int teams, int players, int viewer);

// `player` -1 shows everything (for spectators and debugging). `sorted_hands`: the zones a
// player alone sees (a hand) show in the ruleset's order (`cards: look: hand_order`, else the
// pack's), not as dealt.
std::string RenderView(const Engine& engine, const GameState& state, int player, bool sorted_hands = false);
// What `player` knows, as JSON (docs/save-format.md, "Redacted logs"): every zone they may
// see card by card, the others as a count, whose turn it is, and the decision put to them.
nlohmann::json ViewJson(const Engine& engine, const GameState& state, int player);
// True when `player` may see the cards of zone instance `zone`.
bool CanSee(const Engine& engine, const GameState& state, int zone, int player);
// Zone instance `zone` as `player`'s view names it: "stock", "your hand", "hand of player 2",
// "m3 (player 1)".
std::string ZoneName(const Engine& engine, const GameState& state, int zone, int player);
// A card as players see it: its code, and what a wild card in play stands for (JK=7).
std::string CardText(const Engine& engine, const GameState& state, CardId card);

// The variables `player` may see, keyed as position files write them ("points 2"), with the
// text views print ("points of player 2", "your points").
struct SeenVariable {
  std::string key, label;
  int value;
  std::string text;  // the value as views print it: its name (`values:`), else the number
  bool quiet = false;  // at its `hidden_at:` value: text views leave it out
  std::string name;    // the variable's
  int owner = -1;      // the player it is of; -1 for the table's
};
// `announced`: only those the ruleset marks `announce: true`.
std::vector<SeenVariable> SeenVariables(const Engine& engine, const GameState& state, int player,
                                        bool announced = false);

}  // namespace tapis
