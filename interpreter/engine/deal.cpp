// The setup steps of each round: shuffles, deals (of a fixed, random or scheduled size) and
// cards turned up, and the dealer chance picks.
#include <algorithm>

#include "interpreter/engine/engine.h"
#include "interpreter/mechanisms/lay_groups.h"

namespace tapis {

bool HasRandomDealSize(const Ruleset& rules) {
  return std::any_of(rules.setup.begin(), rules.setup.end(),
                     [](const SetupStep& step) { return step.size == SetupStep::Size::kRandom; });
}

// `first: random`: chance picks a dealer, and the player on their left plays first.
void Engine::PickDealer(GameState& s) {
  const int n = config_->players();
  s.turn_player = static_cast<int8_t>((chance_->Number(0, n - 1, s.rng) + 1) % n);
}

// The most cards a deal step gives each player (or a move step moves): its count, capped by
// `leave` so that many cards of the pack are never dealt.
int Engine::StepMost(const SetupStep& step) const {
  const bool all = step.count.literal < 0 && step.count.parameter < 0;
  const int most =
      std::max(0, all ? cards().size() : config_->Resolve(step.count));  // a parameter may be < 0
  const int leave = std::clamp(config_->Resolve(step.leave), 0, cards().size());
  if (leave == 0 && step.size == SetupStep::Size::kFixed) return most;
  return std::min(most, (cards().size() - leave) / config_->players());
}

// The cards a step deals each player this round: a random size is chance's pick from 1 to
// the most; up and down, round r deals r cards up to the most, then one fewer each round.
int Engine::StepSize(GameState& s, const SetupStep& step) {
  const int most = StepMost(step);
  switch (step.size) {
    case SetupStep::Size::kFixed:
      return most;
    case SetupStep::Size::kRandom: {
      const int size = most < 1 ? 0 : chance_->Number(1, most, s.rng);
      if (config_->rules().first_random) PickDealer(s);
      return size;
    }
    case SetupStep::Size::kUpAndDown: {
      const int r = s.round + 1;  // most is at most the pack: 2 × most does not overflow
      return std::max(0, r <= most ? r : 2 * most - r);
    }
  }
  return most;
}

// Up and down, the match is the rounds of the schedule: up to the most and back down to 1
// (2 × most − 1 rounds); -1 when no deal goes up and down.
int Engine::ScheduledRounds() const {
  for (const SetupStep& step : rules().setup) {
    if (step.size == SetupStep::Size::kUpAndDown) return std::max(1, 2 * StepMost(step) - 1);
  }
  return -1;
}

// A deal from a pile that holds all its cards, when chance does not name each card drawn:
// the cards each player would be dealt one at a time, moved at once. False when it may not.
bool Engine::DealAtOnce(GameState& s, int from, int to_decl, int first, int size) {
  const int n = config_->players();
  auto& src = s.zones[from].cards;
  const size_t dealt = static_cast<size_t>(size) * static_cast<size_t>(n);
  if (chance_->DictatesDraws() || src.size() < dealt || dealt == 0) return false;
  for (int seat = 0; seat < n; ++seat) {
    if (ZoneSlot(to_decl, seat) == from) return false;  // dealt back where it comes from
  }
  const size_t top = src.size() - 1;
  for (int i = 0; i < n; ++i) {
    const int seat = (first + i) % n;
    auto& hand = s.zones[ZoneSlot(to_decl, seat)].cards;
    hand.reserve(hand.size() + static_cast<size_t>(size));
    for (size_t round = 0, at = top - static_cast<size_t>(i); round < static_cast<size_t>(size);
         ++round, at -= n)
      hand.push_back(src[at]);
  }
  src.resize(src.size() - dealt);
  return true;
}

void Engine::Deal(GameState& s) {
  const int n = config_->players();
  auto move_top = [&](int from, int to) {
    auto& src = s.zones[from].cards;
    if (src.empty()) return;
    BeforeDraw(s, from);
    s.zones[to].cards.push_back(src.back());
    src.pop_back();
  };
  for (const SetupStep& step : rules().setup) {
    const int from = step.from >= 0 ? ZoneSlot(step.from, s.turn_player) : -1;  // a lay step names its own
    switch (step.kind) {
      case SetupStep::Kind::kShuffle:
        chance_->Shuffle(s.zones[from].cards, s.rng);
        break;
      case SetupStep::Kind::kDeal: {  // one card at a time, from the first player (or `first_seat`)
        const int size = StepSize(s, step);
        const int first = step.first_seat >= 0 ? step.first_seat : s.turn_player;
        if (DealAtOnce(s, from, step.to, first, size)) break;
        for (int round = 0; round < size; ++round) {
          for (int i = 0; i < n; ++i) move_top(from, ZoneSlot(step.to, (first + i) % n));
          if (s.zones[from].cards.empty()) break;
        }
        break;
      }
      case SetupStep::Kind::kLay:  // from the first player round; a hand laid whole is out
        for (int i = 0; i < n; ++i) {
          const int player = (s.turn_player + i) % n;
          LayGroups(*this, s, player, step.lay);
          if (empty_zone_rules_ && !s.round_over) CheckGoneOut(s, player);
        }
        break;
      case SetupStep::Kind::kMove: {
        const int to = ZoneSlot(step.to, s.turn_player);
        for (int i = 0, size = StepSize(s, step); i < size; ++i) {
          move_top(from, to);
          // A card the step rejects goes back and another is turned, while any other is left.
          for (int tries = 0; !step.reject.empty() && !s.zones[to].cards.empty() && tries < kMaxRedraws;
               ++tries) {
            if (!FitsAll(cards(), step.reject, s.zones[to].cards.back())) break;
            s.zones[from].cards.push_back(s.zones[to].cards.back());
            s.zones[to].cards.pop_back();
            chance_->Shuffle(s.zones[from].cards, s.rng);
            move_top(from, to);
          }
        }
        break;
      }
    }
  }
}

}  // namespace tapis
