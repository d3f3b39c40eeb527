// The word index (interpreter/word_index.h): normalisation, anagram look-ups with and
// without wildcards, the letter sets legal-move generation asks for, and loading a list.
#include <doctest/doctest.h>

#include <algorithm>
#include <set>
#include <string>

#include "interpreter/model/errors.h"
#include "interpreter/model/word_index.h"

using namespace tapis;

namespace {

std::shared_ptr<const WordIndex> Fixture() {
  return WordIndex::Load(std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/words.txt");
}

}  // namespace

TEST_CASE("words/normalise folds case and accents, drops words with other characters") {
  CHECK(WordIndex::Normalise("Été") == "ETE");
  CHECK(WordIndex::Normalise("café") == "CAFE");
  CHECK(WordIndex::Normalise("cœur") == "COEUR");
  CHECK(WordIndex::Normalise("Ça") == "CA");
  CHECK(WordIndex::Normalise("aujourd'hui").empty());
  CHECK(WordIndex::Normalise("porte-clé").empty());
}

TEST_CASE("words/anagrams without wildcards") {
  auto index = Fixture();
  CHECK(index->HasWord("TACH"));     // chat
  CHECK(index->HasWord("hcat"));     // any case, any order
  CHECK(index->HasWord("ETE"));      // Été and été are one word
  CHECK(index->HasWord("EURO"));     // roue
  CHECK_FALSE(index->HasWord("TAC"));
  CHECK_FALSE(index->HasWord("CHATS"));
  CHECK_FALSE(index->HasWord(""));
  CHECK(index->Words("SA") == std::vector<std::string>{"AS", "SA"});
  CHECK(index->Words("TEE") == std::vector<std::string>{"ETE"});
  CHECK(index->Words("UREOC") == std::vector<std::string>{"COEUR"});
  CHECK(index->Words("XYZ").empty());
}

TEST_CASE("words/anagrams with wildcards") {
  auto index = Fixture();
  CHECK(index->HasWord("CHA", 1));   // chat
  CHECK(index->HasWord("ET", 1));    // été
  CHECK(index->HasWord("", 1));      // a
  CHECK(index->HasWord("A", 1));     // as, sa
  CHECK_FALSE(index->HasWord("CHAT", 2));
  CHECK_FALSE(index->HasWord("Z", 1));
  CHECK(index->Words("ER", 1) == std::vector<std::string>{"RUE"});
  CHECK(index->Words("E", 1) == std::vector<std::string>{"EU"});
  const auto tache = index->Words("TAC", 2);  // CHAT? no: 5 letters -> tache
  CHECK(tache == std::vector<std::string>{"TACHE"});
  CHECK(index->Words("", 2, 10) == std::vector<std::string>{"AS", "SA", "EU"});
  CHECK(index->Words("", 2, 2).size() == 2);
}

TEST_CASE("words/letter sets for legal moves use the required letter and come once each") {
  auto index = Fixture();
  std::vector<std::string> seen;
  const uint32_t any_letter = (1u << kAlphabet) - 1;
  index->ForEachLetterSet(CountLetters("ECHAT"), 1, 'T' - 'A', any_letter,
                          [&](const LetterCounts& used, std::string_view wild) {
                            std::string real;
                            for (int l = 0; l < kAlphabet; ++l) real.append(used[l], static_cast<char>('A' + l));
                            seen.push_back(real + "+" + std::string(wild));
                          });
  const std::set<std::string> distinct(seen.begin(), seen.end());
  CHECK(distinct.size() == seen.size());
  // chat, tache, été (one E real, one wildcard), and the wildcard standing for any missing letter.
  CHECK(distinct.count("ACHT+") == 1);
  CHECK(distinct.count("ACEHT+") == 1);
  CHECK(distinct.count("ET+E") == 1);
  CHECK(distinct.count("ACH+T") == 0);  // no T used: the required letter is missing
  CHECK(distinct.count("ACT+H") == 1);
  for (const auto& s : seen) CHECK(s.find('T') < s.find('+'));

  // A wildcard only stands for the letters allowed: without H, chat needs its own H.
  std::set<std::string> no_h;
  index->ForEachLetterSet(CountLetters("ECHAT"), 1, 'T' - 'A', any_letter & ~(1u << ('H' - 'A')),
                          [&](const LetterCounts& used, std::string_view wild) {
                            std::string real;
                            for (int l = 0; l < kAlphabet; ++l) real.append(used[l], static_cast<char>('A' + l));
                            no_h.insert(real + "+" + std::string(wild));
                          });
  CHECK(no_h.count("ACHT+") == 1);
  CHECK(no_h.count("ACT+H") == 0);
}

TEST_CASE("words/a list that cannot be read is a one-line error") {
  CHECK_THROWS_WITH_AS(WordIndex::Load("/nonexistent/words"),
                       "/nonexistent/words: cannot read the word list (no such file)", Error);
}

TEST_CASE("words/the French list installed by the set-up indexes quickly") {
  const std::string path = "/usr/share/dict/french";
  auto index = WordIndex::Load(path);
  CHECK(index->word_count() > 200000);
  CHECK(index->HasWord("HCINE"));   // chien, niche
  CHECK(index->HasWord("RETE"));   // être (accents folded)
  CHECK(index->HasWord("CHIE", 1));
  const auto words = index->Words("NICHE");
  CHECK(std::find(words.begin(), words.end(), "CHIEN") != words.end());
  CHECK(std::find(words.begin(), words.end(), "NICHE") != words.end());
}
