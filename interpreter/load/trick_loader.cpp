#include "interpreter/load/trick_loader.h"

#include <algorithm>
#include <map>

#include "interpreter/load/card_loader.h"
#include "interpreter/load/expression_loader.h"

namespace tapis {
namespace {

// trump_order: ["7", "8", Q, K, "10", A, "9", J]: every value of `rank`, once, low to high,
// as `rank`'s own list (a trump suit where the Jack and the Nine lead).
void ReadTrumpOrder(const YamlReader& reader, const YAML::Node& node, const Catalog& catalog, TrickDecl& t) {
  const auto& values = catalog.properties()[t.rank].values;
  if (!node.IsSequence() || node.size() != values.size())
    reader.Fail(node,
                fmt::format("trump_order: list the {} values of '{}' once each, the lowest trump first: {}",
                            values.size(), catalog.properties()[t.rank].name, Join(values)));
  t.trump_order.assign(values.size(), -1);
  for (size_t i = 0; i < node.size(); ++i) {
    const std::string value = reader.As<std::string>(node[i]);
    const auto at = std::find(values.begin(), values.end(), value);
    if (at == values.end() || t.trump_order[at - values.begin()] >= 0)
      reader.Fail(node[i], fmt::format("trump_order: '{}' is not a value of '{}' listed once; its values: {}",
                                       value, catalog.properties()[t.rank].name, Join(values)));
    t.trump_order[at - values.begin()] = static_cast<int>(i);
  }
}

// held: {cards: [{rank: K}, {rank: Q}], trump: true, variable: pair}
void ReadHeld(const YamlReader& reader, const YAML::Node& node, const Ruleset& r, TrickDecl& t) {
  reader.CheckKeys(node, {"cards", "trump", "variable"});
  const YAML::Node cards = reader.Required(node, "cards");
  if (!cards.IsSequence() || cards.size() < 2 || cards.size() > 8)
    reader.Fail(cards, "held: cards: a list of 2 to 8 cards, each a map such as {rank: K}");
  for (const auto& card : cards) t.held.cards.push_back(ReadFilters(reader, card, r.catalog));
  t.held.trump = reader.Optional(node, "trump", false);
  t.held.variable = ReadVariable(reader, reader.Required(node, "variable"), r, Owner::kPlayer);
}

// The place of `value` among the values of property `property`, or a located error.
int ValueOf(const YamlReader& reader, const YAML::Node& node, const Catalog& catalog, int property,
            const char* key) {
  const Property& p = catalog.properties()[property];
  const std::string value = reader.As<std::string>(node);
  const int v = p.ValueIndex(value);
  if (v == kNoValue)
    reader.Fail(node, fmt::format("{}: '{}' is not a value of '{}': {}", key, value, p.name, Join(p.values)));
  return v;
}

// also_trumps: {H: {cards: JD, above: A}, …}: while a suit is trumps, these cards count as
// trumps of it, just above `above` (the left bower).
void ReadAlsoTrumps(const YamlReader& reader, const YAML::Node& node, const Catalog& catalog, TrickDecl& t) {
  if (!node.IsMap())
    reader.Fail(
        node,
        "also_trumps: a map SUIT: {cards: CARD or [CARDS], above: RANK}, such as H: {cards: JD, above: A}");
  const int values = static_cast<int>(catalog.properties()[t.rank].values.size());
  t.also_trumps.assign(catalog.properties()[t.suit].values.size(), {});
  for (const auto& entry : node) {
    const int suit = ValueOf(reader, entry.first, catalog, t.suit, "also_trumps");
    TrickDecl::AlsoTrumps& also = t.also_trumps[suit];
    if (!also.kinds.empty()) reader.Fail(entry.first, "also_trumps: this suit is given twice");
    reader.CheckKeys(entry.second, {"cards", "above"});
    const YAML::Node cards = reader.Required(entry.second, "cards");
    for (const auto& code : cards.IsSequence() ? cards : YAML::Node(std::vector<YAML::Node>{cards})) {
      const auto kind = catalog.KindByCode(reader.As<std::string>(code));
      if (!kind) reader.Fail(code, fmt::format("also_trumps: unknown card '{}'", code.Scalar()));
      if (std::find(also.kinds.begin(), also.kinds.end(), *kind) != also.kinds.end())
        reader.Fail(code, fmt::format("also_trumps: '{}' is listed twice", code.Scalar()));
      also.kinds.push_back(*kind);
    }
    if (also.kinds.empty()) reader.Fail(cards, "also_trumps: cards: name one card at least");
    // A card's place among trumps is a byte (GameConfig::TrickKey).
    if (values + static_cast<int>(also.kinds.size()) > 127)
      reader.Fail(cards,
                  fmt::format("also_trumps: {} ranks and {} cards more; trumps rank at most 127 places",
                              values, also.kinds.size()));
    if (const YAML::Node above = entry.second["above"])
      also.above = ValueOf(reader, above, catalog, t.rank, "above");
  }
}

}  // namespace

void ReadTricks(const YamlReader& reader, const YAML::Node& node, Ruleset& r,
                const std::function<std::string(const YAML::Node&)>& function_name) {
  reader.CheckKeys(node, {"zone",
                          "won",
                          "suit",
                          "rank",
                          "trump",
                          "leader",
                          "count",
                          "must_trump",
                          "must_overtake",
                          "trump_order",
                          "first_lead",
                          "broken",
                          "no_points_first",
                          "partner_excuses",
                          "last_trick",
                          "allow",
                          "on_won",
                          "must_overtrump",
                          "slam",
                          "held",
                          "also_trumps"});
  TrickDecl& t = r.tricks;
  t.zone = ReadZone(reader, reader.Required(node, "zone"), r);
  if (r.zones[t.zone].owner != Owner::kTable || r.zones[t.zone].dynamic)
    reader.Fail(node["zone"], "tricks: the trick's zone must be a table zone");
  if (node["won"]) t.won = ReadZone(reader, node["won"], r);
  t.suit = ReadProperty(reader, reader.Required(node, "suit"), r.catalog);
  t.rank = ReadProperty(reader, reader.Required(node, "rank"), r.catalog);
  for (const char* key : {"suit", "rank"}) {  // a card's trick keys are bytes (GameConfig::TrickKey)
    const Property& p = r.catalog.properties()[key[0] == 's' ? t.suit : t.rank];
    if (p.values.size() > 127)
      reader.Fail(node[key], fmt::format("tricks: {}: '{}' has {} values; tricks allow at most 127", key,
                                         p.name, p.values.size()));
  }
  t.leader = ReadVariable(reader, reader.Required(node, "leader"), r, Owner::kTable);
  if (node["count"]) t.count = ReadVariable(reader, node["count"], r, Owner::kPlayer);
  if (const YAML::Node trump = node["trump"]) {
    if (trump.IsScalar() && trump.Scalar() == "none") {
    } else if (trump.IsMap() && trump["zone"]) {
      reader.CheckKeys(trump, {"zone"});
      t.trump_zone = ReadZone(reader, trump["zone"], r);
    } else if (trump.IsMap() && trump["variable"]) {
      reader.CheckKeys(trump, {"variable"});
      t.trump_variable = ReadVariable(reader, trump["variable"], r, Owner::kTable);
    } else {
      reader.Fail(trump, "trump: expected none, {zone: ZONE} (the suit of its top card) or {variable: NAME}");
    }
  }
  if (const YAML::Node order = node["trump_order"]) ReadTrumpOrder(reader, order, r.catalog, t);
  if (const YAML::Node also = node["also_trumps"]) {
    if (t.trump_zone < 0 && t.trump_variable < 0)
      reader.Fail(also, "also_trumps: the cards count as trumps of the trump suit: give trump: first");
    ReadAlsoTrumps(reader, also, r.catalog, t);
  }
  t.must_trump = ReadFlag(reader, node, "must_trump", r);
  t.must_overtake = ReadFlag(reader, node, "must_overtake", r);
  if (const YAML::Node first = node["first_lead"]) {
    const auto kind = r.catalog.KindByCode(reader.As<std::string>(first));
    if (!kind) reader.Fail(first, fmt::format("first_lead: unknown card '{}'", first.Scalar()));
    t.first_lead = *kind;
  }
  if (node["broken"]) t.broken = ReadFilters(reader, node["broken"], r.catalog);
  // Both read the tricks won to know which trick this is, and what was played.
  t.no_points_first = ReadFlag(reader, node, "no_points_first", r);
  t.partner_excuses = ReadFlag(reader, node, "partner_excuses", r);
  if (node["partner_excuses"] && r.teams == 0)
    reader.Fail(node["partner_excuses"], "partner_excuses: partners are a team's: declare teams: first");
  if (node["last_trick"]) t.last_trick = ReadVariable(reader, node["last_trick"], r, Owner::kPlayer);
  t.must_overtrump = ReadFlag(reader, node, "must_overtrump", r);
  if (node["slam"]) {
    t.slam = ReadVariable(reader, node["slam"], r, Owner::kPlayer);
    if (t.won < 0 || r.zones[t.won].owner != Owner::kPlayer)
      reader.Fail(node["slam"], "slam: needs 'won', a zone each player owns, to know who took every trick");
  }
  if (const YAML::Node held = node["held"]) ReadHeld(reader, held, r, t);
  if ((t.first_lead >= 0 || !t.broken.empty() || node["no_points_first"]) && t.won < 0)
    reader.Fail(node,
                "tricks: first_lead, broken and no_points_first need 'won', the zone the tricks won go to");
  if (node["no_points_first"] && r.card_points.empty())
    reader.Fail(node["no_points_first"], "no_points_first: the points are the card_points: give them");
  if (node["allow"]) t.allow = function_name(node["allow"]);
  if (node["on_won"]) t.on_won = function_name(node["on_won"]);
  for (const MoveDecl& m : r.moves) {
    // Only a trick play says who led the trick; any other move there would leave it with no
    // leader, and the wrong player would win it.
    if (m.type != MoveType::kTrick && m.to == t.zone)
      reader.Fail(node["zone"],
                  fmt::format("move '{}' puts cards into the trick's zone '{}', but is not of type "
                              "'trick': only a trick move plays to a trick (it sets who led it)",
                              m.name, r.zones[t.zone].name));
    if (m.type != MoveType::kTrick) continue;
    if (m.to != t.zone)
      reader.Fail(node["zone"], fmt::format("move '{}' plays to '{}', not to the trick's zone '{}'", m.name,
                                            r.zones[m.to].name, r.zones[t.zone].name));
    t.hand = m.from;
  }
  if (t.hand < 0) reader.Fail(node, "tricks: no move of type 'trick' plays to the trick");
}

namespace {

// A bound written as an expression ("best + 1"): a text that is neither a number nor `$param`.
bool IsExpressionText(const YAML::Node& node) {
  int number = 0;
  return node.IsScalar() && node.Scalar().rfind('$', 0) != 0 && !YAML::convert<int>::decode(node, number);
}

}  // namespace

void ReadNumberMove(const YamlReader& reader, const YAML::Node& spec, const Ruleset& r, MoveDecl& m) {
  if (spec["min"] && IsExpressionText(spec["min"])) {
    m.min_expression = ReadExpression(reader, spec["min"], r, {"min", false, false, true});
  } else if (spec["min"]) {
    m.min_number = ReadIntValue(reader, spec["min"], r);
  }
  const YAML::Node max = reader.Required(spec, "max");
  if (IsExpressionText(max)) {
    m.max_expression = ReadExpression(reader, max, r, {"max", false, false, true});
  } else if (max.IsMap()) {
    reader.CheckKeys(max, {"cards"});
    m.max_cards = ReadZone(reader, reader.Required(max, "cards"), r);
    if (r.zones[m.max_cards].dynamic) reader.Fail(max["cards"], "max: a zone that is not created in play");
  } else {
    m.max_number = ReadIntValue(reader, max, r);
  }
  if (spec["into"]) m.into = ReadVariable(reader, spec["into"], r, Owner::kPlayer);
  if (spec["except"]) m.except = ReadVariable(reader, spec["except"], r, Owner::kTable);
  m.not_total = ReadFlag(reader, spec, "not_total", r);
  if (const YAML::Node next = spec["next_phase"]) {
    m.next_phase = r.PhaseIndex(reader.As<std::string>(next));
    if (m.next_phase < 0)
      reader.Fail(next, fmt::format("unknown phase '{}'; phases are: {}", next.Scalar(), Join(r.phases)));
  }
  if ((m.next_phase >= 0 || spec["not_total"]) && m.into < 0)
    reader.Fail(spec, "next_phase and not_total need 'into': the variable that says who has answered");
}

}  // namespace tapis

