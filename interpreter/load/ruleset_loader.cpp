#include "interpreter/load/ruleset_loader.h"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <filesystem>

#include "interpreter/load/card_loader.h"
#include "interpreter/load/expression_loader.h"
#include "interpreter/load/flow_loader.h"
#include "interpreter/load/hand_loader.h"
#include "interpreter/load/keep_loader.h"
#include "interpreter/load/knock_loader.h"
#include "interpreter/load/match_loader.h"
#include "interpreter/load/move_loader.h"
#include "interpreter/load/parameter_loader.h"
#include "interpreter/load/points_loader.h"
#include "interpreter/load/rules_text_loader.h"
#include "interpreter/load/script_names.h"
#include "interpreter/load/trick_loader.h"
#include "interpreter/load/trump_bid_loader.h"
#include "interpreter/load/variant.h"
#include "interpreter/load/yaml_reader.h"
#include "interpreter/load/zone_loader.h"
#include "interpreter/model/errors.h"
#include "interpreter/model/text_file.h"
#include "interpreter/script/script_host.h"

namespace tapis {
namespace {

namespace fs = std::filesystem;

// Walks the YAML tree, remembering the file so every message can say where.
class Loader : private YamlReader {
 public:
  Loader(std::string file, std::string directory, std::map<std::string, InheritedScript> script_names,
         std::vector<std::pair<std::string, YAML::Node>> files, ScriptsRun base_scripts)
      : YamlReader(std::move(file)),
        dir_(std::move(directory)),
        script_names_(std::move(script_names)),
        base_scripts_(std::move(base_scripts)) {
    SetFiles(std::move(files));
  }

  // The scripts the check ran, with `rules`, the ruleset they ran for (empty without scripts).
  ScriptsRun TakeScriptsRun(std::shared_ptr<const Ruleset> rules) {
    if (!host_) return {};
    return {std::move(rules), std::move(host_)};
  }

  std::shared_ptr<const Ruleset> Load(const YAML::Node& root) {
    auto rules = std::make_shared<Ruleset>();
    r_ = rules.get();
    r_->file = file_;
    if (!root.IsMap()) Fail(root, "a ruleset is a map of keys (name, cards, zones, moves…)");
    CheckKeys(root, {"name",  "title",   "description",  "rules",     "notes", "players",     "parameters",
                     "cards", "zones",   "combinations", "variables", "setup", "turn",        "phases",
                     "moves", "on",      "match",        "scripts",   "score", "card_points", "tricks",
                     "words", "matches", "teams",        "hands",     "bots"});
    r_->name = Required(root, "name").as<std::string>();
    r_->title = Optional(root, "title", r_->name);
    r_->description = Optional(root, "description", std::string());
    if (root["rules"]) ReadHowToPlay(*this, root["rules"], *r_);
    ReadPlayers(Required(root, "players"));
    if (root["teams"]) ReadTeams(root["teams"]);
    if (root["parameters"]) ReadParameters(*this, root["parameters"], *r_);
    ReadCards(*this, Required(root, "cards"), *r_);
    ReadZones(*this, Required(root, "zones"), *r_);
    if (root["words"]) ReadWords(*this, root["words"], dir_, *r_);
    if (root["matches"]) ReadMatches(*this, root["matches"], *r_);
    if (root["combinations"]) ReadCombinations(root["combinations"]);
    if (root["hands"]) ReadHands(*this, root["hands"], *r_);
    if (root["variables"]) ReadVariables(root["variables"]);
    ReadCardsInto(Required(root, "cards"));
    if (root["setup"]) ReadSetup(*this, root["setup"], *r_);
    ReadTurn(*this, Required(root, "turn"), *r_);
    if (root["phases"]) ReadPhases(root["phases"]);
    ReadMoves(*this, Required(root, "moves"), *r_, [this](const YAML::Node& n) { return FunctionName(n); });
    ResolveSetupMoves(*this, root["setup"], *r_);
    if (root["card_points"])
      ReadCardPoints(*this, root["card_points"], *r_);  // before tricks, which read them
    if (root["tricks"])
      ReadTricks(*this, root["tricks"], *r_, [this](const YAML::Node& n) { return FunctionName(n); });
    CheckTakeTrumpMoves(*this, root["moves"], *r_);
    CheckKnockMoves(*this, root["moves"], *r_);
    CheckKeepMoves(*this, root["moves"], *r_);
    for (const auto& rule : root["card_points"] ? root["card_points"] : YAML::Node()) {
      if (r_->tricks.zone < 0 && rule["trump"])
        Fail(rule["trump"], "trump: only in a game of tricks (tricks: names the trumps)");
    }
    if (root["on"]) ReadEvents(root["on"]);
    if (root["match"]) ReadMatch(root["match"]);
    if (root["scripts"]) ReadScripts(root["scripts"]);
    if (root["score"] && root["score"].IsMap()) {
      ReadScoreMap(*this, root["score"], *r_);
    } else if (root["score"]) {
      r_->score_function = FunctionName(root["score"]);
    }
    if (root["bots"]) {
      CheckKeys(root["bots"], {"evaluate", "sample", "samples", "iterations", "playout_turns"});
      if (root["bots"]["evaluate"]) r_->bot_evaluate = FunctionName(root["bots"]["evaluate"]);
      if (root["bots"]["sample"]) r_->bot_sample = FunctionName(root["bots"]["sample"]);
      if (root["bots"]["iterations"]) {
        r_->bot_iterations = As<int>(root["bots"]["iterations"]);
        if (r_->bot_iterations < 1) Fail(root["bots"]["iterations"], "iterations: expected a number from 1 up");
      }
      if (root["bots"]["samples"]) {
        r_->bot_samples = As<int>(root["bots"]["samples"]);
        if (r_->bot_samples < 1 || r_->bot_samples > kMaxBotSamples)
          Fail(root["bots"]["samples"],
               fmt::format("samples: expected a number from 1 to {}", kMaxBotSamples));
      }
      if (root["bots"]["playout_turns"]) {
        r_->bot_playout_turns = As<int>(root["bots"]["playout_turns"]);
        if (r_->bot_playout_turns < 1)
          Fail(root["bots"]["playout_turns"], "playout_turns: expected a number from 1 up");
      }
    }
    CheckFunctions();
    return rules;
  }

