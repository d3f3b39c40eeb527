#include "interpreter/load/trump_bid_loader.h"

#include "interpreter/load/card_loader.h"

namespace tapis {

void ReadTakeTrumpMove(const YamlReader& reader, const YAML::Node& spec, const Ruleset& r, MoveDecl& m) {
  if (r.zones[m.from].owner != Owner::kTable || r.zones[m.from].dynamic ||
      r.zones[m.from].visibility != Visibility::kAll)
    reader.Fail(spec["from"], "take_trump: from: the table zone of the card turned up, visible: all");
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
    if (r.zones[b.complete_from].owner != Owner::kTable || r.zones[b.complete_from].dynamic ||
        b.complete_from == m.from)
      reader.Fail(complete["from"], "complete: from: a table zone (the stock), not the turned card's");
    b.up_to = ReadIntValue(reader, reader.Required(complete, "up_to"), r);
    if (b.up_to.parameter < 0 && (b.up_to.literal < 1 || b.up_to.literal > 64))
      reader.Fail(complete["up_to"], "complete: up_to: 1 to 64 cards a hand");
  }
  if (const YAML::Node pick_up = spec["pick_up"]) {
    const std::string who = reader.As<std::string>(pick_up);
    if (who != "taker" && who != "dealer")
      reader.Fail(pick_up,
                  fmt::format("pick_up: '{}'; taker (whoever takes, either time round) or dealer (the seat "
                              "before the round's first, when the turned suit is taken)",
                              who));
    b.dealer_picks_up = who == "dealer";
  }
  // `discard:` names a move, resolved once every move is read.
  if (spec["discard"] && !b.dealer_picks_up)
    reader.Fail(spec["discard"],
                "discard: the dealer discards after picking the turned card up: give pick_up: dealer");
  // The bidding is a phase of its own: no card is played before someone took.
  const YAML::Node next = reader.Required(spec, "next_phase");
  m.next_phase = r.PhaseIndex(reader.As<std::string>(next));
  if (m.next_phase < 0)
    reader.Fail(next, fmt::format("unknown phase '{}'; phases are: {}", next.Scalar(), Join(r.phases)));
}

void CheckTakeTrumpMoves(const YamlReader& reader, const YAML::Node& moves, const Ruleset& r) {
  for (const MoveDecl& m : r.moves) {
    if (m.type != MoveType::kTakeTrump) continue;
    const YAML::Node spec = moves[m.name];
    if (r.tricks.zone < 0 || r.tricks.trump_variable < 0)
      reader.Fail(
          spec["type"],
          "take_trump: the bid sets the trumps, so it needs 'tricks:' with 'trump: {variable: NAME}'");
    if (!spec["phases"] || (m.phases >> m.next_phase & 1u) != 0)
      reader.Fail(spec["type"], "take_trump: give it 'phases:', the bidding's, which next_phase is not");
    // The engine keeps these: one may not serve two purposes.
    for (const char* key : {"taker", "passes"}) {
      const int variable = key[0] == 't' ? m.trump_bid.taker : m.trump_bid.passes;
      if (variable == r.tricks.trump_variable || variable == r.tricks.leader)
        reader.Fail(spec[key], fmt::format("{}: '{}' is already the tricks' trump or leader variable", key,
                                           r.variables[variable].name));
    }
    if (r.tricks.first_lead >= 0)
      reader.Fail(spec["type"],
                  "take_trump: the round's first seat leads once someone took; not with first_lead");
    if (!r.moves[m.trump_bid.pass].ends_turn)
      reader.Fail(spec["pass"], "pass: the bidding's pass must end the turn (ends_turn: true)");
  }
}

}  // namespace tapis
