#include "interpreter/model/names.h"

#include <fmt/format.h>

#include <algorithm>

namespace tapis {

std::string Join(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : ", ") + item;
  return out;
}

namespace {

size_t EditDistance(const std::string& a, const std::string& b) {
  std::vector<size_t> row(b.size() + 1);
  for (size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t diagonal = row[0];
    row[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      const size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string Suggest(const std::string& wrong, const std::vector<std::string>& names, const char* list_intro) {
  for (const auto& name : names) {
    if (EditDistance(wrong, name) <= (name.size() <= 3 ? 1u : 2u)) {
      return fmt::format("did you mean '{}'?", name);
    }
  }
  return fmt::format("{}: {}", list_intro, names.empty() ? "none" : Join(names));
}

}  // namespace tapis
