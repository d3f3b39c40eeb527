// Bots: no bot peeks (its move is the same whatever the cards it cannot see), the search
// bot is reproducible from its seed and reads its budget, the ruleset's evaluation hook is
// used, and a quick, statistically safe check that search beats random play.
#include "interpreter/bots/bots.h"

#include <doctest/doctest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "interpreter/bots/ismcts.h"
#include "interpreter/bots/playout.h"
#include "interpreter/load/ruleset_finder.h"
#include "interpreter/model/chance.h"
#include "interpreter/model/errors.h"
#include "interpreter/records/game_log.h"
#include "interpreter/sim/simulate.h"
#include "tests/helpers.h"

using namespace tapis;
using namespace tapis::testing;

namespace {

// The same position with the cards `player` cannot see (and has not seen go anywhere)
// dealt round their zones differently, and another future for the face-down piles.
GameState ExchangeUnseen(const Engine& engine, const GameState& s, int player, const Knowledge& known) {
  GameState other = s;
  std::vector<CardId*> places;
  for (size_t z = 0; z < other.zones.size(); ++z) {
    if (ZoneSeen(engine, other, static_cast<int>(z), player)) continue;
    for (CardId& c : other.zones[z].cards) {
      if (known.known_zone[c] < 0) places.push_back(&c);
    }
  }
  std::vector<CardId> cards;
  for (CardId* p : places) cards.push_back(*p);
  std::rotate(cards.begin(), cards.begin() + cards.size() / 3, cards.end());
  for (size_t i = 0; i < places.size(); ++i) *places[i] = cards[i];
  other.rng = NextRandom(other.rng);
  return other;
}

// Random games; at some positions with a choice, two bots of one seed that watched the
// same game are asked, one in the real position, one with the unseen cards exchanged.
void CheckBlind(const std::string& game, int players, const std::string& kind) {
  auto engine = MakeEngine(game, players);
  int compared = 0, differed = 0;
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    std::vector<std::unique_ptr<Bot>> a, b;
    for (int p = 0; p < players; ++p) {
      a.push_back(MakeBot(kind, seed + p));
      b.push_back(MakeBot(kind, seed + p));
    }
    GameState s = engine->NewGame(seed);
    uint64_t rng = seed * 31;
    std::vector<Move> legal;
    for (int move = 0; move < 60 && !s.finished; ++move) {
      engine->LegalMoves(s, legal);
      const int actor = engine->Actor(s);
      if (legal.size() > 1 && move % 7 == 3) {
        auto* watching = dynamic_cast<WatchingBot*>(b[actor].get());
        REQUIRE(watching != nullptr);
        Knowledge known = watching->knowledge();
        if (known.player != actor || known.moves_seen != s.moves_played) known = NewKnowledge(*engine, s, actor);
        const GameState other = ExchangeUnseen(*engine, s, actor, known);
        const size_t real = a[actor]->Choose(*engine, s, legal);
        const size_t blind = b[actor]->Choose(*engine, other, legal);
        ++compared;
        differed += other.zones != s.zones;
        CHECK(MoveText(*engine, s, legal[real]) == MoveText(*engine, s, legal[blind]));
      }
      const Move m = legal[RandomMove(*engine, legal, rng)];
      const GameState before = s;
      REQUIRE(engine->Apply(s, m).ok);
      TellBots(a, *engine, before, m, s);
      TellBots(b, *engine, before, m, s);
    }
  }
  CHECK(compared > 0);
  CHECK(differed > 0);  // the exchange did change something
}

}  // namespace

TEST_CASE("bots/a bot's move does not change when cards it cannot see are exchanged") {
  for (const auto& [game_, players] : std::vector<std::pair<std::string, int>>{{"rikiki", 4},
                                                                               {"crazy_eights", 3},
                                                                               {"unisson", 3},
                                                                               {"quincunx", 2},
                                                                               {"zigity", 3},
                                                                               {"petite_ecole", 2}}) {
    const std::string game = game_;  // clang 14 cannot capture a structured binding in CAPTURE
    for (const char* kind : {"greedy", "ismcts:40"}) {
      CAPTURE(game);
      CAPTURE(kind);
      CheckBlind(game, players, kind);
    }
  }
}

