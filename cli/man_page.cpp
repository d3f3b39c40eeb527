#include "cli/man_page.h"

#include <fmt/format.h>

#include <cctype>

namespace tapis::cli {
namespace {

// Text as roff reads it: backslashes and hyphens escaped, no line starting with a control
// character.
std::string Roff(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '\\')
      out += "\\e";
    else if (c == '-')
      out += "\\-";
    else
      out += c;
  }
  if (!out.empty() && (out[0] == '.' || out[0] == '\'')) out.insert(0, "\\&");
  return out;
}

// A positional argument as the synopsis names it: GAME.
std::string Placeholder(const CLI::Option& option) {
  std::string name = option.get_name(true);
  for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

// "--seed INT", "GAME": an option as its command takes it (the value's kind without the
// validators' ranges, which its description gives).
std::string OptionName(const CLI::Option& option) {
  if (!option.nonpositional()) return fmt::format("\\fI{}\\fR", Roff(Placeholder(option)));
  const std::string names = option.get_name(false, true);
  const std::string value = option.get_type_name().substr(0, option.get_type_name().find(':'));
  if (option.get_expected_max() == 0 || value.empty()) return fmt::format("\\fB{}\\fR", Roff(names));
  return fmt::format("\\fB{}\\fR \\fI{}\\fR", Roff(names), Roff(value));
}

}  // namespace

std::string ManPage(const CLI::App& app, const std::string& version) {
  std::string page = fmt::format(".TH TAPIS 1 \"\" \"tapis {}\" \"User Commands\"\n", version);
  const std::string& about = app.get_description();  // "tapis — rules-as-data card games"
  const size_t dash = about.find("— ");
  page += fmt::format(".SH NAME\ntapis \\- {}\n",
                      Roff(dash == std::string::npos ? about : about.substr(dash + 4)));
  page += ".SH SYNOPSIS\n.B tapis\n\\fICOMMAND\\fR [\\fIARGUMENTS\\fR] [\\fIOPTIONS\\fR]\n";
  page +=
      ".SH DESCRIPTION\nA card game interpreter: each game's setup, cards and moves are a YAML ruleset, its "
      "special effects Lua scripts. The commands below are those of \\fBtapis \\-\\-help\\fR; "
      "\\fBtapis\\fR \\fICOMMAND\\fR \\fB\\-\\-help\\fR says the same of one command.\n";
  page += ".SH COMMANDS\n";
  for (const CLI::App* command : app.get_subcommands({})) {
    if (command->get_group().empty()) continue;  // hidden, for the shells' completion
    std::string usage = "tapis " + command->get_name();
    for (const CLI::Option* option : command->get_options()) {
      if (!option->nonpositional())
        usage += option->get_required() ? " " + Placeholder(*option) : " [" + Placeholder(*option) + "]";
    }
    page += fmt::format(".SS \"{}\"\n{}\n", Roff(usage), Roff(command->get_description()));
    for (const CLI::Option* option : command->get_options()) {
      if (option->get_name(false, true) == "-h,--help") continue;
      page += fmt::format(".TP\n{}\n{}\n", OptionName(*option), Roff(option->get_description()));
    }
  }
  page +=
      ".SH EXIT STATUS\n0 fine; 1 \\fBtapis check\\fR found a problem; 2 the ruleset does not load; 3 a Lua "
      "script failed; 4 a file cannot be read or is malformed, or no such ruleset; 5 a log holds an illegal "
      "move or wrong scores; 6 bad usage; 130, 143, 129 \\fBtapis play\\fR stopped by Ctrl\\-C, SIGTERM or "
      "SIGHUP (its log written); 70 an internal error.\n";
  page +=
      ".SH ENVIRONMENT\n.TP\n\\fBNO_COLOR\\fR\nset: no colours (as \\fB\\-\\-plain\\fR).\n"
      ".TP\n\\fBXDG_STATE_HOME\\fR\nwhere games left unsaved are kept (tapis/recent).\n";
  page +=
      ".SH SEE ALSO\nThe guides in the source's docs/: cli.md (every command), rulesets.md (the YAML), "
      "lua-api.md (the scripts), designing.md (a variant, step by step).\n";
  return page;
}

}  // namespace tapis::cli
