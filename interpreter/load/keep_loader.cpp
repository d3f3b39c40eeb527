#include "interpreter/load/keep_loader.h"

#include <fmt/format.h>

#include "interpreter/load/card_loader.h"

namespace tapis {

void ReadKeep(const YamlReader& reader, const YAML::Node& node, const Ruleset& r, MoveDecl& m) {
  if (m.type != MoveType::kDraw && m.type != MoveType::kTake)
    reader.Fail(node, "keep: only for draw and take moves (the card they take stays this turn)");
  if (!node.IsMap()) reader.Fail(node, "keep: a map {into: VARIABLE, enabled: true}");
  reader.CheckKeys(node, {"into", "enabled"});
  m.keep.into = ReadVariable(reader, reader.Required(node, "into"), r, Owner::kTable);
  m.keep.enabled = ReadFlag(reader, node, "enabled", r, true);
}

namespace {

// The rule, other than `except`'s keep, that has the engine write the table variable `v`, or
// "" when none does.
std::string TableVariableWriter(const Ruleset& r, int v, const MoveDecl* except) {
  for (const MoveDecl& o : r.moves) {
    const auto by = [&](const char* rule) { return fmt::format("the {} of '{}'", rule, o.name); };
    if (o.count.variable == v) return by("count");
    if (o.knock.knocker == v) return by("knock");
    if (&o != except && o.keep.into == v) return by("keep");
    if (o.capture_last == v) return by("capture");
    if (o.trump_bid.passes == v || o.trump_bid.taker == v) return by("bidding");
    if (o.climb.last == v || o.climb.size == v || o.climb.passes == v) return by("climb");
    if (o.except == v) return by("number");
    for (const Trigger& t : o.then) {
      if (t.penalty.variable == v) return by("penalty");
    }
  }
  if (r.tricks.leader == v || r.tricks.trump_variable == v) return "the tricks";
  return "";
}

}  // namespace

void CheckKeepMoves(const YamlReader& reader, const YAML::Node& moves, const Ruleset& r) {
  for (const MoveDecl& m : r.moves) {
    if (!m.keep.Used()) continue;
    const YAML::Node at = moves[m.name]["keep"];
    const MoveCount& c = m.count;
    if (c.variable < 0 || c.per != MoveCount::Per::kTurn || !c.has_max || c.max.parameter >= 0 ||
        c.max.plus_players || c.max.literal != 1)
      reader.Fail(at,
                  "keep: the move is made once a turn at most, so that one card is kept: give it "
                  "count: {into: VARIABLE, per: turn, max: 1}");
    const std::string writer = TableVariableWriter(r, m.keep.into, &m);
    if (!writer.empty())
      reader.Fail(at["into"], fmt::format("keep: into: '{}' is written by {} already: give the keep a "
                                          "variable of its own",
                                          r.variables[m.keep.into].name, writer));
  }
}

}  // namespace tapis
