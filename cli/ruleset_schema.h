// The JSON Schema of ruleset files (docs/tapis.schema.json, built in by CMakeLists.txt): what
// `tapis schema` prints, for an editor's YAML language server (docs/designing.md).
#pragma once

namespace tapis::cli {

extern const char* const kRulesetSchema;

}  // namespace tapis::cli
