#include "interpreter/load/card_loader.h"

#include <algorithm>

#include "interpreter/load/look_loader.h"
#include "interpreter/model/errors.h"

namespace tapis {

std::string CardCode(const YamlReader& y, const Ruleset& r, const std::string& pattern,
                     const std::vector<int>& values, const YAML::Node& where,
                     const std::vector<std::vector<std::string>>* symbols) {
  std::string out;
  for (size_t i = 0; i < pattern.size(); ++i) {
    if (pattern[i] != '{') {
      out += pattern[i];
      continue;
    }
    const size_t close = pattern.find('}', i);
    if (close == std::string::npos) y.Fail(where, "code: unclosed '{'");
    const std::string name = pattern.substr(i + 1, close - i - 1);
    const int prop = r.catalog.PropertyIndex(name);
    if (prop < 0)
      y.Fail(where,
             fmt::format("code: unknown property '{}'; properties are: {}", name, r.catalog.PropertyNames()));
    if (values[prop] != kNoValue) {
      const std::string* symbol = symbols != nullptr ? &(*symbols)[prop][values[prop]] : nullptr;
      out +=
          symbol != nullptr && !symbol->empty() ? *symbol : r.catalog.properties()[prop].values[values[prop]];
    }
    i = close;
  }
  return out;
}

namespace {

// A code is one word of a typed move, and `=`, `^` and `@` separate what follows a card in
// one (JK=5, E1b1B^, JH@d3): a code with them could never be typed.
void CheckCode(const YamlReader& y, const std::string& code, const YAML::Node& where) {
  if (code.empty()) y.Fail(where, "a card needs a code (give 'code' a pattern such as \"{rank}{suit}\")");
  if (code.find_first_of(" \t\n\r\f\v") != std::string::npos)
    y.Fail(where, fmt::format("card code '{}' must not contain spaces", Printable(code)));
  if (code.find_first_of("=^@") != std::string::npos)
    y.Fail(
        where,
        fmt::format("card code '{}' must not contain = ^ or @, which follow a card in a move (JK=5)", code));
}

void AddKind(const YamlReader& y, Ruleset& r, const std::string& code, std::vector<int> values,
             const YAML::Node& where, std::vector<uint64_t> value_sets = {}) {
  CheckCode(y, code, where);
  if (auto existing = r.catalog.KindByCode(code)) {
    if (r.catalog.kind(*existing).values != values || r.catalog.kind(*existing).value_sets != value_sets)
      y.Fail(where, fmt::format("two different cards share the code '{}'", code));
    r.deck_kinds.push_back(*existing);
    return;
  }
  CardKind kind{code, std::move(values)};
  kind.value_sets = std::move(value_sets);
  r.deck_kinds.push_back(r.catalog.AddKind(std::move(kind)));
}

// Whether the values fit a card condition: for each property it names, one of its values.
bool ValuesFit(const std::vector<int>& values, const std::vector<CardFilter>& condition) {
  return std::all_of(condition.begin(), condition.end(),
                     [&](const CardFilter& f) { return f.Has(values[f.property]); });
}

// Every combination of property values but those an `except` condition fits (a joker rank,
// say; `{rank: J, suit: [H, D, C]}` is three cards).
void AddEveryKind(const YamlReader& y, Ruleset& r, const std::string& code, const YAML::Node& where,
                  const YAML::Node& except_node, const std::vector<std::vector<CardFilter>>& except) {
  const auto& props = r.catalog.properties();
  std::vector<int> values(props.size(), 0);
  if (props.empty()) y.Fail(where, "pack 'every' needs at least one property");
  // Refused before it is built: a few long lists of values multiply into millions of cards.
  size_t combinations = 1;
  for (const auto& p : props) {
    combinations *= std::max<size_t>(1, p.values.size());
    if (combinations > kMaxCards)
      y.Fail(where,
             fmt::format("pack 'every' would make more than {} cards (the most a game may have)", kMaxCards));
  }
  size_t left_out = 0;
  while (true) {
    const bool excluded = std::any_of(except.begin(), except.end(),
                                      [&](const auto& condition) { return ValuesFit(values, condition); });
    if (excluded) {
      ++left_out;
    } else {
      AddKind(y, r, CardCode(y, r, code, values, where), values, where);
    }
    size_t i = props.size();
    while (i > 0) {  // odometer, last property fastest
      --i;
      if (++values[i] < static_cast<int>(props[i].values.size())) break;
      values[i] = 0;
      if (i == 0) {
        // Most often a map of several properties read as alternatives: it names their combination.
        if (2 * left_out > combinations)
          r.warnings.push_back(fmt::format(
              "warning: {}: cards: except: leaves out {} of the {} cards of 'every' (a map of several "
              "properties leaves out only the cards that have them all)",
              y.Where(except_node), left_out, combinations));
        return;
      }
    }
  }
}

// What a wild card stands for is kept in a byte (Move::value, GameState::declared): the
// properties it may stand for have at most kMaxWildValues values.
void CheckWildValues(const YamlReader& y, const YAML::Node& at, const Catalog& catalog, int wild) {
  for (int p = 0; p < static_cast<int>(catalog.properties().size()); ++p) {
    const Property& prop = catalog.properties()[p];
    if ((wild == p || wild == kWildAny) && prop.values.size() > kMaxWildValues)
      y.Fail(at, fmt::format("wild: '{}' has {} values; a wild card stands for one of at most {}", prop.name,
                             prop.values.size(), kMaxWildValues));
  }
}

// A card listed as {property: value…, code, count, wild}. Pack cards are added `count`
// times to the pack; extra cards (`extra` true) once, with the count kept for the config.
void AddListedKind(const YamlReader& y, Ruleset& r, const YAML::Node& card, const std::string& pattern,
                   bool extra = false) {
  if (!card.IsMap()) y.Fail(card, "a card is a map of property: value (and optionally code, count, wild)");
  std::vector<int> values(r.catalog.properties().size(), kNoValue);
  std::vector<uint64_t> value_sets;  // filled when a property has a list of values
  std::string code;
  IntValue count{1, -1};
  int wild = -1;
  for (const auto& entry : card) {
    const auto key = entry.first.as<std::string>();
    if (key == "code") {
      code = y.As<std::string>(entry.second);
      continue;
    }
    if (key == "count") {
      count = ReadIntValue(y, entry.second, r);
      if (count.parameter < 0 && count.literal < 0)
        y.Fail(entry.second, fmt::format("count: {} cards; a count is 0 or more", count.literal));
      if (!extra && count.parameter >= 0)
        y.Fail(entry.second, "a pack card's count is a number; use 'extra:' for a count from a parameter");
      continue;
    }
    if (key == "wild") {
      const bool any = entry.second.IsScalar() && entry.second.Scalar() == "any";
      wild = any ? kWildAny : ReadProperty(y, entry.second, r.catalog);
      CheckWildValues(y, entry.second, r.catalog, wild);
      continue;
    }
    const int prop = ReadProperty(y, entry.first, r.catalog);
    std::vector<YAML::Node> items;  // `suit: [Moons, Knots]`: a card with several values
    if (entry.second.IsSequence()) {
      for (const auto& v : entry.second) items.push_back(v);
      if (items.empty()) y.Fail(entry.second, fmt::format("'{}': an empty list of values", key));
      if (value_sets.empty()) value_sets.assign(r.catalog.properties().size(), 0);
    } else {
      items.push_back(entry.second);
    }
    for (const auto& item : items) {
      const auto value = y.As<std::string>(item);
      const int index = r.catalog.properties()[prop].ValueIndex(value);
      if (index == kNoValue) {
        y.Fail(item, fmt::format("'{}' is not a value of '{}'; values are: {}", value, key,
                                 Join(r.catalog.properties()[prop].values)));
      }
      if (index >= 64)
        y.Fail(item, fmt::format("a card with several values of '{}' needs them among its first 64", key));
      if (values[prop] == kNoValue) values[prop] = index;
      if (!value_sets.empty()) value_sets[prop] |= uint64_t{1} << index;
    }
  }
  // Single values join the sets too, so Has() reads every property from them.
  if (!value_sets.empty()) {
    for (size_t p = 0; p < values.size(); ++p) {
      if (values[p] != kNoValue && values[p] < 64) value_sets[p] |= uint64_t{1} << values[p];
    }
  }
  if (code.empty()) code = CardCode(y, r, pattern, values, card);
  if (extra) {
    CheckCode(y, code, card);
    if (r.catalog.KindByCode(code))
      y.Fail(card, fmt::format("extra card '{}' has the code of another card", code));
    CardKind kind{code, values};
    kind.wild = wild;
    kind.value_sets = value_sets;
    r.deck_extra.push_back({r.catalog.AddKind(std::move(kind)), count});
    return;
  }
  if (wild != -1) y.Fail(card, "wild cards go under 'extra:'");
  for (int i = 0; i < count.literal; ++i) AddKind(y, r, code, values, card, value_sets);
}

// `wild: {rank: "2"}`: every card with one of those values is wild for that property;
// `wild: {rank: "8", for: suit}`: wild for another property (an 8 stands for any suit).
void ReadWildValues(const YamlReader& y, const YAML::Node& node, Ruleset& r) {
  const bool has_for = node.IsMap() && node["for"];
  if (!node.IsMap() || node.size() != (has_for ? 2u : 1u))
    y.Fail(node,
           "wild: expected one property: value or [values], such as {rank: \"2\"}, and optionally for: "
           "PROPERTY");
  YAML::Node key, values;
  for (const auto& entry : node) {
    if (entry.first.Scalar() == "for") continue;
    key = entry.first;
    values = entry.second;
  }
  const int prop = ReadProperty(y, key, r.catalog);
  const int wild_for = has_for ? ReadProperty(y, node["for"], r.catalog) : prop;
  CheckWildValues(y, has_for ? node["for"] : key, r.catalog, wild_for);
  std::vector<YAML::Node> items;
  if (values.IsSequence()) {
    for (const auto& v : values) items.push_back(v);
  } else {
    items.push_back(values);
  }
  for (const auto& v : items) {
    const int value = r.catalog.properties()[prop].ValueIndex(y.As<std::string>(v));
    if (value == kNoValue) y.Fail(v, fmt::format("'{}' is not a value of '{}'", v.Scalar(), key.Scalar()));
    for (int k = 0; k < static_cast<int>(r.catalog.kinds().size()); ++k) {
      if (r.catalog.kind(k).values[prop] == value) r.catalog.SetWild(k, wild_for);
    }
  }
}

}  // namespace

int ReadProperty(const YamlReader& y, const YAML::Node& node, const Catalog& catalog) {
  const auto name = y.As<std::string>(node);
  const int index = catalog.PropertyIndex(name);
  if (index < 0) {
    y.Fail(node,
           fmt::format("unknown card property '{}'; properties are: {}", name, catalog.PropertyNames()));
  }
  return index;
}

IntValue ReadIntValue(const YamlReader& y, const YAML::Node& node, const Ruleset& r) {
  if (node.IsScalar() && node.Scalar().size() > 1 && node.Scalar()[0] == '$') {
    const auto name = node.Scalar().substr(1);
    const int index = r.ParameterIndex(name);
    if (index < 0)
      y.Fail(node, fmt::format("unknown parameter '{}'; parameters are: {}", name, Join(Names(r.parameters))));
    return {0, index};
  }
  return {y.As<int>(node), -1};
}

IntValue ReadSignedIntValue(const YamlReader& y, const YAML::Node& node, const Ruleset& r) {
  if (!node.IsScalar() || node.Scalar().rfind("-$", 0) != 0) return ReadIntValue(y, node, r);
  const auto name = node.Scalar().substr(2);
  IntValue value{0, r.ParameterIndex(name)};
  if (value.parameter < 0)
    y.Fail(node, fmt::format("unknown parameter '{}'; parameters are: {}", name, Join(Names(r.parameters))));
  value.negated = true;
  return value;
}

int ReadZone(const YamlReader& reader, const YAML::Node& node, const Ruleset& r) {
  const auto name = reader.As<std::string>(node);
  const int index = r.ZoneIndex(name);
  if (index < 0) {
    reader.Fail(node, fmt::format("unknown zone '{}'; {}", name, Suggest(name, Names(r.zones), "zones are")));
  }
  return index;
}

int ReadVariable(const YamlReader& reader, const YAML::Node& node, const Ruleset& r, Owner owner) {
  const auto name = reader.As<std::string>(node);
  const int index = r.VariableIndex(name);
  if (index < 0)
    reader.Fail(node, fmt::format("unknown variable '{}'; {}", name,
                                  Suggest(name, Names(r.variables), "variables are")));
  if (r.variables[index].owner != owner)
    reader.Fail(node, fmt::format("variable '{}' must be a {} variable", name,
                                  owner == Owner::kTable ? "table" : "player"));
  return index;
}

IntValue ReadFlag(const YamlReader& reader, const YAML::Node& map, const char* key, const Ruleset& r,
                  bool otherwise) {
  const YAML::Node node = map[key];
  if (!node) return {otherwise ? 1 : 0, -1};
  if (node.IsScalar() && node.Scalar().rfind('$', 0) == 0) return ReadIntValue(reader, node, r);
  return {reader.As<bool>(node) ? 1 : 0, -1};
}

IntValue ReadCountValue(const YamlReader& reader, const YAML::Node& node, const Ruleset& r) {
  if (!node.IsScalar() || node.Scalar().rfind("players", 0) != 0) return ReadIntValue(reader, node, r);
  std::string rest = node.Scalar().substr(7);
  rest.erase(std::remove(rest.begin(), rest.end(), ' '), rest.end());
  IntValue value{0, -1, true};
  if (rest.empty()) return value;
  const char sign = rest[0];
  const std::string digits = rest.substr(1);
  if ((sign != '+' && sign != '-') || digits.empty() || digits.size() > 4 ||
      !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; }))
    reader.Fail(node,
                fmt::format("'{}': expected a number, $parameter, players, or players + N / players - N",
                            node.Scalar()));
  value.literal = (sign == '-' ? -1 : 1) * std::stoi(digits);
  return value;
}

