#include "interpreter/records/move_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <sstream>
#include <vector>

#include "interpreter/load/move_words.h"
#include "interpreter/mechanisms/combination.h"
#include "interpreter/mechanisms/follow.h"
#include "interpreter/mechanisms/grid.h"
#include "interpreter/mechanisms/keep.h"
#include "interpreter/mechanisms/knock.h"
#include "interpreter/mechanisms/line_play.h"
#include "interpreter/mechanisms/match_explain.h"
#include "interpreter/mechanisms/match_play.h"
#include "interpreter/mechanisms/trick.h"
#include "interpreter/mechanisms/trump_bid.h"
#include "interpreter/records/refusals.h"
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

// A capture typed that is not one of the legal ones: the card played first, then the table
// cards it takes; say which captures that card has, or that it takes nothing.
std::string WhyNotCapture(const Engine& engine, const GameState& state, const std::vector<Move>& legal,
                          const MoveDecl& decl, const std::vector<std::string>& words) {
  const Ruleset& r = engine.rules();
  const int actor = engine.Actor(state);
  if (words.size() < 2) return fmt::format("try: {} CARD, then the table cards it takes", decl.name);
  const auto played = r.catalog.KindByCode(words[1]);
  const auto& hand = state.zones[engine.ZoneSlot(decl.from, actor)].cards;
  if (!played ||
      std::none_of(hand.begin(), hand.end(), [&](CardId c) { return engine.cards().Kind(c) == *played; }))
    return fmt::format("{} is not in your {}: name the card you play first, then the table cards it takes",
                       words[1], ZoneName(r, decl.from));
  std::vector<std::string> ways;
  bool takes = false;
  for (const Move& m : legal) {
    if (m.kind == kStopMove || engine.cards().Kind(m.cards[0]) != *played) continue;
    ways.push_back(MoveText(engine, state, m));
    takes = takes || m.count > 1;
  }
  const std::string code = r.catalog.kind(*played).code;
  const int value = r.catalog.kind(*played).values[decl.capture_by] + 1;
  if (!takes && !ways.empty())
    return fmt::format(
        "{} takes nothing: no card on the {} is worth {}, and none add up to it; play it alone: {}", code,
        ZoneName(r, decl.to), value, ways[0]);
  const std::string what =
      engine.config().Resolve(decl.capture_several)
          ? fmt::format("cards worth {}, or cards adding up to it, one group or several", value)
          : fmt::format("a card worth {}, or else cards adding up to it", value);
  if (engine.config().Resolve(decl.capture_optional))
    return fmt::format("{} takes {}, or is laid alone: {}", code, what, fmt::join(ways, ", "));
  return fmt::format("{} must take {}: {}", code, what, fmt::join(ways, ", "));
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
  if (decl.type == MoveType::kPick) {  // pick p2: the seat picked from; the card is chance's
    const std::string seat = fmt::format("p{}", move.target + 1);
    return decl.text.empty() ? fmt::format("{} {}", decl.name, seat) : FillMoveText(decl, "", "", seat);
  }
  if (decl.type == MoveType::kAsk) {  // ask p2 Q: the seat asked, the value asked for
    const std::string seat = fmt::format("p{}", move.target + 1);
    const std::string option = engine.rules().OptionWord(move.kind, move.value);
    return decl.text.empty() ? fmt::format("{} {} {}", decl.name, seat, option)
                             : FillMoveText(decl, "", option, seat);
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
  const std::string option = engine.rules().OptionWord(move.kind, move.value);
  if (!decl.text.empty()) return FillMoveText(decl, cards, option);
  std::string out = decl.name;
  if (!cards.empty()) out += " " + cards;
  if (!option.empty()) out += " " + option;
  return out;
}

bool MoveCardsSecret(const Engine& engine, const GameState& before, const Move& move, int viewer) {
  if (viewer < 0 || move.kind == kStopMove || move.count == 0) return false;
  const MoveDecl& decl = engine.rules().moves[move.kind];
  if (decl.type != MoveType::kTake && decl.type != MoveType::kGive && decl.type != MoveType::kPassCards)
    return false;
  const int actor = engine.Actor(before);
  const int receiver =
      decl.type == MoveType::kGive && !before.decisions.empty() ? before.decisions.front().target : actor;
  if (receiver < 0) return false;
  return !CanSee(engine, before, engine.ZoneSlot(decl.from, actor), viewer) &&
         !CanSee(engine, before, engine.ZoneSlot(decl.to, receiver), viewer);
}

std::string ToldMoveText(const Engine& engine, const GameState& before, const Move& move, int viewer) {
  if (!MoveCardsSecret(engine, before, move, viewer)) return MoveText(engine, before, move);
  const MoveDecl& decl = engine.rules().moves[move.kind];
  const std::string cards = move.count == 1 ? "a card" : fmt::format("{} cards", move.count);
  return decl.text.empty() ? decl.name + " " + cards : FillMoveText(decl, cards, "");
}

ParsedMove ParseMove(Engine& engine, const GameState& state, std::string_view text) {
  const std::vector<std::string> words = Words(text);
  if (words.empty()) return {std::nullopt, "empty move; type 'help' to see the legal moves"};
  const Ruleset& r = engine.rules();
  if (state.finished) return {std::nullopt, "the game is over"};

  const std::vector<Move> legal = engine.LegalMoves(state);
  const auto wanted = Canonical(words);
  for (const Move& m : legal) {
    if (!CardsTyped(engine, m, wanted)) continue;  // cheap test first: grids offer hundreds
    if (Canonical(Words(MoveText(engine, state, m))) != wanted) continue;
    // A capture's first card is the one played: `play JH JD` is not `play JD JH`.
    if (m.kind != kStopMove && r.moves[m.kind].type == MoveType::kCapture &&
        Upper(words[1]) != Upper(engine.cards().Code(m.cards[0])))
      continue;
    return {m, ""};
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
  if (decl.type == MoveType::kCapture)
    return {std::nullopt, WhyNotCapture(engine, state, legal, decl, words)};
  if (decl.type == MoveType::kTakeTrump) {
    if (const std::string why = WhyNotTakeTrump(engine, state, decl, words); !why.empty())
      return {std::nullopt, why};
  }
  if (decl.type == MoveType::kAsk) return {std::nullopt, WhyNotAsk(engine, state, decl, words)};
  if (decl.type == MoveType::kPick) return {std::nullopt, WhyNotPick(engine, state, decl, words)};
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
  if (!cards.empty()) {
    if (const std::string why = WhyNotWhen(engine, state, decl, cards[0]); !why.empty())
      return {std::nullopt, fmt::format("'{}' is not allowed now: {}", std::string(text), why)};
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
    const MoveDecl* taken_by = nullptr;
    if (IsKept(engine, state, decl, actor, cards[0], &taken_by)) {
      const ZoneDecl& zone = r.zones[taken_by->to];
      return {std::nullopt, fmt::format("{} was taken with '{}' this turn: it stays in {} {} until the turn is over",
                                        engine.cards().Code(cards[0]), taken_by->name,
                                        zone.owner == Owner::kPlayer ? "your" : "the", zone.name)};
    }
    const TopToFollow top = ReadTop(engine, state, decl, FollowKeys{}, actor);
    if (!Follows(engine.cards(), top, FollowKeys{}, cards[0]))
      return {std::nullopt, WhyNotFollowing(engine, state, decl, top, cards[0])};
    if (decl.knock.Used()) {
      if (const std::string why = WhyNotKnocking(engine, state, actor, decl, cards[0]); !why.empty())
        return {std::nullopt, why};
    }
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
