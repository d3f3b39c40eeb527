#include "interpreter/load/parameter_loader.h"

#include <algorithm>
#include <filesystem>

namespace tapis {
namespace {

// A parameter's value as written (a number, true/false, or one of the choices), in range.
int ParameterValue(const YamlReader& y, const Parameter& p, const YAML::Node& node) {
  int value = 0;
  if (p.type == Parameter::Type::kBool) {
    value = y.As<bool>(node) ? 1 : 0;
  } else if (p.type == Parameter::Type::kChoice) {
    const auto name = y.As<std::string>(node);
    auto it = std::find(p.choices.begin(), p.choices.end(), name);
    if (it == p.choices.end())
      y.Fail(node, fmt::format("'{}' is not one of the choices: {}", name, Join(p.choices)));
    value = static_cast<int>(it - p.choices.begin());
  } else {
    value = y.As<int>(node);
    if (value < p.min || value > p.max) {
      const std::string range = p.min == INT32_MIN   ? fmt::format("at most {}", p.max)
                                : p.max == INT32_MAX ? fmt::format("at least {}", p.min)
                                                     : fmt::format("from {} to {}", p.min, p.max);
      y.Fail(node, fmt::format("{} is not allowed: '{}' is {}", value, p.name, range));
    }
  }
  return value;
}

}  // namespace

void ReadParameters(const YamlReader& y, const YAML::Node& node, Ruleset& r) {
  if (!node.IsMap()) y.Fail(node, "parameters: expected a map of name: {type, default, description}");
  for (const auto& entry : node) {
    const YAML::Node& spec = entry.second;
    y.CheckKeys(spec, {"type", "default", "description", "by_players", "choices", "min", "max"});
    Parameter p;
    p.name = entry.first.as<std::string>();
    p.description = y.Optional(spec, "description", std::string());
    const auto type = y.Optional(spec, "type", std::string("int"));
    if (type == "int") {
      p.type = Parameter::Type::kInt;
      p.min = y.Optional(spec, "min", p.min);
      p.max = y.Optional(spec, "max", p.max);
    } else if (type == "bool") {
      p.type = Parameter::Type::kBool;
      p.min = 0;
      p.max = 1;
    } else if (type == "file") {
      p.type = Parameter::Type::kFile;
      const std::filesystem::path file = y.As<std::string>(y.Required(spec, "default"));
      p.default_file =
          (file.is_absolute() ? file : std::filesystem::path(r.file).parent_path() / file).string();
      if (spec["by_players"]) y.Fail(spec["by_players"], "a file parameter has no by_players");
      r.parameters.push_back(std::move(p));
      continue;
    } else if (type == "choice") {
      p.type = Parameter::Type::kChoice;
      for (const auto& c : y.Required(spec, "choices")) p.choices.push_back(y.As<std::string>(c));
      p.min = 0;
      p.max = static_cast<int>(p.choices.size()) - 1;
    } else {
      y.Fail(spec["type"], fmt::format("unknown parameter type '{}'; expected int, bool, choice or file", type));
    }
    p.default_value = ParameterValue(y, p, y.Required(spec, "default"));
    if (spec["by_players"]) {
      for (const auto& bp : spec["by_players"])
        p.by_players[y.As<int>(bp.first)] = ParameterValue(y, p, bp.second);
    }
    r.parameters.push_back(std::move(p));
  }
}

}  // namespace tapis
