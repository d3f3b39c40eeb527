#include "interpreter/model/word_index.h"

#include <fmt/format.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <mutex>
#include <sstream>
#include <unordered_set>

#include "interpreter/model/errors.h"
#include "interpreter/model/text_file.h"

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

WordIndex::WordIndex(const std::vector<std::string>& list, std::string_view needs_one_of) {
  std::vector<std::pair<std::string, std::string>> entries;  // (signature, word)
  for (const auto& raw : list) {
    std::string word = Normalise(raw);
    if (word.empty()) continue;
    if (!needs_one_of.empty() && word.find_first_of(needs_one_of) == std::string::npos) continue;
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

  // Flatten: each node's children side by side, and each block of children placed when a
  // depth-first walk reaches its parent, so that a walk, which is depth-first too, mostly
  // reads forward in memory (the index is megabytes: the order matters more than the count).
  nodes_.resize(build.size());
  uint32_t next = 1;
  auto place = [&](auto&& self, uint32_t from, uint32_t at) -> void {
    const auto& kids = build[from].children;
    const uint32_t first = next;
    next += static_cast<uint32_t>(kids.size());
    nodes_[at].signature = build[from].signature;
    nodes_[at].first_child = first;
    for (size_t i = 0; i < kids.size(); ++i) nodes_[at].children |= 1u << kids[i].first;
    for (size_t i = 0; i < kids.size(); ++i) self(self, kids[i].second, first + static_cast<uint32_t>(i));
  };
  place(place, 0, 0);
}

std::shared_ptr<const WordIndex> WordIndex::Load(const std::string& path, const std::string& needs_one_of) {
  static std::mutex mutex;
  // Kept for the life of the process: tests and tools load the same ruleset many times.
  static std::map<std::pair<std::string, std::string>, std::shared_ptr<const WordIndex>> loaded;
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = loaded.find({path, needs_one_of}); it != loaded.end()) return it->second;
  std::string text;
  if (const FileProblem problem = ReadTextFile(path, text); problem != FileProblem::kNone)
    throw IoError(fmt::format("{}: cannot read the word list{}", path, ProblemSuffix(problem, path)));
  std::istringstream in(text);
  std::vector<std::string> list;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    list.push_back(std::move(line));
  }
  auto index = std::make_shared<const WordIndex>(list, needs_one_of);
  loaded[{path, needs_one_of}] = index;
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
  uint32_t letters = n.children;
  if (remaining > 0) letters &= (2u << lowest_needed) - 1;  // past it, that letter can no longer be placed
  int hits = 0;
  for (; letters != 0; letters &= letters - 1) {
    const int letter = __builtin_ctz(letters);
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
      hits += Walk(n.Child(letter), need, remaining - 1, wildcards, lowest, wild_letters, found, limit);
      ++need[letter];
    } else if (wildcards > 0 && ((wild_letters >> letter) & 1u)) {
      hits += Walk(n.Child(letter), need, remaining, wildcards - 1, lowest_needed, wild_letters, found, limit);
    } else {
      continue;
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

void WordIndex::PrefetchChildren(const Node& n, uint32_t letters) const {
  for (; letters != 0; letters &= letters - 1) {
    __builtin_prefetch(&nodes_[nodes_[n.Child(__builtin_ctz(letters))].first_child]);
  }
}

void WordIndex::ForEachLetterSet(const LetterCounts& available, int wildcards, int required, uint32_t wild_letters,
                                 const SpellFn& emit) const {
  if (wildcards > 0) {
    LetterSetsWithWildcards(available, wildcards, required, wild_letters, emit);
    return;
  }
  // One walk over the words made of available letters only, each node once.
  LetterCounts set{};
  uint32_t open = 0;  // letters with some left to use
  for (int l = 0; l < kAlphabet; ++l) open |= available[l] > 0 ? 1u << l : 0;
  auto visit = [&](auto&& self, uint32_t node) -> void {
    const Node& n = nodes_[node];
    if (n.signature >= 0 && set[required] > 0) emit(set, "");
    uint32_t letters = n.children & open;
    if (set[required] == 0) letters &= (2u << required) - 1;  // the required letter is still ahead
    PrefetchChildren(n, letters);
    for (; letters != 0; letters &= letters - 1) {
      const int letter = __builtin_ctz(letters);
      if (++set[letter] == available[letter]) open &= ~(1u << letter);
      self(self, n.Child(letter));
      --set[letter];
      open |= 1u << letter;
    }
  };
  visit(visit, 0);
}

// With wildcards, one walk visits every signature within `wildcards` letters of the
// available ones (the letters beyond them allowed wild). A signature spells each set of its
// available letters whose missing letters the remaining wildcards can stand for; each set and
// count of wildcards keeps the first signature that spells it. Sets are numbered in mixed
// radix, the lowest letter's count most significant, so sorting the numbers gives the order
// of counting through the sets letter by letter.
void WordIndex::LetterSetsWithWildcards(const LetterCounts& available, int wildcards, int required,
                                        uint32_t wild_letters, const SpellFn& emit) const {
  if (available[required] == 0) return;
  uint64_t stride[kAlphabet];
  uint64_t sets = 1;
  uint32_t in_hand = 0;  // letters available at all
  for (int l = kAlphabet - 1; l >= 0; --l) {
    stride[l] = sets;
    sets *= available[l] + 1u;
    in_hand |= available[l] > 0 ? 1u << l : 0;
  }
  const uint64_t per_set = static_cast<uint64_t>(wildcards) + 1;
  // Each set and count of wildcards spelt (key: set * per_set + wildcards used), with the
  // letters of the first signature spelling it: the wildcards stand for the difference. Seen
  // keys are marked in `dense` while the sets are few (the usual hand), in a set for a hand
  // of dozens of letters.
  constexpr uint64_t kDense = 1u << 20;
  thread_local std::vector<uint8_t> dense;
  thread_local std::vector<std::pair<uint64_t, uint32_t>> spelt;  // key, index in `signatures`
  thread_local std::vector<LetterCounts> signatures;
  std::unordered_set<uint64_t> sparse;
  const bool is_dense = sets * per_set <= kDense;
  if (is_dense && dense.size() < sets * per_set) dense.resize(sets * per_set, 0);
  spelt.clear();
  signatures.clear();
  LetterCounts count{};  // the signature's letters so far
  auto record = [&](uint64_t set_number, int used) {
    const uint64_t key = set_number * per_set + static_cast<uint64_t>(used);
    if (is_dense ? dense[key] != 0 : !sparse.insert(key).second) return;
    if (is_dense) dense[key] = 1;
    spelt.emplace_back(key, static_cast<uint32_t>(signatures.size()));
    signatures.push_back(count);
  };

  // Leaves out (makes wild) letters of `droppable`, lowest first: at most `budget` more.
  auto drop = [&](auto&& self, uint32_t droppable, uint64_t set_number, int used, int budget) -> void {
    for (; droppable != 0; droppable &= droppable - 1) {
      const int l = __builtin_ctz(droppable);
      const int real = std::min(count[l], available[l]) - (l == required ? 1 : 0);
      uint64_t number = set_number;
      for (int d = 1; d <= std::min(real, budget); ++d) {
        number -= stride[l];
        record(number, used + d);
        if (d < budget) self(self, droppable & (droppable - 1), number, used + d, budget - d);
      }
    }
  };
  const uint32_t up_to_required = (2u << required) - 1;  // while the required letter is still ahead
  // The letters a walk at `n` may follow next.
  auto next_letters = [&](const Node& n, int wild, uint32_t open_now, uint32_t present) {
    const uint32_t letters = n.children & (open_now | (wild < wildcards ? wild_letters : 0));
    return (present >> required) & 1u ? letters : letters & up_to_required;
  };
  // Once every wildcard is used only open letters may follow: a plainer walk, where most
  // visits are.
  auto rest = [&](auto&& self, const Node& n, uint64_t set_number, uint32_t open_now,
                  bool has_required) -> void {
    if (n.signature >= 0 && has_required) {
      record(set_number, wildcards);
    }
    uint32_t letters = n.children & open_now;
    if (!has_required) letters &= up_to_required;
    PrefetchChildren(n, letters);
    for (; letters != 0; letters &= letters - 1) {
      const int letter = __builtin_ctz(letters);
      const bool last = ++count[letter] == available[letter];
      self(self, nodes_[n.Child(letter)], set_number + stride[letter],
           last ? open_now & ~(1u << letter) : open_now, has_required || letter == required);
      --count[letter];
    }
  };
  // A child is entered only when it holds a signature with the required letter or has a
  // child to follow: most are dead ends, told apart from the parent's loop.
  auto walk = [&](auto&& self, const Node& n, uint32_t letters, uint64_t set_number, int wild,
                  uint32_t open_now, uint32_t present) -> void {
    if (n.signature >= 0 && ((present >> required) & 1u)) {
      record(set_number, wild);
      if (wild < wildcards) drop(drop, present & in_hand & wild_letters, set_number, wild, wildcards - wild);
    }
    PrefetchChildren(n, letters);
    for (; letters != 0; letters &= letters - 1) {
      const int letter = __builtin_ctz(letters);
      const uint32_t bit = 1u << letter;
      const bool real = (open_now & bit) != 0;
      const Node& child = nodes_[n.Child(letter)];
      const int child_wild = wild + (real ? 0 : 1);
      const uint32_t child_open = real && count[letter] + 1 == available[letter] ? open_now & ~bit : open_now;
      const uint32_t child_letters = next_letters(child, child_wild, child_open, present | bit);
      if (child_letters == 0 && (child.signature < 0 || !(((present | bit) >> required) & 1u))) continue;
      const uint64_t child_set = real ? set_number + stride[letter] : set_number;
      ++count[letter];
      if (child_wild == wildcards) {
        rest(rest, child, child_set, child_open, ((present | bit) >> required) & 1u);
      } else {
        self(self, child, child_letters, child_set, child_wild, child_open, present | bit);
      }
      --count[letter];
    }
  };
  walk(walk, nodes_[0], next_letters(nodes_[0], 0, in_hand, 0), 0, 0, in_hand, 0);

  std::sort(spelt.begin(), spelt.end());
  LetterCounts set{};
  std::string wild;
  for (const auto& [key, index] : spelt) {
    const uint64_t set_number = key / per_set;
    for (uint32_t letters = in_hand; letters != 0; letters &= letters - 1) {
      const int l = __builtin_ctz(letters);
      set[l] = static_cast<uint8_t>(set_number / stride[l] % (available[l] + 1u));
    }
    if (is_dense) dense[key] = 0;
    // What the wildcards stand for: the signature's letters beyond the set's, in order.
    const LetterCounts& signature = signatures[index];
    wild.clear();
    for (int l = 0; l < kAlphabet; ++l) {
      if (signature[l] > set[l]) wild.append(signature[l] - set[l], static_cast<char>('A' + l));
    }
    emit(set, wild);
  }
}

}  // namespace tapis
