#include "interpreter/model/game_config.h"

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>

#include "interpreter/model/errors.h"

namespace tapis {
namespace {

Error UsageError(const std::string& message) { return Error(ErrorKind::kUsage, message); }

int ParseSetting(const Parameter& p, const std::string& text) {
  switch (p.type) {
    case Parameter::Type::kBool:
      if (text == "true" || text == "1" || text == "yes" || text == "on") return 1;
      if (text == "false" || text == "0" || text == "no" || text == "off") return 0;
      throw UsageError(fmt::format("parameter '{}' is true or false, not '{}'", p.name, text));
    case Parameter::Type::kChoice:
      for (size_t i = 0; i < p.choices.size(); ++i) {
        if (p.choices[i] == text) return static_cast<int>(i);
      }
      throw UsageError(
          fmt::format("parameter '{}' is one of {}, not '{}'", p.name, fmt::join(p.choices, ", "), text));
    case Parameter::Type::kFile:
      return 0;  // the path is kept as text
    case Parameter::Type::kInt:
      try {
        size_t used = 0;
        const int value = std::stoi(text, &used);
        if (used == text.size()) return value;
      } catch (const std::exception&) {
      }
      throw UsageError(fmt::format("parameter '{}' is an integer, not '{}'", p.name, text));
  }
  return 0;
}

}  // namespace

GameConfig::GameConfig(std::shared_ptr<const Ruleset> rules, int players,
                       const std::map<std::string, std::string>& settings)
    : rules_(std::move(rules)), players_(players) {
  const Ruleset& r = *rules_;
  if (players < r.min_players || players > r.max_players) {
    throw UsageError(fmt::format("{} is played by {} to {} players, not {}", r.name, r.min_players,
                                 r.max_players, players));
  }
  for (const auto& p : r.parameters) {
    auto it = p.by_players.find(players);
    parameters_.push_back(it != p.by_players.end() ? it->second : p.default_value);
    files_.push_back(p.default_file);
  }
  for (const auto& [name, text] : settings) {
    const int index = r.ParameterIndex(name);
    if (index < 0) {
      const std::vector<std::string> names = Names(r.parameters);
      throw UsageError(fmt::format("{} has no parameter '{}'; parameters are: {}", r.name, name,
                                   names.empty() ? "(none)" : fmt::format("{}", fmt::join(names, ", "))));
    }
    const tapis::Parameter& p = r.parameters[index];
    if (p.type == Parameter::Type::kFile) {  // a path on the command line: from where it was typed
      files_[index] = std::filesystem::absolute(text).lexically_normal().string();
      continue;
    }
    const int value = ParseSetting(p, text);
    if (value < p.min || value > p.max) {
      throw UsageError(
          fmt::format("parameter '{}' must be between {} and {}, not {}", name, p.min, p.max, value));
    }
    parameters_[index] = value;
  }

  words_ = r.words;
  if (r.words_parameter >= 0 && files_[r.words_parameter] != r.words_file) {
    try {
      words_ = WordIndex::Load(files_[r.words_parameter], r.words_need);
    } catch (const Error&) {
      throw UsageError(fmt::format("cannot read the word list '{}' (parameter '{}')", files_[r.words_parameter],
                                   r.parameters[r.words_parameter].name));
    }
  }

  std::vector<int> kinds;
  const int copies = Resolve(r.deck_copies);
  if (copies < 1) throw UsageError(fmt::format("{}: the deck needs at least one copy", r.name));
  // Counted before the deck is built: a parameter may ask for a billion copies.
  long long total = static_cast<long long>(copies) * static_cast<long long>(r.deck_kinds.size());
  for (const auto& extra : r.deck_extra) total += std::max(0, Resolve(extra.count));
  if (total > static_cast<long long>(kMaxCards))
    throw UsageError(fmt::format("{}: {} cards in a game; at most {}", r.name, total, kMaxCards));
  kinds.reserve(static_cast<size_t>(total));
  for (int c = 0; c < copies; ++c) kinds.insert(kinds.end(), r.deck_kinds.begin(), r.deck_kinds.end());
  for (const auto& extra : r.deck_extra)
    kinds.insert(kinds.end(), std::max(0, Resolve(extra.count)), extra.kind);
  cards_ = CardSet(&r.catalog, std::move(kinds));
  for (int c = 0; r.tricks.zone >= 0 && c < cards_.size(); ++c) {
    const auto card = static_cast<CardId>(c);
    const int rank = cards_.Value(card, r.tricks.rank);
    const bool ordered = rank >= 0 && rank < static_cast<int>(r.tricks.trump_order.size());
    trick_keys_.push_back({static_cast<int8_t>(cards_.Value(card, r.tricks.suit)), static_cast<int8_t>(rank),
                           static_cast<int8_t>(ordered ? r.tricks.trump_order[rank] : rank),
                           !r.tricks.broken.empty() && FitsAll(cards_, r.tricks.broken, card)});
  }
  if (!r.tricks.also_trumps.empty()) BuildTrumpKeys(r.tricks);

  for (int c = 0; !r.card_points.empty() && c < cards_.size(); ++c)
    card_points_.push_back(PointsOf(c, false));
  const bool by_trump = std::any_of(r.card_points.begin(), r.card_points.end(),
                                    [](const PointRule& rule) { return rule.trump >= 0; });
  for (int c = 0; by_trump && c < cards_.size(); ++c) trump_points_.push_back(PointsOf(c, true));

  // A turn with no action would never end (turn: actions: $parameter).
  if (Resolve(r.actions_per_turn) < 1)
    throw UsageError(fmt::format("turn: actions: {} action(s) a turn; a turn needs 1 or more",
                                 Resolve(r.actions_per_turn)));
  if (const int rounds = Resolve(r.match.rounds); rounds < 1 || rounds > kMaxRounds)
    throw UsageError(fmt::format("match: rounds: {}; from 1 to {}", rounds, kMaxRounds));
  if (Resolve(r.actions_per_turn) > kMaxActions)
    throw UsageError(fmt::format("turn: actions: {} action(s) a turn; at most {}",
                                 Resolve(r.actions_per_turn), kMaxActions));

  for (const auto& z : r.zones) {
    zone_slots_.push_back({fixed_zones_, z.owner == Owner::kPlayer ? 1 : 0});
    if (!z.dynamic) fixed_zones_ += z.owner == Owner::kPlayer ? players : 1;
  }
  for (const auto& v : r.variables) {
    variable_slots_.push_back({variables_, v.owner == Owner::kPlayer ? 1 : 0});
    variables_ += v.owner == Owner::kPlayer ? players : 1;
  }
}

// `also_trumps`: for each suit that lists cards, the keys while it is trumps. Its cards and
// the listed ones are ranked afresh: each rank value keeps its place, the listed cards go
// just above `above` in their order, and the places are renumbered from 0 (the loader
// checked that they fit a byte).
void GameConfig::BuildTrumpKeys(const TrickDecl& t) {
  table_of_trump_.assign(t.also_trumps.size(), -1);
  const int values = static_cast<int>(rules_->catalog.properties()[t.rank].values.size());
  for (size_t suit = 0; suit < t.also_trumps.size(); ++suit) {
    const auto& also = t.also_trumps[suit];
    if (also.kinds.empty()) continue;
    const int step = static_cast<int>(also.kinds.size()) + 1;  // room above each place
    auto place = [&](int rank) { return (t.trump_order.empty() ? rank : t.trump_order[rank]) * step; };
    const int base = also.above < 0 ? values * step - step : place(also.above);
    std::vector<int> places;  // every place in use, to renumber from 0
    for (int v = 0; v < values; ++v) places.push_back(place(v));
    for (int i = 0; i < static_cast<int>(also.kinds.size()); ++i) places.push_back(base + 1 + i);
    std::sort(places.begin(), places.end());
    auto dense = [&](int at) {
      return static_cast<int8_t>(std::lower_bound(places.begin(), places.end(), at) - places.begin());
    };
    std::vector<TrickKey> keys = trick_keys_;
    for (int c = 0; c < cards_.size(); ++c) {
      TrickKey& key = keys[c];
      const auto listed =
          std::find(also.kinds.begin(), also.kinds.end(), cards_.Kind(static_cast<CardId>(c)));
      if (listed != also.kinds.end()) {
        key.suit = static_cast<int8_t>(suit);
        key.trump_rank = dense(base + 1 + static_cast<int>(listed - also.kinds.begin()));
      } else if (key.suit == static_cast<int>(suit) && key.rank >= 0 && key.rank < values) {
        key.trump_rank = dense(place(key.rank));
      }
    }
    table_of_trump_[suit] = static_cast<int>(by_trump_.size());
    by_trump_.push_back(std::move(keys));
  }
}

int GameConfig::PointsOf(int c, bool trump) const {
  const auto card = static_cast<CardId>(c);
  for (const PointRule& rule : rules_->card_points) {
    if (Resolve(rule.enabled) == 0 || (rule.trump >= 0 && rule.trump != (trump ? 1 : 0))) continue;
    if (!rule.when.empty() && !FitsAll(cards_, rule.when, card)) continue;
    long long points = Resolve(rule.points);
    for (const auto& [property, by_value] : rule.by) {
      const int v = cards_.Value(card, property);
      if (v >= 0 && v < static_cast<int>(by_value.size())) points += by_value[v];
    }
    return static_cast<int>(std::clamp<long long>(points, -1'000'000, 1'000'000));
  }
  return 0;
}

std::map<std::string, std::string> GameConfig::Settings() const {
  std::map<std::string, std::string> out;
  for (size_t i = 0; i < rules_->parameters.size(); ++i) {
    const auto& p = rules_->parameters[i];
    const int v = parameters_[i];
    switch (p.type) {
      case Parameter::Type::kBool:
        out[p.name] = v ? "true" : "false";
        break;
      case Parameter::Type::kChoice:
        out[p.name] = p.choices[v];
        break;
      case Parameter::Type::kInt:
        out[p.name] = std::to_string(v);
        break;
      case Parameter::Type::kFile:
        out[p.name] = files_[i];
        break;
    }
  }
  return out;
}

}  // namespace tapis
