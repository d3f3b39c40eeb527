// GameConfig: a ruleset bound to a player count and parameter values, with the physical
// cards those imply. Immutable and shared like the Ruleset it wraps.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "interpreter/model/catalog.h"
#include "interpreter/model/ruleset.h"
#include "interpreter/model/word_index.h"

namespace tapis {

class GameConfig {
 public:
  // Throws Error(kUsage) on a bad player count or parameter.
  GameConfig(std::shared_ptr<const Ruleset> rules, int players,
             const std::map<std::string, std::string>& settings = {});

  const Ruleset& rules() const { return *rules_; }
  std::shared_ptr<const Ruleset> shared_rules() const { return rules_; }
  int players() const { return players_; }
  const CardSet& cards() const { return cards_; }
  int Resolve(const IntValue& value) const {
    const int v = value.parameter < 0 ? value.literal : parameters_[value.parameter];
    return (value.negated ? (v == INT32_MIN ? INT32_MAX : -v) : v) + (value.plus_players ? players_ : 0);
  }
  bool Resolve(const ByteFlag& flag) const {
    return flag.parameter < 0 ? flag.literal != 0 : parameters_[flag.parameter] != 0;
  }
  int ParameterValue(int index) const { return parameters_[index]; }
  // A file parameter's path ("" for the other types).
  const std::string& ParameterFile(int index) const { return files_[index]; }
  // The word list's index (`words:`, or the file its parameter names); null without one.
  const WordIndex* words() const { return words_.get(); }
  const std::vector<int>& parameters() const { return parameters_; }
  // "packs=2" for every parameter, for logs and headers.
  std::map<std::string, std::string> Settings() const;

  // Index of the fixed zone instance of a declaration (owner -1 for a table zone).
  int ZoneSlot(int decl, int owner) const { return zone_slots_[decl].Of(owner); }
  int FixedZoneCount() const { return fixed_zones_; }
  int VariableSlot(int decl, int owner) const { return variable_slots_[decl].Of(owner); }
  int VariableCount() const { return variables_; }

  // Per card, its values of the tricks' suit and rank, read once (the trick mechanism's hot
  // path); empty when the rules have no tricks.
  struct TrickKey {
    int8_t suit, rank;
    int8_t trump_rank;  // its place when its suit is trumps (`trump_order`), else `rank`
    bool breaks = false;  // one of `broken`'s cards (a byte that keeps a key four bytes wide)
  };
  const std::vector<TrickKey>& trick_keys() const { return trick_keys_; }
  // …as they stand while `trump` is the trump suit (-1: none): with `also_trumps`, a card of
  // another suit may count as a trump. Those keys are the printed ones otherwise.
  const std::vector<TrickKey>& trick_keys(int trump) const {
    if (by_trump_.empty() || trump < 0 || trump >= static_cast<int>(table_of_trump_.size()))
      return trick_keys_;
    const int table = table_of_trump_[trump];
    return table < 0 ? trick_keys_ : by_trump_[table];
  }
  bool trump_dependent() const { return !by_trump_.empty(); }
  // Whether `card` is a trump while `trump` is the trump suit.
  bool IsTrump(CardId card, int trump) const { return trump >= 0 && trick_keys(trump)[card].suit == trump; }

  // What a card is worth under `card_points:` (0 when no rule fits it, or there are none).
  int CardPoints(CardId card) const { return card_points_.empty() ? 0 : card_points_[card]; }
  // …when its suit is trumps (`trump: true` rules), or not: what it is worth as the round is scored.
  int CardPointsAs(CardId card, bool trump) const {
    return trump && !trump_points_.empty() ? trump_points_[card] : CardPoints(card);
  }

 private:
  int PointsOf(int card, bool trump) const;
  void BuildTrumpKeys(const TrickDecl& tricks);

  std::shared_ptr<const Ruleset> rules_;
  int players_;
  std::vector<int> parameters_;
  std::vector<std::string> files_;
  std::shared_ptr<const WordIndex> words_;
  CardSet cards_;
  // Where a declaration's instances begin, and 1 when there is one a seat (0: the table's
  // one): a slot is found without reading the declaration (the hot path asks for many).
  struct Slots {
    int base;
    int per_seat;
    int Of(int owner) const { return base + owner * per_seat; }
  };
  std::vector<Slots> zone_slots_;
  std::vector<Slots> variable_slots_;
  int fixed_zones_ = 0;
  int variables_ = 0;
  std::vector<TrickKey> trick_keys_;
  std::vector<std::vector<TrickKey>> by_trump_;  // `also_trumps`: the keys while one of its suits is trumps
  std::vector<int> table_of_trump_;              // per suit value: its table in by_trump_, or -1
  std::vector<int> card_points_;
  std::vector<int> trump_points_;  // with `trump:` rules: each card's points when its suit is trumps
};

}  // namespace tapis