 private:
  std::string FunctionName(const YAML::Node& node) {
    auto name = As<std::string>(node);
    functions_.push_back({name, node});
    return name;
  }

  int Zone(const YAML::Node& node) const { return ReadZone(*this, node, *r_); }
  int PropertyOf(const YAML::Node& node) const { return ReadProperty(*this, node, r_->catalog); }
  IntValue Int(const YAML::Node& node) const { return ReadIntValue(*this, node, *r_); }

  void ReadPlayers(const YAML::Node& node) {
    CheckKeys(node, {"min", "max"});
    r_->min_players = As<int>(Required(node, "min"));
    r_->max_players = As<int>(Required(node, "max"));
    if (r_->min_players < 1 || r_->max_players < r_->min_players || r_->max_players > kMaxPlayers) {
      Fail(node, fmt::format("players: need 1 <= min <= max <= {}", kMaxPlayers));
    }
  }

  // Partners alternate round the table, so every player count must fill the teams evenly.
  void ReadTeams(const YAML::Node& node) {
    r_->teams = As<int>(node);
    if (r_->teams < 2) Fail(node, "teams: expected a number of teams, 2 or more");
    for (int n = r_->min_players; n <= r_->max_players; ++n) {
      if (n % r_->teams != 0)
        Fail(node, fmt::format("teams: {} players cannot form {} teams of the same size; players are {} to {}",
                               n, r_->teams, r_->min_players, r_->max_players));
    }
  }

  void ReadCardsInto(const YAML::Node& node) { r_->deck_zone = Zone(Required(node, "into")); }

  void ReadCombinations(const YAML::Node& node) {
    for (const auto& entry : node) {
      const YAML::Node& spec = entry.second;
      CheckKeys(spec, {"run", "set", "same", "min", "max", "alone"});
      Combination c;
      c.name = entry.first.as<std::string>();
      if (spec["run"]) {
        c.kind = Combination::Kind::kRun;
        c.property = PropertyOf(spec["run"]);
      } else if (spec["set"]) {
        c.kind = Combination::Kind::kSet;
        c.property = PropertyOf(spec["set"]);
      } else {
        Fail(spec, fmt::format("combination '{}' needs 'run: PROPERTY' or 'set: PROPERTY'", c.name));
      }
      if (spec["same"]) {
        if (spec["same"].IsSequence()) {
          for (const auto& p : spec["same"]) c.same.push_back(PropertyOf(p));
        } else {
          c.same.push_back(PropertyOf(spec["same"]));
        }
      }
      c.min = Optional(spec, "min", 3);
      c.max = Optional(spec, "max", 64);
      if (c.min < 1 || c.max < c.min) Fail(spec, "combination: need 1 <= min <= max");
      if (spec["alone"]) c.alone = ReadFilters(*this, spec["alone"], r_->catalog);
      c.stands_for.assign(r_->catalog.properties()[c.property].values.size(), false);
      for (const CardKind& k : r_->catalog.kinds()) {
        c.wild = c.wild || k.wild == c.property;
        if (k.wild != c.property && k.values[c.property] != kNoValue) c.stands_for[k.values[c.property]] = true;
      }
      r_->combinations.push_back(std::move(c));
    }
  }

