// A dictionary for anagram games: "is there a word made of exactly these letters, with
// this many wildcards?" answered from an index built once. Words are normalised to the
// letters A–Z (case and accents folded: "Été" is ETE; words with other characters are left
// out) and indexed by their signature, the word's letters sorted (ETE -> EET), in a trie
// over signatures: a look-up walks only the signatures the letters still allow. Immutable
// after loading, so one index is shared by every game and thread of a ruleset.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace tapis {

inline constexpr int kAlphabet = 26;
using LetterCounts = std::array<uint8_t, kAlphabet>;  // how many A, B, … Z

class WordIndex {
 public:
  // Reads a word list (one word a line, UTF-8). The same path gives the same index for the
  // life of the process. Throws IoError when the file cannot be read. When `needs_one_of`
  // (letters A–Z) is not empty, a word with none of its letters is left out: abbreviations
  // and unit symbols (km, dl) in a list of words with vowels.
  static std::shared_ptr<const WordIndex> Load(const std::string& path, const std::string& needs_one_of = "");
  explicit WordIndex(const std::vector<std::string>& words, std::string_view needs_one_of = "");

  // "Été" -> "ETE"; empty when the word holds anything but letters.
  static std::string Normalise(std::string_view word);

  // Whether some word is made of exactly `letters` (any order, A–Z) plus `wildcards` letters.
  bool HasWord(std::string_view letters, int wildcards = 0) const;
  // Those words (normalised, each once), at most `limit`, in signature then list order.
  std::vector<std::string> Words(std::string_view letters, int wildcards = 0, size_t limit = 1000) const;

  // Every set of real letters that spells a word with some wildcards, once per count of
  // wildcards: `emit(used, wild)` gets a multiset `used` of `available` letters holding at
  // least one `required` letter, and what the wildcards (at most `wildcards`) stand for in
  // one such word, in alphabetical order. Only letters in `wild_letters` (bit 0 = A) may be
  // wild. Sets come in a fixed order. For legal moves, which offer one declaration per set.
  using SpellFn = std::function<void(const LetterCounts& used, std::string_view wild)>;
  void ForEachLetterSet(const LetterCounts& available, int wildcards, int required, uint32_t wild_letters,
                        const SpellFn& emit) const;

  size_t word_count() const { return words_.size(); }
  size_t signature_count() const { return signature_start_.size() - 1; }

 private:
  // A node's children are side by side, blocks laid out depth-first (see the constructor):
  // the child for letter l is first_child + the number of children below l, so a walk reads
  // one node per step and skips the letters it cannot place with one mask.
  struct Node {
    uint32_t children = 0;  // bit l: a child for letter l
    uint32_t first_child = 0;
    int32_t signature = -1;  // a signature ends here: its index (signatures in sorted order)
    uint32_t Child(int letter) const { return first_child + CountBits(children & ((1u << letter) - 1)); }
    // Inline on every x86-64, where __builtin_popcount is a library call without -mpopcnt.
    static uint32_t CountBits(uint32_t x) {
      x -= (x >> 1) & 0x55555555u;
      x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
      return (((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24;
    }
  };
  static constexpr uint32_t kAnyLetter = (1u << kAlphabet) - 1;
  // Asks for the children of each child of `n` for `letters` at once, before a walk visits
  // the first: the walks wait on memory (the trie is megabytes) more than they compute.
  void PrefetchChildren(const Node& n, uint32_t letters) const;
  // The signatures (at most `limit`) made of `letters` and `wildcards` letters of
  // `wild_letters`: how many, and into `found` unless it is null (a yes/no look-up).
  int Signatures(LetterCounts letters, int wildcards, uint32_t wild_letters, size_t limit,
                 std::vector<int>* found) const;
  int Walk(uint32_t node, LetterCounts& need, int remaining, int wildcards, int lowest_needed, uint32_t wild_letters,
           std::vector<int>* found, size_t limit) const;
  // The letter sets of the signatures within `wildcards` letters of `available` (see .cpp).
  void LetterSetsWithWildcards(const LetterCounts& available, int wildcards, int required, uint32_t wild_letters,
                               const SpellFn& emit) const;

  std::vector<Node> nodes_;
  std::vector<std::string> words_;      // grouped by signature
  std::vector<uint32_t> signature_start_;  // words_ of signature i: [start[i], start[i+1])
};

// Counts of A–Z in `letters` (other characters are ignored).
LetterCounts CountLetters(std::string_view letters);

}  // namespace tapis
