#include "cli/completion.h"

#include <fmt/format.h>

#include <algorithm>

#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "interpreter/model/errors.h"

namespace tapis::cli {
namespace {

const std::string kFiles = ":files";

// The options whose value is a file, and the commands whose words are files.
bool TakesFile(const std::string& option) {
  return option == "--resume" || option == "--log" || option == "--out" || option == "--report" ||
         option == "--jsonl" || option == "--why";
}
bool WordsAreFiles(const std::string& command) {
  return command == "replay" || command == "moves" || command == "score" || command == "merge";
}

const CLI::Option* OptionNamed(const CLI::App& command, const std::string& name) {
  for (const CLI::Option* option : command.get_options()) {
    const auto& names = option->get_lnames();
    if (name.starts_with("--") && std::find(names.begin(), names.end(), name.substr(2)) != names.end())
      return option;
    const auto& shorts = option->get_snames();
    if (name.size() == 2 && name[0] == '-' &&
        std::find(shorts.begin(), shorts.end(), name.substr(1)) != shorts.end())
      return option;
  }
  return nullptr;
}

// The ruleset a command line names (its first word that is neither an option nor an
// option's value), loaded; null when there is none or it does not load.
std::shared_ptr<const Ruleset> NamedRuleset(const CLI::App& command, const std::vector<std::string>& words,
                                            std::vector<std::string>& positionals) {
  for (size_t i = 1; i + 1 < words.size(); ++i) {
    if (words[i].starts_with("-")) {
      const CLI::Option* option = OptionNamed(command, words[i]);
      if (option != nullptr && option->get_expected_min() > 0 && words[i].find('=') == std::string::npos) ++i;
      continue;
    }
    positionals.push_back(words[i]);
  }
  if (positionals.empty()) return nullptr;
  try {
    return LoadRuleset(FindRuleset(positionals.front()));
  } catch (const Error&) {
    return nullptr;
  }
}

std::vector<std::string> Starting(std::vector<std::string> all, const std::string& prefix) {
  std::erase_if(all, [&](const std::string& word) { return !word.starts_with(prefix); });
  return all;
}

}  // namespace

std::vector<std::string> Completions(const CLI::App& app, const std::vector<std::string>& words) {
  if (words.empty()) return {};
  const std::string& typed = words.back();
  if (words.size() == 1) {
    std::vector<std::string> commands;
    for (const CLI::App* sub : app.get_subcommands([](const CLI::App* a) { return !a->get_group().empty(); }))
      commands.push_back(sub->get_name());
    if (typed.starts_with("-")) commands = {"--help", "--version"};
    return Starting(commands, typed);
  }
  const CLI::App* command = nullptr;
  try {
    command = app.get_subcommand(words.front());
  } catch (const CLI::Error&) {
    return {};
  }
  std::vector<std::string> positionals;
  const auto rules = NamedRuleset(*command, words, positionals);
  const std::string& before = words[words.size() - 2];
  if (before.starts_with("-")) {
    const CLI::Option* option = OptionNamed(*command, before);
    if (option != nullptr && option->get_expected_min() > 0) {
      if (TakesFile(before)) return {kFiles};
      if (before == "--seat") return Starting({"human", "random", "greedy", "ismcts", "ismcts:"}, typed);
      if (before == "--set" && rules) {
        std::vector<std::string> values;
        for (const Parameter& p : rules->parameters) {
          values.push_back(p.name + "=");
          if (p.type == Parameter::Type::kBool) {
            values.push_back(p.name + "=true");
            values.push_back(p.name + "=false");
          }
          for (const std::string& choice : p.choices) values.push_back(p.name + "=" + choice);
        }
        // The names first; their values once one is chosen.
        const bool naming = typed.find('=') == std::string::npos;
        std::erase_if(values, [&](const std::string& v) { return (v.back() == '=') != naming; });
        return Starting(values, typed);
      }
      if (before == "--players" && rules) {
        std::vector<std::string> counts;
        for (int n = rules->min_players; n <= rules->max_players; ++n) counts.push_back(std::to_string(n));
        return Starting(counts, typed);
      }
      return {};
    }
  }
  if (typed.starts_with("-")) {
    std::vector<std::string> options;
    for (const CLI::Option* option : command->get_options())
      for (const std::string& name : option->get_lnames()) options.push_back("--" + name);
    return Starting(options, typed);
  }
  if (WordsAreFiles(command->get_name())) return {kFiles};
  if (positionals.empty()) {  // the ruleset: a name, or a file
    if (typed.find('/') != std::string::npos || typed.ends_with(".yaml")) return {kFiles};
    std::vector<std::string> names;
    for (const RulesetEntry& entry : ListRulesets()) names.push_back(entry.name);
    return Starting(names, typed);
  }
  if (command->get_name() == "rules" && positionals.size() == 1 && rules) {
    std::vector<std::string> sections;
    for (const RulesSection& section : rules->how_to_play) sections.push_back(section.name);
    return Starting(sections, typed);
  }
  return {};
}

std::string CompletionScript(const std::string& shell) {
  if (shell == "bash")
    return R"SH(# tapis completion for bash: eval "$(tapis completion bash)", e.g. in ~/.bashrc
_tapis() {
  local line=${COMP_LINE:0:COMP_POINT} words out
  read -ra words <<< "$line"
  [[ $line == *[[:space:]] ]] && words+=("")
  local IFS=$'\n' cur=${words[-1]}
  out=$("${words[0]}" __complete "${words[@]:1}" 2>/dev/null)
  if [[ $out == ":files" ]]; then
    COMPREPLY=($(compgen -f -- "${COMP_WORDS[COMP_CWORD]}"))
    return
  fi
  # bash splits a word at '=': what it completes is what follows it.
  local prefix=""
  [[ $cur == *=* ]] && prefix=${cur%%=*}=
  COMPREPLY=()
  local word
  for word in $out; do COMPREPLY+=("${word#"$prefix"}"); done
}
complete -o nospace -F _tapis tapis
)SH";
  if (shell == "zsh")
    return R"SH(#compdef tapis
# tapis completion for zsh: eval "$(tapis completion zsh)", e.g. in ~/.zshrc
_tapis() {
  local -a out
  out=("${(@f)$(${words[1]} __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
  if [[ ${out[1]} == ":files" ]]; then _files; return; fi
  compadd -S '' -- "${out[@]}"
}
compdef _tapis tapis
)SH";
  if (shell == "fish")
    return R"SH(# tapis completion for fish: tapis completion fish | source, e.g. in ~/.config/fish/config.fish
function __tapis_complete
    set -l words (commandline -opc) (commandline -ct)
    set -l out ($words[1] __complete $words[2..-1] 2>/dev/null)
    if test "$out[1]" = ":files"
        __fish_complete_path (commandline -ct)
    else
        printf '%s\n' $out
    end
end
complete -c tapis -f -a '(__tapis_complete)'
)SH";
  throw Error(ErrorKind::kUsage,
              fmt::format("completion: no script for '{}'; shells are bash, zsh and fish", shell));
}

}  // namespace tapis::cli
