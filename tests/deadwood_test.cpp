// Deadwood as data (`score: {minus: hand, melds: [set, run]}`, interpreter/mechanisms/
// deadwood.h): a hand counts the points of the cards left out of its best arrangement into
// sets and runs at once, each card in one meld at most, wild cards standing in
// (tests/fixtures/scoring/rummy_hand.yaml: Gin rummy's count, Ace 1, face cards 10).
#include "interpreter/mechanisms/deadwood.h"

#include <doctest/doctest.h>

#include <functional>

#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

const std::string kFixture = std::string(TAPIS_SOURCE_DIR) + "/tests/fixtures/scoring/rummy_hand.yaml";

// The fixture, with each `from` of `edits` replaced by its `to`.
std::unique_ptr<Engine> RummyEngine(bool wild_twos = false,
                                    const std::vector<std::pair<std::string, std::string>>& edits = {}) {
  std::string yaml = ReadText(kFixture);
  if (wild_twos) yaml.replace(yaml.find("  pack: every\n"), 14, "  pack: every\n  wild: {rank: \"2\"}\n");
  for (const auto& [from, to] : edits) {
    REQUIRE(yaml.find(from) != std::string::npos);
    yaml.replace(yaml.find(from), from.size(), to);
  }
  return std::make_unique<Engine>(std::make_shared<GameConfig>(LoadRulesetFromString(yaml, kFixture), 2));
}

// Player 1's score with `hand` (card codes) and player 2 holding the Ace of clubs alone.
int HandScore(Engine& engine, const std::string& hand) {
  GameState s = Position(engine, R"({"zones": {"hand 1": )" + hand + R"(, "hand 2": ["AC"]}, "turn": 1})");
  return engine.Score(s)[0];
}

}  // namespace

TEST_CASE("deadwood/the cards outside a set and a run count: 2 + 3 + 5 + 10") {
  auto engine = RummyEngine();
  CHECK(HandScore(*engine, R"(["7H", "8H", "9H", "KS", "KD", "KC", "2C", "3D", "5S", "QH"])") == -20);
  CHECK(HandScore(*engine, R"(["7H", "8H", "9H", "10H", "JH", "4S", "4D", "4C", "4H", "AS"])") == -1);
  CHECK(HandScore(*engine, R"(["KH", "QS", "JD", "10C"])") == -40);  // nothing melds
}

TEST_CASE("deadwood/a card that could go in a set or a run goes where it leaves the least out") {
  auto engine = RummyEngine();
  // 9H in the run 7H 8H 9H leaves 9S 9D (18); in the set of Nines it leaves 7H 8H (15).
  CHECK(HandScore(*engine, R"(["7H", "8H", "9H", "9S", "9D"])") == -15);
  // Four Fives and the 6 and 7 of clubs: three Fives and the run 5C 6C 7C leave nothing.
  CHECK(HandScore(*engine, R"(["5H", "5S", "5D", "5C", "6C", "7C"])") == 0);
  // Runs do not wrap: Q K A of hearts is no run, with the Ace low.
  CHECK(HandScore(*engine, R"(["QH", "KH", "AH"])") == -21);
}

TEST_CASE("deadwood/a wild Two stands in a run or a set, and one left over joins a meld with room") {
  auto engine = RummyEngine(true);
  CHECK(HandScore(*engine, R"(["7H", "2S", "9H", "KD"])") == -10);      // 7H 2S=8 9H; the King out
  CHECK(HandScore(*engine, R"(["KH", "KS", "2C", "4D"])") == -4);       // KH KS 2C=K
  CHECK(HandScore(*engine, R"(["7H", "8H", "9H", "2C", "2D"])") == 0);  // both Twos extend the run
  CHECK(HandScore(*engine, R"(["2C", "2D", "KS"])") == 0);   // KS 2C=K 2D=K: one natural card is enough
  CHECK(HandScore(*engine, R"(["2C", "2D", "2H"])") == -6);  // but none is not
}

TEST_CASE("deadwood/a hostile hand of two packs and many wild cards is searched within bounds") {
  auto engine = RummyEngine(true);
  std::vector<CardId> cards;
  std::vector<int> points;
  for (int c = 0; c < engine->cards().size(); ++c) {
    cards.push_back(static_cast<CardId>(c));
    points.push_back(engine->config().CardPoints(static_cast<CardId>(c)));
  }
  const Arrangement a = BestArrangement(*engine, cards, points, engine->rules().score_melds);
  long long melded = 0;
  for (const auto& meld : a.melds) melded += static_cast<long long>(meld.size());
  CHECK(melded > 0);
  CHECK(a.deadwood < 340);  // the whole pack's points
}