TEST_CASE("bots/the search bot plays the same moves from the same seed") {
  auto engine = MakeEngine("oh_hell", 3);
  const GameState s = engine->NewGame(4);
  const std::vector<Move> legal = engine->LegalMoves(s);
  REQUIRE(legal.size() > 1);
  IsmctsBot a(9, ParseBudget("300")), b(9, ParseBudget("300"));
  CHECK(a.Choose(*engine, s, legal) == b.Choose(*engine, s, legal));
  CHECK(a.iterations() == 300);
  CHECK(a.root_visits() == b.root_visits());
  const GameLog one = PlayLoggedGame(*engine, "oh_hell", 12, {"ismcts:60", "greedy", "random"});
  const GameLog two = PlayLoggedGame(*engine, "oh_hell", 12, {"ismcts:60", "greedy", "random"});
  CHECK(WriteGameLog(one) == WriteGameLog(two));
}

TEST_CASE("bots/the search budget is a number of iterations or a time") {
  CHECK(ParseBudget("").iterations == 0);  // the ruleset's bots: iterations:, else kDefaultIterations
  CHECK(ParseBudget("250").iterations == 250);
  CHECK(ParseBudget("500ms").seconds == doctest::Approx(0.5));
  CHECK(ParseBudget("2s").seconds == doctest::Approx(2));
  for (const char* bad : {"x", "-3", "0", "1.5", "10m"}) {
    CAPTURE(bad);
    CHECK_THROWS_AS(ParseBudget(bad), Error);
  }
  CHECK_THROWS_WITH(MakeBot("minimax", 1),
                    "unknown bot 'minimax'; bots are: random, greedy, ismcts (ismcts:ITERATIONS, ismcts:500ms)");
  auto engine = MakeEngine("oh_hell", 3);
  const GameState s = engine->NewGame(4);
  IsmctsBot timed(1, ParseBudget("50ms"));
  timed.Choose(*engine, s, engine->LegalMoves(s));
  CHECK(timed.iterations() > 0);
  IsmctsBot plain(1, ParseBudget(""));
  plain.Choose(*engine, s, engine->LegalMoves(s));
  CHECK(plain.iterations() == kDefaultIterations);
}

TEST_CASE("bots/a ruleset sets the search bot's default budget (bots: iterations:)") {
  auto engine = MakeEngine("quincunx_solitaire", 1);  // extends quincunx, which asks for 3000
  CHECK(engine->rules().bot_iterations == 3000);
  const GameState s = engine->NewGame(2);
  IsmctsBot plain(1, ParseBudget("")), set(1, ParseBudget("30"));
  plain.Choose(*engine, s, engine->LegalMoves(s));
  set.Choose(*engine, s, engine->LegalMoves(s));
  CHECK(plain.iterations() == 3000);
  CHECK(set.iterations() == 30);  // a seat's ismcts:N wins
  CHECK(MakeEngine("quincunx_blank_tableau", 2)->rules().bot_iterations == 2500);  // a variant's own
  CHECK(EditedLoadError(FindRuleset("unisson"), "iterations: 4000", "iterations: 0")
            .find(": iterations: expected a number from 1 up") != std::string::npos);
}

TEST_CASE("bots/playouts stop at the ruleset's horizon (bots: playout_turns:)") {
  auto engine = MakeEngine("relance", 2);
  CHECK(engine->rules().bot_playout_turns == 4);
  const GameState start = engine->NewGame(6);
  uint64_t rng = 3;
  GameState cut = start;
  PlayOut(*engine, cut, start.round, PlayoutLimits{200, 1000000, start.turns + 3}, rng);
  CHECK(!cut.finished);
  CHECK(cut.turns == start.turns + 3);
  GameState whole = start;
  PlayOut(*engine, whole, start.round, PlayoutLimits{200, 1000000, 0}, rng);
  CHECK(whole.turns > start.turns + 3);
  // The horizon holds in the search too: it still chooses a legal move, in the budget.
  IsmctsBot bot(1, ParseBudget("50"));
  const std::vector<Move> legal = engine->LegalMoves(start);
  CHECK(bot.Choose(*engine, start, legal) < legal.size());
  CHECK(bot.iterations() == 50);
  CHECK(EditedLoadError(FindRuleset("relance"), "playout_turns: 4", "playout_turns: 0")
            .find(": playout_turns: expected a number from 1 up") != std::string::npos);
}

