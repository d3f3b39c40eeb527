#include "interpreter/mechanisms/evaluate.h"

#include <algorithm>
#include <array>

#include "interpreter/mechanisms/trick.h"

namespace tapis {
namespace {

// Numbers stay within an int32 whatever a ruleset multiplies: a sum past it is held at the end.
int32_t Clamp(int64_t v) { return static_cast<int32_t>(std::clamp<int64_t>(v, INT32_MIN, INT32_MAX)); }

class Machine {
 public:
  Machine(const EngineServices& engine, const GameState& state, Scope scope)
      : engine_(engine), state_(state), move_card_(scope.card), move_number_(scope.number) {}

  // Runs code[begin, end) for `player` and the card `tested`; returns the value left on top.
  int32_t Run(const std::vector<Instruction>& code, size_t begin, size_t end, int player, int tested) {
    const size_t base = top_;
    for (size_t pc = begin; pc < end; ++pc) {
      const Instruction& in = code[pc];
      switch (in.op) {
        case Op::kNumber:
          Push(in.a);
          break;
        case Op::kParameter:
          Push(engine_.config().ParameterValue(in.a));
          break;
        case Op::kTableVariable:
          Push(state_.variables[engine_.config().VariableSlot(in.a, -1)]);
          break;
        case Op::kPlayerVariable:
          Push(state_.variables[engine_.config().VariableSlot(in.a, player)]);
          break;
        case Op::kPlayers:
          Push(state_.players);
          break;
        case Op::kRound:
          Push(state_.round + 1);
          break;
        case Op::kSeat:
          Push(player + 1);
          break;
        case Op::kTotal:
          Push(player < static_cast<int>(state_.totals.size()) ? state_.totals[player] : 0);
          break;
        case Op::kPhase:
          Push(state_.phase);
          break;
        case Op::kMoveCard:
          Push(move_card_);
          break;
        case Op::kMoveNumber:
          Push(move_number_);
          break;
        case Op::kTestedCard:
          Push(tested);
          break;
        case Op::kTop: {
          const auto& cards = state_.zones[engine_.ZoneSlot(in.a, player)].cards;
          Push(cards.empty() ? -1 : cards.back());
          break;
        }
        case Op::kCardValue: {
          const int card = Pop();
          Push(card < 0 ? kNoValue : engine_.EffectiveValue(state_, static_cast<CardId>(card), in.a));
          break;
        }
        case Op::kCardHas: {
          const int card = Pop();
          Push(card >= 0 && HasValue(static_cast<CardId>(card), in.a, in.b));
          break;
        }
        case Op::kCardsShare: {
          const int second = Pop(), first = Pop();
          Push(first >= 0 && second >= 0 &&
               Share(static_cast<CardId>(first), static_cast<CardId>(second), in.a));
          break;
        }
        case Op::kCardPoints: {
          const int card = Pop();
          Push(card < 0 ? 0 : Points(static_cast<CardId>(card)));
          break;
        }
        case Op::kAdd:
          Binary([](int64_t x, int64_t y) { return x + y; });
          break;
        case Op::kSubtract:
          Binary([](int64_t x, int64_t y) { return x - y; });
          break;
        case Op::kMultiply:
          Binary([](int64_t x, int64_t y) { return x * y; });
          break;
        case Op::kDivide:
          Binary([](int64_t x, int64_t y) { return y == 0 ? 0 : x / y; });
          break;
        case Op::kModulo:
          Binary([](int64_t x, int64_t y) { return y == 0 ? 0 : x % y; });
          break;
        case Op::kMin:
          Binary([](int64_t x, int64_t y) { return std::min(x, y); });
          break;
        case Op::kMax:
          Binary([](int64_t x, int64_t y) { return std::max(x, y); });
          break;
        case Op::kEqual:
          Binary([](int64_t x, int64_t y) -> int64_t { return x == y; });
          break;
        case Op::kNotEqual:
          Binary([](int64_t x, int64_t y) -> int64_t { return x != y; });
          break;
        case Op::kLess:
          Binary([](int64_t x, int64_t y) -> int64_t { return x < y; });
          break;
        case Op::kLessEqual:
          Binary([](int64_t x, int64_t y) -> int64_t { return x <= y; });
          break;
        case Op::kGreater:
          Binary([](int64_t x, int64_t y) -> int64_t { return x > y; });
          break;
        case Op::kGreaterEqual:
          Binary([](int64_t x, int64_t y) -> int64_t { return x >= y; });
          break;
        case Op::kNegate:
          stack_[top_ - 1] = Clamp(-static_cast<int64_t>(stack_[top_ - 1]));
          break;
        case Op::kAbs:
          stack_[top_ - 1] = Clamp(std::abs(static_cast<int64_t>(stack_[top_ - 1])));
          break;
        case Op::kNot:
          stack_[top_ - 1] = stack_[top_ - 1] == 0;
          break;
        case Op::kAndJump:
          if (stack_[top_ - 1] == 0) {
            pc += in.a;
          } else {
            --top_;
          }
          break;
        case Op::kOrJump:
          if (stack_[top_ - 1] != 0) {
            pc += in.a;
          } else {
            --top_;
          }
          break;
        case Op::kJumpUnless:
          if (Pop() == 0) pc += in.a;
          break;
        case Op::kJump:
          pc += in.a;
          break;
        case Op::kAggregate:
          Push(Aggregate(code, pc, player));
          pc += in.length;
          break;
        case Op::kPattern: {
          const auto pattern = static_cast<Pattern>(in.a & 0xFF);
          const int64_t number = pattern == Pattern::kSums || pattern == Pattern::kRuns ? Pop() : 0;
          Push(Patterns(code, pc, player, number));
          pc += in.length;
          break;
        }
      }
    }
    const int32_t result = stack_[top_ - 1];
    top_ = base;
    return result;
  }

