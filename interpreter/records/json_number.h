// Whole numbers read from JSON files people can edit (logs, positions): nlohmann's get<int>()
// would truncate 2.5 and wrap 1e10 or -1 into a number nobody wrote.
#pragma once

#include <fmt/format.h>

#include <nlohmann/json.hpp>
#include <string_view>

namespace tapis {

// `value` when it is a whole number from `low` to `high`; else throws fail("WHAT: expected a
// whole number from LOW to HIGH, not VALUE").
template <typename Fail>
long long WholeNumber(const nlohmann::json& value, std::string_view what, long long low, long long high,
                      const Fail& fail) {
  bool whole = value.is_number_integer();
  if (whole && value.is_number_unsigned())
    whole = value.get<unsigned long long>() <= static_cast<unsigned long long>(high);
  if (whole) whole = value.get<long long>() >= low && value.get<long long>() <= high;
  if (!whole)
    throw fail(
        fmt::format("{}: expected a whole number from {} to {}, not {}", what, low, high, value.dump()));
  return value.get<long long>();
}

}  // namespace tapis
