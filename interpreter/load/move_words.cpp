#include "interpreter/load/move_words.h"

#include <fmt/format.h>

#include <cctype>

namespace tapis {
namespace {

void ReplaceAll(std::string& text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) {
    text.replace(at, from.size(), to);
  }
}

}  // namespace

void ReadMoveWords(const YamlReader& reader, const YAML::Node& spec, const Catalog& catalog, MoveDecl& m) {
  const YAML::Node options = spec["options"];
  if (m.type == MoveType::kChoose) {
    if (!options) reader.Fail(spec, "choose: 'options' is required (a property name or a list of words)");
    if (options.IsSequence()) {
      for (const auto& word : options) m.options.push_back(reader.As<std::string>(word));
    } else {
      const auto name = reader.As<std::string>(options);
      const int property = catalog.PropertyIndex(name);
      if (property < 0)
        reader.Fail(options, fmt::format("unknown property '{}'; properties are: {}", name, catalog.PropertyNames()));
      m.options = catalog.properties()[property].values;
      m.option_property = property;
    }
    if (m.options.empty() || m.options.size() > 127) reader.Fail(options, "choose: from 1 to 127 options");
    for (const auto& word : m.options) {
      if (word.empty() || word.find_first_of(" ?=") != std::string::npos)
        reader.Fail(options, fmt::format("option '{}' is not a plain word", word));
    }
  } else if (options) {
    reader.Fail(options, "'options' is only for moves of type choose");
  }
  if (!spec["text"]) return;
  m.text = reader.As<std::string>(spec["text"]);
  std::string rest = m.text;
  for (const char* field : {"{name}", "{cards}", "{option}", "{seat}"}) ReplaceAll(rest, field, "");
  if (rest.find_first_of("{}") != std::string::npos)
    reader.Fail(spec["text"], "text: the only fields are {name}, {cards}, {option} and {seat}");
  if (m.text.find("{option}") != std::string::npos && m.type != MoveType::kChoose &&
      m.type != MoveType::kNumber && m.type != MoveType::kAsk)
    reader.Fail(spec["text"], "text: {option} is only for moves of type choose, number or ask");
  if (m.text.find("{seat}") != std::string::npos && m.type != MoveType::kAsk && m.type != MoveType::kPick)
    reader.Fail(spec["text"],
                "text: {seat} is only for moves of type ask or pick (the player asked or picked from)");
  if (m.text.find_first_not_of(' ') == std::string::npos) reader.Fail(spec["text"], "text: empty");
  // "{name}{cards}" would write "playH6": a field glued to another cannot be read back.
  if (m.text.find("}{") != std::string::npos)
    reader.Fail(spec["text"],
                "text: put a space between two fields ({name} {cards}), or the move cannot be read back");
}

std::string FillMoveText(const MoveDecl& decl, const std::string& cards, const std::string& option,
                         const std::string& seat) {
  std::string out = decl.text;
  ReplaceAll(out, "{seat}", seat);
  ReplaceAll(out, "{name}", decl.name);
  ReplaceAll(out, "{cards}", cards);
  ReplaceAll(out, "{option}", option);
  return out;
}

bool WrittenWithoutName(const MoveDecl& decl) {
  if (decl.text.empty()) return false;
  const size_t start = decl.text.find_first_not_of(' ');
  std::string first = decl.text.substr(start, decl.text.find(' ', start) - start);
  for (char& c : first) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return first != "{name}" && first != decl.name;
}

}  // namespace tapis