TEST_CASE("deadwood/with two packs both copies of a card may meld, in two runs or a set of pairs") {
  auto engine = RummyEngine(false, {{"  pack: every\n", "  pack: every\n  copies: 2\n"}});
  CHECK(HandScore(*engine, R"(["5H", "6H", "7H", "5H", "6H", "7H"])") == 0);
  CHECK(HandScore(*engine, R"(["5H", "5H", "5S", "5S", "5D", "5D"])") == 0);
  // The whole of both packs: every card melds.
  std::vector<CardId> cards;
  std::vector<int> points;
  for (int c = 0; c < engine->cards().size(); ++c) {
    cards.push_back(static_cast<CardId>(c));
    points.push_back(engine->config().CardPoints(static_cast<CardId>(c)));
  }
  CHECK(BestArrangement(*engine, cards, points, engine->rules().score_melds).deadwood == 0);
}

TEST_CASE("deadwood/hostile combinations are counted within bounds, without crashing") {
  // A set as long as the pack: listing its melds is bounded; the count stays a count.
  auto huge =
      RummyEngine(true, {{"set: {set: rank, min: 3, max: 4}", "set: {set: rank, min: 3, max: 2147483647}"}});
  CHECK(HandScore(*huge, R"(["KS", "KD", "KC", "QS", "QD", "QC", "2H"])") == 0);
  std::vector<CardId> cards;
  std::vector<int> points;
  for (int c = 0; c < huge->cards().size(); ++c) {
    cards.push_back(static_cast<CardId>(c));
    points.push_back(huge->config().CardPoints(static_cast<CardId>(c)));
  }
  const Arrangement all = BestArrangement(*huge, cards, points, huge->rules().score_melds);
  CHECK(all.deadwood >= 0);
  CHECK(all.deadwood <= 340);
  // A Two wild for the sets of ranks stays a wild card: it melds nothing in a set of suits.
  auto mixed = RummyEngine(true, {{"  run: {run: rank, same: suit, min: 3}", "  run: {set: suit, min: 2}"}});
  CHECK(HandScore(*mixed, R"(["2C", "KC"])") == -12);
  CHECK(HandScore(*mixed, R"(["3C", "KC"])") == 0);
  // Cards worth less than nothing count as such: a face card worth -5 left out adds 5, and
  // leaving a set of them out counts less than melding it.
  auto negative =
      RummyEngine(false, {{"{if: {rank: [J, Q, K]}, points: 10}", "{if: {rank: [J, Q, K]}, points: -5}"}});
  CHECK(HandScore(*negative, R"(["KS"])") == 5);
  CHECK(HandScore(*negative, R"(["KS", "KD", "KC", "QH"])") == 20);
}

TEST_CASE("deadwood/melds are checked at load") {
  CHECK(EditedLoadError(kFixture, "melds: [set, run]", "melds: [set, runs]")
            .find("melds: unknown combination 'runs'; combinations are: set, run") != std::string::npos);
  CHECK(EditedLoadError(kFixture, "score: {minus: hand, melds: [set, run]}",
                        "score: {plus: hand, melds: [set]}")
            .find("melds: needs minus:") != std::string::npos);
}

namespace {

// An independent count for a hand without wild cards: every set (3 or 4 of a rank) and run
// (3 or more of a suit in a row) the hand holds, tried in every combination.
long long BruteDeadwood(const Engine& engine, const std::vector<CardId>& hand) {
  const CardSet& set = engine.cards();
  const int rank = engine.rules().catalog.PropertyIndex("rank"),
            suit = engine.rules().catalog.PropertyIndex("suit");
  std::vector<uint32_t> melds;  // bit i: hand[i]
  const int n = static_cast<int>(hand.size());
  for (uint32_t mask = 1; mask < (1u << n); ++mask) {
    std::vector<int> ranks, suits;
    for (int i = 0; i < n; ++i) {
      if (mask >> i & 1) {
        ranks.push_back(set.Value(hand[i], rank));
        suits.push_back(set.Value(hand[i], suit));
      }
    }
    if (ranks.size() < 3) continue;
    const bool same_rank = std::all_of(ranks.begin(), ranks.end(), [&](int r) { return r == ranks[0]; });
    std::sort(ranks.begin(), ranks.end());
    bool in_a_row = std::all_of(suits.begin(), suits.end(), [&](int s) { return s == suits[0]; });
    for (size_t i = 1; i < ranks.size() && in_a_row; ++i) in_a_row = ranks[i] == ranks[i - 1] + 1;
    if ((same_rank && ranks.size() <= 4) || in_a_row) melds.push_back(mask);
  }
  long long best = -1;
  std::function<void(size_t, uint32_t)> walk = [&](size_t from, uint32_t used) {
    long long dead = 0;
    for (int i = 0; i < n; ++i) {
      if (!(used >> i & 1)) dead += engine.config().CardPoints(hand[i]);
    }
    if (best < 0 || dead < best) best = dead;
    for (size_t k = from; k < melds.size(); ++k) {
      if ((melds[k] & used) == 0) walk(k + 1, used | melds[k]);
    }
  };
  walk(0, 0);
  return best;
}

}  // namespace

