#include "interpreter/load/hand_loader.h"

#include <algorithm>
#include <numeric>

#include "interpreter/load/card_loader.h"
#include "interpreter/mechanisms/hand_rank.h"

namespace tapis {
namespace {

HandKind ReadKind(const YamlReader& y, const YAML::Node& spec) {
  y.CheckKeys(spec, {"name", "sets", "run", "flush", "cards"});
  HandKind k;
  k.name = y.As<std::string>(y.Required(spec, "name"));
  if (spec["sets"]) {
    if (!spec["sets"].IsSequence()) y.Fail(spec["sets"], "sets: a list of group sizes, like [3, 2]");
    for (const auto& n : spec["sets"]) k.sets.push_back(y.As<int>(n));
    if (k.sets.empty() || std::any_of(k.sets.begin(), k.sets.end(), [](int n) { return n < 1; }))
      y.Fail(spec["sets"], "sets: group sizes of 1 or more");
    if (!std::is_sorted(k.sets.begin(), k.sets.end(), std::greater<>()))
      y.Fail(spec["sets"], "sets: write the largest group first ([3, 2], not [2, 3])");
    k.cards = std::accumulate(k.sets.begin(), k.sets.end(), 0);
  }
  k.run = y.Optional(spec, "run", 0);
  if (k.run < 0 || (k.run > 0 && !k.sets.empty())) y.Fail(spec, "a hand kind is either 'sets' or 'run: N'");
  if (k.run > 0) k.cards = k.run;
  k.flush = y.Optional(spec, "flush", false);
  if (spec["cards"]) {
    const int cards = y.As<int>(spec["cards"]);
    if (k.cards > 0 && cards != k.cards)
      y.Fail(spec["cards"],
             fmt::format("cards: {} says otherwise than its sets or run ({})", cards, k.cards));
    k.cards = cards;
  }
  if (k.cards < 1 || k.cards > kHandTieRanks)
    y.Fail(spec, fmt::format("hand kind '{}': give it sets, a run or cards, of 1 to {} cards", k.name,
                             kHandTieRanks));
  return k;
}

}  // namespace

void ReadHands(const YamlReader& y, const YAML::Node& node, Ruleset& r) {
  if (!node.IsMap()) y.Fail(node, "hands: expected a map of name: {rank, suit, kinds}");
  for (const auto& entry : node) {
    const YAML::Node& spec = entry.second;
    y.CheckKeys(spec, {"rank", "suit", "low_top", "kinds"});
    HandRanking h;
    h.name = entry.first.as<std::string>();
    h.rank = ReadProperty(y, y.Required(spec, "rank"), r.catalog);
    h.suit = spec["suit"] ? ReadProperty(y, spec["suit"], r.catalog) : h.rank;
    if (r.catalog.properties()[h.rank].values.size() > kHandMaxRanks)
      y.Fail(spec["rank"], fmt::format("hands rank at most {} values", kHandMaxRanks));
    h.low_top = y.Optional(spec, "low_top", false);
    const YAML::Node kinds = y.Required(spec, "kinds");
    if (!kinds.IsSequence() || kinds.size() == 0) y.Fail(kinds, "kinds: a list of hand kinds, lowest first");
    for (const auto& k : kinds) {
      h.kinds.push_back(ReadKind(y, k));
      if (k["flush"] && !spec["suit"]) y.Fail(k, "a flush needs the ranking's 'suit:'");
    }
    r.hands.push_back(std::move(h));
  }
}

void ReadLineMove(const YamlReader& y, const YAML::Node& spec, Ruleset& r, MoveDecl& m) {
  if (r.zones[m.to].columns == 0)
    y.Fail(spec["to"], fmt::format("line: zone '{}' is not a grid", r.zones[m.to].name));
  const ZoneDecl& grid = r.zones[m.to];
  if (grid.growing || grid.columns * grid.rows > 256)
    y.Fail(spec["to"], "line: a grid of fixed size, of at most 256 cells");
  const YAML::Node hand = y.Required(spec, "hand");
  m.hand = r.HandIndex(y.As<std::string>(hand));
  if (m.hand < 0) {
    y.Fail(hand, fmt::format("unknown hand ranking '{}'; hands are: {}", hand.Scalar(), Join(Names(r.hands))));
  }
  if (spec["segment"]) {
    y.CheckKeys(spec["segment"], {"min", "max"});
    const int low = y.Optional(spec["segment"], "min", 2), high = y.Optional(spec["segment"], "max", 5);
    if (low < 1 || high < low || high > kHandTieRanks)
      y.Fail(spec["segment"], fmt::format("segment: need 1 <= min <= max <= {}", kHandTieRanks));
    m.segment_min = static_cast<int8_t>(low);  // checked first: a byte each
    m.segment_max = static_cast<int8_t>(high);
  }
  if (spec["tokens"]) {
    m.tokens = r.VariableIndex(y.As<std::string>(spec["tokens"]));
    if (m.tokens < 0 || r.variables[m.tokens].owner != Owner::kPlayer)
      y.Fail(spec["tokens"], "tokens: the name of a player variable (the tokens each player has left)");
  }
  if (spec["takeover"]) {
    const YAML::Node t = spec["takeover"];
    if (t.IsScalar() && t.Scalar().rfind("$", 0) == 0) {
      m.takeover = ReadIntValue(y, t, r);
      const Parameter& p = r.parameters[m.takeover.parameter];
      if (p.type != Parameter::Type::kChoice || p.choices.size() != std::size(kTakeoverWords) ||
          !std::equal(p.choices.begin(), p.choices.end(), std::begin(kTakeoverWords)))
        y.Fail(t, "takeover: the parameter must be a choice of [higher_hand, higher_kind], in that order");
    } else {
      m.takeover.literal = static_cast<int>(
          y.Word(spec, "takeover", Takeover::kHigherHand,
                 {{"higher_hand", Takeover::kHigherHand}, {"higher_kind", Takeover::kHigherKind}}));
    }
  }
  if (spec["strongest"]) {
    const YAML::Node s = spec["strongest"];
    m.strongest = s.Scalar().rfind("$", 0) == 0 ? ReadIntValue(y, s, r) : IntValue{y.As<bool>(s) ? 1 : 0, -1};
  }
}

}  // namespace tapis