TEST_CASE("bots/the ruleset's evaluation is what bots judge by") {
  auto engine = MakeEngine("petite_ecole", 2);
  const GameState s = engine->NewGame(3);
  const std::vector<int> values = engine->BotEvaluation(s);
  REQUIRE(values.size() == 2);
  CHECK(values[0] == values[1] + [&] {  // both at level 1, nothing laid: the points in hand decide
    const auto score = engine->Score(s);
    return score[1] - score[0];
  }());
}

TEST_CASE("bots/search beats random play (quick check)") {
  // Quincunx, 2 players: even at 40 iterations the search bot wins about 95% of the games
  // against random play; 12 games leave it under 9 wins with a chance below one in a
  // thousand. The real measurements are in docs/bots.md.
  SimOptions options;
  options.games = 12;
  options.seed = 5;
  options.bots = {"ismcts:40", "random"};
  const SimReport report = Simulate(std::make_shared<GameConfig>(LoadRuleset(FindRuleset("quincunx")), 2), options);
  CHECK(report.seats[0].wins >= 9);
}

TEST_CASE("bots/greedy is no weaker than random play where scores say nothing") {
  // L'Empereur's Normal mode scores nothing until the match ends: every move ties, and greedy
  // broke ties uniformly, drawing and passing where random play (bot_weight 0.05) plays. It
  // won 9% of 3-player games in seat 1, where a random bot wins 37%. 120 games: fewer than
  // 25 wins has a chance below one in a thousand at 37%, more than even at 9%.
  SimOptions options;
  options.games = 120;
  options.seed = 2;
  options.bots = {"greedy", "random", "random"};
  const SimReport report =
      Simulate(std::make_shared<GameConfig>(LoadRuleset(FindRuleset("empereur")), 3), options);
  CHECK(report.seats[0].wins >= 25);
}

TEST_CASE("bots/greedy weighs a guess by what it costs on average, and points to others count against it") {
  // Le kems: a right guess of the opponents' sign scores 1, a wrong one gives them 1. Greedy
  // judged each move on one sample, in which its guess of the sampled sign was always right,
  // and counted only its own points, so it guessed blind every turn and lost every match.
  auto engine = MakeEngine("kems", 4);
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    CAPTURE(seed);
    const GameState s = engine->NewGame(seed);
    const auto legal = engine->LegalMoves(s);
    GreedyBot bot(seed);
    CHECK(MoveText(*engine, s, legal[bot.Choose(*engine, s, legal)]).rfind("guess", 0) != 0);
  }
}

