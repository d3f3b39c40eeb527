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

constexpr size_t kMostSuggested = 256;  // characters of a name compared for a typo

// Edits from one to the other: an insertion, a deletion, a change, or two neighbours
// swapped ("aks" is one edit from "ask").
size_t EditDistance(const std::string& a, const std::string& b) {
  std::vector<std::vector<size_t>> d(a.size() + 1, std::vector<size_t>(b.size() + 1));
  for (size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
  for (size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    for (size_t j = 1; j <= b.size(); ++j) {
      d[i][j] =
          std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
        d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.size()][b.size()];
}

}  // namespace

std::string Suggest(const std::string& wrong, const std::vector<std::string>& names, const char* list_intro) {
  // The nearest name within reach of a typo, the first of equals.
  const std::string* best = nullptr;
  size_t best_distance = 0;
  for (const auto& name : names) {
    // Two edits change the length by two at most; and a name of hundreds of characters is no
    // typo (the distance takes a table of both lengths: a 20 MB name took gigabytes).
    const size_t longer = std::max(wrong.size(), name.size()), shorter = std::min(wrong.size(), name.size());
    if (longer > shorter + 2 || longer > kMostSuggested) continue;
    const size_t distance = EditDistance(wrong, name);
    if (distance <= (name.size() <= 3 ? 1u : 2u) && (!best || distance < best_distance)) {
      best = &name;
      best_distance = distance;
    }
  }
  if (best) return fmt::format("did you mean '{}'?", *best);
  return fmt::format("{}: {}", list_intro, names.empty() ? "none" : Join(names));
}

}  // namespace tapis
