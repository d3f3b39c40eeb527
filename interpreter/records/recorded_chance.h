// A chance source that plays back recorded events instead of drawing them (DESIGN.md §8):
// the deals of a logged game, a peer's game file, a test position. Each event is a number
// chosen (a dealer, a count of tricks) or a card taken from a face-down zone; shuffles
// keep the order, since every card taken is named. Events are used in order; an event of
// the wrong kind, out of range or absent is a failure the caller reads with failure()
// (a source cannot throw: it may be called from Lua).
#pragma once

#include <string>
#include <vector>

#include "interpreter/model/chance.h"

namespace tapis {

struct ChanceEvent {
  enum class Kind { kNumber, kCard };
  Kind kind = Kind::kNumber;
  int number = 0;    // kNumber
  std::string card;  // kCard: the card's code
  std::string text;  // as recorded, for messages

  // Reads a recorded text: a card when one of its words is a card code of `catalog`
  // ("Deal C8", "7H"), else its first whole number ("Decide Player 1 to be the dealer",
  // "7"). Returns false when it is neither.
  static bool Parse(const std::string& text, const Catalog& catalog, ChanceEvent& out);
  // The event's text form: `number 3`, `card 7H`.
  std::string Text() const;
};

class RecordedChance : public ChanceSource {
 public:
  explicit RecordedChance(std::vector<ChanceEvent> events) : events_(std::move(events)) {}

  void Shuffle(std::vector<CardId>&, uint64_t&) override {}
  int Number(int low, int high, uint64_t& rng) override;
  bool DictatesDraws() const override { return true; }
  void PickTop(std::vector<CardId>& cards, const CardSet& set) override;

  size_t used() const { return next_; }
  size_t size() const { return events_.size(); }
  // Empty while every event asked matched the record; else the first mismatch.
  const std::string& failure() const { return failure_; }

 private:
  const ChanceEvent* Next(ChanceEvent::Kind kind, const std::string& asked);
  void Fail(const std::string& message);

  std::vector<ChanceEvent> events_;
  size_t next_ = 0;
  std::string failure_;
};

}  // namespace tapis
