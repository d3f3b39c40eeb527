#include "interpreter/load/contract_loader.h"

#include <fmt/format.h>

#include "interpreter/model/move.h"

namespace tapis {

void ReadContract(const YamlReader& y, const YAML::Node& node, const Ruleset& r, MoveDecl& move) {
  if (!node.IsMap()) y.Fail(node, "contract: expected {by: VARIABLE, list: [[combination, ...], ...]}");
  y.CheckKeys(node, {"by", "list"});
  const YAML::Node by = y.Required(node, "by");
  move.contract_by = r.VariableIndex(y.As<std::string>(by));
  if (move.contract_by < 0 || r.variables[move.contract_by].owner != Owner::kPlayer)
    y.Fail(by, fmt::format("contract: '{}' is not a player variable", by.Scalar()));
  const YAML::Node list = y.Required(node, "list");
  if (!list.IsSequence() || list.size() == 0)
    y.Fail(list, "contract: list: expected a list of contracts, each a list of combinations");
  for (const auto& entry : list) {
    if (!entry.IsSequence() || entry.size() == 0)
      y.Fail(entry, "a contract is a list of combinations, such as [triple, triple]");
    std::vector<int> parts;
    int cards = 0;
    for (const auto& name : entry) {
      const int c = r.CombinationIndex(y.As<std::string>(name));
      if (c < 0) y.Fail(name, fmt::format("unknown combination '{}'", name.Scalar()));
      if (r.combinations[c].min != r.combinations[c].max)
        y.Fail(name,
               fmt::format("combination '{}' in a contract needs min = max (a fixed size)", name.Scalar()));
      cards += r.combinations[c].min;
      parts.push_back(c);
    }
    if (cards > kMaxMoveCards) y.Fail(entry, fmt::format("a contract lays at most {} cards", kMaxMoveCards));
    move.contracts.push_back(std::move(parts));
  }
}

}  // namespace tapis
