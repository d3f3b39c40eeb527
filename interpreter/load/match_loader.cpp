#include "interpreter/load/match_loader.h"

#include <filesystem>

#include "interpreter/load/card_loader.h"
#include "interpreter/model/word_index.h"

namespace tapis {

void ReadWords(const YamlReader& y, const YAML::Node& words, const std::string& directory, Ruleset& r) {
  // `words: PATH`, or `words: {list: PATH, needs_one_of: LETTERS}`.
  if (words.IsMap()) y.CheckKeys(words, {"list", "needs_one_of"});
  // Copied, not assigned: assigning a YAML::Node writes into the node it refers to.
  const YAML::Node node = words.IsMap() ? y.Required(words, "list") : words;
  if (words.IsMap()) {
    if (words["needs_one_of"]) {
      const YAML::Node letters = words["needs_one_of"];
      r.words_need = WordIndex::Normalise(y.As<std::string>(letters));
      if (r.words_need.empty())
        y.Fail(letters, "words: needs_one_of: give letters a word must hold one of, e.g. AEIOUY");
    }
  }
  const auto text = y.As<std::string>(node);
  if (!text.empty() && text[0] == '$') {  // a file parameter: its default is loaded now
    r.words_parameter = r.ParameterIndex(text.substr(1));
    if (r.words_parameter < 0 || r.parameters[r.words_parameter].type != Parameter::Type::kFile)
      y.Fail(node, fmt::format("words: '{}' is not a parameter of type file", text.substr(1)));
    r.words_file = r.parameters[r.words_parameter].default_file;
  } else {
    const std::filesystem::path file = text;
    r.words_file = (file.is_absolute() ? file : std::filesystem::path(directory) / file).string();
  }
  try {
    r.words = WordIndex::Load(r.words_file, r.words_need);
  } catch (const Error&) {
    y.Fail(node, fmt::format("cannot read the word list '{}'", r.words_file));
  }
}

void ReadMatches(const YamlReader& y, const YAML::Node& node, Ruleset& r) {
  if (!node.IsMap()) y.Fail(node, "matches: expected a map of name: {complete|sum|same|word: PROPERTY}");
  for (const auto& entry : node) {
    const YAML::Node& spec = entry.second;
    y.CheckKeys(spec, {"complete", "sum", "same", "word", "total"});
    MatchRule m;
    m.name = entry.first.as<std::string>();
    static const std::pair<const char*, MatchRule::Kind> kKinds[] = {{"complete", MatchRule::Kind::kComplete},
                                                                      {"sum", MatchRule::Kind::kSum},
                                                                      {"same", MatchRule::Kind::kSame},
                                                                      {"word", MatchRule::Kind::kWord}};
    for (const auto& [key, kind] : kKinds) {
      if (!spec[key]) continue;
      m.kind = kind;
      m.property = ReadProperty(y, spec[key], r.catalog);
    }
    if (m.property < 0)
      y.Fail(spec, fmt::format("match '{}' needs one of complete, sum, same or word: PROPERTY", m.name));
    const auto& values = r.catalog.properties()[m.property].values;
    const YAML::Node where = spec[m.kind == MatchRule::Kind::kSum ? "sum" : "word"];
    if (m.kind == MatchRule::Kind::kSum) {
      m.total = y.As<int>(y.Required(spec, "total"));
      for (const auto& v : values) {
        size_t used = 0;
        int number = 0;
        try {
          number = std::stoi(v, &used);
        } catch (const std::exception&) {
        }
        if (used != v.size() || number < 1)
          y.Fail(where, fmt::format("sum: value '{}' of '{}' is not a number from 1 up", v, spec["sum"].Scalar()));
        m.numbers.push_back(number);
      }
    }
    if (m.kind == MatchRule::Kind::kWord) {
      if (!r.words) y.Fail(where, "a word match needs a word list: add 'words: PATH' to the ruleset");
      for (const auto& v : values) {
        const std::string letter = WordIndex::Normalise(v);
        if (letter.size() != 1) y.Fail(where, fmt::format("word: value '{}' is not one letter", v));
        m.numbers.push_back(letter[0] - 'A');
      }
    }
    r.matches.push_back(std::move(m));
  }
}

void ReadMatchMove(const YamlReader& y, const YAML::Node& spec, Ruleset& r, MoveDecl& m) {
  m.match_by = ReadProperty(y, y.Required(spec, "by"), r.catalog);
  const auto& values = r.catalog.properties()[m.match_by].values;
  m.match_for.assign(values.size(), -1);
  const YAML::Node rules = y.Required(spec, "matches");
  if (!rules.IsMap()) y.Fail(rules, "matches: expected a map of the top's value: match rule");
  for (const auto& entry : rules) {
    const auto value = y.As<std::string>(entry.first);
    const auto name = y.As<std::string>(entry.second);
    const int v = r.catalog.properties()[m.match_by].ValueIndex(value);
    if (v == kNoValue)
      y.Fail(entry.first, fmt::format("'{}' is not a value of '{}'; values are: {}", value,
                                      r.catalog.properties()[m.match_by].name, Join(values)));
    int rule = -1;
    std::vector<std::string> names;
    for (size_t i = 0; i < r.matches.size(); ++i) {
      names.push_back(r.matches[i].name);
      if (r.matches[i].name == name) rule = static_cast<int>(i);
    }
    if (rule < 0) y.Fail(entry.second, fmt::format("unknown match '{}'; matches are: {}", name, Join(names)));
    m.match_for[v] = rule;
  }
}

}  // namespace tapis
