#include "interpreter/load/capture_loader.h"

#include "interpreter/load/card_loader.h"

namespace tapis {
namespace {

// `key: true`, `false` or `$param` (a bool parameter), kept in two bytes.
ByteFlag ReadByteFlag(const YamlReader& reader, const YAML::Node& spec, const char* key, const Ruleset& r) {
  const IntValue read = ReadFlag(reader, spec, key, r, false);
  if (read.parameter > INT8_MAX)
    reader.Fail(spec[key], fmt::format("{}: a parameter among the first {} of the ruleset", key, INT8_MAX));
  return {static_cast<int8_t>(read.literal != 0), static_cast<int8_t>(read.parameter)};
}

}  // namespace

void ReadCaptureMove(const YamlReader& reader, const YAML::Node& spec, const Ruleset& r, MoveDecl& m) {
  if (r.zones[m.from].owner != Owner::kPlayer || r.zones[m.from].dynamic)
    reader.Fail(spec["from"], "capture: from: a zone each player owns (a hand)");
  if (r.zones[m.to].owner != Owner::kTable || r.zones[m.to].dynamic || r.zones[m.to].columns > 0)
    reader.Fail(spec["to"], "capture: to: the table zone cards are captured from and laid on");
  m.capture_won = ReadZone(reader, reader.Required(spec, "won"), r);
  if (r.zones[m.capture_won].owner != Owner::kPlayer || r.zones[m.capture_won].dynamic ||
      m.capture_won == m.from)
    reader.Fail(spec["won"], "capture: won: a zone each player owns, where captured cards go (not from)");
  m.capture_by = ReadProperty(reader, reader.Required(spec, "by"), r.catalog);
  if (spec["sweep"]) m.capture_sweep = ReadVariable(reader, spec["sweep"], r, Owner::kPlayer);
  if (spec["last"]) m.capture_last = ReadVariable(reader, spec["last"], r, Owner::kTable);
  m.capture_optional = ReadByteFlag(reader, spec, "optional", r);
  m.capture_several = ReadByteFlag(reader, spec, "several", r);
}

void ReadRedeal(const YamlReader& reader, const YAML::Node& node, Ruleset& r) {
  reader.CheckKeys(node, {"zone", "from", "count"});
  r.redeal.zone = ReadZone(reader, reader.Required(node, "zone"), r);
  if (r.zones[r.redeal.zone].owner != Owner::kPlayer || r.zones[r.redeal.zone].dynamic)
    reader.Fail(node["zone"], "redeal: zone: a zone each player owns (a hand)");
  r.redeal.from = ReadZone(reader, reader.Required(node, "from"), r);
  if (r.zones[r.redeal.from].owner != Owner::kTable || r.zones[r.redeal.from].dynamic)
    reader.Fail(node["from"], "redeal: from: a table zone (the stock)");
  r.redeal.count = ReadIntValue(reader, reader.Required(node, "count"), r);
  if (r.redeal.count.parameter < 0 && (r.redeal.count.literal < 1 || r.redeal.count.literal > 64))
    reader.Fail(node["count"], "redeal: count: 1 to 64 cards each");
}

}  // namespace tapis
