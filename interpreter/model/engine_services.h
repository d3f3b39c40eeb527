// EngineServices: what a mechanism (mechanisms/) or an effect's API call (script/) may ask of
// the engine running a game — its configuration, a card's effective value, who acts now,
// moving a card, the chance source, ending the round, asking a decision — declared here, below
// them, so that neither depends on the engine's turn flow (engine/engine.h).
// docs/architecture.md: the layers and who may call whom.
//
// Engine is its one implementation. The services that only read or change a GameState are
// plain members (mechanisms call them on every card of every playout); Ask, whose queue is
// the engine's, is virtual.
#pragma once

#include <memory>
#include <span>
#include <string>

#include "interpreter/model/catalog.h"
#include "interpreter/model/chance.h"
#include "interpreter/model/game_config.h"
#include "interpreter/model/game_state.h"
#include "interpreter/model/ruleset.h"

namespace tapis {

class EngineServices {
 public:
  const GameConfig& config() const { return *config_; }
  std::shared_ptr<const GameConfig> shared_config() const { return config_; }
  const Ruleset& rules() const { return config_->rules(); }
  const CardSet& cards() const { return config_->cards(); }
  int ZoneSlot(int decl, int owner) const { return config_->ZoneSlot(decl, owner); }

  // The player who must act now: the front decision's, else the turn player's.
  int Actor(const GameState& state) const {
    return state.decisions.empty() ? state.turn_player : state.decisions.front().player;
  }
  // A card's value of `property`, or what it stands for when it is a wild card in play.
  int EffectiveValue(const GameState& state, CardId card, int property) const {
    if (cards().Wild(card) == property && state.declared[card] >= 0) return state.declared[card];
    return cards().Value(card, property);
  }
  // Cards as a person reads a hand: by the ruleset's hand order (`cards: look: hand_order`),
  // then as the pack lists them; a card without one of the values goes after those with it.
  std::vector<CardId> InHandOrder(std::vector<CardId> cards) const;
  // The zone instance holding `card`, or -1.
  int FindCard(const GameState& state, CardId card) const;
  // Takes `card` from wherever it is and puts it on top of `to_zone`; a wild card forgets
  // what it stood for.
  void MoveCard(GameState& state, CardId card, int to_zone) const;
  // Next seat from `player` in the direction of play, skipping players out of the round.
  int NextActive(const GameState& state, int player) const;
  // Ends the round at once; with `whole_match` the match too (naming a winner, or -1).
  void EndRound(GameState& state, bool whole_match, int winner) const;
  // Starts the last round if its zone is empty (called after every change).
  void CheckLastRound(GameState& state) const;

  // Puts a zone's cards in a random order, asking the chance source.
  void Shuffle(GameState& state, int zone) { chance_->Shuffle(state.zones[zone].cards, state.rng); }
  // A whole number from `low` to `high`, asking the chance source.
  int ChanceNumber(GameState& state, int low, int high) { return chance_->Number(low, high, state.rng); }
  // Before the top card of `zone` is taken: a source that dictates draws puts the card it
  // names there, when the zone is face down (drawing a seen card is no chance event).
  void BeforeDraw(GameState& state, int zone) {
    if (chance_->DictatesDraws() && rules().zones[state.zones[zone].decl].visibility == Visibility::kNone)
      chance_->PickTop(state.zones[zone].cards, cards());
  }

  // Queues a decision that an effect asks; the engine puts the queue to the players, in
  // order, once the effect has ended.
  virtual void Ask(GameState& state, const Decision& decision) = 0;
  // A line a script tells the table (tapis.say), for the narration of the move being made;
  // dropped when nobody narrates (simulations).
  virtual void Say(const std::string& line) = 0;
  // Whether a line said now is kept: someone narrates the move, and it has room for more.
  virtual bool Narrating() const = 0;
  // Cards a refill moved from zone instance `from` into `to` (a stock rebuilt), for the
  // narration, which must not show a card drawn from the rebuilt stock as taken from `from`.
  virtual void Refilled(int from, int to, std::span<const CardId> cards) = 0;

 protected:
  EngineServices(std::shared_ptr<const GameConfig> config, std::shared_ptr<ChanceSource> chance)
      : config_(std::move(config)), chance_(std::move(chance)) {}
  ~EngineServices() = default;  // never deleted through this interface
  EngineServices(const EngineServices&) = delete;
  EngineServices& operator=(const EngineServices&) = delete;

  std::shared_ptr<const GameConfig> config_;
  std::shared_ptr<ChanceSource> chance_;
};

}  // namespace tapis