 private:
  void Push(int64_t v) { stack_[top_++] = Clamp(v); }
  int32_t Pop() { return stack_[--top_]; }
  template <typename F>
  void Binary(F f) {
    const int64_t y = Pop();
    stack_[top_ - 1] = Clamp(f(stack_[top_ - 1], y));
  }

  bool HasValue(CardId card, int property, int value) const {
    return engine_.cards().Has(card, property, value) ||
           engine_.EffectiveValue(state_, card, property) == value;
  }
  bool Share(CardId a, CardId b, int property) const {
    const int declared = engine_.EffectiveValue(state_, b, property);
    if (declared != kNoValue && HasValue(a, property, declared)) return true;
    const auto& values = engine_.rules().catalog.properties()[property].values;
    for (int v = 0; v < static_cast<int>(values.size()); ++v) {
      if (HasValue(a, property, v) && HasValue(b, property, v)) return true;
    }
    return false;
  }
  int Points(CardId card) {
    if (trump_ == kUnread) trump_ = engine_.rules().tricks.zone >= 0 ? TrumpSuit(engine_, state_) : -1;
    return engine_.config().CardPointsAs(card, engine_.config().IsTrump(card, trump_));
  }

  // The body follows the aggregate at `at`: run once per card of the zone or per player.
  int64_t Aggregate(const std::vector<Instruction>& code, size_t at, int player) {
    const Instruction& in = code[at];
    const size_t begin = at + 1, end = begin + in.length;
    int64_t result = in.fold == Fold::kAll ? 1 : 0;
    bool first = true;
    auto take = [&](int64_t v) {
      switch (in.fold) {
        case Fold::kCount:
          result += v != 0;
          break;
        case Fold::kSum:
          result += v;
          break;
        case Fold::kMin:
          result = first ? v : std::min(result, v);
          break;
        case Fold::kMax:
          result = first ? v : std::max(result, v);
          break;
        case Fold::kAny:
          result = result || v != 0;
          break;
        case Fold::kAll:
          result = result && v != 0;
          break;
      }
      first = false;
    };
    if (in.domain == Domain::kCards) {
      if (begin == end) {  // count(ZONE)
        int64_t cards = 0;
        ForZones(in.b, player,
                 [&](const std::vector<CardId>& zone) { cards += static_cast<int64_t>(zone.size()); });
        return cards;
      }
      ForZones(in.b, player, [&](const std::vector<CardId>& zone) {
        for (const CardId c : zone) take(Run(code, begin, end, player, c));
      });
      return result;
    }
    for (int p = 0; p < state_.players; ++p) {
      if (in.domain == Domain::kOthers && p == player) continue;
      if (in.domain == Domain::kTeam && !engine_.rules().OneSide(p, player)) continue;
      take(Run(code, begin, end, p, -1));
    }
    return result;
  }

  // Calls f with the cards of each zone of `zones` (Zones in expression.h), in turn.
  template <typename F>
  void ForZones(int32_t zones, int player, F f) const {
    auto packed = static_cast<uint32_t>(zones);
    for (int i = 0; i < kMaxUnitedZones && (packed & 0xFF) != kNoZone; ++i, packed >>= 8)
      f(state_.zones[engine_.ZoneSlot(static_cast<int>(packed & 0xFF), player)].cards);
  }

  // The card's value of the pattern's property as a place in its list, or -1 (none, or past
  // the places patterns count).
  int PlaceOf(CardId card, int property) const {
    const int v = engine_.EffectiveValue(state_, card, property);
    return v >= 0 && v < kMaxPatternValues ? v : -1;
  }

