#include "interpreter/load/move_loader.h"

#include <algorithm>
#include <map>

#include "interpreter/load/ask_loader.h"
#include "interpreter/load/capture_loader.h"
#include "interpreter/load/card_loader.h"
#include "interpreter/load/contract_loader.h"
#include "interpreter/load/effect_loader.h"
#include "interpreter/load/expression_loader.h"
#include "interpreter/load/hand_loader.h"
#include "interpreter/load/keep_loader.h"
#include "interpreter/load/knock_loader.h"
#include "interpreter/load/match_loader.h"
#include "interpreter/load/move_words.h"
#include "interpreter/load/say_loader.h"
#include "interpreter/load/trick_loader.h"
#include "interpreter/load/trump_bid_loader.h"
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

// Whether a move of this type uses cards its player chooses (a draw's card is unseen when
// the move is offered): its `when:` may read the move's card.
bool MovesACard(MoveType type) {
  switch (type) {
    case MoveType::kDraw:
    case MoveType::kPass:
    case MoveType::kNumber:
    case MoveType::kChoose:
    case MoveType::kTakeTrump:
    case MoveType::kAsk:  // its cards are the answer, known once it is made
    case MoveType::kPick:
      return false;
    default:
      return true;
  }
}

// climb: {last: VARIABLE, size: VARIABLE, passes: VARIABLE, pass: MOVE, clear_to: ZONE,
//         clear_under: BOOL, same_size: BOOL, clear_with: {property: value…},
//         clear_enabled: BOOL or $param, lead_may_pass: BOOL}
void ReadClimb(const YamlReader& reader, const YAML::Node& node, const Ruleset& r, MoveDecl& m) {
  reader.CheckKeys(node, {"last", "size", "passes", "pass", "clear_to", "clear_under", "same_size",
                          "clear_with", "clear_enabled", "lead_may_pass"});
  Climb& c = m.climb;
  c.last = ReadVariable(reader, reader.Required(node, "last"), r, Owner::kTable);
  c.size = ReadVariable(reader, reader.Required(node, "size"), r, Owner::kTable);
  c.passes = ReadVariable(reader, reader.Required(node, "passes"), r, Owner::kTable);
  if (c.last == c.size || c.last == c.passes || c.size == c.passes)
    reader.Fail(node, "climb: last, size and passes are three different variables");
  c.clear_to = ReadZone(reader, reader.Required(node, "clear_to"), r);
  if (r.zones[c.clear_to].owner != Owner::kTable || c.clear_to == m.to)
    reader.Fail(node["clear_to"], "climb: clear_to is a table zone other than the pile (a discard)");
  if (r.zones[m.to].owner != Owner::kTable)
    reader.Fail(node, "climb: the play's `to` must be a table zone (the pile)");
  c.clear_under = reader.Optional(node, "clear_under", false);
  c.lead_may_pass = reader.Optional(node, "lead_may_pass", false);
  c.same_size = reader.Optional(node, "same_size", false);
  if (node["clear_with"]) c.clear_with = ReadFilters(reader, node["clear_with"], r.catalog);
  c.clear_enabled = ReadFlag(reader, node, "clear_enabled", r, true);
  c.pass_name = reader.As<std::string>(reader.Required(node, "pass"));  // resolved once every move is read
}

// count: {into: VARIABLE, per: round | turn | row, max: N, ends_round_at: N, while_empty: ZONE}
void ReadCount(const YamlReader& reader, const YAML::Node& node, const Ruleset& r, MoveDecl& m) {
  reader.CheckKeys(node, {"into", "per", "max", "ends_round_at", "while_empty"});
  MoveCount& c = m.count;
  c.variable = ReadVariable(reader, reader.Required(node, "into"), r, Owner::kTable);
  c.per = reader.Word(
      node, "per", MoveCount::Per::kRound,
      {{"round", MoveCount::Per::kRound}, {"turn", MoveCount::Per::kTurn}, {"row", MoveCount::Per::kRow}});
  if (node["max"]) {
    c.has_max = true;
    c.max = ReadCountValue(reader, node["max"], r);
  }
  if (node["ends_round_at"]) {
    c.has_end = true;
    c.ends_round_at = ReadCountValue(reader, node["ends_round_at"], r);
  }
  if (node["while_empty"]) {
    if (c.per != MoveCount::Per::kRow) reader.Fail(node["while_empty"], "while_empty: only with per: row");
    c.while_empty = ReadZone(reader, node["while_empty"], r);
    if (r.zones[c.while_empty].owner != Owner::kTable)
      reader.Fail(node["while_empty"], "while_empty: a zone of the table (the stock)");
  }
}

