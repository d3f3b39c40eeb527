#include "interpreter/mechanisms/match_play.h"

#include <algorithm>

#include "interpreter/model/word_index.h"

namespace tapis {
bool IsWild(const CardSet& set, CardId card, int property) {
  const int wild = set.Wild(card);
  return wild == kWildAny || (wild >= 0 && wild == property);
}

namespace {

// Collects the plays of one rule: each set (natural cards + wild cards with what they stand
// for) once per card that may end on top. Natural cards are all different, so sets are too;
// with wild cards on top only one of them is offered, since it is covered the same way.
class MatchEmitter {
 public:
  MatchEmitter(Move base, std::vector<Move>& out)
      : base_(base), out_(out), limit_(out.size() + kMaxMatchPlays) {}

  // The list is full: a hand no real game deals (dozens of cards, several jokers) would
  // otherwise list millions of plays, and take the memory with it.
  bool full() const { return out_.size() >= limit_; }

  // The set is built once, naturals then wild cards, the last wild card on top; each other
  // top is that move with its card rotated to the end (the rest keep their order).
  void Emit(const CardId* naturals, int n, const CardId* wild, const int8_t* declared, int k) {
    if (n + k == 0 || n + k > kMaxMoveCards || full()) return;
    Move set = base_;
    for (int i = 0; i < n; ++i) set.Add(naturals[i]);
    for (int i = 0; i < k; ++i) {
      set.stands[set.count] = declared[i];
      set.Add(wild[i]);
    }
    const int last = set.count - 1;
    for (int top = 0; top < n; ++top) {
      Move& move = out_.emplace_back(set);
      for (int i = top; i < last; ++i) {  // a few cards: a loop beats a call to memmove
        move.cards[i] = set.cards[i + 1];
        move.stands[i] = set.stands[i + 1];
      }
      move.cards[last] = set.cards[top];
      move.stands[last] = set.stands[top];
    }
    if (k > 0) out_.push_back(set);
  }

