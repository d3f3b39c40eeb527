#include "interpreter/records/move_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <sstream>
#include <vector>

#include "interpreter/load/move_words.h"
#include "interpreter/mechanisms/climb.h"
#include "interpreter/mechanisms/combination.h"
#include "interpreter/mechanisms/follow.h"
#include "interpreter/mechanisms/grid.h"
#include "interpreter/mechanisms/line_play.h"
#include "interpreter/mechanisms/match_explain.h"
#include "interpreter/mechanisms/match_play.h"
#include "interpreter/mechanisms/move_count.h"
#include "interpreter/mechanisms/trick.h"
#include "interpreter/records/view.h"

namespace tapis {
std::vector<std::string> Words(std::string_view text) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

namespace {

// A move's words with its cards sorted, so `meld QS KS AS` matches `meld AS KS QS`.
std::vector<std::string> Canonical(std::vector<std::string> words) {
  for (auto& w : words) w = Upper(w);
  if (words.size() > 2) std::sort(words.begin() + 1, words.end());
  return words;
}

std::string ZoneName(const Ruleset& r, int decl) { return r.zones[decl].name; }

// True when every card of `move` is among the typed words (upper case; `JK=5` counts as JK).
bool CardsTyped(const Engine& engine, const Move& move, const std::vector<std::string>& words) {
  for (CardId c : move.Cards()) {
    const std::string& code = engine.cards().Code(c);
    // Every word, not only those after the move's name: a move may be written as its cards alone.
    const bool typed = std::any_of(words.begin(), words.end(), [&](const std::string& w) {
      // JK=5, E1b1B^, JH@D3
      const size_t end = std::min({w.find('='), w.find('^'), w.find('@'), w.size()});
      if (end != code.size()) return false;
      for (size_t i = 0; i < end; ++i) {
        if (static_cast<unsigned char>(w[i]) != std::toupper(static_cast<unsigned char>(code[i])))
          return false;
      }
      return true;
    });
    if (!typed) return false;
  }
  return true;
}

}  // namespace

std::string ZoneLabel(const Engine& engine, const GameState& state, int zone) {
  const Zone& z = state.zones[zone];
  const ZoneDecl& decl = engine.rules().zones[z.decl];
  if (decl.dynamic) return fmt::format("{}{}", decl.label, z.label);
  return decl.name;
}

std::string MoveText(const Engine& engine, const GameState& state, const Move& move) {
  if (move.kind == kStopMove) return "stop";
  const MoveDecl& decl = engine.rules().moves[move.kind];
  if (decl.type == MoveType::kMatch) return MatchText(engine, state, move);
  if (decl.type == MoveType::kLine) {
    const std::string line = LineText(engine, move);
    return decl.text.empty() ? decl.name + " " + line : FillMoveText(decl, line, "");
  }
  std::string cards;
  if (decl.type != MoveType::kDraw) {
    const int wild_for = decl.combination >= 0 ? engine.rules().combinations[decl.combination].property : -1;
    for (int i = 0; i < move.count; ++i) {
      const CardId c = move.cards[i];
      cards += (cards.empty() ? "" : " ") + engine.cards().Code(c);
      if (move.stands[i] >= 0) {  // a wild card in a meld: 2S=9
        cards += "=" + engine.rules().catalog.properties()[engine.cards().Wild(c)].values[move.stands[i]];
        continue;
      }
      // A wild card says what it stands for: JK=5.
      if (move.value >= 0 && engine.cards().Wild(c) == wild_for) {
        cards += "=" + engine.rules().catalog.properties()[wild_for].values[move.value];
      }
    }
  }
  if (move.zone >= 0) cards += " " + ZoneLabel(engine, state, move.zone);
  if (move.cell >= 0) cards += " " + CellName(ShapeOf(engine.rules().zones[decl.to]), move.cell);
  const std::string option = decl.type == MoveType::kChoose   ? decl.options[move.value]
                             : decl.type == MoveType::kNumber ? std::to_string(move.value)
                                                              : "";
  if (!decl.text.empty()) return FillMoveText(decl, cards, option);
  std::string out = decl.name;
  if (!cards.empty()) out += " " + cards;
  if (!option.empty()) out += " " + option;
  return out;
}

namespace {

// A move kind not offered now: the rule of the ruleset that keeps it out, if it is one of
// the counted or waiting kinds ("" otherwise).
std::string WhyNotOffered(const Engine& engine, const GameState& state, int kind,
                          const std::vector<Move>& legal) {
  const Ruleset& r = engine.rules();
  const MoveDecl& decl = r.moves[kind];
  const MoveCount& count = decl.count;
  if (count.has_max && CountReached(engine, state, decl, !state.decisions.empty())) {
    const int max = engine.config().Resolve(count.max);
    const char* per = count.per == MoveCount::Per::kTurn  ? " a turn"
                      : count.per == MoveCount::Per::kRow ? " in a row"
                                                          : " a round";
    return fmt::format("'{}' is allowed {} time{}{}, and that is done", decl.name, max, max == 1 ? "" : "s",
                       per);
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
    if (kind.code.size() > 1 && letters(kind.code) == wanted)
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
                         ZoneName(r, decl.max_cards));
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

}  // namespace

ParsedMove ParseMove(Engine& engine, const GameState& state, std::string_view text) {
  const std::vector<std::string> words = Words(text);
  if (words.empty()) return {std::nullopt, "empty move; type 'help' to see the legal moves"};
  const Ruleset& r = engine.rules();
  if (state.finished) return {std::nullopt, "the game is over"};

  const std::vector<Move> legal = engine.LegalMoves(state);
  const auto wanted = Canonical(words);
  for (const Move& m : legal) {
    if (!CardsTyped(engine, m, wanted)) continue;  // cheap test first: grids offer hundreds
    if (Canonical(Words(MoveText(engine, state, m))) == wanted) return {m, ""};
  }
  // A match play offers one declaration of its wild cards; the player may type another.
  for (const Move& m : legal) {
    if (m.kind == kStopMove || r.moves[m.kind].type != MoveType::kMatch || !CardsTyped(engine, m, wanted)) continue;
    if (auto redeclared = RedeclaredMatch(engine, state, m, wanted)) return {*redeclared, ""};
  }

  // Not legal: say why, as precisely as the text allows.
  std::vector<std::string> kinds_now;
  for (const Move& m : legal) {
    const std::string name = m.kind == kStopMove ? "stop" : r.moves[m.kind].name;
    if (std::find(kinds_now.begin(), kinds_now.end(), name) == kinds_now.end()) kinds_now.push_back(name);
  }
  std::string name = words[0];  // move names are lower case; typing is not
  for (char& c : name) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const int kind = r.MoveIndex(name);
  const int actor = engine.Actor(state);
  if (kind < 0 && name != "stop" && std::any_of(r.moves.begin(), r.moves.end(), WrittenWithoutName)) {
    // A number typed alone: the number move written without its name (a bid) says why.
    for (const MoveDecl& decl : r.moves) {
      int value = 0;
      if (decl.type != MoveType::kNumber || !WrittenWithoutName(decl) || words.size() != 1 ||
          !ParseInt(words[0], value) ||
          std::find(kinds_now.begin(), kinds_now.end(), decl.name) == kinds_now.end())
        continue;
      if (const std::string why = WhyNotNumber(engine, state, decl, value); !why.empty())
        return {std::nullopt, why};
    }
    std::vector<std::string> texts;
    for (const Move& m : legal) texts.push_back(MoveText(engine, state, m));
    return {std::nullopt,
            fmt::format("'{}' is not legal now; legal: {}", std::string(text), fmt::join(texts, ", "))};
  }
  if (kind < 0 && name != "stop") {
    return {std::nullopt, fmt::format("unknown move '{}'; moves now: {}", name, fmt::join(kinds_now, ", "))};
  }
  if (std::find(kinds_now.begin(), kinds_now.end(), name) == kinds_now.end()) {
    if (!state.decisions.empty()) {
      return {std::nullopt, fmt::format("player {} must first answer with: {} ({} more)", actor + 1,
                                        fmt::join(kinds_now, ", "), state.decisions.front().remaining)};
    }
    if (const std::string why = kind >= 0 ? WhyNotOffered(engine, state, kind, legal) : ""; !why.empty())
      return {std::nullopt, why};
    if (kind >= 0 && r.moves[kind].cost > state.actions_left) {
      return {std::nullopt, fmt::format("'{}' needs {} action(s) and {} left this turn", name,
                                        r.moves[kind].cost, state.actions_left)};
    }
    if (kind < 0 || !r.moves[kind].in_turn || r.moves[kind].type == MoveType::kPass ||
        r.moves[kind].type == MoveType::kDraw) {
      return {std::nullopt,
              fmt::format("'{}' is not possible now; moves now: {}", name, fmt::join(kinds_now, ", "))};
    }
    // Otherwise the cards say why (not in hand, not a sequence…).
  }
  if (kind < 0)
    return {std::nullopt, fmt::format("'{}' is not legal now; type stop alone", std::string(text))};
  const MoveDecl& decl = r.moves[kind];
  if (decl.type == MoveType::kChoose) {
    return {std::nullopt, fmt::format("'{}' is not legal now; '{}' chooses one of: {}", std::string(text), name,
                                      fmt::join(decl.options, ", "))};
  }
  if (decl.type == MoveType::kNumber) {
    int value = 0;
    if (words.size() != 2 || !ParseInt(words[1], value))
      return {std::nullopt, fmt::format("try: {} N, a whole number", name)};
    if (const std::string why = WhyNotNumber(engine, state, decl, value); !why.empty())
      return {std::nullopt, why};
  }
  if (decl.type == MoveType::kLine) {
    return {std::nullopt,
            fmt::format("'{}' is not a legal {} now; write each card of your {} with its empty cell, "
                        "then the segment, first cell to last: {} 10S@d5 JH@d3 d1-d5; the segment's cards "
                        "must make a hand, and beat the hands of other players' cards it takes",
                        std::string(text), name, ZoneName(r, decl.from), name)};
  }
  std::vector<CardId> cards;
  for (size_t i = 1; i < words.size(); ++i) {
    const std::string code = words[i].substr(0, words[i].find_first_of("=^"));
    const auto k = r.catalog.KindByCode(code);
    if (!k) {
      if (decl.type == MoveType::kExtend && i + 1 == words.size()) continue;  // the meld label
      if (decl.type == MoveType::kPlace && i + 1 == words.size()) continue;   // the cell
      return {std::nullopt, fmt::format("unknown card '{}'{}", code, SameLettersHint(r.catalog, code))};
    }
    const int from = engine.ZoneSlot(decl.from, actor);
    const auto& zone = state.zones[from].cards;
    auto it = std::find_if(zone.begin(), zone.end(), [&](CardId c) {
      return engine.cards().Kind(c) == *k && std::find(cards.begin(), cards.end(), c) == cards.end();
    });
    if (it == zone.end()) {
      const std::string whose = r.zones[decl.from].owner == Owner::kPlayer ? "your " : "the ";
      return {std::nullopt,
              fmt::format("{} is not in {}{}", r.catalog.kind(*k).code, whose, ZoneName(r, decl.from))};
    }
    cards.push_back(*it);
  }
  if (!state.decisions.empty()) {  // an answer whose cards the decision lists
    const Decision& d = state.decisions.front();
    for (CardId c : cards) {
      if (Allowed(&d, c)) continue;
      std::vector<std::string> codes;
      for (CardId allowed : d.only) codes.push_back(engine.cards().Code(allowed));
      return {std::nullopt, fmt::format("{} is not one of the cards this {} may use now: {}",
                                        engine.cards().Code(c), name, fmt::join(codes, " "))};
    }
  }
  if (decl.type == MoveType::kMatch) {
    std::vector<std::string> declared;  // JK=U: U
    for (size_t i = 1; i < words.size(); ++i) {
      const size_t eq = words[i].find('=');
      declared.push_back(
          eq == std::string::npos ? "" : Upper(words[i].substr(eq + 1, words[i].find('^') - eq - 1)));
    }
    if (const std::string why = WhyNotMatch(engine, state, decl, cards, declared); !why.empty())
      return {std::nullopt, why};
    const auto marked = std::count_if(words.begin(), words.end(),
                                      [](const std::string& w) { return w.find('^') != std::string::npos; });
    if (cards.size() > 1 && marked != 1) {
      std::vector<std::string> codes;
      for (CardId c : cards) codes.push_back(engine.cards().Code(c));
      return {std::nullopt,
              fmt::format("mark the one card you leave on top with ^: {} {}^", name, fmt::join(codes, " "))};
    }
  }
  if (decl.type == MoveType::kTrick && cards.size() == 1) {
    if (const std::string why = WhyNotTrick(engine, state, actor, decl, cards[0]); !why.empty())
      return {std::nullopt, why};
    if (!r.tricks.allow.empty()) {  // the ruleset's own rule: say what it leaves
      std::vector<std::string> left;
      for (const Move& m : legal) {
        if (m.kind == kind) left.push_back(engine.cards().Code(m.cards[0]));
      }
      const std::string reason = engine.AllowReason(state, actor, kind);
      return {std::nullopt,
              fmt::format("{} is not allowed now{}; you may play: {}", engine.cards().Code(cards[0]),
                          reason.empty() ? " by this game's own rule (see 'rules')" : ": " + reason,
                          fmt::join(left, " "))};
    }
  }
  if (decl.type == MoveType::kTake && cards.size() == 1) {
    const TopToFollow top = ReadTop(engine, state, decl, FollowKeys{}, actor);
    if (!Follows(engine.cards(), top, FollowKeys{}, cards[0]))
      return {std::nullopt, WhyNotFollowing(engine, state, decl, top, cards[0])};
  }
  if (decl.type == MoveType::kMeld && decl.combination >= 0 &&
      !IsCombination(engine.cards(), r.combinations[decl.combination], cards)) {
    const auto& combo = r.combinations[decl.combination];
    return {std::nullopt, fmt::format("those {} cards are not a {} ({} to {} cards)", cards.size(),
                                      combo.name, combo.min, combo.max)};
  }
  if (decl.type == MoveType::kPlay) {
    for (size_t i = 1; i < words.size(); ++i) {
      const auto k = r.catalog.KindByCode(words[i].substr(0, words[i].find_first_of("=^")));
      if (k && r.catalog.kind(*k).wild >= 0 && words[i].find('=') == std::string::npos) {
        return {std::nullopt,
                fmt::format("say what {} stands for, e.g. {}=5", Upper(words[i]), Upper(words[i]))};
      }
    }
    int declared = -1;  // what the wild cards were typed to stand for (JK=5)
    for (size_t i = 1; i < words.size() && declared < 0; ++i) {
      if (const size_t eq = words[i].find('='); eq != std::string::npos)
        declared = r.catalog.properties()[r.combinations[decl.combination].property].ValueIndex(
            words[i].substr(eq + 1));
    }
    if (const std::string why = WhyNotPlaying(engine, state, decl, cards, declared); !why.empty())
      return {std::nullopt, why};
    return {std::nullopt,
            fmt::format("'{}' is not a legal play now: one value, within the set's size, and it must "
                        "beat the card on top",
                        std::string(text))};
  }
  if (decl.type == MoveType::kPlace) {
    const GridShape shape = ShapeOf(r.zones[decl.to]);
    const std::string& cell = words.back();
    if (words.size() != 3 || ParseCell(shape, cell) == kNoCell)
      return {std::nullopt, fmt::format("try: {} CARD CELL, a cell from a1 to {}", name,
                                        CellName(shape, shape.Cells() - 1))};
    return {std::nullopt, fmt::format("{} is not a cell a card may go on now", cell)};
  }
  if (decl.type == MoveType::kExtend) {
    return {std::nullopt, fmt::format("'{}' does not extend a meld you may add to; try: extend CARD LABEL "
                                      "(labels are shown with the melds)",
                                      std::string(text))};
  }
  return {std::nullopt, fmt::format("'{}' is not legal now", std::string(text))};
}

}  // namespace tapis