// follow: [suit, rank] on a take move: what a card must share with the top of the pile.
void ReadFollow(const YamlReader& reader, const YAML::Node& node, const Ruleset& r, MoveDecl& m) {
  if (m.type != MoveType::kTake) reader.Fail(node, "follow: only for take moves (one card onto a pile)");
  if (r.zones[m.to].owner != Owner::kTable)
    reader.Fail(node, "follow: the move's 'to' must be a pile of the table, whose top card is followed");
  if (node.IsSequence()) {
    for (const auto& p : node) m.follow.push_back(ReadProperty(reader, p, r.catalog));
  } else {
    m.follow.push_back(ReadProperty(reader, node, r.catalog));
  }
  if (m.follow.empty() || m.follow.size() > 8) reader.Fail(node, "follow: from 1 to 8 card properties");
}

// declares: ZONE on a choose move whose options are a property's values.
void ReadDeclares(const YamlReader& reader, const YAML::Node& node, const Ruleset& r, MoveDecl& m) {
  if (m.type != MoveType::kChoose || m.option_property < 0)
    reader.Fail(node, "declares: only for a choose move whose options are a card property (options: suit)");
  m.declares = ReadZone(reader, node, r);
  if (r.zones[m.declares].owner != Owner::kTable)
    reader.Fail(node, "declares: a pile of the table, whose top card the option declares");
  const auto& kinds = r.catalog.kinds();
  if (std::none_of(kinds.begin(), kinds.end(),
                   [&](const CardKind& k) { return k.wild == m.option_property; }))
    reader.Fail(node,
                fmt::format("declares: no card is wild for '{}', so nothing could stand for its options "
                            "(cards: wild: {{…, for: {}}})",
                            r.catalog.properties()[m.option_property].name,
                            r.catalog.properties()[m.option_property].name));
}

// The move names that `fallback: [kinds]` and `ask: MOVE` effects give, once all are read.
void ResolveMoveNames(const YamlReader& reader, const YAML::Node& moves,
                      const std::vector<std::pair<size_t, YAML::Node>>& fallback_lists, Ruleset& r) {
  auto index = [&](const YAML::Node& name, const std::string& text) {
    const int k = r.MoveIndex(text);
    if (k < 0)
      reader.Fail(name,
                  fmt::format("unknown move '{}'; {}", text, Suggest(text, Names(r.moves), "moves are")));
    return k;
  };
  for (const auto& [k, list] : fallback_lists) {
    for (const auto& name : list) {
      const int other = index(name, reader.As<std::string>(name));
      if (other == static_cast<int>(k)) reader.Fail(name, "fallback: a move cannot wait for itself");
      r.moves[k].fallback_unless |= 1u << other;
    }
  }
  std::map<int, int> paid_into;  // a draw move: the penalty variable it pays
  for (const auto& entry : moves) {
    MoveDecl& m = r.moves[static_cast<size_t>(r.MoveIndex(entry.first.Scalar()))];
    const YAML::Node then = entry.second["then"];
    for (size_t i = 0; i < m.then.size(); ++i) {
      const YAML::Node item = then.IsSequence() ? then[i] : then;
      if (!m.then[i].ask_name.empty()) m.then[i].ask = index(item["ask"], m.then[i].ask_name);
      Trigger::Penalty& penalty = m.then[i].penalty;
      if (penalty.paid_by_name.empty()) continue;
      const YAML::Node name = item["penalty"]["paid_by"];
      penalty.paid_by = index(name, penalty.paid_by_name);
      if (r.moves[penalty.paid_by].type != MoveType::kDraw)
        reader.Fail(name,
                    fmt::format("penalty: paid_by: '{}' is not a move of type draw", penalty.paid_by_name));
      if (const auto [it, fresh] = paid_into.emplace(penalty.paid_by, penalty.variable);
          !fresh && it->second != penalty.variable)
        reader.Fail(name,
                    fmt::format("penalty: '{}' already pays the penalty kept in '{}'; a draw move pays one",
                                penalty.paid_by_name, r.variables[it->second].name));
    }
    if (!m.trump_bid.pass_name.empty()) {
      const YAML::Node name = entry.second["pass"];
      m.trump_bid.pass = index(name, m.trump_bid.pass_name);
      if (r.moves[m.trump_bid.pass].type != MoveType::kPass)
        reader.Fail(name, fmt::format("pass: '{}' is not a move of type pass", m.trump_bid.pass_name));
    }
    if (const YAML::Node discard = entry.second["discard"]; discard && m.type == MoveType::kTakeTrump)
      m.trump_bid.discard = index(discard, reader.As<std::string>(discard));
    if (!m.climb.pass_name.empty()) {
      const YAML::Node name = entry.second["climb"]["pass"];
      m.climb.pass = index(name, m.climb.pass_name);
      if (r.moves[m.climb.pass].type != MoveType::kPass)
        reader.Fail(name, fmt::format("climb: pass: '{}' is not a move of type pass", m.climb.pass_name));
    }
  }
}

}  // namespace