  void ReadVariables(const YAML::Node& node) {
    for (const auto& entry : node) {
      const YAML::Node& spec = entry.second;
      CheckKeys(spec, {"owner", "initial", "visible", "range", "announce", "values", "hidden_at", "report",
                       "each_round"});
      VariableDecl v;
      v.name = entry.first.as<std::string>();
      const auto owner = Optional(spec, "owner", std::string("table"));
      if (owner != "table" && owner != "player") Fail(spec["owner"], "owner: expected table or player");
      v.owner = owner == "table" ? Owner::kTable : Owner::kPlayer;
      v.initial = Optional(spec, "initial", 0);
      v.visibility =
          Word(spec, "visible", Visibility::kNone,
               {{"all", Visibility::kAll}, {"owner", Visibility::kOwner}, {"none", Visibility::kNone}});
      if (v.visibility == Visibility::kOwner && v.owner == Owner::kTable)
        Fail(spec["visible"], "visible: owner needs a variable with owner: player");
      v.announce = Optional(spec, "announce", false);
      if (const YAML::Node values = spec["values"]) {  // [names for 0, 1, 2…] or {value: name}
        if (values.size() == 0 || values.size() > 64 || !(values.IsSequence() || values.IsMap()))
          Fail(values, "values: expected a list of 1 to 64 names, for 0, 1, 2…, or a map {value: name}");
        int next = 0;
        for (const auto& item : values) {
          if (values.IsSequence()) {
            v.value_names[next++] = As<std::string>(item);
          } else {
            v.value_names[As<int>(item.first)] = As<std::string>(item.second);
          }
        }
      }
      if (v.announce && v.visibility == Visibility::kNone)
        Fail(spec["announce"], "announce: only a variable players see (visible: all or owner) is told");
      if (spec["hidden_at"]) {
        if (v.visibility == Visibility::kNone)
          Fail(spec["hidden_at"], "hidden_at: only a variable players see (visible: all or owner) is hidden");
        v.hidden_at = As<int>(spec["hidden_at"]);
      }
      v.each_round = Optional(spec, "each_round", false);
      v.report = Optional(spec, "report", true);
      if (!v.report && v.owner != Owner::kTable)
        Fail(spec["report"],
             "report: only a table variable's mean is reported (tapis sim); this one is a player's");
      if (spec["range"]) {
        const YAML::Node range = spec["range"];
        if (v.visibility != Visibility::kOwner) Fail(range, "range: only a secret (visible: owner) has one");
        if (!range.IsSequence() || range.size() != 2) Fail(range, "range: expected [lowest, highest]");
        v.range_min = As<int>(range[0]);
        v.range_max = As<int>(range[1]);
        if (v.range_min > v.range_max) Fail(range, "range: the lowest value comes first");
      }
      r_->variables.push_back(std::move(v));
    }
  }

  void ReadPhases(const YAML::Node& node) {
    if (!node.IsSequence())
      Fail(node, "phases: expected a list of phase names, the first being where rounds start");
    for (const auto& p : node) r_->phases.push_back(As<std::string>(p));
    if (r_->phases.size() > 32) Fail(node, "at most 32 phases");
  }

  void ReadEvents(const YAML::Node& node) {
    CheckKeys(node, {"round_start", "turn_start", "turn_end", "round_end"});
    if (node["round_end"]) r_->events.round_end = FunctionName(node["round_end"]);
    if (node["round_start"]) r_->events.round_start = FunctionName(node["round_start"]);
    if (node["turn_start"]) r_->events.turn_start = FunctionName(node["turn_start"]);
    if (node["turn_end"]) r_->events.turn_end = FunctionName(node["turn_end"]);
  }

  void ReadMatch(const YAML::Node& node) {
    CheckKeys(node,
              {"rounds", "target", "lowest_wins", "rotate_first", "winners", "live_score", "ends_when"});
    if (node["winners"]) r_->match.winners = FunctionName(node["winners"]);
    if (node["rounds"]) {
      r_->match.rounds = Int(node["rounds"]);
      const IntValue& rounds = r_->match.rounds;
      if (rounds.parameter < 0 &&
          (rounds.literal < 1 || rounds.literal > kMaxRounds))  // a parameter: when set
        Fail(node["rounds"], fmt::format("match: rounds: {}; from 1 to {}", rounds.literal, kMaxRounds));
    }
    if (node["target"]) r_->match.target = Int(node["target"]);
    if (!node["rounds"] && node["target"]) r_->match.rounds = {1000, -1};  // until the target
    r_->match.lowest_wins = Optional(node, "lowest_wins", false);
    r_->match.rotate_first = Optional(node, "rotate_first", true);
    r_->match.live_score = Optional(node, "live_score", false);
    if (node["ends_when"])
      r_->match.ends_when = ReadExpression(*this, node["ends_when"], *r_, {"ends_when", true, false, false});
    if (!node["rounds"] && node["ends_when"]) r_->match.rounds = {kMaxRounds, -1};  // until it holds
  }