 private:
  Move base_;
  std::vector<Move>& out_;
  size_t limit_;
};

struct Hand {
  std::vector<CardId> naturals;  // cards with a value of the rule's property
  std::vector<CardId> wild;
};

// complete: each value but the top's, from a natural card of that value or a wild card.
void Complete(const CardSet& set, const MatchRule& rule, int top_value, const Hand& hand, MatchEmitter& emit) {
  const int values = static_cast<int>(set.catalog().properties()[rule.property].values.size());
  std::vector<int> missing;
  for (int v = 0; v < values; ++v) {
    if (v != top_value) missing.push_back(v);
  }
  CardId naturals[kMaxMoveCards], wild[kMaxMoveCards];
  int8_t declared[kMaxMoveCards];
  auto fill = [&](auto&& self, size_t at, int n, int k) -> void {
    if (at == missing.size()) {
      emit.Emit(naturals, n, wild, declared, k);
      return;
    }
    for (CardId c : hand.naturals) {
      if (set.Value(c, rule.property) != missing[at]) continue;
      naturals[n] = c;
      self(self, at + 1, n + 1, k);
    }
    if (k < static_cast<int>(hand.wild.size())) {
      wild[k] = hand.wild[k];
      declared[k] = static_cast<int8_t>(missing[at]);
      self(self, at + 1, n, k + 1);
    }
  };
  if (missing.size() <= kMaxMoveCards) fill(fill, 0, 0, 0);
}

// sum: natural cards adding up to at most what is needed; wild cards make up the rest,
// declared as high as they can go, in order (one canonical declaration per set).
void Sum(const CardSet& set, const MatchRule& rule, int top_value, const Hand& hand, MatchEmitter& emit) {
  const int need = rule.total - rule.numbers[top_value];
  if (need <= 0) return;
  const int low = *std::min_element(rule.numbers.begin(), rule.numbers.end());
  const int high = *std::max_element(rule.numbers.begin(), rule.numbers.end());
  std::vector<CardId> naturals = hand.naturals;
  std::sort(naturals.begin(), naturals.end(), [&](CardId a, CardId b) {
    return rule.numbers[set.Value(a, rule.property)] < rule.numbers[set.Value(b, rule.property)];
  });
  CardId chosen[kMaxMoveCards];
  int8_t declared[kMaxMoveCards];
  auto declare = [&](int rest, int k) {
    for (int i = 0; i < k; ++i) {
      const int others = k - 1 - i;
      int best = -1;
      for (size_t v = 0; v < rule.numbers.size(); ++v) {
        const int left = rest - rule.numbers[v];
        if (left < others * low || left > others * high) continue;
        if (best < 0 || rule.numbers[v] > rule.numbers[best]) best = static_cast<int>(v);
      }
      if (best < 0) return false;
      declared[i] = static_cast<int8_t>(best);
      rest -= rule.numbers[best];
    }
    return rest == 0;
  };
  auto pick = [&](auto&& self, size_t from, int n, int sum) -> void {
    if (emit.full()) return;
    const int rest = need - sum;
    for (int k = 0; k <= static_cast<int>(hand.wild.size()); ++k) {
      if (k == 0 ? rest == 0 : declare(rest, k)) emit.Emit(chosen, n, hand.wild.data(), declared, k);
    }
    if (n == kMaxMoveCards) return;
    for (size_t i = from; i < naturals.size(); ++i) {
      const int value = rule.numbers[set.Value(naturals[i], rule.property)];
      if (value > rest && value > 0) break;  // sorted: the rest are higher still
      chosen[n] = naturals[i];
      self(self, i + 1, n + 1, sum + value);
    }
  };
  pick(pick, 0, 0, 0);
}

// same: any of the natural cards of the top's value, and any number of wild cards as it.
void Same(const CardSet& set, const MatchRule& rule, int top_value, const Hand& hand, MatchEmitter& emit) {
  CardId same[kMaxMoveCards], chosen[kMaxMoveCards];
  int8_t declared[kMaxMoveCards];
  int n = 0;
  for (CardId c : hand.naturals) {
    if (set.Value(c, rule.property) == top_value && n < 12) same[n++] = c;
  }
  std::fill(std::begin(declared), std::end(declared), static_cast<int8_t>(top_value));
  const int wild = std::min<int>(static_cast<int>(hand.wild.size()), kMaxMoveCards - n);
  for (uint32_t mask = 0; mask < (1u << n); ++mask) {
    int size = 0;
    for (int i = 0; i < n; ++i) {
      if (mask & (1u << i)) chosen[size++] = same[i];
    }
    for (int k = 0; k <= wild; ++k) emit.Emit(chosen, size, hand.wild.data(), declared, k);
  }
}

// word: every set of the hand's letters that spells a word with the top's letter and as many
// wild cards as it needs, the top's letter used; each real letter from any hand card that
// shows it. Each set is offered once, with the letters of one word it spells (the first the
// index finds); a player may type any other (RedeclaredMatch).
void Word(const EngineServices& engine, const MatchRule& rule, int top_value, const Hand& hand,
          MatchEmitter& emit) {
  const CardSet& set = engine.cards();
  const WordIndex* index = engine.config().words();
  if (index == nullptr) return;
  int value_of_letter[kAlphabet];
  std::fill(std::begin(value_of_letter), std::end(value_of_letter), -1);
  uint32_t wild_letters = 0;  // a wild card can only stand for a letter some card shows
  for (size_t v = 0; v < rule.numbers.size(); ++v) {
    value_of_letter[rule.numbers[v]] = static_cast<int>(v);
    wild_letters |= 1u << rule.numbers[v];
  }
  // The hand's cards by letter, side by side (hand order within a letter): letter l's are
  // by_letter[first[l]], … (available[l] of them, less the top's).
  LetterCounts available{};
  uint32_t in_hand = 0;
  for (CardId c : hand.naturals) {
    const int letter = rule.numbers[set.Value(c, rule.property)];
    ++available[letter];
    in_hand |= 1u << letter;
  }
  int first[kAlphabet + 1];
  first[0] = 0;
  for (int l = 0; l < kAlphabet; ++l) first[l + 1] = first[l] + available[l];
  thread_local std::vector<CardId> sorted;  // kept from call to call: no allocation
  sorted.resize(hand.naturals.size());
  CardId* const by_letter = sorted.data();
  int filled[kAlphabet];
  std::copy(first, first + kAlphabet, filled);
  for (CardId c : hand.naturals) by_letter[filled[rule.numbers[set.Value(c, rule.property)]]++] = c;
  const int top_letter = rule.numbers[top_value];
  ++available[top_letter];
  CardId chosen[kMaxMoveCards];
  int8_t declared[kMaxMoveCards];
  const int wild_count = std::min<int>(static_cast<int>(hand.wild.size()), kMaxMoveCards);
  index->ForEachLetterSet(available, wild_count, top_letter, wild_letters,
                          [&](const LetterCounts& used, std::string_view wild) {
                            if (emit.full()) return;
                            const int k = static_cast<int>(wild.size());
                            for (int i = 0; i < k; ++i)
                              declared[i] = static_cast<int8_t>(value_of_letter[wild[i] - 'A']);
                            uint32_t from_hand = 0;  // letters the hand gives (the top gives one of its own)
                            int n = 0;
                            for (uint32_t letters = in_hand; letters != 0; letters &= letters - 1) {
                              const int letter = __builtin_ctz(letters);
                              const int want = used[letter] - (letter == top_letter);
                              if (want <= 0) continue;
                              from_hand |= 1u << letter;
                              n += want;
                            }
                            if (n > kMaxMoveCards) return;
                            // Every choice of which hand cards give each letter.
                            auto choose = [&](auto&& self, uint32_t letters, int at) -> void {
                              if (emit.full()) return;
                              if (letters == 0) {
                                emit.Emit(chosen, at, hand.wild.data(), declared, k);
                                return;
                              }
                              const int letter = __builtin_ctz(letters);
                              const int want = used[letter] - (letter == top_letter);
                              const int end = first[letter + 1];
                              auto subset = [&](auto&& again, int from, int taken) -> void {
                                if (taken == want) {
                                  self(self, letters & (letters - 1), at + want);
                                  return;
                                }
                                for (int i = from; i + (want - taken) <= end; ++i) {
                                  chosen[at + taken] = by_letter[i];
                                  again(again, i + 1, taken + 1);
                                }
                              };
                              subset(subset, first[letter], 0);
                            };
                            choose(choose, from_hand, 0);
                          });
}

// Whether cards of `values` make `rule`'s set with a top of `top_value`.
bool MakesSet(const EngineServices& engine, const MatchRule& rule, int top_value,
              const std::vector<int>& values) {
  switch (rule.kind) {
    case MatchRule::Kind::kComplete: {
      std::vector<int> seen(engine.rules().catalog.properties()[rule.property].values.size(), 0);
      ++seen[top_value];
      for (int v : values) ++seen[v];
      return std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; });
    }
    case MatchRule::Kind::kSum: {
      int sum = rule.numbers[top_value];
      for (int v : values) sum += rule.numbers[v];
      return sum == rule.total;
    }
    case MatchRule::Kind::kSame:
      return std::all_of(values.begin(), values.end(), [&](int v) { return v == top_value; });
    case MatchRule::Kind::kWord: {
      const WordIndex* index = engine.config().words();
      std::string letters(1, static_cast<char>('A' + rule.numbers[top_value]));
      for (int v : values) letters += static_cast<char>('A' + rule.numbers[v]);
      return index != nullptr && index->HasWord(letters);
    }
  }
  return false;
}

}  // namespace

