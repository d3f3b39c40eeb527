// Why a typed move is not legal now, in the player's words: the rule of the ruleset that
// refuses it (ParseMove, move_text.cpp, asks these once the text names a move and cards).
#include "interpreter/records/refusals.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <vector>

#include "interpreter/load/move_words.h"
#include "interpreter/mechanisms/climb.h"
#include "interpreter/mechanisms/combination.h"
#include "interpreter/mechanisms/evaluate.h"
#include "interpreter/mechanisms/follow.h"
#include "interpreter/mechanisms/move_count.h"
#include "interpreter/mechanisms/pick.h"
#include "interpreter/mechanisms/refill.h"
#include "interpreter/mechanisms/trick.h"
#include "interpreter/records/move_text.h"
#include "interpreter/records/view.h"

namespace tapis {
namespace {

// ", or a wild card", naming what the wild cards share when they all share a value: ", or a
// card of rank 8 (wild)".
std::string WildCardsText(const CardSet& set, const TopToFollow& top) {
  std::vector<CardId> wild;
  for (int c = 0; c < set.size(); ++c) {
    const int w = set.Wild(static_cast<CardId>(c));
    for (int i = 0; i < top.count; ++i) {
      if (w == top.property[i] || w == kWildAny) {
        wild.push_back(static_cast<CardId>(c));
        break;
      }
    }
  }
  if (wild.empty()) return "";
  const auto& properties = set.catalog().properties();
  for (int p = 0; p < static_cast<int>(properties.size()); ++p) {
    const int v = set.Value(wild[0], p);
    const bool shared = v != kNoValue &&
                        std::all_of(wild.begin(), wild.end(), [&](CardId c) { return set.Value(c, p) == v; });
    if (shared)
      return fmt::format(", or a card of {} {} (wild)", properties[p].name, properties[p].values[v]);
  }
  return ", or a wild card";
}

// "draw, pass": the kinds of the legal moves, each once.
std::string MoveKinds(const Ruleset& r, const std::vector<Move>& legal) {
  std::vector<std::string> names;
  for (const Move& m : legal) {
    const std::string name = m.kind == kStopMove ? "stop" : r.moves[m.kind].name;
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  }
  return fmt::format("{}", fmt::join(names, ", "));
}

}  // namespace

std::string WhyNotWhen(const Engine& engine, const GameState& state, const MoveDecl& decl, int card) {
  const Scope scope{engine.Actor(state), card};
  for (const Condition& c : decl.when) {
    if (c.test.uses_move_card != (card >= 0) || Evaluate(engine, state, c.test, scope) != 0) continue;
    if (c.refusal.empty()) return fmt::format("it needs {}", c.test.text);
    std::string out = c.refusal_text[0];
    for (size_t i = 0; i < c.refusal_values.size(); ++i)
      out += std::to_string(Evaluate(engine, state, c.refusal_values[i], scope)) + c.refusal_text[i + 1];
    return out;
  }
  return "";
}

// A move kind not offered now: the rule of the ruleset that keeps it out, if it is one of
// the counted or waiting kinds ("" otherwise).
std::string WhyNotOffered(const Engine& engine, const GameState& state, int kind,
                          const std::vector<Move>& legal) {
  const Ruleset& r = engine.rules();
  const MoveDecl& decl = r.moves[kind];
  const MoveCount& count = decl.count;
  if (const std::string why = WhyNotWhen(engine, state, decl, -1); !why.empty())
    return fmt::format("'{}' is not allowed now: {}", decl.name, why);
  if (count.has_max && CountReached(engine, state, decl, !state.decisions.empty())) {
    const int max = engine.config().Resolve(count.max);
    const char* per = count.per == MoveCount::Per::kTurn  ? " a turn"
                      : count.per == MoveCount::Per::kRow ? " in a row"
                                                          : " a round";
    // Kinds that share the count are one allowance: "'draw' or 'pick' is allowed 1 time a turn".
    std::vector<std::string> sharing;
    for (const MoveDecl& other : r.moves) {
      if (other.count.variable == count.variable) sharing.push_back(fmt::format("'{}'", other.name));
    }
    const std::string names =
        sharing.size() > 1
            ? fmt::format("{} or {}", fmt::join(sharing.begin(), sharing.end() - 1, ", "), sharing.back())
            : fmt::format("'{}'", decl.name);
    return fmt::format("{} is allowed {} time{}{}, and that is done", names, max, max == 1 ? "" : "s", per);
  }
  if (decl.type == MoveType::kDraw && !CanDraw(engine, state, decl, engine.Actor(state))) {
    const ZoneDecl& from = r.zones[decl.from];
    return fmt::format(
        "'{}' is not allowed: {} is empty{}", decl.name, from.name,
        from.refill_from < 0 || engine.config().Resolve(from.refill_enabled) == 0
            ? ""
            : fmt::format(", and nothing in {} may go into it now", r.zones[from.refill_from].name));
  }
  if (!((decl.phases >> state.phase) & 1u) && state.phase < static_cast<int>(r.phases.size())) {
    std::vector<std::string> in;
    for (size_t p = 0; p < r.phases.size(); ++p) {
      if ((decl.phases >> p) & 1u) in.push_back(r.phases[p]);
    }
    return fmt::format("'{}' is not allowed in phase {}, only in {}; moves now: {}", decl.name,
                       r.phases[state.phase], fmt::join(in, ", "), MoveKinds(r, legal));
  }
  if (decl.type == MoveType::kPass && !ClimbPassAllowed(engine, state, kind))
    return fmt::format("'{}' is not allowed on an empty pile: you lead, so play", decl.name);
  std::vector<std::string> blocking;
  for (const Move& m : legal) {
    if (m.kind == kStopMove || !(decl.fallback_unless >> m.kind & 1u)) continue;
    const std::string& name = r.moves[m.kind].name;
    if (std::find(blocking.begin(), blocking.end(), name) == blocking.end()) blocking.push_back(name);
  }
  if (!blocking.empty())
    return fmt::format("'{}' only once you may not {}", decl.name, fmt::join(blocking, " or "));
  return "";
}

// A card refused by `follow:`: what the card on top asks for, in the ruleset's words.
std::string WhyNotFollowing(const Engine& engine, const GameState& state, const MoveDecl& decl,
                            const TopToFollow& top, CardId card) {
  const Catalog& catalog = engine.rules().catalog;
  const CardSet& set = engine.cards();
  const CardId on_top = state.zones[engine.ZoneSlot(decl.to, engine.Actor(state))].cards.back();
  std::vector<std::string> wanted;
  std::string standing;
  for (int i = 0; i < top.count; ++i) {
    const Property& p = catalog.properties()[top.property[i]];
    if (top.value[i] == kNoValue) continue;
    wanted.push_back(fmt::format("{} {}", p.name, p.values[top.value[i]]));
    if (set.Wild(on_top) == top.property[i] && state.declared[on_top] >= 0)
      standing = fmt::format(", standing for {} {}", p.name, p.values[top.value[i]]);
  }
  return fmt::format("{} does not follow {} on top{}: play a card of {}{}", set.Code(card), set.Code(on_top),
                     standing, fmt::join(wanted, " or of "), WildCardsText(set, top));
}

// "; did you mean D7?" when a card's code has the letters typed in another order (a code
// typed rank first where the ruleset writes the suit first), else "".
std::string SameLettersHint(const Catalog& catalog, const std::string& typed) {
  auto letters = [](std::string text) {
    for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    std::sort(text.begin(), text.end());
    return text;
  };
  const std::string wanted = letters(typed);
  for (const auto& kind : catalog.kinds()) {
    if (kind.code.size() > 1 && kind.code.size() == typed.size() && letters(kind.code) == wanted)
      return fmt::format("; did you mean {}? (this game writes its cards as {}, {}…)", kind.code,
                         catalog.kinds().front().code, catalog.kinds().back().code);
  }
  return "";
}

// A whole number written alone ("3", "-1"); false for anything else ("3a", "").
bool ParseInt(const std::string& word, int& value) {
  const char* end = word.data() + word.size();
  const auto [at, error] = std::from_chars(word.data(), end, value);
  return error == std::errc() && at == end && !word.empty();
}

// Why `value` is no answer to the number move `decl` now, or "" when it is one.
std::string WhyNotNumber(const Engine& engine, const GameState& state, const MoveDecl& decl, int value) {
  const Ruleset& r = engine.rules();
  const NumberRange range = NumbersAllowed(engine, state, engine.Actor(state), decl);
  if (value < range.low || value > range.high) {
    // "bid from 0 to 2", or, where the number is typed alone, "type a bid from 0 to 2".
    const std::string what = WrittenWithoutName(decl) ? "type a " + decl.name : decl.name;
    if (decl.max_cards >= 0)
      return fmt::format("{} from {} to {}, the cards in your {}", what, range.low, range.high,
                         r.zones[decl.max_cards].name);
    return fmt::format("{} from {} to {}", what, range.low, range.high);
  }
  if (value == range.refused_total)
    return fmt::format(
        "{} {} would make the {}s add up to {} (the others' come to {}), which the last to {} "
        "may not do",
        decl.name, value, decl.name, range.high, range.total, decl.name);
  if (value == range.refused)
    return fmt::format("{} {} is not allowed now: it is the {}", decl.name, value,
                       r.variables[decl.except].name);
  return "";
}

std::string WhyNotAsk(const Engine& engine, const GameState& state, const MoveDecl& decl,
                      const std::vector<std::string>& words) {
  const Ruleset& r = engine.rules();
  const Property& property = r.catalog.properties()[decl.ask_by];
  const int actor = engine.Actor(state);
  const std::string form = fmt::format("try: {} pN {}: the player asked (p1 to p{}), then a {} you hold",
                                       decl.name, Upper(property.name), state.players, property.name);
  if (words.size() != 3) return form;
  int seat = 0;
  if (words[1].size() < 2 || std::tolower(static_cast<unsigned char>(words[1][0])) != 'p' ||
      !ParseInt(words[1].substr(1), seat) || seat < 1 || seat > state.players || seat == actor + 1) {
    std::vector<std::string> others;
    for (int p = 1; p <= state.players; ++p) {
      if (p != actor + 1) others.push_back(fmt::format("p{}", p));
    }
    return fmt::format("'{}' is not another player: ask {} (you are p{})", words[1], fmt::join(others, ", "),
                       actor + 1);
  }
  const int value = property.ValueIndex(words[2]);
  if (value < 0)
    return fmt::format("unknown {} '{}'; {}s are: {}", property.name, words[2], property.name,
                       fmt::join(property.values, ", "));
  if (state.zones[engine.ZoneSlot(decl.from, seat - 1)].cards.empty())
    return fmt::format("player {} has no card left in their {} to ask for", seat, r.zones[decl.from].name);
  const auto& own = state.zones[engine.ZoneSlot(decl.to, actor)].cards;
  if (std::none_of(own.begin(), own.end(),
                   [&](CardId c) { return engine.cards().Has(c, decl.ask_by, value); }))
    return fmt::format("you may ask only for a {} you hold, and your {} has no {}", property.name,
                       r.zones[decl.to].name, property.values[value]);
  return fmt::format("'{} {} {}' is not legal now", decl.name, words[1], words[2]);
}

std::string WhyNotPick(const Engine& engine, const GameState& state, const MoveDecl& decl,
                       const std::vector<std::string>& words) {
  const int actor = engine.Actor(state);
  std::vector<Move> picks;
  GeneratePicks(engine, state, actor, decl, Move{}, picks);
  std::vector<std::string> offered;
  for (const Move& pick : picks) offered.push_back(fmt::format("{} p{}", decl.name, pick.target + 1));
  const std::string choice =
      offered.empty() ? "nobody else holds a card" : fmt::format("{}", fmt::join(offered, ", "));
  if (words.size() != 2) return fmt::format("try: {} pN, the player you pick from: {}", decl.name, choice);
  int seat = 0;
  if (words[1].size() < 2 || std::tolower(static_cast<unsigned char>(words[1][0])) != 'p' ||
      !ParseInt(words[1].substr(1), seat) || seat < 1 || seat > state.players || seat == actor + 1)
    return fmt::format("'{}' is not another player: {} (you are p{})", words[1], choice, actor + 1);
  if (state.zones[engine.ZoneSlot(decl.from, seat - 1)].cards.empty())
    return fmt::format("player {} has no card left in their {} to pick: {}", seat,
                       engine.rules().zones[decl.from].name, choice);
  return fmt::format("you pick from the next player who still holds cards: {}", choice);
}

// A set refused by `type: play` (climbing): which of its rules the cards break, in the
// order a player checks them; "" when the cards keep them all (a script refuses the play).
std::string WhyNotPlaying(const Engine& engine, const GameState& state, const MoveDecl& decl,
                          const std::vector<CardId>& cards, int declared) {
  const Combination& combo = engine.rules().combinations[decl.combination];
  const CardSet& set = engine.cards();
  const int prop = combo.property;
  const Property& p = set.catalog().properties()[prop];
  std::vector<std::string> codes;
  int value = declared;
  bool one_value = true;
  for (CardId c : cards) {
    codes.push_back(set.Code(c));
    if (set.Wild(c) == prop) continue;
    if (value < 0) value = set.Value(c, prop);
    one_value = one_value && set.Value(c, prop) == value;
  }
  const std::string played = fmt::format("{}", fmt::join(codes, " "));
  if (!one_value || value < 0)
    return fmt::format("{} are not of one {}: a play is cards of one {}", played, p.name, p.name);
  const int size = static_cast<int>(cards.size());
  const bool alone = std::any_of(combo.alone.begin(), combo.alone.end(),
                                 [&](const CardFilter& f) { return f.property == prop && f.Has(value); });
  if (alone && size > 1) return fmt::format("a {} is played alone", p.values[value]);
  if (const int needed = ClimbSizeNeeded(engine, state, decl); needed > 0 && size != needed)
    return fmt::format("play {} card{}, as many as the play on top", needed, needed == 1 ? "" : "s");
  if (size < combo.min || size > combo.max)
    return combo.min == combo.max
               ? fmt::format("a play is {} cards", combo.min)
               : fmt::format("a play is {} to {} cards", combo.min, std::min(combo.max, 64));
  const auto& pile = state.zones[engine.ZoneSlot(decl.to, engine.Actor(state))].cards;
  if (pile.empty() || decl.beat == Beat::kAny) return "";
  const int top = engine.EffectiveValue(state, pile.back(), prop);
  const bool above = decl.beat == Beat::kAbove;
  if (value >= top + (above ? 1 : 0)) return "";
  return fmt::format("{} does not beat {} on top: play {} {} {}", played,
                     CardText(engine, state, pile.back()), above ? "above" : "at least", p.name,
                     p.values[top]);
}

}  // namespace tapis
