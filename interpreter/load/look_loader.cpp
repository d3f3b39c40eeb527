#include "interpreter/load/look_loader.h"

#include <algorithm>
#include <unordered_map>

#include "interpreter/load/card_loader.h"

namespace tapis {
namespace {

// Reads `{property: {value: X…}…}`, calling `take(property, value, node of X)`.
template <typename Take>
void ReadPerValue(const YamlReader& y, const YAML::Node& node, const char* what, const Catalog& catalog,
                  Take take) {
  if (!node.IsMap()) y.Fail(node, fmt::format("{}: expected a map of property: {{value: …}}", what));
  for (const auto& entry : node) {
    const int property = ReadProperty(y, entry.first, catalog);
    const Property& p = catalog.properties()[property];
    if (!entry.second.IsMap())
      y.Fail(entry.second, fmt::format("{}: '{}' needs a map of value: …", what, p.name));
    for (const auto& item : entry.second) {
      const auto value = y.As<std::string>(item.first);
      const int index = p.ValueIndex(value);
      if (index == kNoValue)
        y.Fail(item.first,
               fmt::format("'{}' is not a value of '{}'; values are: {}", value, p.name, Join(p.values)));
      take(property, index, item.second);
    }
  }
}

}  // namespace

void ReadCardLook(const YamlReader& y, const YAML::Node& node, const std::string& pattern, Ruleset& r) {
  y.CheckKeys(node, {"symbols", "colours", "hand_order"});
  const Catalog& catalog = r.catalog;
  CardLook& look = r.look;
  look.symbols.resize(catalog.properties().size());
  look.value_colour.resize(catalog.properties().size());
  for (size_t p = 0; p < catalog.properties().size(); ++p) {
    look.symbols[p].resize(catalog.properties()[p].values.size());
    look.value_colour[p].assign(catalog.properties()[p].values.size(), -1);
  }
  if (node["symbols"]) {
    std::unordered_map<std::string, std::string> used;  // a symbol typed stands for one value
    ReadPerValue(y, node["symbols"], "symbols", catalog, [&](int property, int value, const YAML::Node& at) {
      const auto symbol = y.As<std::string>(at);
      const std::string& name = catalog.properties()[property].values[value];
      if (symbol.empty() || symbol.find_first_of(" \t\n\r=^@") != std::string::npos)
        y.Fail(at, fmt::format("the symbol of '{}' must be a word without spaces, = ^ or @", name));
      const auto [other, fresh] = used.emplace(symbol, name);
      if (!fresh && other->second != name)
        y.Fail(at, fmt::format("'{}' is the symbol of both '{}' and '{}'", symbol, other->second, name));
      look.symbols[property][value] = symbol;
    });
  }
  // Each kind shows its code, with symbols where the code was made from `pattern`.
  std::unordered_map<std::string, std::string> shown_by;  // what shows → the code it shows
  for (const CardKind& kind : catalog.kinds()) {
    std::string shown = kind.code;
    if (!pattern.empty() && CardCode(y, r, pattern, kind.values, node) == kind.code)
      shown = CardCode(y, r, pattern, kind.values, node, &look.symbols);
    const auto same = catalog.KindByCode(shown);
    if (same && catalog.kind(*same).code != kind.code)
      y.Fail(node, fmt::format("card {} would show as {}, the code of another card", kind.code, shown));
    const auto [other, fresh] = shown_by.emplace(Upper(shown), kind.code);
    if (!fresh && other->second != kind.code)
      y.Fail(node, fmt::format("cards {} and {} would both show as {}", other->second, kind.code, shown));
    look.shown.push_back(std::move(shown));
  }
  look.colour.assign(catalog.kinds().size(), -1);
  if (node["colours"]) {
    ReadPerValue(y, node["colours"], "colours", catalog, [&](int property, int value, const YAML::Node& at) {
      const auto name = y.As<std::string>(at);
      const auto& colours = LookColours();
      const auto found = std::find(colours.begin(), colours.end(), name);
      if (found == colours.end())
        y.Fail(at, fmt::format("colour '{}' is not one of: {}", name, Join(colours)));
      look.value_colour[property][value] = static_cast<int>(found - colours.begin());
      for (size_t k = 0; k < catalog.kinds().size(); ++k) {  // the first colour a card has wins
        if (look.colour[k] < 0 && catalog.kind(static_cast<int>(k)).Has(property, value))
          look.colour[k] = static_cast<int>(found - colours.begin());
      }
    });
  }
  if (node["hand_order"]) {
    const YAML::Node order = node["hand_order"];
    if (!order.IsSequence()) y.Fail(order, "hand_order: expected a list of properties, as [suit, rank]");
    for (const auto& item : order) {
      const int property = ReadProperty(y, item, catalog);
      if (std::find(look.hand_order.begin(), look.hand_order.end(), property) != look.hand_order.end())
        y.Fail(item, fmt::format("hand_order names '{}' twice", item.Scalar()));
      look.hand_order.push_back(property);
    }
  }
}

}  // namespace tapis
