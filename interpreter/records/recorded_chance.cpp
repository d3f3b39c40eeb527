#include "interpreter/records/recorded_chance.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <sstream>

namespace tapis {

bool ChanceEvent::Parse(const std::string& text, const Catalog& catalog, ChanceEvent& out) {
  out = ChanceEvent{};
  out.text = text;
  std::istringstream words(text);
  for (std::string word; words >> word;) {
    if (const auto kind = catalog.KindByCode(word)) {
      out.kind = Kind::kCard;
      out.card = catalog.kind(*kind).code;
      return true;
    }
  }
  for (size_t i = 0; i < text.size(); ++i) {
    if (!std::isdigit(static_cast<unsigned char>(text[i]))) continue;
    const bool negative = i > 0 && text[i - 1] == '-';
    size_t end = i;
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    if (end - i > 9) return false;  // no chance number is that large (stoi would throw)
    out.kind = Kind::kNumber;
    out.number = std::stoi(text.substr(i, end - i)) * (negative ? -1 : 1);
    return true;
  }
  return false;
}

std::string ChanceEvent::Text() const {
  return kind == Kind::kCard ? "card " + card : fmt::format("number {}", number);
}

void RecordedChance::Fail(const std::string& message) {
  if (failure_.empty()) failure_ = message;
}

const ChanceEvent* RecordedChance::Next(ChanceEvent::Kind kind, const std::string& asked) {
  if (next_ >= events_.size()) {
    Fail(fmt::format("the game asks for {} but the record has no more chance events", asked));
    return nullptr;
  }
  const ChanceEvent& e = events_[next_];
  if (e.kind != kind) {
    Fail(fmt::format("chance event {}: the game asks for {} but the record says '{}'", next_ + 1, asked, e.text));
    return nullptr;
  }
  ++next_;
  return &e;
}

int RecordedChance::Number(int low, int high, uint64_t& rng) {
  const ChanceEvent* e = Next(ChanceEvent::Kind::kNumber, fmt::format("a number from {} to {}", low, high));
  if (e == nullptr) return ChanceSource::Number(low, high, rng);
  if (e->number < low || e->number > high) {
    Fail(fmt::format("chance event {}: '{}' is outside {} to {}", next_, e->text, low, high));
    return low;
  }
  return e->number;
}

void RecordedChance::PickTop(std::vector<CardId>& cards, const CardSet& set) {
  if (cards.empty()) return;
  const ChanceEvent* e = Next(ChanceEvent::Kind::kCard, "a card");
  if (e == nullptr) return;
  const auto kind = set.catalog().KindByCode(e->card);
  // The last copy of that kind, so that a draw of the top card itself changes nothing.
  auto it = std::find_if(cards.rbegin(), cards.rend(), [&](CardId c) { return set.Kind(c) == *kind; });
  if (it == cards.rend()) {
    Fail(fmt::format("chance event {}: '{}' names {}, which is not in the zone drawn from", next_, e->text,
                     e->card));
    return;
  }
  std::iter_swap(it, cards.rbegin());
}

}  // namespace tapis
