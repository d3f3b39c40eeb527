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
constexpr size_t kMostListed = 100;     // names a message lists

// Edits from one to the other (an insertion, a deletion, a change, or two neighbours
// swapped: "aks" is one edit from "ask"), when at most `most`; else most + 1. Only the cells
// within `most` of the diagonal are worked out, on three rows: the work and the memory are
// the length times 2 × most + 1, not the product of the lengths.
size_t EditDistance(const std::string& a, const std::string& b, size_t most) {
  const size_t over = most + 1;
  if ((a.size() > b.size() ? a.size() - b.size() : b.size() - a.size()) > most) return over;
  std::vector<size_t> before(b.size() + 1, over), previous(b.size() + 1, over), row(b.size() + 1, over);
  for (size_t j = 0; j <= std::min(b.size(), most); ++j) previous[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    // The row three back was here: its band, and this one's, are cleared.
    const size_t from = i > most ? i - most : 1, to = std::min(b.size(), i + most);
    std::fill(row.begin() + static_cast<long>(i >= 3 + most ? i - 3 - most : 0),
              row.begin() + static_cast<long>(to) + 1, over);
    if (i <= most) row[0] = i;
    for (size_t j = from; j <= to; ++j) {
      size_t d =
          std::min({previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d = std::min(d, before[j - 2] + 1);
      row[j] = std::min(d, over);
    }
    std::swap(before, previous);
    std::swap(previous, row);
  }
  return std::min(previous[b.size()], over);
}

}  // namespace

std::string JoinSome(const std::vector<std::string>& names) {
  if (names.size() <= kMostListed) return Join(names);
  return fmt::format("{}… and {} more",
                     Join(std::vector<std::string>(names.begin(), names.begin() + kMostListed)),
                     names.size() - kMostListed);
}

std::string Suggest(const std::string& wrong, const std::vector<std::string>& names, const char* list_intro) {
  // The nearest name within reach of a typo, the first of equals.
  const std::string* best = nullptr;
  size_t best_distance = 0;
  for (const auto& name : names) {
    // Two edits change the length by two at most; and a name of hundreds of characters is no
    // typo (the distance took a table of both lengths: a 20 MB name took gigabytes).
    const size_t longer = std::max(wrong.size(), name.size()), shorter = std::min(wrong.size(), name.size());
    if (longer > shorter + 2 || longer > kMostSuggested) continue;
    const size_t distance = EditDistance(wrong, name, 2);
    if (distance <= (name.size() <= 3 ? 1u : 2u) && (!best || distance < best_distance)) {
      best = &name;
      best_distance = distance;
    }
  }
  if (best) return fmt::format("did you mean '{}'?", *best);
  return fmt::format("{}: {}", list_intro, names.empty() ? "none" : JoinSome(names));
}

std::string Spoken(std::string name) {
  std::replace(name.begin(), name.end(), '_', ' ');
  return name;
}

}  // namespace tapis
