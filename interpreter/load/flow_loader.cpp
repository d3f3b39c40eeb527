// Reads `setup:` and `turn:`: how a round's cards are laid out, and how turns go round
// (docs/rulesets.md#setup, #turn).
#include "interpreter/load/flow_loader.h"

#include <fmt/format.h>

#include "interpreter/load/ask_loader.h"
#include "interpreter/load/capture_loader.h"
#include "interpreter/load/card_loader.h"
#include "interpreter/model/names.h"

namespace tapis {
namespace {

// deal: {random: N} (chance picks 1 to N) or {up_and_down: N} (round r deals r, up to N
// and back down to 1).
void ReadDealSize(const YamlReader& reader, const YAML::Node& node, const Ruleset& rules, SetupStep& s) {
  reader.CheckKeys(node, {"random", "up_and_down"});
  if (node.size() != 1) reader.Fail(node, "deal: give one of {random: N} or {up_and_down: N}");
  const bool random = static_cast<bool>(node["random"]);
  s.size = random ? SetupStep::Size::kRandom : SetupStep::Size::kUpAndDown;
  const YAML::Node most = node[random ? "random" : "up_and_down"];
  s.count = ReadIntValue(reader, most, rules);
  if (s.count.parameter < 0 && s.count.literal < 1)
    reader.Fail(most, fmt::format("{}: the most cards each player gets, 1 or more",
                                  random ? "random" : "up_and_down"));
}

}  // namespace

void ReadSetup(const YamlReader& reader, const YAML::Node& node, Ruleset& rules) {
  if (!node.IsSequence()) reader.Fail(node, "setup: expected a list of steps (shuffle, deal, move, lay)");
  for (const auto& step : node) {
    SetupStep s;
    if (step["shuffle"]) {
      reader.CheckKeys(step, {"shuffle"});
      s.kind = SetupStep::Kind::kShuffle;
      s.from = ReadZone(reader, step["shuffle"], rules);
    } else if (step["deal"] || step["move"]) {
      const bool deal = static_cast<bool>(step["deal"]);
      if (deal) {
        reader.CheckKeys(step, {"deal", "from", "to", "leave", "first_seat"});
        if (step["leave"]) s.leave = ReadIntValue(reader, step["leave"], rules);
        if (step["leave"] && s.leave.parameter < 0 && s.leave.literal < 0)
          reader.Fail(step["leave"], "leave: how many cards of the pack the deal leaves undealt, 0 or more");
        if (step["first_seat"]) {
          s.first_seat = reader.As<int>(step["first_seat"]) - 1;
          if (s.first_seat < 0 || s.first_seat >= rules.min_players)
            reader.Fail(
                step["first_seat"],
                fmt::format("first_seat: a seat from 1 to {} (the fewest players)", rules.min_players));
        }
      } else {
        reader.CheckKeys(step, {"move", "from", "to", "reject", "acts_as"});
        if (step["reject"]) s.reject = ReadFilters(reader, step["reject"], rules.catalog);
        if (step["acts_as"]) s.acts_as_name = reader.As<std::string>(step["acts_as"]);  // moves come later
      }
      s.kind = deal ? SetupStep::Kind::kDeal : SetupStep::Kind::kMove;
      const YAML::Node count = step[deal ? "deal" : "move"];
      if (deal && count.IsMap()) {
        ReadDealSize(reader, count, rules, s);
      } else {
        // "all": until the source is empty (IntValue{-1} stands for it).
        s.count = count.IsScalar() && count.Scalar() == "all" ? IntValue{-1, -1}
                                                              : ReadIntValue(reader, count, rules);
        if (s.count.parameter < 0 && s.count.literal < 0 && count.Scalar() != "all")
          reader.Fail(count, fmt::format("{}: {} cards; give 0 or more, or all", deal ? "deal" : "move",
                                         s.count.literal));
      }
      s.from = ReadZone(reader, reader.Required(step, "from"), rules);
      s.to = ReadZone(reader, reader.Required(step, "to"), rules);
      if (deal && rules.zones[s.to].owner != Owner::kPlayer)
        reader.Fail(step["to"], "deal: the target zone must belong to each player");
    } else if (step["lay"]) {  // the same as the lay: effect, for every player
      reader.CheckKeys(step, {"lay"});
      s.kind = SetupStep::Kind::kLay;
      Trigger read;
      ReadLay(reader, step["lay"], rules, read);
      s.lay = read.lay;
    } else {
      reader.Fail(step, "unknown setup step; expected shuffle, deal, move or lay");
    }
    rules.setup.push_back(s);
  }
}

// acts_as: MOVE in a setup step names a move, read after the setup.
void ResolveSetupMoves(const YamlReader& reader, const YAML::Node& node, Ruleset& rules) {
  bool one = false;
  for (size_t i = 0; i < rules.setup.size(); ++i) {
    SetupStep& step = rules.setup[i];
    if (step.acts_as_name.empty()) continue;
    if (one)
      reader.Fail(node[i]["acts_as"], "acts_as: one setup step at most turns the card that opens play");
    one = true;
    step.acts_as = rules.MoveIndex(step.acts_as_name);
    if (step.acts_as < 0)
      reader.Fail(node[i]["acts_as"],
                  fmt::format("unknown move '{}'; {}", step.acts_as_name,
                              Suggest(step.acts_as_name, Names(rules.moves), "moves are")));
  }
}

void ReadTurn(const YamlReader& reader, const YAML::Node& node, Ruleset& rules) {
  reader.CheckKeys(node, {"first", "actions", "last_round_when_empty", "wins_when_empty",
                          "round_ends_when_empty", "out_when_empty", "redeal", "round_ends_when_low"});
  if (node["redeal"]) ReadRedeal(reader, node["redeal"], rules);
  rules.first_random = node["first"] && node["first"].IsScalar() && node["first"].Scalar() == "random";
  rules.first_player = rules.first_random ? 0 : reader.Optional(node, "first", 1) - 1;
  if (rules.first_player < 0 || rules.first_player >= rules.min_players) {
    reader.Fail(node["first"],
                fmt::format("first: a seat from 1 to {} (the fewest players), or random", rules.min_players));
  }
  if (node["actions"]) {
    rules.actions_per_turn = ReadIntValue(reader, node["actions"], rules);
    const IntValue& a = rules.actions_per_turn;
    if (a.parameter < 0 && a.literal < 1)  // a parameter's value is checked with the others
      reader.Fail(node["actions"],
                  fmt::format("turn: actions: {} action(s) a turn; a turn needs 1 or more, or it "
                              "would never end",
                              a.literal));
    if (a.parameter < 0 && a.literal > kMaxActions)
      reader.Fail(node["actions"],
                  fmt::format("turn: actions: {} action(s) a turn; at most {}", a.literal, kMaxActions));
  }
  if (node["last_round_when_empty"])
    rules.last_round_when_empty = ReadZone(reader, node["last_round_when_empty"], rules);
  if (node["round_ends_when_empty"]) {
    rules.round_ends_when_empty = ReadZone(reader, node["round_ends_when_empty"], rules);
    if (rules.zones[rules.round_ends_when_empty].owner != Owner::kPlayer)
      reader.Fail(node["round_ends_when_empty"], "round_ends_when_empty: a zone each player owns (a hand)");
  }
  if (node["round_ends_when_low"]) {  // {zone: stock, cards: 2}
    const YAML::Node low = node["round_ends_when_low"];
    reader.CheckKeys(low, {"zone", "cards"});
    auto& [zone, cards] = rules.round_ends_when_low;
    zone = ReadZone(reader, reader.Required(low, "zone"), rules);
    if (rules.zones[zone].owner != Owner::kTable || rules.zones[zone].dynamic)
      reader.Fail(low["zone"], "round_ends_when_low: zone: a table zone (the stock)");
    cards = ReadIntValue(reader, reader.Required(low, "cards"), rules);
    if (cards.parameter < 0 && cards.literal < 0)
      reader.Fail(low["cards"],
                  "round_ends_when_low: cards: 0 or more (the round ends when the zone holds as few)");
  }
  if (node["out_when_empty"]) {  // {zone: hand, place: place}
    const YAML::Node out = node["out_when_empty"];
    reader.CheckKeys(out, {"zone", "place"});
    rules.out_when_empty = ReadZone(reader, reader.Required(out, "zone"), rules);
    if (rules.zones[rules.out_when_empty].owner != Owner::kPlayer)
      reader.Fail(out["zone"], "out_when_empty: zone: a zone each player owns (a hand)");
    rules.place_variable = ReadVariable(reader, reader.Required(out, "place"), rules, Owner::kPlayer);
  }
  if (node["wins_when_empty"]) {
    rules.wins_when_empty = ReadZone(reader, node["wins_when_empty"], rules);
    if (rules.zones[rules.wins_when_empty].owner != Owner::kPlayer)
      reader.Fail(node["wins_when_empty"], "wins_when_empty: a zone each player owns (a hand)");
  }
}

}  // namespace tapis
