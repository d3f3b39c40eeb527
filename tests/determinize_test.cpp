// Determinisation and what a seat knows: sampled states keep every card the seat sees and
// every fact it has learnt, and nothing else of the real state shows through.
#include <doctest/doctest.h>

#include <algorithm>

#include "interpreter/bots/bots.h"
#include "interpreter/bots/determinize.h"
#include "interpreter/bots/knowledge.h"
#include "interpreter/model/chance.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

// Plays random moves, every seat's knowledge kept up to date, until `stop` says so.
template <typename Stop>
GameState PlayUntil(Engine& engine, uint64_t seed, std::vector<Knowledge>& known, Stop stop) {
  GameState s = engine.NewGame(seed);
  known.clear();
  for (int p = 0; p < s.players; ++p) known.push_back(NewKnowledge(engine, s, p));
  uint64_t rng = seed;
  std::vector<Move> legal;
  while (!s.finished) {
    engine.LegalMoves(s, legal);
    const Move m = legal[RandomMove(engine, legal, rng)];
    if (stop(s, m)) return s;
    const GameState before = s;
    REQUIRE(engine.Apply(s, m).ok);
    for (auto& k : known) Observe(k, engine, before, m, s);
  }
  return s;
}

int HolderOf(const Engine& engine, const GameState& s, const std::string& zone, CardId card) {
  const int decl = engine.rules().ZoneIndex(zone);
  for (int p = 0; p < s.players; ++p) {
    const auto& cards = s.zones[engine.ZoneSlot(decl, p)].cards;
    if (std::find(cards.begin(), cards.end(), card) != cards.end()) return p;
  }
  return -1;
}

}  // namespace

TEST_CASE("determinize/the seen zones stay, the unseen ones keep their sizes and cards") {
  auto engine = MakeEngine("unisson", 4);
  std::vector<Knowledge> known;
  int moves = 0;
  const GameState s = PlayUntil(*engine, 5, known, [&](const GameState&, const Move&) { return ++moves > 12; });
  const int me = engine->Actor(s);
  uint64_t rng = 77;
  const GameState d = Determinize(*engine, s, known[me], rng);
  CHECK(d.rng != s.rng);  // the future of the stock is drawn again
  std::vector<CardId> all_real, all_sampled;
  for (size_t z = 0; z < s.zones.size(); ++z) {
    CAPTURE(z);
    CHECK(d.zones[z].cards.size() == s.zones[z].cards.size());
    if (ZoneSeen(*engine, s, static_cast<int>(z), me)) CHECK(d.zones[z].cards == s.zones[z].cards);
    all_real.insert(all_real.end(), s.zones[z].cards.begin(), s.zones[z].cards.end());
    all_sampled.insert(all_sampled.end(), d.zones[z].cards.begin(), d.zones[z].cards.end());
  }
  std::sort(all_real.begin(), all_real.end());
  std::sort(all_sampled.begin(), all_sampled.end());
  CHECK(all_real == all_sampled);
}

TEST_CASE("determinize/a player who did not follow the suit led holds none of it") {
  auto engine = MakeEngine("rikiki", 4, {{"max_cards", "8"}});
  const int trick = engine->rules().tricks.zone;
  std::vector<Knowledge> known;
  int void_player = -1, void_suit = -1;
  for (uint64_t seed = 1; void_player < 0 && seed < 50; ++seed) {
    GameState s = PlayUntil(*engine, seed, known, [&](const GameState& st, const Move& m) {
      const auto& cards = st.zones[engine->ZoneSlot(trick, -1)].cards;
      const int hand = engine->ZoneSlot(engine->rules().ZoneIndex("hand"), engine->Actor(st));
      const bool off_suit = m.kind != kStopMove && engine->rules().moves[m.kind].type == MoveType::kTrick &&
                            !cards.empty() && st.zones[hand].cards.size() >= 3 &&
                            TrickSuit(*engine, -1, m.cards[0]) != TrickSuit(*engine, -1, cards.front());
      if (!off_suit) return false;
      void_player = engine->Actor(st);
      void_suit = TrickSuit(*engine, -1, cards.front());
      return true;
    });
    if (void_player < 0) continue;
    const uint16_t round = s.round;
    // Play that move and the rest of the trick; then every other seat knows the void.
    std::vector<Move> legal;
    uint64_t rng = seed;
    for (int i = 0; i < 2 && !s.finished; ++i) {
      engine->LegalMoves(s, legal);
      const Move m = i == 0 ? [&] {
        for (const Move& l : legal)
          if (TrickSuit(*engine, -1, l.cards[0]) != void_suit) return l;
        return legal[0];
      }()
                            : legal[RandomMove(*engine, legal, rng)];
      const GameState before = s;
      REQUIRE(engine->Apply(s, m).ok);
      for (auto& k : known) Observe(k, *engine, before, m, s);
    }
    const int observer = (void_player + 1) % 4;
    const int hand = engine->ZoneSlot(engine->rules().ZoneIndex("hand"), void_player);
    if (s.zones[hand].cards.empty() || s.round != round) {
      void_player = -1;  // the round ended
      continue;
    }
    CHECK((known[observer].lacks[hand] >> void_suit & 1) == 1);
    CHECK(known[void_player].lacks[hand] == 0);  // their own hand is in sight: nothing to infer
    uint64_t sample = 3;
    for (int i = 0; i < 200; ++i) {
      const GameState d = Determinize(*engine, s, known[observer], sample);
      for (CardId c : d.zones[hand].cards) REQUIRE(TrickSuit(*engine, -1, c) != void_suit);
    }
  }
  CHECK(void_player >= 0);
}