  void ReadScripts(const YAML::Node& node) {
    if (!node.IsSequence()) Fail(node, "scripts: expected a list of Lua files");
    for (const auto& item : node) {
      const auto relative = As<std::string>(item);
      const fs::path path = fs::path(dir_) / relative;
      std::string text;
      if (const FileProblem problem = ReadTextFile(path.string(), text); problem != FileProblem::kNone)
        Fail(item,
             fmt::format("cannot read script '{}'{}", path.string(), ProblemSuffix(problem, path.string())));
      ScriptFile s;
      s.path = path.string();
      // Messages name the script as the ruleset's author sees it (scripts/x.lua).
      auto inherited = script_names_.find(relative);
      s.display_name = ScriptDisplayName(dir_, relative);
      s.source = std::move(text);
      if (inherited != script_names_.end()) {
        s.display_name = inherited->second.display_name;
        s.generation = inherited->second.generation;
        inherited_scripts_.push_back(s.display_name);
      }
      r_->scripts.push_back(std::move(s));
    }
  }

  // Every function the YAML names must exist in the scripts, and every name the scripts
  // hand the API as a literal must exist in the ruleset (script_names.h).
  void CheckFunctions() {
    if (r_->scripts.empty()) {
      if (functions_.empty()) return;
      Fail(functions_.front().second,
           fmt::format("no scripts are listed, so Lua function '{}' cannot exist", functions_.front().first));
    }
    // Compiles and runs the scripts' top levels (only the variant's, when its base's ran when
    // it was checked); throws on errors.
    if (BeginsWithBaseScripts()) {
      host_ = std::move(base_scripts_.host);
      host_->Extend(*r_);
    } else {
      host_ = std::make_shared<ScriptHost>(*r_);
    }
    ScriptHost& host = *host_;
    // A base's scripts were checked when it loaded; a variant may drop a name that a base
    // function it replaced still uses.
    if (const auto problems =
            CheckScriptNames(*r_, host.ApiFunctionNames(), host.BaseNames(), inherited_scripts_);
        !problems.empty())
      throw RulesError(problems.front());
    for (const auto& [name, node] : functions_) {
      if (!host.HasFunction(name)) {
        std::vector<std::string> files;
        for (const auto& s : r_->scripts) files.push_back(s.display_name);
        Fail(node, fmt::format("no Lua function '{}' in {}", name, Join(files)));
      }
    }
  }

  // True when this ruleset's scripts begin with those the base's check ran, all of them.
  bool BeginsWithBaseScripts() const {
    if (!base_scripts_.host) return false;
    const auto& base = base_scripts_.rules->scripts;
    if (base_scripts_.host->scripts_run() != base.size() || r_->scripts.size() < base.size()) return false;
    for (size_t i = 0; i < base.size(); ++i) {
      const ScriptFile& mine = r_->scripts[i];
      if (mine.display_name != base[i].display_name || mine.source != base[i].source) return false;
    }
    return true;
  }

  std::string dir_;
  std::map<std::string, InheritedScript> script_names_;  // scripts inherited through `extends`
  ScriptsRun base_scripts_;                              // run when the base was checked
  std::shared_ptr<ScriptHost> host_;                     // the scripts this check ran
  std::vector<std::string> inherited_scripts_;       // their display names
  Ruleset* r_ = nullptr;
  std::vector<std::pair<std::string, YAML::Node>> functions_;
};

}  // namespace

std::shared_ptr<const Ruleset> LoadRulesetFromString(const std::string& yaml, const std::string& file_name) {
  return BuildRuleset(ReadRulesetSource(yaml, file_name), file_name);
}

std::shared_ptr<const Ruleset> BuildRuleset(RulesetSource source, const std::string& file_name,
                                            ScriptsRun* scripts_run) {
  const std::string dir = fs::path(file_name).parent_path().string();
  try {
    Loader loader(file_name, dir.empty() ? "." : dir, std::move(source.script_names), std::move(source.files),
                  std::move(source.base_scripts));
    auto rules = loader.Load(source.root);
    if (scripts_run) *scripts_run = loader.TakeScriptsRun(rules);
    return rules;
  } catch (const YAML::Exception& e) {
    throw RulesError(fmt::format("{}:{}:{}: {}", file_name, e.mark.line + 1, e.mark.column + 1, e.msg));
  }
}

std::shared_ptr<const Ruleset> LoadRuleset(const std::string& path) {
  std::string text;
  if (const FileProblem problem = ReadTextFile(path, text); problem != FileProblem::kNone)
    throw IoError(fmt::format("{}: cannot read the ruleset file{}", path, ProblemSuffix(problem, path)));
  return LoadRulesetFromString(text, path);
}

}  // namespace tapis
