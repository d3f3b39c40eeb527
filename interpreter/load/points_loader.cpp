#include "interpreter/load/points_loader.h"

#include <algorithm>
#include <map>

#include "interpreter/load/card_loader.h"
#include "interpreter/load/expression_loader.h"
#include "interpreter/load/knock_loader.h"

namespace tapis {
namespace {

// points: N, or {PROPERTY: {VALUE: N, …}, …} (unlisted values are worth 0).
void ReadRulePoints(const YamlReader& reader, const YAML::Node& node, const Ruleset& r, PointRule& rule) {
  if (node.IsScalar()) {
    rule.points = ReadSignedIntValue(reader, node, r);
    return;
  }
  if (!node.IsMap())
    reader.Fail(node, "points: a number, or a map of property: {value: points…}, such as {rank: {J: 10}}");
  for (const auto& entry : node) {
    const int property = ReadProperty(reader, entry.first, r.catalog);
    const Property& p = r.catalog.properties()[property];
    if (!entry.second.IsMap())
      reader.Fail(entry.second, fmt::format("points: {}: expected a map of value: points, such as {{{}: 10}}",
                                            p.name, p.values.empty() ? "A" : p.values.front()));
    std::vector<int> by_value(p.values.size(), 0);
    for (const auto& item : entry.second) {
      const auto value = reader.As<std::string>(item.first);
      const int v = p.ValueIndex(value);
      if (v == kNoValue)
        reader.Fail(item.first, fmt::format("'{}' is not a value of '{}'; its values are: {}", value, p.name,
                                            Join(p.values)));
      by_value[v] = reader.As<int>(item.second);
    }
    rule.by.emplace_back(property, std::move(by_value));
  }
}

// made: / missed: {points: N, per_won: N, per_difference: N}, each N an integer, $param or -$param.
ScoreTerms ReadScoreTerms(const YamlReader& reader, const YAML::Node& node, const Ruleset& r) {
  ScoreTerms terms;
  if (!node) return terms;
  if (!node.IsMap())
    reader.Fail(node, "expected {points: N, per_won: N, per_difference: N} (each may be omitted: 0)");
  reader.CheckKeys(node, {"points", "per_won", "per_difference"});
  if (node["points"]) terms.points = ReadSignedIntValue(reader, node["points"], r);
  if (node["per_won"]) terms.per_won = ReadSignedIntValue(reader, node["per_won"], r);
  if (node["per_difference"]) terms.per_difference = ReadSignedIntValue(reader, node["per_difference"], r);
  return terms;
}

// bid: and won: name player variables; made: and missed: what each outcome scores.
void ReadContractScore(const YamlReader& reader, const YAML::Node& node, Ruleset& r) {
  const bool any = node["bid"] || node["won"] || node["made"] || node["missed"];
  if (!any) return;
  if (!node["bid"] || !node["won"])
    reader.Fail(node, "score: a contract needs both bid: and won: (the player variables compared)");
  ContractScore& c = r.contract_score;
  c.bid = ReadVariable(reader, node["bid"], r, Owner::kPlayer);
  c.won = ReadVariable(reader, node["won"], r, Owner::kPlayer);
  c.made = ReadScoreTerms(reader, node["made"], r);
  c.missed = ReadScoreTerms(reader, node["missed"], r);
}

// take_all: others, minus or none; or $param, a choice of those words.
void ReadTakeAll(const YamlReader& reader, const YAML::Node& node, Ruleset& r) {
  using TakeAll = Ruleset::TakeAll;
  static const std::map<std::string, TakeAll> kWords = {
      {"none", TakeAll::kNone}, {"others", TakeAll::kOthers}, {"minus", TakeAll::kMinus}};
  auto meaning = [&](const std::string& word, const YAML::Node& where) {
    const auto it = kWords.find(word);
    if (it == kWords.end())
      reader.Fail(where, fmt::format("take_all: '{}' is not others, minus or none", word));
    return it->second;
  };
  if (r.score_plus < 0)
    reader.Fail(node, "take_all: needs plus:, the zone whose points a player may take all of");
  if (node.IsScalar() && node.Scalar().rfind("$", 0) == 0) {
    r.take_all_parameter = ReadIntValue(reader, node, r).parameter;
    const Parameter& p = r.parameters[r.take_all_parameter];
    if (p.type != Parameter::Type::kChoice)
      reader.Fail(node, fmt::format("take_all: '{}' must be a choice of others, minus and none", p.name));
    for (const std::string& choice : p.choices) r.take_all_by_choice.push_back(meaning(choice, node));
    return;
  }
  r.take_all = meaning(reader.As<std::string>(node), node);
}

}  // namespace

void ReadCardPoints(const YamlReader& reader, const YAML::Node& node, Ruleset& r) {
  if (!node.IsSequence() || node.size() == 0 || node.size() > 64)
    reader.Fail(
        node, "card_points: a list of 1 to 64 rules {if: {…}, points: …}; the first that fits a card counts");
  for (const auto& item : node) {
    if (!item.IsMap()) reader.Fail(item, "card_points: each rule is a map {if: {…}, points: …}");
    reader.CheckKeys(item, {"if", "points", "enabled", "trump"});
    PointRule rule;
    if (item["if"]) rule.when = ReadFilters(reader, item["if"], r.catalog);
    ReadRulePoints(reader, reader.Required(item, "points"), r, rule);
    rule.enabled = ReadFlag(reader, item, "enabled", r, true);
    if (item["trump"]) rule.trump = reader.As<bool>(item["trump"]) ? 1 : 0;
    r.card_points.push_back(std::move(rule));
  }
}

// What a round's score calls a part: a short name for players ("primiera", "last trick").
std::string ReadScoreName(const YamlReader& reader, const YAML::Node& node, std::string_view key) {
  const std::string name = node.IsScalar() ? node.Scalar() : "";
  if (name.empty() || name.size() > 32 || name.find_first_of("\n\t") != std::string::npos)
    reader.Fail(node, fmt::format("{}: a short name players read in the round's score (1 to 32 "
                                  "characters on one line), such as \"last trick\"",
                                  key));
  return name;
}

// formula: EXPRESSION, or {NAME: EXPRESSION, …}: named parts, added up in their order.
void ReadScoreFormulas(const YamlReader& reader, const YAML::Node& node, Ruleset& r) {
  const ExpressionPlace place{"formula", false, false, true};
  if (!node.IsMap()) {
    r.score_formulas.push_back({"", ReadExpression(reader, node, r, place)});
    return;
  }
  if (node.size() == 0 || node.size() > 16)
    reader.Fail(
        node,
        "formula: an expression, or a map of 1 to 16 named ones, such as {aces: count(won, rank == A)}");
  for (const auto& entry : node) {
    r.score_formulas.push_back(
        {ReadScoreName(reader, entry.first, "formula"), ReadExpression(reader, entry.second, r, place)});
  }
}

// most: [{zone: won, if: {suit: D}, points: 1}, {zone: won, best: {per: suit, values: {…}, every: true}}]
void ReadMajorities(const YamlReader& reader, const YAML::Node& node, Ruleset& r) {
  if (!node.IsSequence() || node.size() == 0 || node.size() > 32)
    reader.Fail(node, "most: a list of 1 to 32 majorities, such as {zone: won, if: {suit: D}}");
  for (const auto& item : node) {
    if (!item.IsMap()) reader.Fail(item, "most: each majority is a map {zone, if, best, points, name}");
    reader.CheckKeys(item, {"zone", "if", "best", "points", "name"});
    Majority m;
    if (item["name"]) m.name = ReadScoreName(reader, item["name"], "most: name");
    m.zone = ReadZone(reader, reader.Required(item, "zone"), r);
    if (r.zones[m.zone].owner != Owner::kPlayer || r.zones[m.zone].dynamic)
      reader.Fail(item["zone"], "most: zone: a zone each player owns (the cards won)");
    if (item["if"]) m.when = ReadFilters(reader, item["if"], r.catalog);
    if (item["points"]) m.points = ReadSignedIntValue(reader, item["points"], r);
    if (const YAML::Node best = item["best"]) {
      reader.CheckKeys(best, {"per", "values", "every"});
      m.per = ReadProperty(reader, reader.Required(best, "per"), r.catalog);
      if (!best["values"] || !best["values"].IsMap())
        reader.Fail(best["values"] ? best["values"] : best,
                    "best: values: a map of property: {value: worth…}, such as {rank: {\"7\": 21}}");
      ReadRulePoints(reader, best["values"], r, m.worth);
      m.every = reader.Optional(best, "every", false);
    }
    r.score_most.push_back(std::move(m));
  }
}

// taker: {variable: taker, keeps: [pair]}: the bonuses kept are some of `bonus:`'s.
void ReadTakerScore(const YamlReader& reader, const YAML::Node& node, Ruleset& r) {
  reader.CheckKeys(node, {"variable", "keeps"});
  r.score_taker.variable = ReadVariable(reader, reader.Required(node, "variable"), r, Owner::kTable);
  if (r.score_taker.variable == r.tricks.leader || r.score_taker.variable == r.tricks.trump_variable)
    reader.Fail(node["variable"],
                "taker: variable: the seat that took, not the tricks' leader or trump variable");
  const YAML::Node keeps = node["keeps"];
  if (!keeps) return;
  if (!keeps.IsSequence()) reader.Fail(keeps, "keeps: a list of the variables of bonus:, such as [pair]");
  for (const auto& name : keeps) {
    const int variable = ReadVariable(reader, name, r, Owner::kPlayer);
    if (std::none_of(r.score_bonus.begin(), r.score_bonus.end(),
                     [&](const auto& b) { return b.first == variable; }))
      reader.Fail(name, fmt::format("keeps: '{}' is not one of the score's bonus: variables", name.Scalar()));
    r.score_taker.keeps.push_back(variable);
  }
}

void ReadScoreMap(const YamlReader& reader, const YAML::Node& node, Ruleset& r) {
  reader.CheckKeys(node, {"plus", "minus", "bid", "won", "made", "missed", "team", "take_all", "bonus",
                          "taker", "most", "melds", "knock", "formula"});
  if (const YAML::Node bonus = node["bonus"]) {  // {VARIABLE: N}: N points per unit of a player variable
    if (!bonus.IsMap() || bonus.size() == 0)
      reader.Fail(bonus, "bonus: a map of player variable: points per unit, such as {der: 10}");
    for (const auto& entry : bonus)
      r.score_bonus.emplace_back(ReadVariable(reader, entry.first, r, Owner::kPlayer),
                                 ReadSignedIntValue(reader, entry.second, r));
  }
  auto zone = [&](const char* key) {
    const int z = ReadZone(reader, node[key], r);
    if (r.zones[z].owner != Owner::kPlayer || r.zones[z].dynamic)
      reader.Fail(node[key], fmt::format("score: {}: a zone each player owns (a hand, the tricks won)", key));
    return z;
  };
  if (node["plus"]) r.score_plus = zone("plus");
  if (node["minus"]) r.score_minus = zone("minus");
  if ((r.score_plus >= 0 || r.score_minus >= 0) && r.card_points.empty())
    reader.Fail(node, "score: {plus, minus} adds up the cards' points: give them under card_points:");
  ReadContractScore(reader, node, r);
  if (node["take_all"]) ReadTakeAll(reader, node["take_all"], r);
  if (node["team"]) {
    r.score_by_team = reader.As<bool>(node["team"]);
    if (r.score_by_team && r.teams == 0)
      reader.Fail(node["team"], "score: team: partners share their team's points; declare teams: first");
  }
  if (const YAML::Node taker = node["taker"]) ReadTakerScore(reader, taker, r);
  if (const YAML::Node most = node["most"]) ReadMajorities(reader, most, r);
  if (const YAML::Node melds = node["melds"]) {  // [set, run]: the combinations deadwood is left out of
    if (r.score_minus < 0)
      reader.Fail(melds, "melds: needs minus:, the zone whose cards left out of melds count");
    r.score_melds = ReadMeldList(reader, melds, r);
  }
  if (const YAML::Node knock = node["knock"]) ReadKnockScore(reader, knock, r);
  if (const YAML::Node formula = node["formula"]) ReadScoreFormulas(reader, formula, r);
  if (r.score_formulas.empty() && r.score_plus < 0 && r.score_minus < 0 && r.contract_score.bid < 0 &&
      r.score_bonus.empty() && r.score_most.empty() && r.score_knock.move < 0)
    reader.Fail(
        node,
        "score: a Lua function's name, {plus: ZONE, minus: ZONE} to add up the card_points, "
        "{bid: VARIABLE, won: VARIABLE, made: …, missed: …} to score a contract, bonus:, most:, knock: or "
        "formula:");
}

}  // namespace tapis
