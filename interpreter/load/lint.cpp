#include "interpreter/load/lint.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <regex>
#include <set>

namespace tapis {
namespace {

// Names of the global functions a script defines (`function name(`).
std::set<std::string> DefinedFunctions(const std::string& source) {
  static const std::regex kDefinition(R"((^|\n)\s*function\s+([A-Za-z_][A-Za-z0-9_]*)\s*\()");
  std::set<std::string> out;
  for (auto it = std::sregex_iterator(source.begin(), source.end(), kDefinition);
       it != std::sregex_iterator(); ++it) {
    out.insert((*it)[2]);
  }
  return out;
}

// How many times `name` appears as a word in `text`.
int Mentions(const std::string& text, const std::string& name) {
  const std::regex word("\\b" + name + "\\b");
  return static_cast<int>(
      std::distance(std::sregex_iterator(text.begin(), text.end(), word), std::sregex_iterator()));
}

}  // namespace

std::vector<std::string> Lint(const Ruleset& r) {
  std::vector<std::string> out = r.warnings;
  for (const auto& p : r.parameters) {
    if (p.description.empty())
      out.push_back(fmt::format("warning: parameter '{}' has no description", p.name));
  }

  // Every card kind the game can hold, to see whether a trigger's condition can be met.
  std::set<int> kinds(r.deck_kinds.begin(), r.deck_kinds.end());
  for (const auto& extra : r.deck_extra) kinds.insert(extra.kind);
  for (const auto& m : r.moves) {
    for (const Trigger& effect : m.then) {
      const bool possible = std::any_of(kinds.begin(), kinds.end(), [&](int k) {
        return std::all_of(effect.when.begin(), effect.when.end(), [&](const CardFilter& f) {
          return std::any_of(f.values.begin(), f.values.end(),
                             [&](int v) { return r.catalog.kind(k).Has(f.property, v); });
        });
      });
      if (!possible) {
        out.push_back(
            fmt::format("warning: move '{}': its trigger's condition fits no card, so '{}' never runs",
                        m.name, effect.Name()));
      }
    }
    // The phases declared, as bits (32 of them fill the mask: a shift by 32 would wrap).
    const uint32_t declared = r.phases.size() >= 32 ? ~0u : (1u << r.phases.size()) - 1;
    if (!r.phases.empty() && m.in_turn && (m.phases & declared) == 0) {
      out.push_back(fmt::format("warning: move '{}' is offered in no phase", m.name));
    }
  }

  // Zones nothing ever puts a card into: not the deck's zone, no setup step, no move, and no
  // script that names them.
  std::set<int> receiving{r.deck_zone};
  for (const auto& step : r.setup) receiving.insert(step.to);
  for (const auto& m : r.moves) {
    receiving.insert(m.to);
    if (m.refill_from >= 0) receiving.insert(m.from);
    if (m.climb.Used()) receiving.insert(m.climb.clear_to);  // the cleared pile
    if (m.capture_won >= 0) receiving.insert(m.capture_won);  // the cards captured
    if (m.deliver >= 0) receiving.insert(m.deliver);          // the cards passed
    for (const Trigger& effect : m.then) {
      if (effect.lay.combination >= 0) receiving.insert(effect.lay.to);  // the groups laid
      if (effect.gather.to >= 0) receiving.insert(effect.gather.to);     // a whole zone moved
    }
  }
  receiving.insert(r.tricks.won);  // complete tricks go there
  receiving.insert(r.redeal.zone);  // hands dealt again
  std::string sources;
  for (const auto& s : r.scripts) sources += s.source + "\n";
  for (size_t z = 0; z < r.zones.size(); ++z) {
    const bool scripted = sources.find("\"" + r.zones[z].name + "\"") != std::string::npos;
    if (!receiving.count(static_cast<int>(z)) && !scripted) {
      out.push_back(fmt::format(
          "warning: zone '{}' never receives a card: no setup step, move or script puts one there",
          r.zones[z].name));
    }
  }

  // Functions a script defines that neither the YAML names nor any script mentions.
  std::set<std::string> named{
      r.score_function, r.events.round_start, r.events.turn_start, r.events.turn_end, r.events.round_end,
      r.match.winners,  r.tricks.allow,       r.tricks.on_won,     r.bot_evaluate,    r.bot_sample};
  for (const auto& m : r.moves) {
    for (const Trigger& effect : m.then) named.insert(effect.function);
  }
  std::string all_sources;
  for (const auto& s : r.scripts) all_sources += s.source + "\n";
  // A function defined again by a later script (a variant's) replaces the earlier one.
  std::map<std::string, const ScriptFile*> defined_in;
  for (const auto& s : r.scripts) {
    for (const auto& f : DefinedFunctions(s.source)) {
      auto [earlier, first] = defined_in.try_emplace(f, &s);
      if (!first && earlier->second->display_name != s.display_name) {
        const bool from_base = earlier->second->generation > s.generation;
        out.push_back(fmt::format(
            "note: {}: function '{}' replaces the one in {} wherever the ruleset names it{}", s.display_name,
            f, earlier->second->display_name, from_base ? fmt::format(" (base.{} is the old one)", f) : ""));
        earlier->second = &s;
      }
    }
  }
  for (const auto& s : r.scripts) {
    for (const auto& f : DefinedFunctions(s.source)) {
      if (!named.count(f) && Mentions(all_sources, f) <= 1) {
        out.push_back(fmt::format("warning: {}: function '{}' is never named in the ruleset nor called",
                                  s.display_name, f));
      }
    }
  }
  return out;
}

}  // namespace tapis
