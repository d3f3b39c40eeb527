#include "interpreter/records/narration.h"

#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "interpreter/mechanisms/grid.h"
#include "interpreter/mechanisms/hand_rank.h"
#include "interpreter/mechanisms/line_play.h"
#include "interpreter/mechanisms/match_explain.h"
#include "interpreter/mechanisms/trick.h"
#include "interpreter/model/names.h"
#include "interpreter/records/move_text.h"
#include "interpreter/records/score_text.h"
#include "interpreter/records/view.h"

namespace tapis {
namespace {

// A zone instance by what it is, not where it sits in the list (dynamic zones come and go).
using ZoneKey = std::tuple<int, int, int>;  // declaration, owner, label
ZoneKey KeyOf(const Zone& z) { return {z.decl, z.owner, z.label}; }

// Where each card lies: the index of its zone, -1 when in none.
std::vector<int> Locations(const GameState& s, size_t cards) {
  std::vector<int> at(cards, -1);
  for (size_t z = 0; z < s.zones.size(); ++z) {
    for (CardId c : s.zones[z].cards) {
      if (c < cards) at[c] = static_cast<int>(z);
    }
  }
  return at;
}

std::string Player(int seat, int viewer) {
  return seat == viewer ? "you" : fmt::format("player {}", seat + 1);
}

std::string Cards(const Engine& engine, const GameState& s, const std::vector<CardId>& cards, bool named) {
  if (!named) return fmt::format("{} card{}", cards.size(), cards.size() == 1 ? "" : "s");
  std::vector<std::string> codes;
  for (CardId c : cards) codes.push_back(CardText(engine, s, c));
  return fmt::format("{}", fmt::join(codes, " "));
}

// Whether the card from `from` to `to` is what the move, a draw, itself took: "player 2:
// draw" says it already, for those who may not see the card.
bool IsTheDraw(const Engine& engine, const GameState& before, const GameState& after, const Move& move,
               int from, int to) {
  if (move.kind == kStopMove) return false;
  const MoveDecl& decl = engine.rules().moves[move.kind];
  if (decl.type != MoveType::kDraw) return false;
  const int mover = engine.Actor(before);
  return KeyOf(before.zones[from]) == KeyOf(before.zones[engine.config().ZoneSlot(decl.from, mover)]) &&
         KeyOf(after.zones[to]) == KeyOf(after.zones[engine.config().ZoneSlot(decl.to, mover)]);
}

// Who wins the trick `move` completes, or -1 when it completes none (not a trick play, or
// not its last card). Only the cards that go to that player's won pile are the trick won: a
// script that moves a card from the trick to another pile wins no trick.
int TrickWinner(const Engine& engine, const GameState& before, const Move& move) {
  if (engine.rules().tricks.zone < 0 || move.kind == kStopMove ||
      engine.rules().moves[move.kind].type != MoveType::kTrick)
    return -1;
  GameState played = before;
  PerformTrickMove(engine, played, engine.Actor(before), move);
  return TrickComplete(engine, played) ? TrickHolder(engine, played) : -1;
}

// The cards that changed zones, grouped by where from and where to, in the order they lie
// where they went; the move's own cards (its text names them) left out.
void CardMoves(const Engine& engine, const GameState& before, const GameState& after, const Move& move,
               int viewer, int trick_winner, std::vector<std::string>& out,
               const MoveStates* states = nullptr, bool in_effects = false) {
  const size_t n = engine.cards().size();
  std::vector<int> was = Locations(before, n);
  const std::vector<int> is = Locations(after, n);
  // A card drawn from a stock rebuilt meanwhile comes from the stock, unseen, not from the
  // face-up pile it was rebuilt from.
  if (states != nullptr) {
    for (const MoveStates::Refill& r : states->refilled) {
      if (r.in_effects == in_effects && r.card < n && was[r.card] == r.from && is[r.card] != r.to)
        was[r.card] = r.to;
    }
  }
  const auto own = move.kind == kStopMove ? std::span<const CardId>() : move.Cards();
  struct Group {
    int from, to;  // zone indices in `before` and `after`
    std::vector<CardId> cards;
  };
  const TrickDecl& tricks = engine.rules().tricks;
  constexpr int kTrick = -2;  // `from` of the cards of a trick won, the one just played among them
  std::vector<Group> groups;
  for (const Zone& zone : after.zones) {
    for (CardId c : zone.cards) {
      if (c >= n || was[c] < 0 || KeyOf(before.zones[was[c]]) == KeyOf(zone)) continue;
      const bool played = std::find(own.begin(), own.end(), c) != own.end();
      const bool trick_won = trick_winner >= 0 && zone.decl == tricks.won && zone.owner == trick_winner &&
                             (played || before.zones[was[c]].decl == tricks.zone);
      if (played && !trick_won) continue;
      const int from = trick_won ? kTrick : was[c];
      const int to = is[c];
      auto g = std::find_if(groups.begin(), groups.end(),
                            [&](const Group& x) { return x.from == from && x.to == to; });
      if (g == groups.end()) g = groups.insert(groups.end(), {from, to, {}});
      g->cards.push_back(c);
    }
  }
  for (const Group& g : groups) {
    const Zone& to = after.zones[g.to];
    if (g.from == kTrick) {  // named when the trick lies face up, as it usually does
      const bool seen = CanSee(engine, before, engine.config().ZoneSlot(tricks.zone, -1), viewer);
      out.push_back(fmt::format("{} {} the trick: {}", Player(to.owner, viewer),
                                to.owner == viewer ? "win" : "wins", Cards(engine, after, g.cards, seen)));
      continue;
    }
    const bool named = CanSee(engine, before, g.from, viewer) || CanSee(engine, after, g.to, viewer);
    if (!named && g.cards.size() == 1 && IsTheDraw(engine, before, after, move, g.from, g.to)) continue;
    out.push_back(fmt::format("{} → {}: {}", ZoneName(engine, before, g.from, viewer),
                              ZoneName(engine, after, g.to, viewer), Cards(engine, after, g.cards, named)));
  }
}

void VariableChanges(const Engine& engine, const GameState& before, const GameState& after, int viewer,
                     std::vector<std::string>& out) {
  const auto old_values = SeenVariables(engine, before, viewer, true);
  for (const SeenVariable& v : SeenVariables(engine, after, viewer, true)) {
    const auto old = std::find_if(old_values.begin(), old_values.end(),
                                  [&](const SeenVariable& o) { return o.key == v.key; });
    if (old != old_values.end() && old->value != v.value)
      out.push_back(fmt::format("{}: {} → {}", v.label, old->text, v.text));
  }
}

void NewDecision(const Engine& engine, const GameState& before, const GameState& after, int viewer,
                 std::vector<std::string>& out) {
  if (after.decisions.empty()) return;
  const Decision& d = after.decisions.front();
  if (!before.decisions.empty()) {
    const Decision& was = before.decisions.front();
    if (was.player == d.player && was.moves == d.moves && was.remaining >= d.remaining) return;  // answered
  }
  // Told to the seat it is put to: what it allows may depend on the cards in hand (a play
  // only when one fits), which the others may not know; they see its answer.
  if (viewer >= 0 && d.player != viewer) return;
  std::vector<std::string> kinds;
  for (size_t k = 0; k < engine.rules().moves.size(); ++k) {
    if (d.moves & (1u << k)) kinds.push_back(engine.rules().moves[k].name);
  }
  out.push_back(fmt::format("{} {} {}{}", Player(d.player, viewer), d.optional ? "may" : "must",
                            fmt::join(kinds, " or "),
                            d.remaining > 1 ? fmt::format(" ({} times)", d.remaining) : ""));
}

// A round that ends with its last trick: the trick, won and cleared away with the deal, is
// told as it lay when the move completed it.
void LastTrick(const Engine& engine, const GameState& before, const Move& move, int viewer,
               std::vector<std::string>& out) {
  const TrickDecl& tricks = engine.rules().tricks;
  if (tricks.zone < 0 || move.kind == kStopMove || engine.rules().moves[move.kind].type != MoveType::kTrick)
    return;
  GameState played = before;
  PerformTrickMove(engine, played, engine.Actor(before), move);
  if (!TrickComplete(engine, played)) return;
  const int winner = TrickHolder(engine, played);
  const int trick = engine.config().ZoneSlot(tricks.zone, -1);
  out.push_back(
      fmt::format("{} {} the trick: {}", Player(winner, viewer), winner == viewer ? "win" : "wins",
                  Cards(engine, played, played.zones[trick].cards, CanSee(engine, before, trick, viewer))));
}

// Who plays the next turn: while a decision the move asked is pending, the turn has not
// ended yet; when it will end, the next seat from its player (a skip has already moved it).
int NextToPlay(const Engine& engine, const GameState& after) {
  const bool turn_ends = after.end_turn || after.actions_left <= 0;
  if (after.decisions.empty() || !turn_ends) return after.turn_player;
  const int next = engine.NextActive(after, after.turn_player);
  return next < 0 ? after.turn_player : next;
}

// A `say:` template told: {player}, {cards}, {next}, {acting} and variables (the mover's,
// for a player's), as the loader allowed them (say_loader.h).
std::string Said(const Engine& engine, const GameState& before, const GameState& after, const Move& move,
                 const std::string& text, int viewer) {
  const int mover = engine.Actor(before);
  std::string out;
  for (size_t i = 0; i < text.size(); ++i) {
    const size_t close = text[i] == '{' ? text.find('}', i) : std::string::npos;
    if (close == std::string::npos) {
      out += text[i];
      continue;
    }
    const std::string word = text.substr(i + 1, close - i - 1);
    i = close;
    if (word == "player") {
      out += Player(mover, viewer);
    } else if (word == "next") {
      out += after.finished ? "nobody" : Player(NextToPlay(engine, after), viewer);
    } else if (word == "acting") {
      out += after.finished ? "nobody" : Player(engine.Actor(after), viewer);
    } else if (word == "cards") {  // named to those who see where they came from or went
      const auto cards = move.kind == kStopMove ? std::span<const CardId>() : move.Cards();
      const MoveDecl* decl = move.kind == kStopMove ? nullptr : &engine.rules().moves[move.kind];
      const bool seen =
          decl == nullptr || decl->from < 0 ||
          CanSee(engine, before, engine.config().ZoneSlot(decl->from, mover), viewer) ||
          (decl->to >= 0 && CanSee(engine, after, engine.config().ZoneSlot(decl->to, mover), viewer));
      out += Cards(engine, before, {cards.begin(), cards.end()}, seen);
    } else {
      const auto& vars = engine.rules().variables;
      const auto v =
          std::find_if(vars.begin(), vars.end(), [&](const VariableDecl& d) { return d.name == word; });
      if (v == vars.end()) continue;
      const int value = after.variables[engine.config().VariableSlot(static_cast<int>(v - vars.begin()),
                                                                     v->owner == Owner::kTable ? 0 : mover)];
      out += v->Text(value);
    }
  }
  return out;
}

// A line move (line_play.h): the hand its segment makes, and whose cards it took over:
// "straight on a1-e5: your token on 5 cards, taken: 1 from player 2".
void LineHand(const Engine& engine, const GameState& before, const GameState& after, const Move& move,
              int viewer, std::vector<std::string>& out) {
  if (move.kind == kStopMove || engine.rules().moves[move.kind].type != MoveType::kLine) return;
  const MoveDecl& decl = engine.rules().moves[move.kind];
  const int strength = LineStrength(engine, before, move);
  const auto& kinds = engine.rules().hands[decl.hand].kinds;
  const int kind = HandKindOf(strength);
  if (strength == kNoHand || kind < 0 || kind >= static_cast<int>(kinds.size())) return;
  const std::string name = Spoken(kinds[kind].name);
  const int mover = engine.Actor(before);
  const Zone& grid = after.zones[engine.config().ZoneSlot(decl.to, mover)];
  int cards = 0;
  std::vector<int> taken(after.players, 0);
  for (const int cell : LineCells(engine, move)) {
    const int card = CardOn(grid, cell);
    if (card < 0) continue;
    ++cards;
    const auto& stack =
        before.tokens.size() > static_cast<size_t>(card) ? before.tokens[card] : std::vector<int8_t>{};
    if (!stack.empty() && stack.back() != mover && stack.back() < after.players) ++taken[stack.back()];
  }
  std::vector<std::string> from;
  for (int p = 0; p < after.players; ++p) {
    if (taken[p] > 0) from.push_back(fmt::format("{} from {}", taken[p], Player(p, viewer)));
  }
  const std::string text = LineText(engine, move);
  const std::string whose = mover == viewer ? "your" : fmt::format("player {}'s", mover + 1);
  out.push_back(fmt::format("{} on {}: {} token on {} card{}{}", name, text.substr(text.rfind(' ') + 1),
                            whose, cards, cards == 1 ? "" : "s",
                            from.empty() ? "" : fmt::format(", taken: {}", fmt::join(from, ", "))));
}

// The `say:` of the move, then of each of its effects that fired (as the engine saw them
// when it made the move: a draw's effects fire on the card drawn, which the move hides).
void Sayings(const Engine& engine, const GameState& before, const GameState& after, const Move& move,
             int viewer, const MoveStates* states, std::vector<std::string>& out) {
  if (move.kind == kStopMove) return;
  const MoveDecl& decl = engine.rules().moves[move.kind];
  if (std::string made = MatchPlayTold(engine, before, move); !made.empty()) out.push_back(std::move(made));
  if (!decl.say.empty()) out.push_back(Said(engine, before, after, move, decl.say, viewer));
  const uint32_t firing = decl.then.empty() ? 0 : states != nullptr ? states->fired : engine.Firing(move);
  for (size_t i = 0; i < decl.then.size(); ++i) {
    if ((firing >> i) & 1u && !decl.then[i].say.empty())
      out.push_back(Said(engine, before, after, move, decl.then[i].say, viewer));
  }
}

// What scripts told the table (tapis.say), as `viewer` reads it: "{player 2}" is "you" to
// seat 2 and "player 2" to the others.
void ScriptLines(const std::vector<std::string>& said, int viewer, std::vector<std::string>& out) {
  static constexpr std::string_view kSeat = "{player ";
  for (const std::string& line : said) {
    std::string text;
    size_t from = 0;
    for (size_t at = line.find(kSeat); at != std::string::npos; at = line.find(kSeat, from)) {
      size_t end = at + kSeat.size();
      int seat = 0;
      while (end < line.size() && end - at - kSeat.size() < 3 && line[end] >= '0' && line[end] <= '9')
        seat = seat * 10 + (line[end++] - '0');
      text.append(line, from, at - from);
      if (end < line.size() && line[end] == '}' && seat >= 1 && end > at + kSeat.size()) {
        text += Player(seat - 1, viewer);
        from = end + 1;
      } else {  // not a seat: kept as written
        text.append(line, at, kSeat.size());
        from = at + kSeat.size();
      }
    }
    out.push_back(text + line.substr(from));
  }
}

// The round over, the cards kept hidden, as they were when it was scored, in the order the
// view sorts a hand: "hand of player 2: 2S JH JK", and "your hand: …" beside them.
void HandsShown(const Engine& engine, const GameState& ended, int viewer, std::vector<std::string>& out) {
  for (size_t z = 0; z < ended.zones.size(); ++z) {
    const Zone& zone = ended.zones[z];
    if (zone.owner < 0 || zone.cards.empty() ||
        engine.rules().zones[zone.decl].visibility != Visibility::kOwner)
      continue;
    out.push_back(fmt::format("{}: {}", ZoneName(engine, ended, static_cast<int>(z), viewer),
                              Cards(engine, ended, engine.InHandOrder(zone.cards), true)));
  }
}

// "round 1 is over: scores +24, -3; totals …", then where each side's points came from.
void RoundEnd(const Engine& engine, const GameState& before, const GameState& after, const ScoreParts* parts,
              int viewer, std::vector<std::string>& out) {
  std::vector<std::string> scores, totals;
  for (int p = 0; p < after.players; ++p) {
    const int was = p < static_cast<int>(before.totals.size()) ? before.totals[p] : 0;
    const int is = p < static_cast<int>(after.totals.size()) ? after.totals[p] : 0;
    scores.push_back(fmt::format("{:+d}", is - was));
    totals.push_back(std::to_string(is));
  }
  out.push_back(fmt::format("round {} is over: scores {}; totals {}", before.round + 1,
                            fmt::join(scores, ", "), fmt::join(totals, ", ")));
  if (parts != nullptr) {
    for (const std::string& line : ScoreBreakdown(engine, *parts, viewer)) out.push_back("  " + line);
  }
  if (after.finished) out.push_back("the match is over");
}

}  // namespace

std::vector<std::string> Narrate(const Engine& engine, const GameState& before, const GameState& after,
                                 const Move& move, int viewer, const MoveStates* states) {
  std::vector<std::string> out;
  const GameState* moved = states != nullptr ? &states->moved : nullptr;
  const int trick_winner = TrickWinner(engine, before, move);
  // The move's own cards, then what its effects moved (those cards again, if need be).
  const auto cards_moved = [&] {
    if (moved == nullptr) return CardMoves(engine, before, after, move, viewer, trick_winner, out);
    Move effects;
    effects.kind = kStopMove;
    CardMoves(engine, before, *moved, move, viewer, trick_winner, out, states, false);
    CardMoves(engine, *moved, after, effects, viewer, trick_winner, out, states, true);
  };
  const bool round_ended = after.round != before.round || (after.finished && !before.finished);
  if (round_ended) {
    // The deal that follows moves every card: the new hand is in the view, not in lines;
    // the match's last move is told whole.
    const bool ended_known = states != nullptr && states->round_ended;
    Sayings(engine, before, ended_known ? states->round_end : after, move, viewer, states, out);
    if (ended_known || after.finished)
      LineHand(engine, before, ended_known ? states->round_end : after, move, viewer, out);
    if (states != nullptr) ScriptLines(states->said, viewer, out);
    const bool trick_play =
        move.kind != kStopMove && engine.rules().moves[move.kind].type == MoveType::kTrick;
    if (after.finished) {
      cards_moved();  // the last trick among them
    } else if (trick_play || !ended_known || moved == nullptr) {
      LastTrick(engine, before, move, viewer, out);
    } else {  // what the move and the round's end moved (the table's last cards to who took last)
      Move effects;
      effects.kind = kStopMove;
      CardMoves(engine, before, *moved, move, viewer, trick_winner, out, states, false);
      CardMoves(engine, *moved, states->round_end, effects, viewer, trick_winner, out, states, true);
    }
    if (ended_known) VariableChanges(engine, before, states->round_end, viewer, out);
    if (ended_known) HandsShown(engine, states->round_end, viewer, out);
    RoundEnd(engine, before, after, ended_known ? &states->round_parts : nullptr, viewer, out);
    return out;
  }
  Sayings(engine, before, after, move, viewer, states, out);
  LineHand(engine, before, after, move, viewer, out);
  if (states != nullptr) ScriptLines(states->said, viewer, out);
  cards_moved();
  VariableChanges(engine, before, after, viewer, out);
  NewDecision(engine, before, after, viewer, out);
  return out;
}

std::string NarrateGame(const GameLog& log, int viewer, const std::string& file) {
  auto engine = EngineForLog(log);
  std::string out = fmt::format("{} as player {} saw it\n", log.ruleset, viewer + 1);
  MoveStates moved;  // each move's own cards moved, before its effects; the round as it ended
  engine->CaptureStates(&moved);
  Replay(*engine, log, file,
         [&](const GameState& before, const GameState& after, const Move& move, const GameLog::Entry& entry) {
           out +=
               fmt::format("player {}: {}\n", entry.player + 1, ToldMoveText(*engine, before, move, viewer));
           for (const auto& line : Narrate(*engine, before, after, move, viewer, &moved))
             out += "  " + line + "\n";
         });
  engine->CaptureStates(nullptr);
  return out;
}

}  // namespace tapis