namespace tapis {

void ReadPassCardsMove(const YamlReader& reader, const YAML::Node& spec, const Ruleset& r, MoveDecl& m) {
  m.pass_size = ReadIntValue(reader, reader.Required(spec, "size"), r);
  if (m.pass_size.parameter < 0 && (m.pass_size.literal < 1 || m.pass_size.literal > 64))
    reader.Fail(spec["size"], "size: the cards each player passes, 1 to 64");
  m.deliver = ReadZone(reader, reader.Required(spec, "deliver"), r);
  for (const auto& [key, zone] : {std::pair{"from", m.from}, {"to", m.to}, {"deliver", m.deliver}}) {
    if (r.zones[zone].owner != Owner::kPlayer || r.zones[zone].dynamic)
      reader.Fail(spec[key], fmt::format("pass_cards: {}: '{}' must be a zone each player owns", key,
                                         r.zones[zone].name));
  }
  if (m.to == m.from || m.to == m.deliver)
    reader.Fail(spec["to"],
                "pass_cards: to: a zone of its own, where the cards wait unseen until all have passed");
  const YAML::Node direction = reader.Required(spec, "direction");
  auto add = [&](const YAML::Node& word) {
    static const std::map<std::string, PassDirection> kWords = {{"left", PassDirection::kLeft},
                                                                {"right", PassDirection::kRight},
                                                                {"across", PassDirection::kAcross},
                                                                {"none", PassDirection::kNone}};
    const auto it = kWords.find(reader.As<std::string>(word));
    if (it == kWords.end())
      reader.Fail(word, fmt::format("direction: '{}' is not left, right, across or none", word.Scalar()));
    if (it->second == PassDirection::kAcross && (r.min_players % 2 != 0 || r.max_players != r.min_players))
      reader.Fail(word, fmt::format("direction: across needs an even number of players; players are {} to {}",
                                    r.min_players, r.max_players));
    m.pass_directions.push_back(it->second);
  };
  if (direction.IsSequence()) {
    if (direction.size() == 0 || direction.size() > 16)
      reader.Fail(direction, "direction: a list of 1 to 16 directions, one a round, repeated");
    for (const auto& word : direction) add(word);
  } else {
    add(direction);
  }
  if (spec["in_turn"] && reader.As<bool>(spec["in_turn"]))
    reader.Fail(spec["in_turn"],
                "pass_cards: its moves answer the passing each round starts with, not a turn");
}

}  // namespace tapis