bool CardPasses(const CardSet& set, const std::vector<CardFilter>& filters, CardId card) {
  for (const CardFilter& f : filters) {
    if (!f.Has(set.Value(card, f.property))) return false;
  }
  return true;
}

int ActiveMatchRule(const EngineServices& engine, const GameState& s, const MoveDecl& decl, int player) {
  const auto& pile = s.zones[engine.ZoneSlot(decl.to, player)].cards;
  if (pile.empty()) return -1;
  const int value = engine.cards().Value(pile.back(), decl.match_by);
  return value == kNoValue ? -1 : decl.match_for[value];
}

void GenerateMatches(const EngineServices& engine, const GameState& s, int player, const MoveDecl& decl,
                     Move base, std::vector<Move>& out) {
  const int rule_index = ActiveMatchRule(engine, s, decl, player);
  if (rule_index < 0) return;
  const MatchRule& rule = engine.rules().matches[rule_index];
  const CardSet& set = engine.cards();
  const CardId top = s.zones[engine.ZoneSlot(decl.to, player)].cards.back();
  const int top_value = set.Value(top, rule.property);
  if (top_value == kNoValue) return;
  thread_local Hand hand;
  hand.naturals.clear();
  hand.wild.clear();
  for (CardId c : s.zones[engine.ZoneSlot(decl.from, player)].cards) {
    if (!CardPasses(set, decl.cards, c)) continue;
    if (IsWild(set, c, rule.property)) {
      hand.wild.push_back(c);
    } else if (set.Value(c, rule.property) != kNoValue) {
      hand.naturals.push_back(c);
    }
  }
  MatchEmitter emit(base, out);
  switch (rule.kind) {
    case MatchRule::Kind::kComplete:
      Complete(set, rule, top_value, hand, emit);
      break;
    case MatchRule::Kind::kSum:
      Sum(set, rule, top_value, hand, emit);
      break;
    case MatchRule::Kind::kSame:
      Same(set, rule, top_value, hand, emit);
      break;
    case MatchRule::Kind::kWord:
      Word(engine, rule, top_value, hand, emit);
      break;
  }
}

