#include "interpreter/mechanisms/contract.h"

#include <algorithm>
#include <set>

#include "interpreter/mechanisms/wild_melds.h"
#include "interpreter/model/engine_services.h"

namespace tapis {
namespace {

// Enough for every real choice; a hand that could lay its contract in more ways than this
// (many wild cards over two packs) is offered the first ones found.
constexpr size_t kMaxContractMoves = 256;

// The cards of one combination, as a sortable signature (kind and what a wild card stands for).
std::vector<int> Signature(const CardSet& set, const Move& part) {
  std::vector<int> out;
  for (int i = 0; i < part.count; ++i) out.push_back(set.Kind(part.cards[i]) * 256 + part.stands[i] + 1);
  std::sort(out.begin(), out.end());
  return out;
}

class ContractSearch {
 public:
  ContractSearch(const CardSet& set, const Ruleset& r, const std::vector<int>& parts, const Move& base,
                 std::vector<Move>& out)
      : set_(set), r_(r), parts_(parts), base_(base), out_(out) {}

  void Run(std::vector<CardId> pool) {
    Move move = base_;
    Search(0, pool, move, {});
  }

 private:
  // Chooses combination `i` from `pool`; equal combinations in a row are chosen in
  // signature order so that the same melds are not offered in another order.
  void Search(size_t i, const std::vector<CardId>& pool, const Move& so_far,
              const std::vector<int>& previous) {
    if (out_.size() - first_ >= kMaxContractMoves) return;
    if (i == parts_.size()) {
      std::vector<int> whole;
      for (int k = 0; k < so_far.count; ++k)
        whole.push_back(set_.Kind(so_far.cards[k]) * 256 + so_far.stands[k] + 1);
      // One way per set of cards: the text lists cards, not groups, so two groupings of
      // the same cards (J J J + J J J, a Two in one or the other) would read the same.
      std::sort(whole.begin(), whole.end());
      if (seen_.insert(whole).second) out_.push_back(so_far);
      return;
    }
    const Combination& combo = r_.combinations[parts_[i]];
    const bool same_as_previous = i > 0 && parts_[i] == parts_[i - 1];
    ForEachWildMeld(set_, combo, pool, [&](const Move& part) {
      if (part.count != combo.min || so_far.count + part.count > kMaxMoveCards) return;
      std::vector<int> signature = Signature(set_, part);
      if (same_as_previous && signature < previous) return;
      Move next = so_far;
      std::vector<CardId> rest = pool;
      for (int k = 0; k < part.count; ++k) {
        next.stands[next.count] = part.stands[k];
        next.Add(part.cards[k]);
        RemoveCard(rest, part.cards[k]);
      }
      Search(i + 1, rest, next, signature);
    });
  }

  const CardSet& set_;
  const Ruleset& r_;
  const std::vector<int>& parts_;
  const Move& base_;
  std::vector<Move>& out_;
  size_t first_ = out_.size();
  std::set<std::vector<int>> seen_;
};

}  // namespace

const std::vector<int>* ContractFor(const EngineServices& engine, const GameState& s, int player,
                                    const MoveDecl& move) {
  const int index = s.variables[engine.config().VariableSlot(move.contract_by, player)];
  if (index < 1 || index > static_cast<int>(move.contracts.size())) return nullptr;
  return &move.contracts[index - 1];
}

void GenerateContracts(const EngineServices& engine, const GameState& s, int player, const MoveDecl& move,
                       const Move& base, std::vector<Move>& out) {
  const std::vector<int>* parts = ContractFor(engine, s, player, move);
  if (parts == nullptr) return;
  const auto& hand = s.zones[engine.ZoneSlot(move.from, player)].cards;
  ContractSearch(engine.cards(), engine.rules(), *parts, base, out).Run(hand);
}

}  // namespace tapis
