#include "interpreter/mechanisms/match_explain.h"

#include <fmt/format.h>

#include "interpreter/mechanisms/match_play.h"
#include "interpreter/model/word_index.h"

namespace tapis {

std::vector<std::string> SpelledWords(const EngineServices& engine, const GameState& s, const Move& move,
                                      size_t limit) {
  const MoveDecl& decl = engine.rules().moves[move.kind];
  const WordIndex* index = engine.config().words();
  if (decl.type != MoveType::kMatch || index == nullptr) return {};
  const int rule_index = ActiveMatchRule(engine, s, decl, engine.Actor(s));
  if (rule_index < 0 || engine.rules().matches[rule_index].kind != MatchRule::Kind::kWord) return {};
  const MatchRule& rule = engine.rules().matches[rule_index];
  const CardSet& set = engine.cards();
  const auto letter = [&](int value) { return static_cast<char>('A' + rule.numbers[value]); };
  const int top = set.Value(s.zones[engine.ZoneSlot(decl.to, engine.Actor(s))].cards.back(), rule.property);
  std::string letters(1, letter(top));
  for (int i = 0; i < move.count; ++i) {
    const int value = move.stands[i] >= 0 ? move.stands[i] : set.Value(move.cards[i], rule.property);
    if (value != kNoValue) letters += letter(value);
  }
  return index->Words(letters, 0, limit);
}

std::string WhyNotMatch(const EngineServices& engine, const GameState& s, const MoveDecl& decl,
                        const std::vector<CardId>& cards, const std::vector<std::string>& declared) {
  const auto& pile = s.zones[engine.ZoneSlot(decl.to, engine.Actor(s))].cards;
  if (pile.empty())
    return fmt::format("nothing lies on the {} to play onto", engine.rules().zones[decl.to].name);
  const int rule_index = ActiveMatchRule(engine, s, decl, engine.Actor(s));
  const CardSet& set = engine.cards();
  const std::string top = set.Code(pile.back());
  if (rule_index < 0) return fmt::format("{} on top allows no play", top);
  const MatchRule& rule = engine.rules().matches[rule_index];
  const Property& p = engine.rules().catalog.properties()[rule.property];
  const int top_value = set.Value(pile.back(), rule.property);
  if (top_value == kNoValue) return fmt::format("{} on top has no {}: it allows no play", top, p.name);
  std::vector<int> values;  // each card's value of the rule's property, as played
  std::vector<std::string> codes;
  for (size_t i = 0; i < cards.size(); ++i) {
    codes.push_back(set.Code(cards[i]));
    const bool wild = IsWild(set, cards[i], rule.property);
    const int stands = i < declared.size() && !declared[i].empty() ? p.ValueIndex(declared[i]) : kNoValue;
    if (wild && stands == kNoValue)
      return fmt::format("say what {} stands for, a {}: {}={}", codes.back(), p.name, codes.back(),
                         p.values[top_value]);
    const int value = wild ? stands : set.Value(cards[i], rule.property);
    if (value == kNoValue) return fmt::format("{} has no {}", codes.back(), p.name);
    values.push_back(value);
  }
  const std::string played = fmt::format("{}", fmt::join(codes, " "));
  const std::string asks = fmt::format("{} on top ({} {}) asks for", top, p.name, p.values[top_value]);
  switch (rule.kind) {
    case MatchRule::Kind::kSame:
      for (size_t i = 0; i < values.size(); ++i) {
        if (values[i] != top_value)
          return fmt::format("{} cards of its {}: {} is {} {}", asks, p.name, codes[i], p.name,
                             p.values[values[i]]);
      }
      return "";
    case MatchRule::Kind::kSum: {
      int sum = rule.numbers[top_value];
      for (int v : values) sum += rule.numbers[v];
      if (sum == rule.total) return "";
      return fmt::format("{} cards whose {}s add up to {} with its {}: {} make {}", asks, p.name, rule.total,
                         rule.numbers[top_value], played, sum);
    }
    case MatchRule::Kind::kComplete: {
      std::vector<int> seen(p.values.size());
      ++seen[top_value];
      for (int v : values) ++seen[v];
      std::vector<std::string> missing, twice;
      for (size_t v = 0; v < seen.size(); ++v) {
        if (seen[v] == 0) missing.push_back(p.values[v]);
        if (seen[v] > 1) twice.push_back(p.values[v]);
      }
      if (missing.empty() && twice.empty()) return "";
      return fmt::format("{} one card of each other {}: {}", asks, p.name,
                         !twice.empty() ? fmt::format("{} twice", fmt::join(twice, ", "))
                                        : fmt::format("{} missing", fmt::join(missing, ", ")));
    }
    case MatchRule::Kind::kWord: {
      const WordIndex* index = engine.config().words();
      std::string letters(1, static_cast<char>('A' + rule.numbers[top_value]));
      for (int v : values) letters += static_cast<char>('A' + rule.numbers[v]);
      if (index == nullptr || index->HasWord(letters)) return "";
      return fmt::format("{} {}s that spell a word with its {}: {} is no word of the list", asks, p.name,
                         p.values[top_value], letters);
    }
  }
  return "";
}

std::string MatchDemand(const EngineServices& engine, const GameState& s, const MoveDecl& decl, int player) {
  const int rule_index = ActiveMatchRule(engine, s, decl, player);
  if (rule_index < 0) return "";
  const MatchRule& rule = engine.rules().matches[rule_index];
  const Property& p = engine.rules().catalog.properties()[rule.property];
  const CardId top = s.zones[engine.ZoneSlot(decl.to, player)].cards.back();
  const int value = engine.cards().Value(top, rule.property);
  if (value == kNoValue) return "";
  std::string asks;
  switch (rule.kind) {
    case MatchRule::Kind::kSame:
      asks = fmt::format("cards of {} {}", p.name, p.values[value]);
      break;
    case MatchRule::Kind::kSum:
      asks = fmt::format("cards whose {}s add up to {} with its {}", p.name, rule.total, rule.numbers[value]);
      break;
    case MatchRule::Kind::kComplete:
      asks = fmt::format("one card of each other {}", p.name);
      break;
    case MatchRule::Kind::kWord:
      asks = fmt::format("{}s that spell a word with its {}", p.name, p.values[value]);
      break;
  }
  return fmt::format("the top card, {}, asks for {} ({})", engine.cards().Code(top), asks, rule.name);
}

std::string MatchPlayTold(const EngineServices& engine, const GameState& before, const Move& move) {
  if (move.kind < 0 || move.kind >= static_cast<int>(engine.rules().moves.size())) return "";
  const MoveDecl& decl = engine.rules().moves[move.kind];
  if (decl.type != MoveType::kMatch) return "";
  const int rule_index = ActiveMatchRule(engine, before, decl, engine.Actor(before));
  if (rule_index < 0) return "";
  const MatchRule& rule = engine.rules().matches[rule_index];
  const Property& p = engine.rules().catalog.properties()[rule.property];
  const CardSet& set = engine.cards();
  const int top =
      set.Value(before.zones[engine.ZoneSlot(decl.to, engine.Actor(before))].cards.back(), rule.property);
  if (top == kNoValue) return "";
  switch (rule.kind) {
    case MatchRule::Kind::kSame:
      return fmt::format("{}: all of {} {}", rule.name, p.name, p.values[top]);
    case MatchRule::Kind::kComplete:
      return fmt::format("{}: every {} once", rule.name, p.name);
    case MatchRule::Kind::kWord: {
      const std::vector<std::string> words = SpelledWords(engine, before, move, 1);
      return words.empty() ? "" : fmt::format("{}: {}", rule.name, words.front());
    }
    case MatchRule::Kind::kSum: {
      std::vector<int> numbers{rule.numbers[top]};
      for (int i = 0; i < move.count; ++i) {
        const int value = move.stands[i] >= 0 ? move.stands[i] : set.Value(move.cards[i], rule.property);
        if (value != kNoValue) numbers.push_back(rule.numbers[value]);
      }
      return fmt::format("{}: {} = {}", rule.name, fmt::join(numbers, " + "), rule.total);
    }
  }
  return "";
}

}  // namespace tapis