std::optional<Move> RedeclaredMatch(const EngineServices& engine, const GameState& s, const Move& offered,
                                    const std::vector<std::string>& words) {
  const MoveDecl& decl = engine.rules().moves[offered.kind];
  const int rule_index = ActiveMatchRule(engine, s, decl, engine.Actor(s));
  if (rule_index < 0 || words.empty() || words[0] != Upper(decl.name)) return std::nullopt;
  const MatchRule& rule = engine.rules().matches[rule_index];
  const auto& names = engine.rules().catalog.properties()[rule.property].values;
  const CardSet& set = engine.cards();
  const CardId top = s.zones[engine.ZoneSlot(decl.to, engine.Actor(s))].cards.back();
  std::vector<bool> used(words.size(), false);
  used[0] = true;
  Move move = offered;
  std::vector<int> values;
  for (int i = 0; i < move.count; ++i) {
    // The typed word for this card: its code, `^` when it ends on top, `=VALUE` when wild.
    const std::string code = Upper(set.Code(move.cards[i]));
    const bool on_top = i == move.count - 1 && move.count > 1;
    const bool wild = offered.stands[i] >= 0;
    size_t w = 1;
    for (; w < words.size(); ++w) {
      if (used[w] || words[w].compare(0, code.size(), code) != 0) continue;
      std::string rest = words[w].substr(code.size());  // "", "^", "=E", "=E^"
      const bool marked = !rest.empty() && rest.back() == '^';
      if (marked) rest.pop_back();
      if (marked == on_top && (wild ? rest.size() > 1 && rest[0] == '=' : rest.empty())) break;
    }
    if (w == words.size()) return std::nullopt;
    used[w] = true;
    if (!wild) {
      values.push_back(set.Value(move.cards[i], rule.property));
      continue;
    }
    std::string value = words[w].substr(code.size() + 1);
    if (value.back() == '^') value.pop_back();
    const auto it = std::find_if(names.begin(), names.end(), [&](const std::string& n) { return Upper(n) == value; });
    if (it == names.end()) return std::nullopt;
    move.stands[i] = static_cast<int8_t>(it - names.begin());
    values.push_back(move.stands[i]);
  }
  if (std::find(used.begin(), used.end(), false) != used.end()) return std::nullopt;
  if (!MakesSet(engine, rule, set.Value(top, rule.property), values)) return std::nullopt;
  return move;
}

void PerformMatch(const EngineServices& engine, GameState& s, int player, const Move& move) {
  const MoveDecl& decl = engine.rules().moves[move.kind];
  auto& hand = s.zones[engine.ZoneSlot(decl.from, player)].cards;
  auto& pile = s.zones[engine.ZoneSlot(decl.to, player)].cards;
  const int rule = ActiveMatchRule(engine, s, decl, player);
  const int property = rule >= 0 ? engine.rules().matches[rule].property : -1;
  for (int i = 0; i < move.count; ++i) {
    const CardId c = move.cards[i];
    RemoveCard(hand, c);
    pile.push_back(c);
    // A joker wild for that very property keeps what it stands for (EffectiveValue).
    s.declared[c] = engine.cards().Wild(c) == property ? move.stands[i] : -1;
  }
}

std::string MatchText(const EngineServices& engine, const GameState& s, const Move& move) {
  const MoveDecl& decl = engine.rules().moves[move.kind];
  const int rule = ActiveMatchRule(engine, s, decl, engine.Actor(s));
  const int property = rule >= 0 ? engine.rules().matches[rule].property : -1;
  std::string out = decl.name;
  for (int i = 0; i < move.count; ++i) {
    out += " " + engine.cards().Code(move.cards[i]);
    if (move.stands[i] >= 0 && property >= 0) {
      out += "=" + engine.rules().catalog.properties()[property].values[move.stands[i]];
    }
    if (i == move.count - 1 && move.count > 1) out += "^";
  }
  return out;
}

}  // namespace tapis
