#include "interpreter/load/knock_loader.h"

#include "interpreter/load/card_loader.h"

namespace tapis {

std::vector<int> ReadMeldList(const YamlReader& reader, const YAML::Node& node, const Ruleset& r) {
  if (!node.IsSequence() || node.size() == 0 || node.size() > 8)
    reader.Fail(node, "melds: a list of 1 to 8 combinations, such as [set, run]");
  std::vector<int> melds;
  for (const auto& name : node) {
    const int c = r.CombinationIndex(reader.As<std::string>(name));
    if (c < 0)
      reader.Fail(name, fmt::format("melds: unknown combination '{}'; combinations are: {}", name.Scalar(),
                                    Join(Names(r.combinations))));
    melds.push_back(c);
  }
  return melds;
}

void ReadKnock(const YamlReader& reader, const YAML::Node& node, const Ruleset& r, MoveDecl& m) {
  if (m.type != MoveType::kTake) reader.Fail(node, "knock: only for take moves (the card discarded)");
  if (!node.IsMap()) reader.Fail(node, "knock: a map {melds: [set, run], max: 10, knocker: VARIABLE}");
  reader.CheckKeys(node, {"melds", "max", "knocker"});
  if (r.zones[m.from].owner != Owner::kPlayer || r.zones[m.from].dynamic)
    reader.Fail(node,
                "knock: the move's from: must be a zone each player owns (the hand whose deadwood counts)");
  m.knock.melds = ReadMeldList(reader, reader.Required(node, "melds"), r);
  if (m.to == m.from || m.refill_from >= 0)
    reader.Fail(node,
                "knock: the card goes to another zone (the discard pile), and nothing refills the hand");
  m.knock.max = ReadIntValue(reader, reader.Required(node, "max"), r);
  if (m.knock.max.parameter < 0 && m.knock.max.literal < 0)
    reader.Fail(node["max"], "knock: max: the most deadwood a knock leaves, 0 or more");
  m.knock.knocker = ReadVariable(reader, reader.Required(node, "knocker"), r, Owner::kTable);
}

void CheckKnockMoves(const YamlReader& reader, const YAML::Node& moves, const Ruleset& r) {
  for (const MoveDecl& m : r.moves) {
    if (m.knock.Used() && r.card_points.empty())
      reader.Fail(moves[m.name]["knock"],
                  "knock: deadwood adds up the cards' points: give them under card_points:");
  }
}

void ReadKnockScore(const YamlReader& reader, const YAML::Node& node, Ruleset& r) {
  if (!node.IsMap()) reader.Fail(node, "knock: a map {move: MOVE, gin: 25, undercut: 25, lay_off: true}");
  reader.CheckKeys(node, {"move", "gin", "undercut", "lay_off"});
  Ruleset::KnockScore& k = r.score_knock;
  const YAML::Node move = reader.Required(node, "move");
  k.move = r.MoveIndex(reader.As<std::string>(move));
  if (k.move < 0 || !r.moves[k.move].knock.Used())
    reader.Fail(move, fmt::format("knock: move: '{}' is not a move with knock:", move.Scalar()));
  if (node["gin"]) k.gin = ReadSignedIntValue(reader, node["gin"], r);
  if (node["undercut"]) k.undercut = ReadSignedIntValue(reader, node["undercut"], r);
  k.lay_off = ReadFlag(reader, node, "lay_off", r, true);
}

}  // namespace tapis
