#include "interpreter/load/ask_loader.h"

#include "interpreter/load/card_loader.h"

namespace tapis {
namespace {

// A zone each player owns, holding cards in a pile (a hand): not a grid, not one per meld.
bool IsPlayersPile(const ZoneDecl& zone) {
  return zone.owner == Owner::kPlayer && !zone.dynamic && zone.columns == 0;
}

}  // namespace

void ReadAskMove(const YamlReader& reader, const YAML::Node& spec, const Ruleset& r, MoveDecl& m) {
  if (!IsPlayersPile(r.zones[m.from]))
    reader.Fail(spec["from"],
                "ask: from: a zone each player owns (the hand the player asked hands cards from)");
  if (!IsPlayersPile(r.zones[m.to]))
    reader.Fail(spec["to"],
                "ask: to: a zone each player owns (the asker's hand, which must hold the value asked)");
  m.ask_by = ReadProperty(reader, reader.Required(spec, "by"), r.catalog);
  if (r.catalog.properties()[m.ask_by].values.size() > 127)
    reader.Fail(spec["by"], "ask: by: a property of at most 127 values");
}

void ReadPickMove(const YamlReader& reader, const YAML::Node& spec, const Ruleset& r, MoveDecl& m) {
  if (!IsPlayersPile(r.zones[m.from]))
    reader.Fail(spec["from"], "pick: from: a zone each player owns (the hand a card is picked from)");
  if (!IsPlayersPile(r.zones[m.to]))
    reader.Fail(spec["to"], "pick: to: a zone each player owns (the picker's hand)");
  const std::string seat = spec["from_seat"] ? reader.As<std::string>(spec["from_seat"]) : "next";
  if (seat != "next" && seat != "any")
    reader.Fail(spec["from_seat"], fmt::format("from_seat: '{}'; next (the next player in turn who holds "
                                               "cards) or any (any other player who does)",
                                               seat));
  m.pick_next = seat == "next";
}

void ReadLay(const YamlReader& reader, const YAML::Node& node, const Ruleset& r, Trigger& t) {
  if (!node.IsMap()) reader.Fail(node, "lay: {combination: NAME, from: ZONE, to: ZONE}");
  reader.CheckKeys(node, {"combination", "from", "to"});
  const YAML::Node c = reader.Required(node, "combination");
  t.lay.combination = r.CombinationIndex(reader.As<std::string>(c));
  if (t.lay.combination < 0 || r.combinations[t.lay.combination].kind != Combination::Kind::kSet ||
      r.combinations[t.lay.combination].wild)
    reader.Fail(c, fmt::format("lay: a set combination without wild cards (cards of one value); combinations "
                               "are: {}",
                               Join(Names(r.combinations))));
  t.lay.from = ReadZone(reader, reader.Required(node, "from"), r);
  t.lay.to = ReadZone(reader, reader.Required(node, "to"), r);
  if (!IsPlayersPile(r.zones[t.lay.from]))
    reader.Fail(node["from"], "lay: from: a zone each player owns (a hand), whose groups are laid");
  const ZoneDecl& to = r.zones[t.lay.to];
  if (to.columns > 0 || t.lay.to == t.lay.from || (to.owner != Owner::kPlayer && !to.dynamic))
    reader.Fail(node["to"],
                "lay: to: a zone each player owns (the books laid), or a dynamic zone (one per group)");
}

}  // namespace tapis