void ReadMoves(const YamlReader& reader, const YAML::Node& node, Ruleset& r,
               const std::function<std::string(const YAML::Node&)>& function_name) {
  if (!node.IsMap()) reader.Fail(node, "moves: expected a map of name: {type, from, to…}");
  if (node.size() >= kStopMove)
    reader.Fail(node, fmt::format("moves: at most {} kinds of move", kStopMove - 1));
  std::vector<std::pair<size_t, YAML::Node>> fallback_lists;  // move, its `fallback: [kinds]`
  for (const auto& entry : node) {
    const YAML::Node& spec = entry.second;
    reader.CheckKeys(spec, {"type",         "from",
                            "to",           "refill_from",
                            "combination",  "cost",
                            "ends_turn",    "onto_others",
                            "beat",         "in_turn",
                            "phases",       "then",
                            "description",  "bot_weight",
                            "min",          "max",
                            "into",         "except",
                            "next_phase",   "not_total",
                            "adjacent",     "options",
                            "text",         "contract",
                            "by",           "matches",
                            "cards",        "hand",
                            "segment",      "tokens",
                            "takeover",     "strongest",
                            "fallback",     "distinct_in_turn",
                            "follow",       "declares",
                            "count",        "say",
                            "climb",        "size",
                            "deliver",      "direction",
                            "won",          "sweep",
                            "last",         "taker",
                            "passes",       "pass",
                            "second_round", "complete",
                            "pick_up",      "discard",
                            "from_seat",    "knock",
                            "keep",         "when",
                            "optional",     "several"});
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
    if (spec["say"]) m.say = ReadSay(reader, spec["say"], r);
    const auto type = reader.As<std::string>(reader.Required(spec, "type"));
    static const std::map<std::string, MoveType> kTypes = {
        {"draw", MoveType::kDraw},       {"take", MoveType::kTake},
        {"meld", MoveType::kMeld},       {"extend", MoveType::kExtend},
        {"play", MoveType::kPlay},       {"give", MoveType::kGive},
        {"pass", MoveType::kPass},       {"trick", MoveType::kTrick},
        {"number", MoveType::kNumber},   {"place", MoveType::kPlace},
        {"choose", MoveType::kChoose},   {"match", MoveType::kMatch},
        {"line", MoveType::kLine},       {"pass_cards", MoveType::kPassCards},
        {"capture", MoveType::kCapture}, {"take_trump", MoveType::kTakeTrump},
        {"ask", MoveType::kAsk},         {"pick", MoveType::kPick}};
    auto it = kTypes.find(type);
    if (it == kTypes.end())
      reader.Fail(
          spec["type"],
          fmt::format("unknown move type '{}'; expected draw, take, meld, extend, play, give, pass, trick, "
                      "number, place, choose, match, line, pass_cards, capture, take_trump, ask or pick",
                      type));
    m.type = it->second;
    if (m.type == MoveType::kNumber) ReadNumberMove(reader, spec, r, m);
    ReadMoveWords(reader, spec, r.catalog, m);
    if (m.type != MoveType::kPass && m.type != MoveType::kNumber && m.type != MoveType::kChoose) {
      m.from = ReadZone(reader, reader.Required(spec, "from"), r);
      m.to = ReadZone(reader, reader.Required(spec, "to"), r);
    }
    if (m.type == MoveType::kCapture) {
      ReadCaptureMove(reader, spec, r, m);
    } else {
      for (const char* key : {"won", "sweep", "last", "optional", "several"}) {
        if (spec[key]) reader.Fail(spec[key], fmt::format("{}: only for capture moves", key));
      }
    }
    if (m.type == MoveType::kAsk) ReadAskMove(reader, spec, r, m);
    if (m.type == MoveType::kPick) ReadPickMove(reader, spec, r, m);
    if (m.type == MoveType::kTakeTrump) {
      ReadTakeTrumpMove(reader, spec, r, m);
    } else {
      for (const char* key : {"taker", "passes", "pass", "second_round", "complete", "pick_up", "discard"}) {
        if (spec[key]) reader.Fail(spec[key], fmt::format("{}: only for take_trump moves", key));
      }
    }
    if (m.type == MoveType::kPassCards) {
      ReadPassCardsMove(reader, spec, r, m);
    } else {
      for (const char* key : {"size", "deliver", "direction"}) {
        if (spec[key]) reader.Fail(spec[key], fmt::format("{}: only for pass_cards moves", key));
      }
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
      if (spec["climb"]) ReadClimb(reader, spec["climb"], r, m);
    } else if (spec["climb"]) {
      reader.Fail(spec["climb"], "climb: only for play moves");
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
    if (const YAML::Node f = spec["fallback"]; f && f.IsSequence()) {
      fallback_lists.emplace_back(r.moves.size(), f);  // names moves that may come later
    } else {
      m.fallback = reader.Optional(spec, "fallback", false);
    }
    if (spec["follow"]) ReadFollow(reader, spec["follow"], r, m);
    if (spec["knock"]) ReadKnock(reader, spec["knock"], r, m);
    if (spec["keep"]) ReadKeep(reader, spec["keep"], r, m);
    if (spec["declares"]) ReadDeclares(reader, spec["declares"], r, m);
    if (spec["count"]) ReadCount(reader, spec["count"], r, m);
    if (spec["cards"]) m.cards = ReadFilters(reader, spec["cards"], r.catalog);
    if (spec["when"])
      m.when = ReadConditions(reader, spec["when"], r, {"when", true, MovesACard(m.type), true});
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
    if (m.cost < 0 || m.cost > kMaxActions)
      reader.Fail(spec["cost"], fmt::format("cost: {} action(s); from 0 to {}", m.cost, kMaxActions));
    m.ends_turn = reader.Optional(spec, "ends_turn", m.type == MoveType::kPass);
    if (spec["onto_others"]) {
      const YAML::Node o = spec["onto_others"];
      m.onto_others = o.Scalar().rfind("$", 0) == 0 ? ReadIntValue(reader, o, r)
                                                    : IntValue{reader.As<bool>(o) ? 1 : 0, -1};
    }
    if (spec["distinct_in_turn"]) ReadDistinctInTurn(reader, spec["distinct_in_turn"], r, m);
    // A gift, a card passed: answers to a decision.
    m.in_turn = reader.Optional(spec, "in_turn", m.type != MoveType::kGive && m.type != MoveType::kPassCards);
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
  ResolveMoveNames(reader, node, fallback_lists, r);
}

}  // namespace tapis