TEST_CASE("deadwood/random hands of ten count as a search of every combination of melds counts them") {
  auto engine = RummyEngine();
  uint64_t rng = 7;
  for (int trial = 0; trial < Soak(300); ++trial) {
    std::vector<CardId> pack;
    for (int c = 0; c < engine->cards().size(); ++c) pack.push_back(static_cast<CardId>(c));
    std::vector<CardId> hand;
    // A biased hand (a few ranks and suits close together) melds more often than a random one.
    for (int i = 0; i < 10; ++i) {
      rng = rng * 6364136223846793005ull + 1442695040888963407ull;
      const int c = static_cast<int>((rng >> 33) % (trial % 2 ? 52 : 24));
      if (std::find(hand.begin(), hand.end(), pack[c]) == hand.end()) hand.push_back(pack[c]);
    }
    std::vector<int> points;
    for (CardId c : hand) points.push_back(engine->config().CardPoints(c));
    CAPTURE(trial);
    const Arrangement a = BestArrangement(*engine, hand, points, engine->rules().score_melds);
    CHECK(a.deadwood == BruteDeadwood(*engine, hand));
    long long out = 0;  // the melds named leave exactly the deadwood out
    std::vector<CardId> melded;
    for (const auto& meld : a.melds) melded.insert(melded.end(), meld.begin(), meld.end());
    for (CardId c : hand) {
      if (std::count(melded.begin(), melded.end(), c) == 0) out += engine->config().CardPoints(c);
    }
    CHECK(out == a.deadwood);
  }
}

TEST_CASE("deadwood/lay-offs onto a laid meld: either copy of a card, and a run's ends") {
  auto engine = RummyEngine(false, {{"  pack: every\n", "  pack: every\n  copies: 2\n"}});
  std::map<std::string, std::vector<CardId>> ids;  // both copies of each code
  for (int c = 0; c < engine->cards().size(); ++c)
    ids[engine->cards().Code(static_cast<CardId>(c))].push_back(static_cast<CardId>(c));
  const int set = engine->rules().CombinationIndex("set"), run = engine->rules().CombinationIndex("run");
  const auto deadwood = [&](const std::vector<CardId>& hand, const LaidMeld& laid) {
    std::vector<int> points;
    for (CardId c : hand) points.push_back(engine->config().CardPoints(c));
    return BestArrangement(*engine, hand, points, engine->rules().score_melds, {&laid, 1}).deadwood;
  };
  // A set 7C 7D 7H laid; the hand's 7H 8H 9H is a run and 7S goes onto the set, whichever 7H
  // each holds.
  for (int copy = 0; copy < 2; ++copy) {
    const LaidMeld sevens{set, {ids["7C"][0], ids["7D"][0], ids["7H"][1 - copy]}};
    CHECK(deadwood({ids["7H"][copy], ids["8H"][0], ids["9H"][0], ids["7S"][0]}, sevens) == 0);
  }
  // A run 5H 6H 7H laid: 4H and 8H 9H go on at both ends; KS stays.
  const LaidMeld hearts{run, {ids["5H"][0], ids["6H"][0], ids["7H"][0]}};
  CHECK(deadwood({ids["4H"][0], ids["8H"][0], ids["9H"][0], ids["KS"][0]}, hearts) == 10);
  CHECK(deadwood({ids["7H"][1], ids["8H"][0], ids["KS"][0]}, hearts) == 17);  // 8H on; the other 7H stays
}