  // The pattern at `at` among the cards of its zones (expression.h); `number` is what it popped.
  int64_t Patterns(const std::vector<Instruction>& code, size_t at, int player, int64_t number) {
    const Instruction& in = code[at];
    const auto pattern = static_cast<Pattern>(in.a & 0xFF);
    const int property = in.a >> 8;
    if (pattern == Pattern::kSums) return Sums(code, at, player, number);
    if (pattern == Pattern::kStreak || pattern == Pattern::kTopRun) {
      const auto& cards = state_.zones[engine_.ZoneSlot(static_cast<int>(in.b & 0xFF), player)].cards;
      return pattern == Pattern::kStreak ? Streak(cards, property) : TopRun(cards, property);
    }
    std::array<int64_t, kMaxPatternValues> copies{};  // cards of each value
    ForZones(in.b, player, [&](const std::vector<CardId>& zone) {
      for (const CardId c : zone) {
        if (const int v = PlaceOf(c, property); v >= 0) ++copies[v];
      }
    });
    int64_t result = 0;
    if (pattern == Pattern::kPairs) {
      for (const int64_t k : copies) result += k * (k - 1) / 2;
      return result;
    }
    // Runs: each stretch of values with cards, of `number` values or more, counts its length
    // once for every way of taking one card of each value.
    const auto values = static_cast<int>(engine_.rules().catalog.properties()[property].values.size());
    for (int v = 0; v < values && v < kMaxPatternValues;) {
      if (copies[v] == 0) {
        ++v;
        continue;
      }
      int64_t length = 0, ways = 1;
      for (; v < values && v < kMaxPatternValues && copies[v] > 0; ++v, ++length)
        ways = std::min<int64_t>(ways * copies[v], INT32_MAX);
      if (length >= std::max<int64_t>(number, 1))
        result = std::min<int64_t>(result + length * ways, INT32_MAX);
    }
    return result;
  }

  // The different non-empty sets of cards whose body's number adds up to `total`, counted by
  // keeping, for every sum up to the total, the sets that make it so far.
  int64_t Sums(const std::vector<Instruction>& code, size_t at, int player, int64_t total) {
    const size_t begin = at + 1, end = begin + code[at].length;
    if (total < 0 || total > kMaxPatternTotal) return 0;
    std::array<int64_t, kMaxPatternTotal + 1> ways{};
    ways[0] = 1;
    ForZones(code[at].b, player, [&](const std::vector<CardId>& zone) {
      for (const CardId c : zone) {
        const int64_t v = Run(code, begin, end, player, c);
        if (v < 0 || v > total) continue;  // a card worth less than nothing is in no set
        for (int64_t sum = total; sum >= v; --sum)
          ways[sum] = std::min<int64_t>(ways[sum] + ways[sum - v], INT32_MAX);
      }
    });
    return total == 0 ? ways[0] - 1 : ways[total];
  }

  // The cards from the top that share the top card's value.
  int64_t Streak(const std::vector<CardId>& cards, int property) const {
    if (cards.empty()) return 0;
    const int top = PlaceOf(cards.back(), property);
    if (top < 0) return 0;
    int64_t streak = 0;
    for (auto c = cards.rbegin(); c != cards.rend() && PlaceOf(*c, property) == top; ++c) ++streak;
    return streak;
  }

  // The most cards from the top whose values are all different and follow on, in any order.
  int64_t TopRun(const std::vector<CardId>& cards, int property) const {
    std::array<bool, kMaxPatternValues> seen{};
    int low = kMaxPatternValues, high = -1;
    int64_t taken = 0, best = 0;
    for (auto c = cards.rbegin(); c != cards.rend(); ++c) {
      const int v = PlaceOf(*c, property);
      if (v < 0 || seen[v]) break;
      seen[v] = true;
      low = std::min(low, v);
      high = std::max(high, v);
      if (high - low + 1 == ++taken) best = taken;
    }
    return best;
  }

  static constexpr int kUnread = -2;
  const EngineServices& engine_;
  const GameState& state_;
  const int move_card_;
  const int move_number_;
  int trump_ = kUnread;
  size_t top_ = 0;
  // Every body runs above its aggregate's values: nested at most kMaxExpressionStack deep
  // in all, which the compiler checks.
  std::array<int32_t, kMaxExpressionStack> stack_{};
};

}  // namespace

int Evaluate(const EngineServices& engine, const GameState& state, const Expression& expression,
             Scope scope) {
  if (expression.empty()) return 1;
  Machine machine(engine, state, scope);
  return machine.Run(expression.code, 0, expression.code.size(), scope.player, scope.card);
}

bool AllHold(const EngineServices& engine, const GameState& state, const std::vector<Condition>& conditions,
             Scope scope, const Condition** failed) {
  for (const Condition& c : conditions) {
    if (Evaluate(engine, state, c.test, scope) == 0) {
      if (failed != nullptr) *failed = &c;
      return false;
    }
  }
  return true;
}

}  // namespace tapis
