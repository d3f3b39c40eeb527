// The ruleset's `allow` function (tricks: allow:), which narrows the trick plays the
// follow-suit rules leave, and the reason it gives for a card it left out.
#include <fmt/format.h>

#include <algorithm>

#include "interpreter/engine/engine.h"
#include "interpreter/mechanisms/trick.h"
#include "interpreter/model/errors.h"
#include "interpreter/script/script_host.h"

namespace tapis {

// The ruleset's `allow` function narrows the cards offered from `out[first]` on.
void Engine::AllowByScript(const GameState& s, int player, size_t first, std::vector<Move>& out,
                           std::string* reason) const {
  if (out.size() <= first) return;
  std::vector<CardId> cards;
  for (size_t i = first; i < out.size(); ++i) cards.push_back(out[i].cards[0]);
  ScriptContext ctx{const_cast<Engine*>(this), const_cast<GameState*>(&s), player, nullptr, -1, true};
  std::string error;
  std::vector<CardId> allowed = cards;
  if (!scripts_->CallFilter(rules().tricks.allow, ctx, allowed, error, reason)) throw ScriptError(error);
  if (allowed.empty()) return;  // a rule that forbids everything leaves the follow-suit choice
  // A card the follow-suit rules refused stays refused: the script narrows, it never adds.
  const std::string said = fmt::format("tricks: allow: '{}' returned ", rules().tricks.allow);
  for (CardId c : allowed) {
    if (std::find(cards.begin(), cards.end(), c) != cards.end()) continue;
    const bool told = std::any_of(warnings_.begin(), warnings_.end(),
                                  [&](const std::string& w) { return w.starts_with(said); });
    if (!told)
      warnings_.push_back(
          fmt::format("{}{}, which the rules do not offer; it is left out", said, this->cards().Code(c)));
    break;
  }
  size_t w = first;
  for (size_t i = first; i < out.size(); ++i) {
    if (std::find(allowed.begin(), allowed.end(), out[i].cards[0]) != allowed.end()) out[w++] = out[i];
  }
  out.resize(w);
}

std::string Engine::AllowReason(const GameState& s, int player, int kind) const {
  if (rules().tricks.allow.empty() || !scripts_ || rules().moves[kind].type != MoveType::kTrick) return "";
  std::vector<Move> offered;
  Move base;
  base.kind = static_cast<uint8_t>(kind);
  GenerateTrickPlays(*this, s, player, rules().moves[kind], base,
                     s.decisions.empty() ? nullptr : &s.decisions.front(), offered);
  std::string reason;
  AllowByScript(s, player, 0, offered, &reason);
  return reason;
}

}  // namespace tapis
