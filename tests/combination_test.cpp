// Runs and sets over a declared ordering: recognition, enumeration, extension, grouping.
#include "interpreter/mechanisms/combination.h"

#include <doctest/doctest.h>

#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

struct Fixture {
  std::unique_ptr<Engine> engine = MakeEngine("unisson", 5);  // two packs: duplicates exist
  const Combination& sequence() const { return engine->rules().combinations[0]; }
  // Distinct card ids for codes, taking a second copy when a code repeats.
  std::vector<CardId> Ids(const std::vector<std::string>& codes) const {
    std::vector<CardId> out;
    for (const auto& code : codes) {
      const int kind = *engine->rules().catalog.KindByCode(code);
      for (int c = 0; c < engine->cards().size(); ++c) {
        const auto id = static_cast<CardId>(c);
        if (engine->cards().Kind(id) == kind && std::find(out.begin(), out.end(), id) == out.end()) {
          out.push_back(id);
          break;
        }
      }
    }
    return out;
  }
  std::vector<std::vector<std::string>> Codes(const std::vector<std::vector<CardId>>& groups) const {
    std::vector<std::vector<std::string>> out;
    for (const auto& g : groups) {
      out.emplace_back();
      for (CardId c : g) out.back().push_back(engine->cards().Code(c));
    }
    return out;
  }
};

}  // namespace

TEST_CASE("combination/runs are consecutive values of one suit") {
  Fixture f;
  const CardSet& set = f.engine->cards();
  CHECK(IsCombination(set, f.sequence(), f.Ids({"QS", "AS", "KS"})));
  CHECK_FALSE(IsCombination(set, f.sequence(), f.Ids({"AS", "KS", "JS"})));  // a gap
  CHECK_FALSE(IsCombination(set, f.sequence(), f.Ids({"AS", "KS", "QH"})));  // two suits
  CHECK_FALSE(IsCombination(set, f.sequence(), f.Ids({"AS", "KS"})));        // too short
  CHECK_FALSE(IsCombination(set, f.sequence(), f.Ids({"AS", "KS", "KS"})));  // a value twice
}

TEST_CASE("combination/every run in a hand is offered once, duplicates merged") {
  Fixture f;
  std::vector<std::vector<std::string>> found;
  ForEachCombination(f.engine->cards(), f.sequence(), f.Ids({"JS", "AS", "KS", "QS", "KS", "9H"}),
                     [&](std::span<const CardId> cards) {
                       found.emplace_back();
                       for (CardId c : cards) found.back().push_back(f.engine->cards().Code(c));
                     });
  CHECK(found == std::vector<std::vector<std::string>>{
                     {"AS", "KS", "QS"}, {"KS", "QS", "JS"}, {"AS", "KS", "QS", "JS"}});
}

TEST_CASE("combination/a run extends at either end only") {
  Fixture f;
  const auto meld = f.Ids({"KS", "QS", "JS"});
  CHECK(Extends(f.engine->cards(), f.sequence(), meld, f.Ids({"AS"})[0]));
  CHECK(Extends(f.engine->cards(), f.sequence(), meld, f.Ids({"10S"})[0]));
  CHECK_FALSE(Extends(f.engine->cards(), f.sequence(), meld, f.Ids({"9S"})[0]));
  CHECK_FALSE(Extends(f.engine->cards(), f.sequence(), meld, f.Ids({"10H"})[0]));
}

TEST_CASE("combination/grouping covers the most cards, longest first") {
  Fixture f;
  SUBCASE("a duplicate in the middle splits into two tierces") {
    CHECK(f.Codes(
              BestPartition(f.engine->cards(), f.sequence(), f.Ids({"AH", "KH", "QH", "QH", "JH", "10H"}))) ==
          std::vector<std::vector<std::string>>{{"AH", "KH", "QH"}, {"QH", "JH", "10H"}});
  }
  SUBCASE("an octave stays whole beside a tierce of the second pack") {
    const auto groups =
        BestPartition(f.engine->cards(), f.sequence(),
                      f.Ids({"AS", "KS", "QS", "JS", "10S", "9S", "8S", "7S", "KS", "QS", "JS"}));
    CHECK(groups.size() == 2);
    CHECK(groups[0].size() + groups[1].size() == 11);
    CHECK(std::max(groups[0].size(), groups[1].size()) == 8);
  }
  SUBCASE("cards that make no run are left out; suits are grouped apart") {
    CHECK(f.Codes(
              BestPartition(f.engine->cards(), f.sequence(), f.Ids({"AS", "KS", "9S", "QD", "JD", "10D"}))) ==
          std::vector<std::vector<std::string>>{{"QD", "JD", "10D"}});
  }
  SUBCASE("two full suits of two packs: two octaves") {
    std::vector<std::string> codes;
    for (const char* r : {"A", "K", "Q", "J", "10", "9", "8", "7"}) {
      codes.push_back(std::string(r) + "C");
      codes.push_back(std::string(r) + "C");
    }
    const auto groups = BestPartition(f.engine->cards(), f.sequence(), f.Ids(codes));
    REQUIRE(groups.size() == 2);
    CHECK(groups[0].size() == 8);
    CHECK(groups[1].size() == 8);
  }
}
