// Legal move generation: Engine::LegalMoves and what it needs. Kept apart from the turn
// flow because it is the hot path of every playout.
#include <algorithm>

#include "interpreter/combination.h"
#include "interpreter/engine.h"

namespace tapis {
namespace {

// True when a card of the same kind as `card` is already offered by a move of `kind`
// (two packs hold two 7H; offering both would be the same move twice).
bool AlreadyOffered(const CardSet& set, const std::vector<Move>& out, size_t first, CardId card, int zone) {
  const int k = set.Kind(card);
  for (size_t i = first; i < out.size(); ++i) {
    if (set.Kind(out[i].cards[0]) == k && out[i].zone == zone) return true;
  }
  return false;
}

}  // namespace

std::vector<Move> Engine::LegalMoves(const GameState& s) {
  std::vector<Move> out;
  LegalMoves(s, out);
  return out;
}

void Engine::LegalMoves(const GameState& s, std::vector<Move>& out) {
  out.clear();
  if (s.finished) return;
  if (!s.decisions.empty()) {
    const Decision& d = s.decisions.front();
    GenerateFor(s, d.player, d.moves, false, out);
    if (d.optional) {
      Move stop;
      stop.kind = kStopMove;
      out.push_back(stop);
    }
    return;
  }
  GenerateFor(s, s.turn_player, ~0u, true, out);
}

bool Engine::HasMoveFor(const GameState& s, const Decision& d) {
  scratch_.clear();
  GenerateFor(s, d.player, d.moves, false, scratch_);
  return !scratch_.empty();
}

void Engine::GenerateFor(const GameState& s, int player, uint32_t kinds, bool in_turn,
                         std::vector<Move>& out) const {
  const Ruleset& r = rules();
  const CardSet& set = cards();
  for (size_t k = 0; k < r.moves.size(); ++k) {
    if (!(kinds & (1u << k))) continue;
    const MoveDecl& m = r.moves[k];
    if (in_turn && (!m.in_turn || m.cost > s.actions_left || !(m.phases & (1u << s.phase)))) continue;
    Move base;
    base.kind = static_cast<uint8_t>(k);
    switch (m.type) {
      case MoveType::kPass:
        out.push_back(base);
        break;
      case MoveType::kDraw:
        if (!s.zones[ZoneSlot(m.from, player)].cards.empty()) out.push_back(base);
        break;
      case MoveType::kTake: {
        const size_t first = out.size();
        for (CardId c : s.zones[ZoneSlot(m.from, player)].cards) {
          if (AlreadyOffered(set, out, first, c, -1)) continue;
          Move move = base;
          move.Add(c);
          out.push_back(move);
        }
        break;
      }
      case MoveType::kMeld: {
        const auto& hand = s.zones[ZoneSlot(m.from, player)].cards;
        ForEachCombination(set, r.combinations[m.combination], hand, [&](std::span<const CardId> cards) {
          if (cards.size() > kMaxMoveCards) return;
          Move move = base;
          for (CardId c : cards) move.Add(c);
          out.push_back(move);
        });
        break;
      }
      case MoveType::kExtend: {
        const auto& hand = s.zones[ZoneSlot(m.from, player)].cards;
        const Combination& combo = r.combinations[m.combination];
        const bool onto_others = config_->Resolve(m.onto_others) != 0;
        for (size_t z = config_->FixedZoneCount(); z < s.zones.size(); ++z) {
          const Zone& meld = s.zones[z];
          if (meld.decl != m.to || (meld.owner != player && !onto_others)) continue;
          const size_t first = out.size();
          for (CardId c : hand) {
            if (!Extends(set, combo, meld.cards, c)) continue;
            if (AlreadyOffered(set, out, first, c, static_cast<int>(z))) continue;
            Move move = base;
            move.zone = static_cast<int16_t>(z);
            move.Add(c);
            out.push_back(move);
          }
        }
        break;
      }
    }
  }
}

}  // namespace tapis
