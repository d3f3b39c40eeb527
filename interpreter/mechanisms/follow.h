// Shedding onto a pile (`follow:` on a take move, `declares:` on a choose move, `refill:` on
// a zone): a card may go on the pile when it shares a value of one of the listed properties
// with the top card (what a wild top was declared to stand for), or is wild for one of them;
// an empty stock is rebuilt from the pile but its top.
#pragma once

#include <array>

#include "interpreter/model/engine_services.h"

namespace tapis {

// What a card must share with the top of a pile, read once for all the cards of a hand.
struct TopToFollow {
  bool anything = true;  // no `follow:`, an empty pile, or a wild top not yet declared
  int count = 0;
  std::array<int, 8> property{}, value{};
  uint64_t mask = 0;  // the top's bits in FollowKeys
};

// Per card, a bit for each of its values of the `follow:` properties (each property's values
// side by side from `offset`, then one bit for the cards wild for it): a card follows a top
// when it shares a bit with the top's mask. No keys when the bits pass 64.
struct FollowKeys {
  std::vector<uint64_t> keys;
  std::array<int, 8> offset{};
};
FollowKeys MakeFollowKeys(const CardSet& set, const MoveDecl& decl);

// The top of `decl.to` as the move's `follow:` reads it.
TopToFollow ReadTop(const EngineServices& engine, const GameState& state, const MoveDecl& decl,
                    const FollowKeys& keys, int player);

// Whether `card` may go on that top: it shares one of the values, or is wild for a property.
inline bool Follows(const CardSet& set, const TopToFollow& top, const FollowKeys& keys, CardId card) {
  if (top.anything) return true;
  if (!keys.keys.empty()) return (keys.keys[card] & top.mask) != 0;
  const int wild = set.Wild(card);
  for (int i = 0; i < top.count; ++i) {
    const int prop = top.property[i];
    if (wild == prop || wild == kWildAny) return true;
    if (top.value[i] != kNoValue && set.Has(card, prop, top.value[i])) return true;
  }
  return false;
}

// A choose move with `declares:`: the option becomes what the pile's top card stands for.
void DeclareTop(const EngineServices& engine, GameState& state, const MoveDecl& decl, int option);

}  // namespace tapis