std::vector<CardFilter> ReadFilters(const YamlReader& reader, const YAML::Node& node,
                                    const Catalog& catalog) {
  if (!node.IsMap()) reader.Fail(node, "expected a map of property: value or [values]");
  std::vector<CardFilter> out;
  {
    for (const auto& cond : node) {
      CardFilter f;
      f.property = ReadProperty(reader, cond.first, catalog);
      const auto& prop = catalog.properties()[f.property];
      auto add = [&](const YAML::Node& v) {
        const auto value = reader.As<std::string>(v);
        const int index = prop.ValueIndex(value);
        if (index == kNoValue)
          reader.Fail(v, fmt::format("'{}' is not a value of '{}'; values are: {}", value, prop.name,
                                     Join(prop.values)));
        f.Add(index);
      };
      if (cond.second.IsSequence()) {
        for (const auto& v : cond.second) add(v);
      } else {
        add(cond.second);
      }
      out.push_back(std::move(f));
    }
  }
  return out;
}

void ReadCards(const YamlReader& y, const YAML::Node& node, Ruleset& r) {
  y.CheckKeys(node, {"properties", "code", "pack", "except", "copies", "extra", "into", "wild", "look"});
  const YAML::Node props = y.Required(node, "properties");
  if (!props.IsMap()) y.Fail(props, "properties: expected a map of property: [values in order]");
  for (const auto& entry : props) {
    Property p;
    p.name = entry.first.as<std::string>();
    if (!entry.second.IsSequence())
      y.Fail(entry.second, fmt::format("property '{}': expected a list of values", p.name));
    for (const auto& v : entry.second) p.values.push_back(y.As<std::string>(v));
    if (p.values.empty())  // no card could have the property
      y.Fail(entry.second,
             fmt::format("property '{}': an empty list of values; give it one or more", p.name));
    r.catalog.AddProperty(std::move(p));
  }
  const auto code = y.Optional(node, "code", std::string());
  const YAML::Node pack = y.Required(node, "pack");
  const YAML::Node code_node = node["code"] ? node["code"] : node;
  if (pack.IsScalar() && pack.Scalar() == "every") {
    // One card condition, or a list of them: a card any of them fits is left out.
    std::vector<std::vector<CardFilter>> except;
    if (const YAML::Node e = node["except"]) {
      if (e.IsSequence()) {
        for (const auto& item : e) except.push_back(ReadFilters(y, item, r.catalog));
      } else {
        if (!e.IsMap()) y.Fail(e, "except: expected a map of property: value or [values], or a list of them");
        except.push_back(ReadFilters(y, e, r.catalog));
      }
    }
    AddEveryKind(y, r, code, code_node, node["except"], except);
  } else if (pack.IsSequence()) {
    for (const auto& card : pack) AddListedKind(y, r, card, code);
  } else {
    y.Fail(pack, "pack: expected 'every' (each combination of property values) or a list of cards");
  }
  if (node["wild"]) ReadWildValues(y, node["wild"], r);
  r.deck_copies = node["copies"] ? ReadIntValue(y, node["copies"], r) : IntValue{1, -1};
  if (node["extra"]) {
    if (!node["extra"].IsSequence()) y.Fail(node["extra"], "extra: expected a list of cards");
    for (const auto& card : node["extra"]) AddListedKind(y, r, card, code, true);
  }
  if (node["look"]) ReadCardLook(y, node["look"], code, r);
}

// "into" names a zone, so it is read after the zones.
}  // namespace tapis
