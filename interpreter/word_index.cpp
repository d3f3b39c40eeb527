#include "interpreter/word_index.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <mutex>

#include "interpreter/errors.h"

namespace tapis {
namespace {

// Latin-1 letters U+00C0..U+00FF folded to A–Z ("" for × and ÷); œ and æ are two letters.
constexpr const char* kLatin1[64] = {
    "A", "A", "A", "A", "A", "A", "AE", "C", "E", "E", "E", "E", "I", "I", "I", "I",  // C0
    "D", "N", "O", "O", "O", "O", "O",  "",  "O", "U", "U", "U", "U", "Y", "",  "SS",  // D0
    "A", "A", "A", "A", "A", "A", "AE", "C", "E", "E", "E", "E", "I", "I", "I", "I",  // E0
    "D", "N", "O", "O", "O", "O", "O",  "",  "O", "U", "U", "U", "U", "Y", "",  "Y"};  // F0

// A trie node while building: children by letter.
struct BuildNode {
  std::vector<std::pair<uint8_t, uint32_t>> children;
  int32_t signature = -1;
};

}  // namespace

LetterCounts CountLetters(std::string_view letters) {
  LetterCounts counts{};
  for (char c : letters) {
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    if (c >= 'A' && c <= 'Z') ++counts[c - 'A'];
  }
  return counts;
}

std::string WordIndex::Normalise(std::string_view word) {
  std::string out;
  for (size_t i = 0; i < word.size(); ++i) {
    const auto c = static_cast<unsigned char>(word[i]);
    if (c >= 'a' && c <= 'z') {
      out += static_cast<char>(c - 'a' + 'A');
    } else if (c >= 'A' && c <= 'Z') {
      out += static_cast<char>(c);
    } else if ((c == 0xC3 || c == 0xC5) && i + 1 < word.size()) {
      const auto next = static_cast<unsigned char>(word[++i]);
      const unsigned code = ((c & 0x1F) << 6) | (next & 0x3F);
      if (code >= 0xC0 && code <= 0xFF && kLatin1[code - 0xC0][0] != '\0') {
        out += kLatin1[code - 0xC0];
      } else if (code == 0x152 || code == 0x153) {  // Œ œ
        out += "OE";
      } else {
        return "";
      }
    } else {
      return "";  // a hyphen, an apostrophe, a digit…
    }
  }
  return out;
}

WordIndex::WordIndex(const std::vector<std::string>& list) {
  std::vector<std::pair<std::string, std::string>> entries;  // (signature, word)
  for (const auto& raw : list) {
    std::string word = Normalise(raw);
    if (word.empty()) continue;
    std::string signature = word;
    std::sort(signature.begin(), signature.end());
    entries.emplace_back(std::move(signature), std::move(word));
  }
  std::sort(entries.begin(), entries.end());
  entries.erase(std::unique(entries.begin(), entries.end()), entries.end());

  std::vector<BuildNode> build(1);
  for (size_t i = 0; i < entries.size(); ++i) {
    words_.push_back(entries[i].second);
    if (i > 0 && entries[i].first == entries[i - 1].first) continue;
    uint32_t node = 0;
    for (char c : entries[i].first) {
      const auto letter = static_cast<uint8_t>(c - 'A');
      auto& kids = build[node].children;
      // Signatures arrive sorted, so a child for this letter can only be the last one.
      if (kids.empty() || kids.back().first != letter) {
        kids.emplace_back(letter, static_cast<uint32_t>(build.size()));
        const uint32_t child = static_cast<uint32_t>(build.size());
        build.emplace_back();
        node = child;
      } else {
        node = kids.back().second;
      }
    }
    build[node].signature = static_cast<int32_t>(signature_start_.size());
    signature_start_.push_back(static_cast<uint32_t>(i));
  }
  signature_start_.push_back(static_cast<uint32_t>(words_.size()));

  // Flatten: each node's edges side by side (nodes keep their build index).
  nodes_.resize(build.size());
  for (size_t n = 0; n < build.size(); ++n) {
    nodes_[n].first_edge = static_cast<uint32_t>(edge_letter_.size());
    nodes_[n].edges = static_cast<uint16_t>(build[n].children.size());
    nodes_[n].signature = build[n].signature;
    for (const auto& [letter, child] : build[n].children) {
      edge_letter_.push_back(letter);
      edge_child_.push_back(child);
    }
  }
}

std::shared_ptr<const WordIndex> WordIndex::Load(const std::string& path) {
  static std::mutex mutex;
  // Kept for the life of the process: tests and tools load the same ruleset many times.
  static std::map<std::string, std::shared_ptr<const WordIndex>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = loaded.find(path); it != loaded.end()) return it->second;
  std::ifstream in(path);
  if (!in) throw IoError(fmt::format("{}: cannot read the word list", path));
  std::vector<std::string> list;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    list.push_back(std::move(line));
  }
  auto index = std::make_shared<const WordIndex>(list);
  loaded[path] = index;
  return index;
}

