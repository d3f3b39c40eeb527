#include "interpreter/records/position.h"

#include <fmt/format.h>

#include <limits>
#include <nlohmann/json.hpp>

#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "interpreter/mechanisms/grid.h"
#include "interpreter/mechanisms/line_play.h"
#include "interpreter/model/errors.h"
#include "interpreter/records/grid_view.h"
#include "interpreter/records/json_number.h"
#include "interpreter/records/json_text.h"
#include "interpreter/records/position_tokens.h"

namespace tapis {

constexpr int kPositionFormat = 1;  // the "tapis_position" field: what this version writes and reads
constexpr long long kIntMin = std::numeric_limits<int>::min(), kIntMax = std::numeric_limits<int>::max();

using nlohmann::json;

namespace {

// "hand 2" for a player's zone, "stock" for a table zone.
std::string FixedZoneKey(const Ruleset& r, const Zone& z) {
  const ZoneDecl& decl = r.zones[z.decl];
  return decl.owner == Owner::kPlayer ? fmt::format("{} {}", decl.name, z.owner + 1) : decl.name;
}

json Codes(const Engine& engine, const GameState& s, const std::vector<CardId>& cards) {
  json out = json::array();
  for (CardId c : cards) {
    const int wild = engine.cards().Wild(c);
    if (wild >= 0 && s.declared[c] >= 0) {
      out.push_back(engine.cards().Code(c) + "=" +
                    engine.rules().catalog.properties()[wild].values[s.declared[c]]);
    } else {
      out.push_back(engine.cards().Code(c));
    }
  }
  return out;
}

json Header(const Engine& engine) {
  return {{"tapis_position", kPositionFormat},
          {"ruleset", engine.rules().name},
          {"players", engine.config().players()},
          {"settings", engine.config().Settings()}};
}

}  // namespace

bool IsPosition(const std::string& text) {
  // A log's lines hold "tapis"; only a position holds this key.
  return text.find("\"tapis_position\"") != std::string::npos;
}

std::string WritePosition(const Engine& engine, const GameState& s) {
  const Ruleset& r = engine.rules();
  json j = Header(engine);
  j["turn"] = s.turn_player + 1;
  j["direction"] = s.direction;
  j["actions"] = s.actions_left;
  j["end_turn"] = s.end_turn;
  j["finished"] = s.finished;
  j["last_round_player"] = s.last_round_player >= 0 ? json(s.last_round_player + 1) : json(nullptr);
  j["declared_winner"] = s.declared_winner >= 0 ? json(s.declared_winner + 1) : json(nullptr);
  j["rng"] = s.rng;
  j["moves_played"] = s.moves_played;
  j["turns"] = s.turns;
  j["next_label"] = s.next_label;
  if (s.turn_label != s.next_label) j["turn_label"] = s.turn_label;  // melds laid this turn
  j["round"] = s.round + 1;
  j["totals"] = s.totals;
  if (!engine.rules().phases.empty()) j["phase"] = engine.rules().phases[s.phase];
  json zones = json::object(), created = json::array();
  for (size_t z = 0; z < s.zones.size(); ++z) {
    const Zone& zone = s.zones[z];
    if (static_cast<int>(z) < engine.config().FixedZoneCount()) {
      zones[FixedZoneKey(r, zone)] =
          r.zones[zone.decl].columns > 0 ? GridJson(engine, zone) : Codes(engine, s, zone.cards);
    } else {
      created.push_back({{"zone", r.zones[zone.decl].name},
                         {"owner", zone.owner + 1},
                         {"label", zone.label},
                         {"cards", Codes(engine, s, zone.cards)}});
    }
  }
  j["zones"] = zones;
  j["created_zones"] = created;
  json vars = json::object();
  for (size_t v = 0; v < r.variables.size(); ++v) {
    const int count = r.variables[v].owner == Owner::kPlayer ? s.players : 1;
    for (int p = 0; p < count; ++p) {
      const std::string key = r.variables[v].owner == Owner::kPlayer
                                  ? fmt::format("{} {}", r.variables[v].name, p + 1)
                                  : r.variables[v].name;
      vars[key] = s.variables[engine.config().VariableSlot(static_cast<int>(v), p)];
    }
  }
  j["variables"] = vars;
  json decisions = json::array();
  for (const Decision& d : s.decisions) {
    json kinds = json::array();
    for (size_t k = 0; k < r.moves.size(); ++k) {
      if (d.moves & (1u << k)) kinds.push_back(r.moves[k].name);
    }
    json decision = {{"player", d.player + 1},
                     {"moves", kinds},
                     {"remaining", d.remaining},
                     {"optional", d.optional},
                     {"costs_actions", d.costs_actions}};
    if (d.target >= 0) decision["to"] = d.target + 1;
    if (d.highest >= 0) decision["highest"] = r.catalog.properties()[d.highest].name;
    if (!d.only.empty()) decision["only"] = Codes(engine, s, d.only);
    decisions.push_back(decision);
  }
  j["decisions"] = decisions;
  if (!s.tokens.empty()) j["tokens"] = TokensJson(engine, s);
  if (s.out) {
    json out = json::array();
    for (int p = 0; p < s.players; ++p) {
      if (s.out & (1u << p)) out.push_back(p + 1);
    }
    j["out"] = out;
  }
  return j.dump(2) + "\n";
}

std::unique_ptr<Engine> EngineForPosition(const std::string& text, const std::string& file) {
  try {
    json j;
    if (std::string error; !ParseJsonText(text, j, error))
      throw IoError(fmt::format("{}: not a position file ({})", file, error));
    auto rules = LoadRuleset(FindRuleset(j.at("ruleset").get<std::string>()));
    std::map<std::string, std::string> settings;
    if (j.contains("settings")) settings = j.at("settings").get<std::map<std::string, std::string>>();
    const auto fail = [&](const std::string& message) {
      return IoError(fmt::format("{}: {}", file, message));
    };
    const int players = static_cast<int>(WholeNumber(j.at("players"), "players", 1, kMaxPlayers, fail));
    return std::make_unique<Engine>(std::make_shared<GameConfig>(rules, players, settings));
  } catch (const json::exception& e) {
    throw IoError(fmt::format("{}: not a position file ({})", file, e.what()));
  }
}

GameState ReadPosition(const Engine& engine, const std::string& text, const std::string& file) {
  const Ruleset& r = engine.rules();
  auto fail = [&](const std::string& message) { return IoError(fmt::format("{}: {}", file, message)); };
  json j;
  if (std::string error; !ParseJsonText(text, j, error))
    throw fail(fmt::format("not valid JSON ({})", error));
  if (j.is_object() && j.contains("tapis_position")) {
    const long long format =
        WholeNumber(j.at("tapis_position"), "tapis_position", 1, std::numeric_limits<int>::max(), fail);
    if (format > kPositionFormat)
      throw fail(fmt::format("written by a newer tapis (position format {}; this one reads format {})",
                             format, kPositionFormat));
  }
  GameState s;
  const int n = engine.config().players();
  s.players = static_cast<int8_t>(n);
  // Start from the empty zones a new game has.
  for (size_t d = 0; d < r.zones.size(); ++d) {
    if (r.zones[d].dynamic) continue;
    const int count = r.zones[d].owner == Owner::kPlayer ? n : 1;
    for (int p = 0; p < count; ++p) {
      s.zones.push_back(
          {static_cast<uint8_t>(d), static_cast<int8_t>(r.zones[d].owner == Owner::kPlayer ? p : -1), 0, {}});
    }
  }
  std::vector<bool> used(engine.cards().size(), false);
  s.declared.assign(engine.cards().size(), -1);
  if (HasTokens(r)) {
    s.tokens.assign(engine.cards().size(), {});
    s.claims.assign(engine.cards().size(), 0);
  }
  // A card's code, or CODE=VALUE for a wild card standing for a value.
  auto take_card = [&](const std::string& text) -> CardId {
    const std::string code = text.substr(0, text.find('='));
    const auto kind = r.catalog.KindByCode(code);
    if (!kind) throw fail(fmt::format("unknown card '{}'", code));
    const int wild = r.catalog.kind(*kind).wild;
    int declared = -1;
    if (text.find('=') != std::string::npos) {
      declared =
          wild < 0 ? kNoValue : r.catalog.properties()[wild].ValueIndex(text.substr(text.find('=') + 1));
      if (declared == kNoValue)
        throw fail(fmt::format(
            "'{}': only a wild card stands for a value, and it must be one of its property's", text));
    }
    for (int c = 0; c < engine.cards().size(); ++c) {
      if (!used[c] && engine.cards().Kind(static_cast<CardId>(c)) == *kind) {
        used[c] = true;
        s.declared[c] = static_cast<int8_t>(declared);
        return static_cast<CardId>(c);
      }
    }
    throw fail(fmt::format("card '{}' appears more often than the game has it", code));
  };
  try {
    std::map<std::string, int> keys;
    for (int z = 0; z < engine.config().FixedZoneCount(); ++z) keys[FixedZoneKey(r, s.zones[z])] = z;
    if (j.contains("zones")) {
      for (const auto& [key, cards] : j.at("zones").items()) {
        auto it = keys.find(key);
        if (it == keys.end()) {
          std::vector<std::string> names;
          for (const auto& [k, z] : keys) names.push_back(k);
          throw fail(fmt::format("unknown zone '{}'; zones are: {}", key, fmt::join(names, ", ")));
        }
        Zone& zone = s.zones[it->second];
        if (r.zones[zone.decl].columns > 0) {
          // A grid: {"c3": "9MoSu", …}.
          const GridShape shape = ShapeOf(r.zones[zone.decl]);
          if (!cards.is_object())
            throw fail(fmt::format("zone '{}' is a grid: write {{\"c3\": CARD, …}}", key));
          for (const auto& [cell_name, code] : cards.items()) {
            const int cell = ParseCell(shape, cell_name);
            if (cell == kNoCell)
              throw fail(fmt::format("zone '{}': no cell '{}' (cells are a1 to {})", key, cell_name,
                                     CellName(shape, shape.Cells() - 1)));
            PutOnCell(zone, take_card(code.get<std::string>()), cell);
          }
          continue;
        }
        for (const auto& code : cards) zone.cards.push_back(take_card(code.get<std::string>()));
      }
    }
    uint16_t next_label = 1;
    if (j.contains("created_zones")) {
      for (const auto& c : j.at("created_zones")) {
        const int decl = r.ZoneIndex(c.at("zone").get<std::string>());
        if (decl < 0 || !r.zones[decl].dynamic)
          throw fail(fmt::format("'{}' is not a zone created in play", c.at("zone").get<std::string>()));
        const int owner = static_cast<int>(WholeNumber(c.at("owner"), "created_zones: owner", 1, n, fail));
        if (owner < 1 || owner > n) throw fail(fmt::format("no player {}", owner));
        Zone zone{static_cast<uint8_t>(decl),
                  static_cast<int8_t>(owner - 1),
                  c.contains("label") ? static_cast<uint16_t>(WholeNumber(
                                            c.at("label"), "created_zones: label", 1, 65535, fail))
                                      : next_label,
                  {}};
        next_label = static_cast<uint16_t>(std::max<int>(next_label, zone.label + 1));
        for (const auto& code : c.at("cards")) zone.cards.push_back(take_card(code.get<std::string>()));
        s.zones.push_back(std::move(zone));
      }
    }
    // Cards nobody placed stay in the deck's zone, below those listed there.
    auto& deck = s.zones[engine.ZoneSlot(r.deck_zone, 0)].cards;
    std::vector<CardId> rest;
    for (int c = 0; c < engine.cards().size(); ++c) {
      if (!used[c]) rest.push_back(static_cast<CardId>(c));
    }
    deck.insert(deck.begin(), rest.begin(), rest.end());

    s.variables.assign(engine.config().VariableCount(), 0);
    for (size_t v = 0; v < r.variables.size(); ++v) {
      const int count = r.variables[v].owner == Owner::kPlayer ? n : 1;
      for (int p = 0; p < count; ++p)
        s.variables[engine.config().VariableSlot(static_cast<int>(v), p)] = r.variables[v].initial;
    }
    if (j.contains("variables")) {
      for (const auto& [key, value] : j.at("variables").items()) {
        // "name" for a table variable, "name N" for player N's.
        const auto space = key.find(' ');
        const int v = r.VariableIndex(key.substr(0, space));
        if (v < 0) throw fail(fmt::format("unknown variable '{}'", key));
        const bool per_player = r.variables[v].owner == Owner::kPlayer;
        int p = 0;
        if (per_player != (space != std::string::npos)) {
          throw fail(fmt::format("variable '{}': write \"{}\"", key,
                                 per_player ? r.variables[v].name + " N" : r.variables[v].name));
        }
        if (per_player) {
          const std::string seat = key.substr(space + 1);
          if (seat.empty() || seat.find_first_not_of("0123456789") != std::string::npos || seat.size() > 2 ||
              std::stoi(seat) < 1 || std::stoi(seat) > n) {
            throw fail(fmt::format("variable '{}': no player '{}'", key, seat));
          }
          p = std::stoi(seat) - 1;
        }
        s.variables[engine.config().VariableSlot(v, p)] =
            static_cast<int>(WholeNumber(value, key, kIntMin, kIntMax, fail));
      }
    }
    if (j.contains("decisions")) {
      for (const auto& d : j.at("decisions")) {
        Decision decision;
        const int player =
            static_cast<int>(WholeNumber(d.at("player"), "decisions: player", kIntMin, kIntMax, fail));
        if (player < 1 || player > n) throw fail(fmt::format("decisions: no player {}", player));
        decision.player = static_cast<int8_t>(player - 1);
        for (const auto& m : d.at("moves")) {
          const int k = r.MoveIndex(m.get<std::string>());
          if (k < 0) throw fail(fmt::format("unknown move '{}'", m.get<std::string>()));
          decision.moves |= 1u << k;
        }
        decision.remaining = static_cast<int16_t>(
            d.contains("remaining") ? WholeNumber(d.at("remaining"), "decisions: remaining", 1, 256, fail)
                                    : 1);
        decision.optional = d.value("optional", false);
        decision.costs_actions = d.value("costs_actions", false);
        if (d.contains("to")) {
          const int to = static_cast<int>(WholeNumber(d.at("to"), "decisions: to", 1, n, fail));
          if (to < 1 || to > n) throw fail(fmt::format("decisions: no player {} to give to", to));
          decision.target = static_cast<int8_t>(to - 1);
        }
        if (d.contains("highest")) {
          const int prop = r.catalog.PropertyIndex(d.at("highest").get<std::string>());
          if (prop < 0)
            throw fail(fmt::format("decisions: no card property '{}'", d.at("highest").get<std::string>()));
          decision.highest = static_cast<int8_t>(prop);
        }
        if (d.contains("only")) {
          for (const auto& code : d.at("only")) {
            const auto kind = r.catalog.KindByCode(code.get<std::string>());
            if (!kind) throw fail(fmt::format("unknown card '{}'", code.get<std::string>()));
            for (int c = 0; c < engine.cards().size(); ++c) {
              if (engine.cards().Kind(static_cast<CardId>(c)) == *kind)
                decision.only.push_back(static_cast<CardId>(c));
            }
          }
        }
        s.decisions.push_back(decision);
      }
    }
    if (j.contains("tokens")) ReadTokens(engine, j.at("tokens"), s, fail);
    if (j.contains("out")) {
      for (const auto& p : j.at("out")) {
        const int seat = static_cast<int>(WholeNumber(p, "out", 1, n, fail));
        if (seat < 1 || seat > n) throw fail(fmt::format("out: no player {}", seat));
        s.out |= 1u << (seat - 1);
      }
    }
    // The whole number at `key`, or `otherwise` when the key is absent (or null).
    const auto number = [&](const char* key, long long low, long long high, long long otherwise) {
      return j.contains(key) && !j.at(key).is_null() ? WholeNumber(j.at(key), key, low, high, fail)
                                                     : otherwise;
    };
    s.turn_player = static_cast<int8_t>(number("turn", 1, n, 1) - 1);
    s.direction = static_cast<int8_t>(number("direction", kIntMin, kIntMax, 1));
    if (s.direction != 1 && s.direction != -1) throw fail("direction: 1 (to the left) or -1 (to the right)");
    s.actions_left =
        static_cast<int8_t>(number("actions", 0, 127, engine.config().Resolve(r.actions_per_turn)));
    s.end_turn = j.value("end_turn", false);
    s.finished = j.value("finished", false);
    s.last_round_player = static_cast<int16_t>(number("last_round_player", 1, n, 0) - 1);
    s.declared_winner = static_cast<int16_t>(number("declared_winner", 1, n, 0) - 1);
    if (j.contains("rng") && !j.at("rng").is_number_unsigned())
      throw fail(fmt::format("rng: expected a whole number from 0 to {}, not {}",
                             std::numeric_limits<uint64_t>::max(), j.at("rng").dump()));
    s.rng = j.value("rng", uint64_t{1});
    s.moves_played =
        static_cast<uint32_t>(number("moves_played", 0, std::numeric_limits<uint32_t>::max(), 0));
    s.turns = static_cast<uint32_t>(number("turns", 0, std::numeric_limits<uint32_t>::max(), 0));
    s.next_label = static_cast<uint16_t>(number("next_label", 1, 65535, next_label));
    s.turn_label = static_cast<uint16_t>(number("turn_label", 1, s.next_label, s.next_label));
    s.round = static_cast<uint16_t>(number("round", 1, 65535, 1) - 1);
    s.totals.assign(n, 0);
    if (j.contains("totals")) {
      const json& totals = j.at("totals");
      if (!totals.is_array() || static_cast<int>(totals.size()) != n)
        throw fail(fmt::format("totals: expected {} numbers", n));
      for (int p = 0; p < n; ++p)
        s.totals[p] = static_cast<int32_t>(WholeNumber(totals[p], "totals", kIntMin, kIntMax, fail));
    }
    if (j.contains("phase")) {
      const int phase = r.PhaseIndex(j.at("phase").get<std::string>());
      if (phase < 0) throw fail(fmt::format("unknown phase '{}'", j.at("phase").get<std::string>()));
      s.phase = static_cast<int8_t>(phase);
    }
  } catch (const json::exception& e) {
    throw fail(fmt::format("bad field ({})", e.what()));
  }
  return s;
}

}  // namespace tapis
