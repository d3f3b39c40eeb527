#include "interpreter/load/variant.h"

#include <fmt/format.h>
#include <yaml-cpp/depthguard.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "interpreter/model/errors.h"
#include "interpreter/model/text_file.h"

namespace tapis {
namespace {

namespace fs = std::filesystem;

// Rulesets nest a few levels; deeper is a mistake or an attack on the walks below.
constexpr int kMaxNesting = 64;
// Each file of a chain of extends is built to check that it stands on its own, so a chain
// of n files costs n builds of its base: it has at most kMaxChain files.
constexpr size_t kMaxChain = 64;

// Checks one file's tree as it was written, walking it once:
// - Rulesets are text for people: a control character in a key or a value (an escape
//   sequence in a double-quoted "\e[2J", say) would reach the terminal in every view and message.
// - A key given twice in a map is an error: yaml-cpp keeps both and reads the first.
// - Lists and maps nest at most kMaxNesting levels.
// `walked`: the places of the lists and maps already walked, so that an alias (`*name`) is
// walked once, and a nest of aliases (a "billion laughs") costs no more than its text.
void CheckTree(const YAML::Node& node, const std::string& file_name, std::set<int>& walked, int depth = 0) {
  const auto fail = [&](const YAML::Node& at, const std::string& message) {
    return RulesError(
        fmt::format("{}:{}:{}: {}", file_name, at.Mark().line + 1, at.Mark().column + 1, message));
  };
  if ((node.IsSequence() || node.IsMap()) && !walked.insert(node.Mark().pos).second) return;
  if (depth > kMaxNesting)
    throw fail(node, fmt::format("lists and maps nested deeper than {} levels", kMaxNesting));
  if (node.IsScalar()) {
    const std::string& text = node.Scalar();
    for (size_t i = 0; i < text.size(); ++i) {
      const char c = text[i];
      const auto byte = static_cast<unsigned char>(c);
      const bool c1 = IsC1Control(text, i);  // U+009B starts an escape sequence as ESC [ does
      if ((byte < 0x20 && c != '\n' && c != '\t') || byte == 0x7f || c1)
        throw fail(node, fmt::format("control character {} in '{}'; rulesets are plain text",
                                     Printable(text.substr(i, c1 ? 2 : 1)), Printable(text)));
    }
  } else if (node.IsSequence()) {
    for (const auto& item : node) CheckTree(item, file_name, walked, depth + 1);
  } else if (node.IsMap()) {
    std::map<std::string, int> lines;  // each key's line
    for (const auto& entry : node) {
      CheckTree(entry.first, file_name, walked, depth + 1);
      if (entry.first.IsScalar()) {
        const auto [at, added] = lines.emplace(entry.first.Scalar(), entry.first.Mark().line + 1);
        if (!added)
          throw fail(entry.first, fmt::format("'{}' is given twice in this map (first on line {})",
                                              Printable(entry.first.Scalar()), at->second));
      }
      CheckTree(entry.second, file_name, walked, depth + 1);
    }
  }
}

// One file's tree, each file checked on its own (so a merged tree is never walked, and
// the places `walked` remembers are all of one file).
YAML::Node Parse(const std::string& text, const std::string& file) {
  if (const size_t bad = InvalidUtf8At(text); bad != std::string::npos) {
    const size_t line_start = text.rfind('\n', bad) + 1;  // 0 when npos
    throw RulesError(fmt::format("{}:{}:{}: byte 0x{:02x} is not UTF-8; rulesets are UTF-8 text", file,
                                 std::count(text.begin(), text.begin() + bad, '\n') + 1, bad - line_start + 1,
                                 static_cast<unsigned char>(text[bad])));
  }
  YAML::Node root;
  try {
    root = YAML::Load(text);
  } catch (const YAML::DeepRecursion& e) {  // yaml-cpp's message is "bad file"
    throw RulesError(fmt::format("{}:{}:{}: lists and maps nested deeper than {} levels", file,
                                 e.mark.line + 1, e.mark.column + 1, kMaxNesting));
  } catch (const YAML::ParserException& e) {
    throw RulesError(fmt::format("{}:{}:{}: {}", file, e.mark.line + 1, e.mark.column + 1, e.msg));
  }
  // An empty file has no place (yaml-cpp's mark said 0:0); another root is refused by the loader.
  if (root.IsNull())
    throw RulesError(
        fmt::format("{}:1:1: the file is empty; a ruleset is a map of keys (name, cards, zones, "
                    "moves…)",
                    file));
  std::set<int> walked;
  CheckTree(root, file, walked);
  return root;
}

YAML::Node Merge(const YAML::Node& base, const YAML::Node& over, bool add_lists) {
  if (add_lists && base.IsSequence() && over.IsSequence()) {
    YAML::Node out(YAML::NodeType::Sequence);
    for (const auto& item : base) out.push_back(item);
    for (const auto& item : over) out.push_back(item);
    return out;
  }
  if (!base.IsMap() || !over.IsMap()) return over;
  YAML::Node out(YAML::NodeType::Map);
  for (const auto& entry : base) {
    const std::string key = entry.first.Scalar();
    const YAML::Node replacement = over[key];
    if (!replacement) {
      out[entry.first] = entry.second;
    } else if (!replacement.IsNull()) {
      out[entry.first] = Merge(entry.second, replacement, add_lists && key == "scripts");
    }
  }
  for (const auto& entry : over) {
    if (!base[entry.first.Scalar()] && !entry.second.IsNull()) out[entry.first] = entry.second;
  }
  return out;
}

// The ruleset files being loaded on this thread, to catch a file that extends itself
// (loading a base loads its own bases first).
thread_local std::set<std::string> loading;

struct Loading {
  std::string key;
  explicit Loading(std::string k) : key(std::move(k)) {}
  ~Loading() { loading.erase(key); }
};

RulesetSource Read(const std::string& text, const std::string& file) {
  RulesetSource source;
  source.root = Parse(text, file);
  source.files = {{file, source.root}};
  const YAML::Node extends = source.root.IsMap() ? source.root["extends"] : YAML::Node();
  if (!extends) return source;
  const auto where = [&](const std::string& message) {
    return RulesError(
        fmt::format("{}:{}:{}: {}", file, extends.Mark().line + 1, extends.Mark().column + 1, message));
  };
  if (!extends.IsScalar()) throw where("extends: expected a ruleset name or a path");
  // A path next to this file, else a ruleset known by name.
  const fs::path dir = fs::path(file).parent_path();
  std::string base = (dir / extends.Scalar()).string();
  std::error_code ec;
  if (!fs::is_regular_file(base, ec)) {
    try {
      base = FindRuleset(extends.Scalar());
    } catch (const Error& e) {
      throw where(e.what());
    }
  }
  if (loading.count(fs::weakly_canonical(base, ec).string())) {
    throw where(fmt::format("'{}' extends itself, through a chain of extends", base));
  }
  if (loading.size() >= kMaxChain)
    throw where(fmt::format("a chain of extends of more than {} files; merge some of them", kMaxChain));
  // The base must stand on its own. Its chain is read once, and each file of the chain is
  // built once, so a chain of n files loads in n steps; each build runs only its own
  // scripts, on top of those its base ran (ScriptsRun).
  RulesetSource parent;
  try {
    std::string base_text;
    if (const FileProblem problem = ReadTextFile(base, base_text); problem != FileProblem::kNone)
      throw IoError(fmt::format("{}: cannot read the ruleset file{}", base, ProblemSuffix(problem, base)));
    parent = ReadRulesetSource(base_text, base);
    BuildRuleset(parent, base, &source.base_scripts);
  } catch (const Error& e) {
    // Said once, with the place of the error itself: not once for each file between them.
    constexpr std::string_view kFails = "the ruleset it extends does not load: ";
    std::string_view cause = e.what();
    if (const size_t last = cause.rfind(kFails); last != std::string_view::npos)
      cause.remove_prefix(last + kFails.size());
    throw where(fmt::format("{}{}", kFails, cause));
  }
  // The base's scripts, made absolute so they resolve from the variant's folder.
  // What the base inherited is one generation further up from the variant.
  const fs::path base_dir = fs::path(base).parent_path();
  for (auto& entry : parent.script_names) ++entry.second.generation;
  if (parent.root["scripts"] && parent.root["scripts"].IsSequence()) {
    YAML::Node scripts(YAML::NodeType::Sequence);
    for (const auto& item : parent.root["scripts"]) {
      const std::string written = item.Scalar();
      const std::string absolute = fs::absolute(base_dir / written).lexically_normal().string();
      if (!parent.script_names.count(absolute)) {
        parent.script_names[absolute] = {ScriptDisplayName(base_dir.string(), written), 1};
      }
      scripts.push_back(absolute);
    }
    parent.root["scripts"] = scripts;
  }
  source.root.remove("extends");
  // reset, not =: assigning a node rewrites the node it held, the file's own tree (files).
  source.root.reset(Merge(parent.root, source.root, true));
  source.script_names = parent.script_names;
  source.files.insert(source.files.end(), parent.files.begin(), parent.files.end());
  return source;
}

}  // namespace

std::string ScriptDisplayName(const std::string& ruleset_dir, const std::string& written) {
  const fs::path dir = ruleset_dir.empty() ? fs::path(".") : fs::path(ruleset_dir);
  const fs::path path = (dir / written).lexically_normal();
  std::string name = path.lexically_relative(dir.lexically_normal().parent_path()).string();
  if (name.empty() || name.rfind("..", 0) == 0 || fs::path(written).is_absolute()) name = written;
  return name;
}

RulesetSource ReadRulesetSource(const std::string& text, const std::string& file) {
  std::error_code ec;
  const std::string key = fs::weakly_canonical(file, ec).string();
  if (!loading.insert(key).second) return {Parse(text, file), {}};  // reported by the one extending it
  Loading guard(key);
  return Read(text, file);
}

}  // namespace tapis