TEST_CASE("determinize/a card seen taken into a hand is known to be there") {
  auto engine = MakeEngine("petite_ecole", 3);
  const int pick = engine->rules().MoveIndex("pick");
  std::vector<Knowledge> known;
  GameState s = PlayUntil(*engine, 11, known, [&](const GameState&, const Move& m) { return m.kind == pick; });
  REQUIRE_FALSE(s.finished);
  const int picker = engine->Actor(s);
  const auto& discard = s.zones[engine->ZoneSlot(engine->rules().ZoneIndex("discard"), -1)].cards;
  const CardId taken = discard.back();
  const GameState before = s;
  const Move m = engine->LegalMoves(s)[0].kind == pick ? engine->LegalMoves(s)[0] : engine->LegalMoves(s)[1];
  REQUIRE(m.kind == pick);
  REQUIRE(engine->Apply(s, m).ok);
  for (auto& k : known) Observe(k, *engine, before, m, s);
  const int observer = (picker + 1) % 3;
  CHECK(known[observer].known_zone[taken] == engine->ZoneSlot(engine->rules().ZoneIndex("hand"), picker));
  uint64_t rng = 8;
  for (int i = 0; i < 50; ++i) {
    const GameState d = Determinize(*engine, s, known[observer], rng);
    REQUIRE(HolderOf(*engine, d, "hand", taken) == picker);
  }
  // Once the picker draws a card unseen and discards one face up, the taken card may still be
  // in the hand; only if the discard named it would the fact change.
  CHECK(known[observer].moves_seen == s.moves_played);
}

TEST_CASE("determinize/exchanging unseen cards in the real state changes no sample") {
  for (const char* game : {"rikiki", "crazy_eights", "unisson", "zigity", "petite_ecole", "empereur"}) {
    CAPTURE(game);
    auto engine = MakeEngine(game, game == std::string("rikiki") ? 4 : 3);
    for (uint64_t seed = 1; seed <= 4; ++seed) {
      std::vector<Knowledge> known;
      int moves = 0;
      const int until = static_cast<int>(seed * 9);
      const GameState s = PlayUntil(*engine, seed, known, [&](const GameState&, const Move&) { return ++moves > until; });
      const int me = engine->Actor(s);
      // Every unseen card whose place the seat does not know, dealt round the unseen zones.
      GameState other = s;
      std::vector<CardId*> places;
      for (size_t z = 0; z < other.zones.size(); ++z) {
        if (ZoneSeen(*engine, other, static_cast<int>(z), me)) continue;
        for (CardId& c : other.zones[z].cards) {
          if (known[me].known_zone[c] < 0) places.push_back(&c);
        }
      }
      std::vector<CardId> cards;
      for (CardId* p : places) cards.push_back(*p);
      std::reverse(cards.begin(), cards.end());
      for (size_t i = 0; i < places.size(); ++i) *places[i] = cards[i];
      other.rng = s.rng ^ 0xABCDEF;
      uint64_t a = seed, b = seed;
      CHECK(Determinize(*engine, s, known[me], a) == Determinize(*engine, other, known[me], b));
    }
  }
}

