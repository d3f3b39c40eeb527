#include "interpreter/load/zone_loader.h"

#include <fmt/format.h>

#include "interpreter/load/card_loader.h"

namespace tapis {
namespace {

// refill: {from: discard, keep: 1 | {highest: PROPERTY}, shuffle: true, when: emptied | drawn,
//          enabled: $reshuffle}
void ReadRefill(const YamlReader& reader, const YAML::Node& node, const Ruleset& r, ZoneDecl& z) {
  reader.CheckKeys(node, {"from", "keep", "shuffle", "when", "enabled"});
  z.refill_from = ReadZone(reader, reader.Required(node, "from"), r);
  const YAML::Node keep = node["keep"];
  if (keep && keep.IsMap()) {
    reader.CheckKeys(keep, {"highest"});
    z.refill_keep_highest = ReadProperty(reader, reader.Required(keep, "highest"), r.catalog);
    z.refill_keep = 0;
  } else {
    z.refill_keep = reader.Optional(node, "keep", 1);
  }
  z.refill_shuffle = ReadFlag(reader, node, "shuffle", r, true);
  z.refill_when_drawn = reader.Word(node, "when", false, {{"emptied", false}, {"drawn", true}});
  z.refill_enabled = ReadFlag(reader, node, "enabled", r, true);
  const ZoneDecl& from = r.zones[z.refill_from];
  if (z.owner != Owner::kTable || from.owner != Owner::kTable || z.dynamic || from.dynamic || z.columns > 0 ||
      from.columns > 0)
    reader.Fail(node, "refill: both zones must be plain zones of the table (a stock, a discard pile)");
  if (&from == &z) reader.Fail(node["from"], "refill: a zone cannot refill itself");
  if (z.refill_keep < 0)
    reader.Fail(keep, "refill: keep is the number of cards left, 0 or more, or {highest: PROPERTY}");
}

// grid: {columns: 5, rows: 5, growing: false}
void ReadGrid(const YamlReader& reader, const YAML::Node& node, ZoneDecl& z) {
  reader.CheckKeys(node, {"columns", "rows", "growing"});
  z.columns = reader.As<int>(reader.Required(node, "columns"));
  z.rows = reader.As<int>(reader.Required(node, "rows"));
  z.growing = reader.Optional(node, "growing", false);
  // In long long: rows of 2^30 must be refused, not overflow.
  const long long columns = z.growing ? 2LL * z.columns - 1 : z.columns;
  const long long rows = z.growing ? 2LL * z.rows - 1 : z.rows;
  if (z.columns < 1 || z.rows < 1 || z.columns > 26 || z.rows > 255 || columns * rows > 255)
    reader.Fail(node,
                "grid: columns from 1 to 26 (a to z), rows from 1, at most 255 cells (a growing grid uses "
                "(2 columns - 1) x (2 rows - 1))");
  if (z.dynamic || z.owner != Owner::kTable)
    reader.Fail(node, "grid: a grid is a zone of the table, not created in play");
}

}  // namespace

void ReadZones(const YamlReader& reader, const YAML::Node& node, Ruleset& r) {
  if (!node.IsMap()) reader.Fail(node, "zones: expected a map of name: {owner, visible}");
  // A zone's index is kept in a byte (a game state's Zone::decl, an expression's zones).
  if (node.size() > kMaxZoneDecls) reader.Fail(node, fmt::format("zones: at most {}", kMaxZoneDecls));
  for (const auto& entry : node) {
    const YAML::Node& spec = entry.second;
    reader.CheckKeys(spec, {"owner", "visible", "dynamic", "label", "grid", "refill"});
    ZoneDecl z;
    z.name = entry.first.as<std::string>();
    z.owner =
        reader.Word(spec, "owner", Owner::kTable, {{"table", Owner::kTable}, {"player", Owner::kPlayer}});
    z.visibility =
        reader.Word(spec, "visible", Visibility::kAll,
                    {{"all", Visibility::kAll}, {"owner", Visibility::kOwner}, {"none", Visibility::kNone}});
    z.dynamic = reader.Optional(spec, "dynamic", false);
    z.label = reader.Optional(spec, "label", z.name.substr(0, 1));
    if (spec["grid"]) ReadGrid(reader, spec["grid"], z);
    r.zones.push_back(std::move(z));
  }
  for (const auto& entry : node) {  // a refill names a zone that may come later
    if (entry.second["refill"])
      ReadRefill(reader, entry.second["refill"], r, r.zones[ReadZone(reader, entry.first, r)]);
  }
}

}  // namespace tapis