TEST_CASE("bots/a ruleset's sample hook may change only what the seat cannot see") {
  // mini: 6 cards, 2 in each hand, 2 in the face-down stock, a visible pile.
  const auto folder =
      std::filesystem::temp_directory_path() / ("tapis_sample_test_" + std::to_string(getpid()));
  std::filesystem::create_directories(folder);
  const std::string yaml =
      ReadText(std::string(TAPIS_SOURCE_DIR) + "/tests/bad/mini.yaml") + "bots: {sample: bot_sample}\n";
  auto choose = [&](const std::string& hook) {
    std::ofstream(folder / "mini.lua") << "function on_play(move) end\nfunction bot_sample(me)\n"
                                       << hook << "\nend\n";
    Engine engine(
        std::make_shared<GameConfig>(LoadRulesetFromString(yaml, (folder / "case.yaml").string()), 2));
    const GameState s = engine.NewGame(5);
    GreedyBot bot(1);
    const auto legal = engine.LegalMoves(s);
    return MoveText(engine, s, legal[bot.Choose(engine, s, legal)]);
  };
  // The other hand and the stock: unseen, sizes kept.
  CHECK_NOTHROW(
      choose("local other = tapis.cards('hand', 3 - me)[1]\n"
             "local hidden = tapis.cards('stock')[1]\n"
             "tapis.move(other, 'stock') tapis.move(hidden, 'hand', 3 - me)"));
  auto failure = [&](const std::string& hook) {
    try {
      choose(hook);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(failure("tapis.move(tapis.cards('hand', me)[1], 'stock')")
            .find("bots: sample 'bot_sample' changed the cards of hand 1, which player 1 sees") !=
        std::string::npos);
  CHECK(failure("tapis.move(tapis.cards('stock')[1], 'hand', 3 - me)").find("changed the size of stock") !=
        std::string::npos);
  CHECK(failure("tapis.move(tapis.cards('stock')[1], 'pile')").find("changed the cards of pile") !=
        std::string::npos);
  CHECK(failure("tapis.end_round()").find("changed the state of the game") != std::string::npos);
  CHECK(failure("tapis.ask(me, {moves = 'pass'})").find("asked a decision") != std::string::npos);
  std::filesystem::remove_all(folder);
}

TEST_CASE("bots/greedy keeps its score low where the lowest total wins") {
  // mini with penalty points: each card left in hand costs one. Greedy maximised the score
  // it should minimise, so it passed instead of playing (in Hearts it won 19% of games where
  // random bots won 27%).
  const auto folder =
      std::filesystem::temp_directory_path() / ("tapis_greedy_test_" + std::to_string(getpid()));
  std::filesystem::create_directories(folder);
  std::ofstream(folder / "mini.lua")
      << "function on_play(move) end\n"
         "function score() return {tapis.count('hand', 1), tapis.count('hand', 2)} end\n";
  const std::string yaml = ReadText(std::string(TAPIS_SOURCE_DIR) + "/tests/bad/mini.yaml");
  for (const bool lowest : {true, false}) {
    CAPTURE(lowest);
    const auto rules = LoadRulesetFromString(
        yaml + "score: score\nmatch: {lowest_wins: " + (lowest ? "true" : "false") + "}\n",
        (folder / "case.yaml").string());
    Engine engine(std::make_shared<GameConfig>(rules, 2));
    const GameState s = engine.NewGame(5);
    const auto legal = engine.LegalMoves(s);
    for (uint64_t seed = 1; seed <= 5; ++seed) {
      GreedyBot bot(seed);
      const std::string chosen = MoveText(engine, s, legal[bot.Choose(engine, s, legal)]);
      CHECK(chosen.rfind(lowest ? "play" : "pass", 0) == 0);
    }
  }
}

TEST_CASE("bots/knowledge: a new deal forgets where the cards went") {
  // A card seen before a round ended and dealt to an unseen hand was "seen going there": in
  // Le kems a bot called contre-kems on a kems it could not know of.
  for (const auto& [game_, players] : std::vector<std::pair<std::string, int>>{
           {"kems", 4}, {"rikiki", 4}, {"empereur", 3}, {"poule", 4}, {"petite_ecole", 2}}) {
    const std::string game = game_;
    CAPTURE(game);
    auto engine = MakeEngine(game, players);
    int deals = 0;
    for (uint64_t seed = 1; seed <= 3; ++seed) {
      GameState s = engine->NewGame(seed);
      std::vector<Knowledge> known;
      for (int p = 0; p < players; ++p) known.push_back(NewKnowledge(*engine, s, p));
      uint64_t rng = seed;
      std::vector<Move> legal;
      for (int move = 0; move < 3000 && !s.finished; ++move) {
        engine->LegalMoves(s, legal);
        const Move m = legal[RandomMove(*engine, legal, rng)];
        const GameState before = s;
        REQUIRE(engine->Apply(s, m).ok);
        for (Knowledge& k : known) {
          Observe(k, *engine, before, m, s);
          if (s.round == before.round) continue;
          ++deals;
          for (size_t c = 0; c < k.known_zone.size(); ++c) CHECK(k.known_zone[c] == -1);
        }
      }
    }
    CHECK(deals > 0);
  }
}

TEST_CASE("bots/bot_weight weighs kinds of move, not each move listed") {
  // huit_americain: draw weighs 0.5, play 1. With five plays listed, a draw is a third of the
  // random bot's picks (0.5 / 1.5), not a eleventh (0.5 / 5.5) as when each move was weighed.
  auto engine = MakeEngine("huit_americain", 2);
  const GameState s = Position(*engine, R"({"zones": {"discard": ["5H"],
      "hand 1": ["6H", "7H", "9H", "5S", "5C", "KD"], "hand 2": ["2S"]}})");
  const auto legal = engine->LegalMoves(s);
  REQUIRE(legal.size() == 6);  // five plays and the draw
  uint64_t rng = 7;
  int draws = 0;
  constexpr int kPicks = 3000;
  std::vector<int> picked(legal.size(), 0);
  for (int i = 0; i < kPicks; ++i) {
    const size_t pick = RandomMove(*engine, legal, rng);
    ++picked[pick];
    draws += MoveText(*engine, s, legal[pick]) == "draw";
  }
  CHECK(draws > kPicks * 0.29);
  CHECK(draws < kPicks * 0.38);
  for (size_t i = 0; i < legal.size(); ++i) CHECK(picked[i] > kPicks / 10);  // each play about 2/15
}