TEST_CASE("determinize/other players' secrets are guesses within their range, the seat's own kept") {
  auto engine = MakeEngine("kems", 4);
  const GameState s = engine->NewGame(9);
  const int sign = engine->rules().VariableIndex("sign");
  const int told = engine->rules().VariableIndex("told");
  auto value = [&](const GameState& g, int variable, int p) {
    return g.variables[engine->config().VariableSlot(variable, p)];
  };
  GameState real = s;
  real.variables[engine->config().VariableSlot(told, 1)] = 1;
  const Knowledge me = NewKnowledge(*engine, real, 0);
  uint64_t rng = 5;
  std::vector<bool> guessed(7, false);
  for (int i = 0; i < 200; ++i) {
    const GameState d = Determinize(*engine, real, me, rng);
    CHECK(value(d, sign, 0) == value(real, sign, 0));  // the seat's own secret
    for (int p = 1; p < 4; ++p) {
      CHECK(value(d, sign, p) >= 1);
      CHECK(value(d, sign, p) <= 6);
      CHECK(value(d, told, p) == 0);  // no range: the initial value
    }
    guessed[value(d, sign, 1)] = true;
  }
  CHECK(std::count(guessed.begin(), guessed.end(), true) == 6);  // every sign is a possible guess
}

TEST_CASE("determinize/range belongs to secrets") {
  CHECK(EditedLoadError(FindRuleset("kems"),
                        "told: {owner: player, visible: owner, announce: true, values: [no, yes]}",
                        "told: {owner: player, visible: all, range: [0, 1]}")
            .find(": range: only a secret (visible: owner) has one") != std::string::npos);
  CHECK(EditedLoadError(FindRuleset("kems"), "range: [1, 6]", "range: [6, 1]")
            .find(": range: the lowest value comes first") != std::string::npos);
}

TEST_CASE("determinize/a ruleset's sample hook makes samples agree with what the seat was told (Le kems)") {
  auto engine = MakeEngine("kems", 4);
  const GameState s = engine->NewGame(9);
  auto slot = [&](const char* variable, int p) {
    return engine->config().VariableSlot(engine->rules().VariableIndex(variable), p);
  };
  GameState real = s;
  real.variables[slot("told", 0)] = 1;    // player 1's partner (player 3) made the sign
  real.variables[slot("caught", 0)] = 2;  // and player 1 caught an ear from player 2
  real.variables[slot("caught_from", 0)] = 2;
  const Knowledge me = NewKnowledge(*engine, real, 0);
  auto kems = [&](const GameState& g, int p) {
    const auto& hand = g.zones[engine->ZoneSlot(engine->rules().ZoneIndex("hand"), p)].cards;
    if (hand.size() != 4) return false;
    for (CardId c : hand)
      if (engine->cards().Value(c, 0) != engine->cards().Value(hand[0], 0)) return false;
    return true;
  };
  uint64_t rng = 7;
  int ear = 0, player2_kems = 0;
  const int samples = 600;
  for (int i = 0; i < samples; ++i) {
    const GameState d = Determinize(*engine, real, me, rng);
    CHECK(kems(d, 2));                                                    // the partner's kems
    CHECK(d.variables[slot("sign", 2)] == d.variables[slot("sign", 0)]);  // partners share the sign
    CHECK(d.variables[slot("sign", 1)] == d.variables[slot("sign", 3)]);  // so do opponents
    CHECK(d.zones[engine->ZoneSlot(engine->rules().ZoneIndex("hand"), 0)].cards ==
          real.zones[engine->ZoneSlot(engine->rules().ZoneIndex("hand"), 0)].cards);  // the seat's own hand
    ear += d.variables[slot("sign", 1)] == 2;
    player2_kems += kems(d, 1);
  }
  // With the default leak (25%) against the noise (5% a turn), a third of the gestures caught
  // are the sign: less likely than not, so the samples ignore it and guess among six.
  CHECK(ear == doctest::Approx(samples / 6.0).epsilon(0.2));
  CHECK(player2_kems < samples / 50);
  // With no noise every gesture caught is the sign.
  auto quiet = MakeEngine("kems", 4, {{"noise", "0"}});
  for (int i = 0; i < 20; ++i) {
    const GameState d = Determinize(*quiet, real, me, rng);
    CHECK(d.variables[slot("sign", 1)] == 2);
    CHECK(kems(d, 1));
    CHECK(kems(d, 2));
  }
}