int WordIndex::Walk(uint32_t node, LetterCounts& need, int remaining, int wildcards, int lowest_needed,
                    uint32_t wild_letters, std::vector<int>* found, size_t limit) const {
  const Node& n = nodes_[node];
  if (remaining == 0 && wildcards == 0) {
    if (n.signature < 0) return 0;
    if (found) found->push_back(n.signature);
    return 1;
  }
  int hits = 0;
  for (uint32_t e = n.first_edge; e < n.first_edge + n.edges; ++e) {
    const int letter = edge_letter_[e];
    if (remaining > 0 && letter > lowest_needed) break;  // that letter can no longer be placed
    if (need[letter] > 0) {
      --need[letter];
      int lowest = lowest_needed;
      if (need[letter] == 0 && letter == lowest_needed) {
        lowest = kAlphabet;
        for (int l = letter + 1; l < kAlphabet; ++l) {
          if (need[l] > 0) {
            lowest = l;
            break;
          }
        }
      }
      hits += Walk(edge_child_[e], need, remaining - 1, wildcards, lowest, wild_letters, found, limit);
      ++need[letter];
    } else if (wildcards > 0 && ((wild_letters >> letter) & 1u)) {
      hits += Walk(edge_child_[e], need, remaining, wildcards - 1, lowest_needed, wild_letters, found, limit);
    }
    if (found ? found->size() >= limit : hits > 0) break;
  }
  return hits;
}

int WordIndex::Signatures(LetterCounts letters, int wildcards, uint32_t wild_letters, size_t limit,
                          std::vector<int>* found) const {
  if (found) found->clear();
  int remaining = 0, lowest = kAlphabet;
  for (int l = kAlphabet - 1; l >= 0; --l) {
    remaining += letters[l];
    if (letters[l] > 0) lowest = l;
  }
  if (remaining + wildcards == 0 || limit == 0) return 0;
  return Walk(0, letters, remaining, wildcards, lowest, wild_letters, found, limit);
}

bool WordIndex::HasWord(std::string_view letters, int wildcards) const {
  return Signatures(CountLetters(letters), wildcards, kAnyLetter, 1, nullptr) > 0;
}

std::vector<std::string> WordIndex::Words(std::string_view letters, int wildcards, size_t limit) const {
  std::vector<std::string> out;
  std::vector<int> found;
  Signatures(CountLetters(letters), wildcards, kAnyLetter, limit, &found);
  for (int s : found) {
    for (uint32_t w = signature_start_[s]; w < signature_start_[s + 1] && out.size() < limit; ++w) {
      out.push_back(words_[w]);
    }
  }
  return out;
}

void WordIndex::ForEachLetterSet(const LetterCounts& available, int wildcards, int required, uint32_t wild_letters,
                                 const SpellFn& emit) const {
  LetterCounts set{};
  if (wildcards == 0) {
    // One walk over the words made of available letters only, each node once.
    auto visit = [&](auto&& self, uint32_t node) -> void {
      const Node& n = nodes_[node];
      if (n.signature >= 0 && set[required] > 0) emit(set, "");
      for (uint32_t e = n.first_edge; e < n.first_edge + n.edges; ++e) {
        const int letter = edge_letter_[e];
        if (letter > required && set[required] == 0) break;  // the required letter is behind us
        if (set[letter] < available[letter]) {
          ++set[letter];
          self(self, edge_child_[e]);
          --set[letter];
        }
      }
    };
    visit(visit, 0);
    return;
  }
  // With wildcards a walk would visit most short words; asking for each subset of the
  // available letters and each count of wildcards is far cheaper: a look-up stops at its
  // first word and only places the letters it needs.
  int letters[kAlphabet], count = 0;
  for (int l = 0; l < kAlphabet; ++l) {
    if (available[l] > 0) letters[count++] = l;
  }
  std::string wild;
  std::vector<int> found;
  auto choose = [&](auto&& self, int i) -> void {
    if (i == count) {
      if (set[required] == 0) return;
      for (int w = 0; w <= wildcards; ++w) {
        Signatures(set, w, wild_letters, 1, &found);
        if (found.empty()) continue;
        // What the wildcards stand for: the word's letters beyond the set's.
        const LetterCounts word = CountLetters(words_[signature_start_[found[0]]]);
        wild.clear();
        for (int l = 0; l < kAlphabet; ++l) wild.append(word[l] - set[l], static_cast<char>('A' + l));
        emit(set, wild);
      }
      return;
    }
    const int l = letters[i];
    for (int c = 0; c <= available[l]; ++c) {
      set[l] = static_cast<uint8_t>(c);
      self(self, i + 1);
    }
    set[l] = 0;
  };
  choose(choose, 0);
}

}  // namespace tapis
