#include "interpreter/load/move_loader.h"

#include <algorithm>
#include <map>

#include "interpreter/load/card_loader.h"
#include "interpreter/load/contract_loader.h"
#include "interpreter/load/hand_loader.h"
#include "interpreter/load/match_loader.h"
#include "interpreter/load/move_words.h"
#include "interpreter/load/trick_loader.h"
#include "interpreter/model/move.h"

namespace tapis {
namespace {

// `distinct_in_turn: PROPERTY`, or `$param`: a choice parameter whose values are properties
// or `none` (no rule).
void ReadDistinctInTurn(const YamlReader& reader, const YAML::Node& node, const Ruleset& r, MoveDecl& m) {
  if (m.type != MoveType::kMeld) reader.Fail(node, "distinct_in_turn: only for meld moves");
  if (!node.IsScalar() || node.Scalar().rfind("$", 0) != 0) {
    m.distinct_in_turn.literal = ReadProperty(reader, node, r.catalog);
    return;
  }
  m.distinct_in_turn = ReadIntValue(reader, node, r);
  const Parameter& p = r.parameters[m.distinct_in_turn.parameter];
  if (p.type != Parameter::Type::kChoice)
    reader.Fail(node,
                fmt::format("distinct_in_turn: '{}' must be a choice of card properties or none", p.name));
  for (const std::string& choice : p.choices) {
    const int property = choice == "none" ? -1 : r.catalog.PropertyIndex(choice);
    if (property < 0 && choice != "none")
      reader.Fail(node,
                  fmt::format("distinct_in_turn: the choice '{}' of '{}' is not a card property (or none); "
                              "properties are: {}",
                              choice, p.name, r.catalog.PropertyNames()));
    m.distinct_choices.push_back(property);
  }
}

Trigger ReadTrigger(const YamlReader& reader, const YAML::Node& node, const Ruleset& r,
                    const std::function<std::string(const YAML::Node&)>& function_name) {
  Trigger t;
  if (node.IsScalar()) {
    t.function = function_name(node);
    return t;
  }
  reader.CheckKeys(node, {"script", "if"});
  t.function = function_name(reader.Required(node, "script"));
  if (node["if"]) t.when = ReadFilters(reader, node["if"], r.catalog);
  return t;
}

}  // namespace

void ReadMoves(const YamlReader& reader, const YAML::Node& node, Ruleset& r,
               const std::function<std::string(const YAML::Node&)>& function_name) {
  if (!node.IsMap()) reader.Fail(node, "moves: expected a map of name: {type, from, to…}");
  if (node.size() >= kStopMove)
    reader.Fail(node, fmt::format("moves: at most {} kinds of move", kStopMove - 1));
  for (const auto& entry : node) {
    const YAML::Node& spec = entry.second;
    reader.CheckKeys(spec, {"type",        "from",
                            "to",          "refill_from",
                            "combination", "cost",
                            "ends_turn",   "onto_others",
                            "beat",        "in_turn",
                            "phases",      "then",
                            "description", "bot_weight",
                            "min",         "max",
                            "into",        "except",
                            "next_phase",  "not_total",
                            "adjacent",    "options",
                            "text",        "contract",
                            "by",          "matches",
                            "cards",       "hand",
                            "segment",     "tokens",
                            "takeover",    "strongest",
                            "fallback",    "distinct_in_turn"});
    MoveDecl m;
    m.name = entry.first.as<std::string>();
    static const char* const kReserved[] = {"stop", "help", "undo", "save", "quit", "exit"};
    if (std::find(std::begin(kReserved), std::end(kReserved), m.name) != std::end(kReserved) ||
        m.name.find_first_of(" ?=") != std::string::npos) {
      reader.Fail(entry.first,
                  fmt::format("'{}' is reserved by the engine or not a plain word (stop, help, undo, save, "
                              "quit and exit are taken)",
                              m.name));
    }
    m.description = reader.Optional(spec, "description", std::string());
    const auto type = reader.As<std::string>(reader.Required(spec, "type"));
    static const std::map<std::string, MoveType> kTypes = {
        {"draw", MoveType::kDraw},     {"take", MoveType::kTake},     {"meld", MoveType::kMeld},
        {"extend", MoveType::kExtend}, {"play", MoveType::kPlay},     {"give", MoveType::kGive},
        {"pass", MoveType::kPass},     {"trick", MoveType::kTrick},   {"number", MoveType::kNumber},
        {"place", MoveType::kPlace},   {"choose", MoveType::kChoose}, {"match", MoveType::kMatch},
        {"line", MoveType::kLine}};
    auto it = kTypes.find(type);
    if (it == kTypes.end())
      reader.Fail(
          spec["type"],
          fmt::format("unknown move type '{}'; expected draw, take, meld, extend, play, give, pass, trick, "
                      "number, place, choose, match or line",
                      type));
    m.type = it->second;
    if (m.type == MoveType::kNumber) ReadNumberMove(reader, spec, r, m);
    ReadMoveWords(reader, spec, r.catalog, m);
    if (m.type != MoveType::kPass && m.type != MoveType::kNumber && m.type != MoveType::kChoose) {
      m.from = ReadZone(reader, reader.Required(spec, "from"), r);
      m.to = ReadZone(reader, reader.Required(spec, "to"), r);
    }
    if (spec["refill_from"]) m.refill_from = ReadZone(reader, spec["refill_from"], r);
    if (m.type == MoveType::kGive && r.zones[m.to].owner != Owner::kPlayer) {
      reader.Fail(spec["to"], "give: the zone given to must belong to each player");
    }
    if (m.type == MoveType::kPlay) {
      const YAML::Node c = reader.Required(spec, "combination");
      m.combination = r.CombinationIndex(reader.As<std::string>(c));
      if (m.combination < 0 || r.combinations[m.combination].kind != Combination::Kind::kSet) {
        reader.Fail(c, fmt::format("play needs a set combination (cards of one value); combinations are: {}",
                                   Join(Names(r.combinations))));
      }
      m.beat = reader.Word(spec, "beat", Beat::kAny,
                           {{"any", Beat::kAny}, {"at_least", Beat::kAtLeast}, {"above", Beat::kAbove}});
    }
    if (m.type == MoveType::kPlace) {
      if (r.zones[m.to].columns == 0)
        reader.Fail(spec["to"],
                    fmt::format("place: zone '{}' is not a grid (give it 'grid: {{columns, rows}}')",
                                r.zones[m.to].name));
      m.adjacent = reader.Word(spec, "adjacent", 0, {{"orthogonal", 1}, {"all", 2}});
    } else if (spec["adjacent"]) {
      reader.Fail(spec["adjacent"], "adjacent: only for place moves");
    }
    if (spec["contract"]) {
      if (m.type != MoveType::kMeld)
        reader.Fail(spec["contract"], "contract: only a meld move lays a contract");
      ReadContract(reader, spec["contract"], r, m);
      if (!r.zones[m.to].dynamic) reader.Fail(spec["to"], "meld: the zone must be dynamic (one per meld)");
    }
    if (m.type == MoveType::kMatch) ReadMatchMove(reader, spec, r, m);
    if (m.type == MoveType::kLine) {
      ReadLineMove(reader, spec, r, m);
    } else {
      for (const char* key : {"hand", "segment", "tokens", "takeover", "strongest"}) {
        if (spec[key]) reader.Fail(spec[key], fmt::format("{}: only for line moves", key));
      }
    }
    m.fallback = reader.Optional(spec, "fallback", false);
    if (spec["cards"]) m.cards = ReadFilters(reader, spec["cards"], r.catalog);
    if ((m.type == MoveType::kMeld && m.contracts.empty()) || m.type == MoveType::kExtend) {
      const YAML::Node c = reader.Required(spec, "combination");
      m.combination = r.CombinationIndex(reader.As<std::string>(c));
      if (m.combination < 0)
        reader.Fail(c, fmt::format("unknown combination '{}'; combinations are: {}", c.Scalar(),
                                   Join(Names(r.combinations))));
      if (!r.zones[m.to].dynamic)
        reader.Fail(spec["to"],
                    fmt::format("{}: zone '{}' must be dynamic (one per meld)", type, r.zones[m.to].name));
    }
    m.cost = reader.Optional(spec, "cost", m.type == MoveType::kPass ? 0 : 1);
    m.ends_turn = reader.Optional(spec, "ends_turn", m.type == MoveType::kPass);
    if (spec["onto_others"]) {
      const YAML::Node o = spec["onto_others"];
      m.onto_others = o.Scalar().rfind("$", 0) == 0 ? ReadIntValue(reader, o, r)
                                                    : IntValue{reader.As<bool>(o) ? 1 : 0, -1};
    }
    if (spec["distinct_in_turn"]) ReadDistinctInTurn(reader, spec["distinct_in_turn"], r, m);
    m.in_turn = reader.Optional(spec, "in_turn", m.type != MoveType::kGive);  // a gift answers a decision
    m.bot_weight = reader.Optional(spec, "bot_weight", 1.0);
    if (m.bot_weight <= 0) reader.Fail(spec["bot_weight"], "bot_weight must be above 0");
    if (spec["phases"]) {
      if (r.phases.empty())
        reader.Fail(spec["phases"], "this move names phases, but the ruleset declares no 'phases:'");
      m.phases = 0;
      const YAML::Node ph = spec["phases"];
      auto add = [&](const YAML::Node& name) {
        const int i = r.PhaseIndex(reader.As<std::string>(name));
        if (i < 0)
          reader.Fail(name, fmt::format("unknown phase '{}'; phases are: {}", name.Scalar(), Join(r.phases)));
        m.phases |= 1u << i;
      };
      if (ph.IsSequence()) {
        for (const auto& name : ph) add(name);
      } else {
        add(ph);
      }
    }
    if (const YAML::Node then = spec["then"]; then && then.IsSequence()) {
      if (then.size() > kMaxEffectsPerMove)
        reader.Fail(then, fmt::format("then: at most {} effects a move", kMaxEffectsPerMove));
      for (const auto& item : then) m.then.push_back(ReadTrigger(reader, item, r, function_name));
    } else if (then && !then.IsNull()) {
      m.then.push_back(ReadTrigger(reader, then, r, function_name));
    }
    r.moves.push_back(std::move(m));
  }
  if (r.moves.size() > 32) reader.Fail(node, "at most 32 move kinds");
}

}  // namespace tapis
