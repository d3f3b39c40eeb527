// Small helpers shared by the tests: engines for bundled rulesets, hand-built positions,
// and moves applied by their text.
#pragma once

#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "interpreter/bots/bots.h"
#include "interpreter/engine/engine.h"
#include "interpreter/load/ruleset_finder.h"
#include "interpreter/load/ruleset_loader.h"
#include "interpreter/records/move_text.h"
#include "interpreter/records/narration.h"
#include "interpreter/records/position.h"

// Lists of texts (legal moves, cards) print in a failed check: [Draw, Play H3].
namespace doctest {
template <>
struct StringMaker<std::vector<std::string>> {
  static String convert(const std::vector<std::string>& texts) {
    std::string out = "[";
    for (size_t i = 0; i < texts.size(); ++i) out += (i ? ", " : "") + texts[i];
    return (out + "]").c_str();
  }
};
}  // namespace doctest

namespace tapis::testing {

// How much slower the checked build (AddressSanitizer) runs: time limits of tests that guard
// against a hang are multiplied by it, so that they still tell linear from quadratic in a
// release build.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr double kSlowdown = 10;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr double kSlowdown = 10;
#else
inline constexpr double kSlowdown = 1;
#endif
#else
inline constexpr double kSlowdown = 1;
#endif

// The cards in every zone of `state`: a game that creates or loses none keeps this constant.
inline int CardsInPlay(const GameState& state) {
  int cards = 0;
  for (const Zone& z : state.zones) cards += static_cast<int>(z.cards.size());
  return cards;
}

// Texts in order, to compare lists of legal moves whose order does not matter.
inline std::vector<std::string> Sorted(std::vector<std::string> texts) {
  std::sort(texts.begin(), texts.end());
  return texts;
}

// How many games a soak test of random games plays: `games`, times $TAPIS_TEST_SCALE when it
// is set (the sanitized build of .ci/run sets 0.1: its code runs ten times slower), at least 1.
inline int Soak(int games) {
  const char* scale = std::getenv("TAPIS_TEST_SCALE");
  if (scale == nullptr) return games;
  return std::max(1, static_cast<int>(games * std::strtod(scale, nullptr)));
}

inline std::unique_ptr<Engine> MakeEngine(const std::string& game, int players,
                                          const std::map<std::string, std::string>& settings = {}) {
  auto rules = LoadRuleset(FindRuleset(game));
  return std::make_unique<Engine>(std::make_shared<GameConfig>(rules, players, settings));
}

inline GameState Position(const Engine& engine, const std::string& json) {
  return ReadPosition(engine, json, "test position");
}

// Applies the move written `text` and returns what `viewer` is told of it, with the states in
// between captured as `tapis play` captures them (the effects' lines, a round's end).
inline std::vector<std::string> PlayTold(Engine& engine, GameState& state, const std::string& text,
                                         int viewer) {
  const GameState before = state;
  const ParsedMove parsed = ParseMove(engine, state, text);
  INFO("move: ", text, " — ", parsed.error);
  REQUIRE(parsed.move.has_value());
  MoveStates states;
  engine.CaptureStates(&states);
  const ApplyResult result = engine.Apply(state, *parsed.move);
  engine.CaptureStates(nullptr);
  INFO("script error: ", result.error);
  REQUIRE(result.ok);
  return Narrate(engine, before, state, *parsed.move, viewer, &states);
}

// Applies the move written `text`, failing the test if it is not legal or errs.
inline void Play(Engine& engine, GameState& state, const std::string& text) {
  const ParsedMove parsed = ParseMove(engine, state, text);
  INFO("move: ", text, " — ", parsed.error);
  REQUIRE(parsed.move.has_value());
  const ApplyResult result = engine.Apply(state, *parsed.move);
  INFO("script error: ", result.error);
  REQUIRE(result.ok);
}

inline std::vector<std::string> LegalTexts(Engine& engine, const GameState& state) {
  std::vector<std::string> out;
  for (const Move& m : engine.LegalMoves(state)) out.push_back(MoveText(engine, state, m));
  return out;
}

inline bool IsLegal(Engine& engine, const GameState& state, const std::string& text) {
  return ParseMove(engine, state, text).move.has_value();
}

inline std::vector<std::string> Cards(const Engine& engine, const GameState& state, const std::string& zone,
                                      int player = 0) {
  const int decl = engine.rules().ZoneIndex(zone);
  std::vector<std::string> out;
  for (CardId c : state.zones[engine.ZoneSlot(decl, player - 1)].cards) out.push_back(engine.cards().Code(c));
  return out;
}

inline std::string ReadText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The text of `path` with its first `from` replaced by `to` (the test fails when it has none).
inline std::string EditedText(const std::string& path, const std::string& from, const std::string& to) {
  std::string text = ReadText(path);
  const auto at = text.find(from);
  REQUIRE(at != std::string::npos);
  return text.replace(at, from.size(), to);
}

// What loading the ruleset `path` says once its first `from` is replaced by `to`, as if it
// were the file `as` (`path` itself when empty): the error, or "(loaded without error)".
inline std::string EditedLoadError(const std::string& path, const std::string& from, const std::string& to,
                                   const std::string& as = "") {
  const std::string yaml = EditedText(path, from, to);
  try {
    LoadRulesetFromString(yaml, as.empty() ? path : as);
  } catch (const std::exception& e) {
    return e.what();
  }
  return "(loaded without error)";
}

// A position whose zones ("hand 1" for the first player's) hold the cards listed, every other
// card lying under `rest`'s (out of play), and `extra` JSON fields after the zones.
inline GameState Table(const Engine& engine,
                       const std::vector<std::pair<std::string, std::vector<std::string>>>& zones,
                       const std::string& extra = "", const std::string& rest_zone = "pile") {
  using Texts = std::vector<std::string>;
  std::multiset<std::string> listed;
  for (const auto& [zone, cards] : zones) {
    for (const auto& card : cards) listed.insert(card.substr(0, card.find('=')));  // 5a=c: 5a standing for c
  }
  Texts rest;
  for (const auto& kind : engine.rules().catalog.kinds()) {
    if (auto it = listed.find(kind.code); it != listed.end()) {
      listed.erase(it);
    } else {
      rest.push_back(kind.code);
    }
  }
  auto list = [](const Texts& cards) {
    std::string out;
    for (const auto& c : cards) out += (out.empty() ? "\"" : ", \"") + c + "\"";
    return "[" + out + "]";
  };
  std::string json;
  for (const auto& [zone, cards] : zones) {
    Texts all = cards;
    if (zone == rest_zone) all.insert(all.begin(), rest.begin(), rest.end());
    json += (json.empty() ? "" : ", ") + ("\"" + zone + "\": " + list(all));
  }
  return Position(engine, "{\"zones\": {" + json + "}" + extra + "}");
}

// A game of random moves from `seed`, played to its end within `max_moves`: a move is always
// possible and accepted, and every position holds `cards` cards (none created or lost).
inline GameState RandomGameKeeping(Engine& engine, uint64_t seed, int cards, int max_moves = 5000) {
  GameState s = engine.NewGame(seed);
  RandomBot bot(seed);
  for (int moves = 0; !s.finished && moves < max_moves; ++moves) {
    REQUIRE(CardsInPlay(s) == cards);
    const std::vector<Move> legal = engine.LegalMoves(s);
    REQUIRE(!legal.empty());
    REQUIRE(engine.Apply(s, legal[bot.Choose(engine, s, legal)]).ok);
  }
  REQUIRE(s.finished);
  return s;
}

// Who acts first in each round of a random match (seats from 0).
inline std::vector<int> FirstActors(Engine& engine, uint64_t seed) {
  GameState s = engine.NewGame(seed);
  std::vector<int> firsts{engine.Actor(s)};
  RandomBot bot(seed);
  while (!s.finished) {
    const std::vector<Move> legal = engine.LegalMoves(s);
    const int round = s.round;
    REQUIRE(engine.Apply(s, legal[bot.Choose(engine, s, legal)]).ok);
    if (!s.finished && s.round != round) firsts.push_back(engine.Actor(s));
  }
  return firsts;
}

}  // namespace tapis::testing
