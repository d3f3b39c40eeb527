#include "interpreter/load/trump_bid_loader.h"

#include "interpreter/load/card_loader.h"

namespace tapis {

void ReadTakeTrumpMove(const YamlReader& reader, const YAML::Node& spec, const Ruleset& r, MoveDecl& m) {
  if (r.zones[m.from].owner != Owner::kTable || r.zones[m.from].dynamic)
    reader.Fail(spec["from"], "take_trump: from: the table zone of the card turned up");
  if (r.zones[m.to].owner != Owner::kPlayer || r.zones[m.to].dynamic)
    reader.Fail(spec["to"],
                "take_trump: to: a zone each player owns (the hand the taker takes the card into)");
  TrumpBid& b = m.trump_bid;
  b.taker = ReadVariable(reader, reader.Required(spec, "taker"), r, Owner::kTable);
  b.passes = ReadVariable(reader, reader.Required(spec, "passes"), r, Owner::kTable);
  if (b.taker == b.passes) reader.Fail(spec["passes"], "take_trump: taker and passes must be two variables");
  b.pass_name = reader.As<std::string>(reader.Required(spec, "pass"));
  b.second_round = ReadFlag(reader, spec, "second_round", r, true);
  if (const YAML::Node complete = spec["complete"]) {
    reader.CheckKeys(complete, {"from", "up_to"});
    b.complete_from = ReadZone(reader, reader.Required(complete, "from"), r);
    if (r.zones[b.complete_from].owner != Owner::kTable || r.zones[b.complete_from].dynamic)
      reader.Fail(complete["from"], "complete: from: a table zone (the stock)");
    b.up_to = ReadIntValue(reader, reader.Required(complete, "up_to"), r);
    if (b.up_to.parameter < 0 && (b.up_to.literal < 1 || b.up_to.literal > 64))
      reader.Fail(complete["up_to"], "complete: up_to: 1 to 64 cards a hand");
  }
  if (const YAML::Node next = spec["next_phase"]) {
    m.next_phase = r.PhaseIndex(reader.As<std::string>(next));
    if (m.next_phase < 0)
      reader.Fail(next, fmt::format("unknown phase '{}'; phases are: {}", next.Scalar(), Join(r.phases)));
  }
}

void CheckTakeTrumpMoves(const YamlReader& reader, const YAML::Node& moves, const Ruleset& r) {
  for (const MoveDecl& m : r.moves) {
    if (m.type != MoveType::kTakeTrump) continue;
    if (r.tricks.zone < 0 || r.tricks.trump_variable < 0)
      reader.Fail(
          moves[m.name]["type"],
          "take_trump: the bid sets the trumps, so it needs 'tricks:' with 'trump: {variable: NAME}'");
  }
}

}  // namespace tapis
