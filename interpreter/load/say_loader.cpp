#include "interpreter/load/say_loader.h"

#include <algorithm>
#include <iterator>

namespace tapis {

std::string ReadSay(const YamlReader& y, const YAML::Node& node, const Ruleset& r) {
  const auto text = y.As<std::string>(node);
  if (text.empty()) y.Fail(node, "say: an empty line; write what the table tells, or leave say out");
  for (size_t open = text.find('{'); open != std::string::npos; open = text.find('{', open + 1)) {
    const size_t close = text.find('}', open);
    if (close == std::string::npos) y.Fail(node, "say: a '{' without its '}'");
    const std::string word = text.substr(open + 1, close - open - 1);
    if (std::find(std::begin(kSayWords), std::end(kSayWords), word) != std::end(kSayWords)) continue;
    const auto variable = std::find_if(r.variables.begin(), r.variables.end(),
                                       [&](const VariableDecl& v) { return v.name == word; });
    if (variable != r.variables.end() && variable->visibility == Visibility::kAll) continue;
    if (variable != r.variables.end())
      y.Fail(node, fmt::format(
                       "say: '{{{}}}' would tell every player a variable not all see (give it visible: all)",
                       word));
    std::vector<std::string> known(std::begin(kSayWords), std::end(kSayWords));
    for (const VariableDecl& v : r.variables) {
      if (v.visibility == Visibility::kAll) known.push_back(v.name);
    }
    y.Fail(node, fmt::format("say: unknown '{{{}}}'; the words are {}", word, Join(known)));
  }
  return text;
}

}  // namespace tapis
