#include "interpreter/position_tokens.h"

#include <fmt/format.h>

#include <algorithm>

#include "interpreter/hand_rank.h"

namespace tapis {

using nlohmann::json;

// In card order; the claim is the strength of the hand that put the top token.
nlohmann::json TokensJson(const Engine& engine, const GameState& s) {
  json out = json::array();
  for (size_t c = 0; c < s.tokens.size(); ++c) {
    if (s.tokens[c].empty()) continue;
    json players = json::array();
    for (int8_t p : s.tokens[c]) players.push_back(p + 1);
    out.push_back(
        {{"card", engine.cards().Code(static_cast<CardId>(c))}, {"players", players}, {"claim", s.claims[c]}});
  }
  return out;
}

// A claim written as cards is ranked by the rules' first line move's hand.
void ReadTokens(const Engine& engine, const nlohmann::json& entries, GameState& s,
                const std::function<Error(const std::string&)>& fail) {
  const Ruleset& r = engine.rules();
  if (s.tokens.empty()) throw fail("tokens: these rules lay no tokens");
  auto card_of = [&](const std::string& code, bool fresh) -> CardId {
    const auto kind = r.catalog.KindByCode(code);
    if (!kind) throw fail(fmt::format("tokens: unknown card '{}'", code));
    for (int c = 0; c < engine.cards().size(); ++c) {
      if (engine.cards().Kind(static_cast<CardId>(c)) == *kind && (!fresh || s.tokens[c].empty()))
        return static_cast<CardId>(c);
    }
    throw fail(fmt::format("tokens: card '{}' listed more often than the game has it", code));
  };
  for (const auto& entry : entries) {
    const CardId card = card_of(entry.at("card").get<std::string>(), true);
    for (const auto& p : entry.at("players")) {
      const int seat = p.get<int>();
      if (seat < 1 || seat > s.players) throw fail(fmt::format("tokens: no player {}", seat));
      s.tokens[card].push_back(static_cast<int8_t>(seat - 1));
    }
    if (!entry.contains("claim")) continue;
    const json& claim = entry.at("claim");
    if (!claim.is_array()) {
      s.claims[card] = claim.get<int32_t>();
      continue;
    }
    const auto line = std::find_if(r.moves.begin(), r.moves.end(),
                                   [](const MoveDecl& m) { return m.type == MoveType::kLine; });
    std::vector<CardId> hand;
    for (const auto& code : claim) hand.push_back(card_of(code.get<std::string>(), false));
    s.claims[card] = HandStrength(engine.cards(), r.hands[line->hand], hand);
    if (s.claims[card] == kNoHand)
      throw fail(fmt::format("tokens: the claim of {} is not a hand", entry.at("card").get<std::string>()));
  }
}

}  // namespace tapis
