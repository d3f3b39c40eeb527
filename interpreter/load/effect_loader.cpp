#include "interpreter/load/effect_loader.h"

#include <fmt/format.h>

#include "interpreter/load/ask_loader.h"
#include "interpreter/load/card_loader.h"
#include "interpreter/load/expression_loader.h"
#include "interpreter/load/say_loader.h"

namespace tapis {
namespace {

// `for: players|others|team` beside a `set:` of player variables: each of those players is
// in question in turn.
void ReadSetFor(const YamlReader& reader, const YAML::Node& effect, const Ruleset& r, Trigger& t) {
  if (t.set.empty()) reader.Fail(effect["for"], "for: goes with set:, the players whose variables are set");
  t.set_for = reader.Word(effect, "for", Trigger::For::kMover,
                          {{"players", Trigger::For::kPlayers},
                           {"others", Trigger::For::kOthers},
                           {"team", Trigger::For::kTeam}});
  for (const auto& [variable, value] : t.set) {
    if (r.variables[variable].owner != Owner::kPlayer)
      reader.Fail(effect["for"],
                  fmt::format("for: sets player variables; '{}' is the table's", r.variables[variable].name));
  }
}

// `move: {from: ZONE, to: ZONE}`: a whole zone's cards onto another (a count's cards aside).
void ReadGather(const YamlReader& reader, const YAML::Node& node, const Ruleset& r, Trigger& t) {
  if (!node.IsMap()) reader.Fail(node, "move: {from: ZONE, to: ZONE}, every card of one onto the other");
  reader.CheckKeys(node, {"from", "to"});
  t.gather.from = ReadZone(reader, reader.Required(node, "from"), r);
  t.gather.to = ReadZone(reader, reader.Required(node, "to"), r);
  for (const int z : {t.gather.from, t.gather.to}) {
    if (r.zones[z].columns > 0 || r.zones[z].dynamic)
      reader.Fail(node,
                  fmt::format("move: '{}' is a grid or made in play: name plain zones", r.zones[z].name));
  }
  if (t.gather.from == t.gather.to) reader.Fail(node, "move: from and to are two different zones");
}

}  // namespace

// An effect: a Lua function's name, or {script: f, if: {…}, enabled: $p}, or one of the
// engine's own: {ask: MOVE}, {skip: N}, {reverse: true}, {penalty: {draw, into, paid_by}}.
Trigger ReadTrigger(const YamlReader& reader, const YAML::Node& node, const Ruleset& r,
                    const std::function<std::string(const YAML::Node&)>& function_name) {
  Trigger t;
  if (node.IsScalar()) {
    t.function = function_name(node);
    return t;
  }
  reader.CheckKeys(node, {"script", "if", "enabled", "ask", "skip", "reverse", "penalty", "say", "set", "for",
                          "phase", "lay", "next", "move", "end"});
  int kinds = 0;
  for (const char* key :
       {"script", "ask", "skip", "reverse", "penalty", "set", "phase", "lay", "next", "move", "end"})
    kinds += node[key] ? 1 : 0;
  if (kinds != 1)
    reader.Fail(
        node,
        "an effect is one of script: FUNCTION, ask: MOVE, skip: N, reverse: true, penalty: {draw, into, "
        "paid_by}, set: {VARIABLE: EXPRESSION}, phase: NAME, lay: {combination, from, to}, next: SEAT, "
        "move: {from, to} or end: round|game");
  if (const YAML::Node set = node["set"]) {  // {VARIABLE: EXPRESSION}
    if (!set.IsMap() || set.size() == 0 || set.size() > kMaxSetVariables)
      reader.Fail(set, fmt::format("set: a map of 1 to {} variable: expression, such as {{best: number}}",
                                   kMaxSetVariables));
    for (const auto& entry : set) {
      const int v = r.VariableIndex(reader.As<std::string>(entry.first));
      if (v < 0)
        reader.Fail(entry.first,
                    fmt::format("unknown variable '{}'; {}", entry.first.Scalar(),
                                Suggest(entry.first.Scalar(), Names(r.variables), "variables are")));
      t.set.emplace_back(v, ReadExpression(reader, entry.second, r, {"set", false, true, true, true}));
    }
  }
  if (node["for"]) ReadSetFor(reader, node, r, t);
  if (const YAML::Node phase = node["phase"]) {
    t.phase = r.PhaseIndex(reader.As<std::string>(phase));
    if (t.phase < 0)
      reader.Fail(phase, fmt::format("unknown phase '{}'; {}", phase.Scalar(),
                                     Suggest(phase.Scalar(), r.phases, "phases are")));
  }
  if (node["penalty"]) {
    const YAML::Node p = node["penalty"];
    if (!p.IsMap()) reader.Fail(p, "penalty: {draw: N, into: VARIABLE, paid_by: MOVE}");
    reader.CheckKeys(p, {"draw", "into", "paid_by"});
    t.penalty.draw = ReadIntValue(reader, reader.Required(p, "draw"), r);
    if (t.penalty.draw.parameter < 0 && t.penalty.draw.literal < 1)
      reader.Fail(p["draw"], "penalty: draw: the cards to draw, 1 or more");
    t.penalty.variable = ReadVariable(reader, reader.Required(p, "into"), r, Owner::kTable);
    t.penalty.paid_by_name = reader.As<std::string>(reader.Required(p, "paid_by"));  // resolved with `ask`
  }
  if (node["lay"]) ReadLay(reader, node["lay"], r, t);
  if (node["move"]) ReadGather(reader, node["move"], r, t);
  if (node["end"])
    t.end = reader.Word(node, "end", Trigger::End::kNothing,
                        {{"round", Trigger::End::kRound}, {"game", Trigger::End::kGame}});
  if (node["next"]) t.next = ReadExpression(reader, node["next"], r, {"next", false, true, true, true});
  if (node["script"]) t.function = function_name(node["script"]);
  if (node["ask"]) t.ask_name = reader.As<std::string>(node["ask"]);  // resolved once every move is read
  if (node["skip"]) {
    t.skip = reader.As<int>(node["skip"]);
    if (t.skip < 1 || t.skip >= kMaxPlayers)
      reader.Fail(node["skip"], "skip: the players passed over, from 1");
  }
  if (node["reverse"]) {
    t.reverse = reader.As<bool>(node["reverse"]);
    if (!t.reverse) reader.Fail(node["reverse"], "reverse: true, or leave the effect out");
  }
  if (node["if"] && node["if"].IsScalar()) {  // a condition on the state: `if: "count(hand) == 0"`
    t.condition = ReadExpression(reader, node["if"], r, {"if", true, true, true, true});
  } else if (node["if"]) {
    t.when = ReadFilters(reader, node["if"], r.catalog);
  }
  t.enabled = ReadFlag(reader, node, "enabled", r, true);
  if (node["say"]) t.say = ReadSay(reader, node["say"], r);
  return t;
}

}  // namespace tapis
