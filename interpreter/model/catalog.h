// The card catalog: the properties a ruleset invents (rank, suit, letter…), the kinds
// of card built from them, and the physical cards of one game (kinds times copies).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tapis {

using CardId = uint16_t;
inline constexpr size_t kMaxCards = 65000;  // cards in one game: a CardId is 16 bits

// `s` in upper case: card codes and typed moves are compared so (`play jk=e` is `PLAY JK=E`).
std::string Upper(std::string s);
inline constexpr int kNoValue = -1;
inline constexpr int kWildAny = -2;  // CardKind::wild: a joker for every property (`wild: any`)
inline constexpr size_t kMaxWildValues = 127;  // a wild card's value is kept in an int8_t

// A property lists its values in the ruleset's declared order; a value's index is its
// position in that order (used by runs and comparisons).
struct Property {
  std::string name;
  std::vector<std::string> values;
  int ValueIndex(std::string_view value) const;
};

// One kind of card: a value (or none) for every property, and the text code players type.
struct CardKind {
  std::string code;
  std::vector<int> values;  // one per property, kNoValue when the card lacks it
  int wild = -1;            // a property this card may stand for any value of (a joker), or kWildAny
  // Cards with several values of a property (a card of two suits): per property, a bit per
  // value the card has. Empty when every value is single; `values` then holds the first.
  std::vector<uint64_t> value_sets = {};
  bool Has(int property, int value) const {
    return value_sets.empty() ? values[property] == value && value != kNoValue
                              : (value >= 0 && (value_sets[property] >> value) & 1u);
  }
};

class Catalog {
 public:
  int AddProperty(Property property);
  int AddKind(CardKind kind);  // returns the kind index

  const std::vector<Property>& properties() const { return properties_; }
  const std::vector<CardKind>& kinds() const { return kinds_; }
  const CardKind& kind(int index) const { return kinds_[index]; }
  int PropertyIndex(std::string_view name) const;              // -1 when unknown
  std::optional<int> KindByCode(std::string_view code) const;  // case-insensitive
  std::string PropertyNames() const;                           // "rank, suit" for messages
  void SetWild(int kind, int property) { kinds_[kind].wild = property; }

 private:
  std::vector<Property> properties_;
  std::vector<CardKind> kinds_;
  // Upper-cased code -> the first kind with it: a deck of 60,000 kinds loads in linear time.
  std::unordered_map<std::string, int> by_code_;
};

// The physical cards of one game: card id -> kind. Built once per game configuration, with
// each card's values and wildness laid out flat: legal moves read them for every card of
// every playout.
class CardSet {
 public:
  CardSet() = default;
  CardSet(const Catalog* catalog, std::vector<int> kinds);

  int size() const { return static_cast<int>(kind_of_.size()); }
  int Kind(CardId card) const { return kind_of_[card]; }
  int Value(CardId card, int property) const { return values_[card * properties_ + property]; }
  const std::string& Code(CardId card) const { return catalog_->kind(kind_of_[card]).code; }
  // The property the card is wild for, or -1.
  int Wild(CardId card) const { return wild_[card]; }
  // True when the card has `value` of `property`, as its only value or one of several.
  bool Has(CardId card, int property, int value) const {
    return several_[card] ? catalog_->kind(kind_of_[card]).Has(property, value)
                          : value != kNoValue && Value(card, property) == value;
  }
  const Catalog& catalog() const { return *catalog_; }

 private:
  const Catalog* catalog_ = nullptr;
  std::vector<int> kind_of_;
  int properties_ = 0;
  std::vector<int32_t> values_;  // card * properties_ + property
  std::vector<int32_t> wild_;
  std::vector<bool> several_;  // the card has several values of some property (value_sets)
};

}  // namespace tapis
