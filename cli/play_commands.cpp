#include "cli/play_commands.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "cli/commands.h"
#include "interpreter/mechanisms/match_explain.h"
#include "interpreter/mechanisms/passing.h"
#include "interpreter/records/move_text.h"
#include "interpreter/records/score_text.h"
#include "interpreter/records/view.h"

namespace tapis::cli {

std::string ExtraWordsRefusal(const std::string& command) {
  static const std::set<std::string> kWordless = {"quit", "exit", "undo", "hint", "board", "score", "last"};
  const std::string word = command.substr(0, command.find_first_of(" \t"));
  if (word == command || !kWordless.contains(word)) return "";
  return fmt::format("'{}' takes nothing after it: type {}", word, word);
}

std::string DecisionLine(const Engine& engine, const GameState& state) {
  if (state.decisions.empty())
    return fmt::format("player {}, your turn ({} action{} left)", state.turn_player + 1, state.actions_left,
                       state.actions_left == 1 ? "" : "s");
  const Decision& d = state.decisions.front();
  std::vector<std::string> kinds;
  int receiver = d.target;  // a gift's receiver, or the passing's this round
  for (size_t k = 0; k < engine.rules().moves.size(); ++k) {
    if (!(d.moves & (1u << k))) continue;
    const MoveDecl& move = engine.rules().moves[k];
    kinds.push_back(move.name);
    if (move.type == MoveType::kPassCards) receiver = PassReceiver(engine, state, move, d.player);
  }
  return fmt::format("player {}, you {} {}: {} more{}{}", d.player + 1, d.optional ? "may" : "must",
                     fmt::join(kinds, " or "), d.remaining,
                     receiver >= 0 ? fmt::format(", to player {}", receiver + 1) : "",
                     d.optional ? " (or 'stop' to decline)" : "");
}

namespace {

// The moves of each kind that moves one card (and places it nowhere) in the order the view
// sorts a hand (`discard 2♣`, `discard 6♣`, … rather than as dealt); the kinds, and the moves
// of other kinds, keep their order.
void SortOneCardMoves(const Engine& engine, std::vector<Move>& legal) {
  const auto one_card = [](const Move& m) { return m.count == 1 && m.cell < 0; };
  std::map<int, size_t> kind_first;  // a kind's place: where its first move was listed
  std::map<int, bool> all_one_card;
  std::vector<CardId> cards;
  for (size_t i = 0; i < legal.size(); ++i) {
    kind_first.emplace(legal[i].kind, i);
    bool& all = all_one_card.emplace(legal[i].kind, true).first->second;
    all = all && one_card(legal[i]);
    if (one_card(legal[i])) cards.push_back(legal[i].cards[0]);
  }
  const std::vector<CardId> order = engine.InHandOrder(cards);
  const auto key = [&](const Move& m) {
    const size_t at =
        all_one_card[m.kind]
            ? static_cast<size_t>(std::find(order.begin(), order.end(), m.cards[0]) - order.begin())
            : 0;
    return std::pair{kind_first[m.kind], at};
  };
  std::stable_sort(legal.begin(), legal.end(), [&](const Move& a, const Move& b) { return key(a) < key(b); });
}

// The numbers offered from `legal[i]` on, for one number move, as ranges ("0 to 2, 4 to 7");
// `i` ends on the last of them.
std::string NumberRanges(const std::vector<Move>& legal, size_t& i) {
  std::vector<std::string> ranges;
  const int kind = legal[i].kind;
  while (true) {
    const int low = legal[i].value;
    while (i + 1 < legal.size() && legal[i + 1].kind == kind && legal[i + 1].value == legal[i].value + 1) ++i;
    ranges.push_back(low == legal[i].value ? std::to_string(low)
                                           : fmt::format("{} to {}", low, legal[i].value));
    if (i + 1 >= legal.size() || legal[i + 1].kind != kind) break;
    ++i;
  }
  return fmt::format("{}", fmt::join(ranges, ", "));
}

}  // namespace

std::string Lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

void PrintHelp(Engine& engine, const GameState& state, const Screen& screen, const std::string& filter,
               bool sorted) {
  std::vector<std::pair<std::string, std::string>> lines;  // what to type, what it does
  std::vector<Move> legal = engine.LegalMoves(state);
  if (sorted) SortOneCardMoves(engine, legal);
  for (size_t i = 0; i < legal.size(); ++i) {
    const Move& m = legal[i];
    // A number move: one line, its numbers after the description (a bid of 0 to 13).
    if (m.kind != kStopMove && engine.rules().moves[m.kind].type == MoveType::kNumber) {
      const MoveDecl& decl = engine.rules().moves[m.kind];
      // As it is typed: the move's text with N for its number ("bid N", or "N" alone).
      std::string typed = MoveText(engine, state, m);
      const size_t at = typed.rfind(std::to_string(m.value));
      if (at != std::string::npos) typed.replace(at, std::to_string(m.value).size(), "N");
      const std::string numbers = NumberRanges(legal, i);
      lines.emplace_back(typed, fmt::format("{} (N: {})", decl.description, numbers));
      continue;
    }
    std::string text = MoveText(engine, state, m);
    // One card placed on a grid: one line per card, its cells after it (place 9MoSu a1 b1 …).
    // Not several cards laid at once: each such lay is a move of its own.
    const size_t first = i;
    while (m.cell >= 0 && m.count == 1 && i + 1 < legal.size() && legal[i + 1].kind == m.kind &&
           legal[i + 1].count == 1 && legal[i + 1].cards[0] == m.cards[0]) {
      const std::string next = MoveText(engine, state, legal[++i]);
      text += next.substr(next.rfind(' '));
    }
    if (i > first) {
      lines.emplace_back(text, "");
      continue;
    }
    // A play that spells a word says which.
    if (const auto words = SpelledWords(engine, state, m); !words.empty()) {
      lines.emplace_back(text, fmt::format("spells {}", fmt::join(words, ", ")));
      continue;
    }
    lines.emplace_back(
        text, m.kind == kStopMove ? "Decline what is offered." : engine.rules().moves[m.kind].description);
  }
  // Each word of the filter somewhere in the move: `help lay AD`.
  const std::vector<std::string> wanted = Words(Lower(filter));
  std::vector<const std::pair<std::string, std::string>*> matching;
  for (const auto& line : lines) {
    const std::string text = Lower(line.first);
    if (std::all_of(wanted.begin(), wanted.end(),
                    [&](const std::string& word) { return text.find(word) != std::string::npos; }))
      matching.push_back(&line);
  }
  // Hundreds of lays or plays would scroll the rest away: the first few of each kind, and how
  // to see the others.
  constexpr size_t kMostLines = 40, kFewOfAKind = 6;
  const bool abridged = matching.size() > kMostLines;
  std::map<std::string, size_t> of_kind, left_out;
  screen.Print(fmt::format("legal moves{}:\n", filter.empty() ? "" : fmt::format(" with '{}'", filter)));
  for (const auto* line : matching) {
    const std::string kind = line->first.substr(0, line->first.find(' '));
    if (abridged && ++of_kind[kind] > kFewOfAKind) {
      ++left_out[kind];
      continue;
    }
    const auto& [text, about] = *line;
    // Padded before the look shows cards: a symbol takes the column its letter took.
    screen.Print(about.empty() ? fmt::format("  {}\n", text) : fmt::format("  {:<24} {}\n", text, about));
  }
  for (const auto& [kind, count] : left_out)
    screen.Print(fmt::format("  … and {} more '{}' moves ('help {} CARD' lists those with CARD)\n", count,
                             kind, kind));
  const size_t shown = matching.size();
  if (shown == 0) screen.Print(fmt::format("  none ({} in all; 'help' lists them)\n", lines.size()));
  screen.Print(fmt::format(
      "commands: help [FILTER], board, score, last, rules, info CARD, hint, undo, save FILE, quit\n"));
}

std::vector<std::string> NextWords(Engine& engine, const GameState& state, const std::string& before) {
  const std::vector<std::string> typed = Words(before);
  std::vector<std::string> out;
  if (typed.empty())
    out = {"help", "board", "score", "last", "rules", "info", "hint", "undo", "save", "quit"};
  const bool about_a_card = typed.size() == 1 && (Lower(typed[0]) == "info" || Lower(typed[0]) == "help");
  if (about_a_card) {  // info CARD, help FILTER: any card's code
    for (const CardKind& kind : engine.rules().catalog.kinds()) out.push_back(kind.code);
    return out;
  }
  for (const Move& move : engine.LegalMoves(state)) {
    const std::vector<std::string> words = Words(MoveText(engine, state, move));
    if (words.size() <= typed.size()) continue;
    bool begins = true;
    for (size_t i = 0; i < typed.size() && begins; ++i) begins = Lower(words[i]) == Lower(typed[i]);
    if (begins) out.push_back(words[typed.size()]);
  }
  return out;
}

void PrintCardInfo(const Engine& engine, const Screen& screen, const std::string& code) {
  const Catalog& catalog = engine.rules().catalog;
  const auto kind = catalog.KindByCode(code);
  if (!kind) {
    screen.Print(fmt::format("no card '{}' in this game\n", code));
    return;
  }
  const CardKind& k = catalog.kind(*kind);
  std::vector<std::string> parts;
  for (size_t p = 0; p < catalog.properties().size(); ++p) {
    const Property& property = catalog.properties()[p];
    std::vector<std::string> values;
    for (size_t v = 0; v < property.values.size(); ++v) {
      if (k.Has(static_cast<int>(p), static_cast<int>(v))) values.push_back(property.values[v]);
    }
    if (k.wild == static_cast<int>(p) || k.wild == kWildAny) values.push_back("any (wild)");
    if (!values.empty()) parts.push_back(fmt::format("{} {}", property.name, fmt::join(values, ", ")));
  }
  screen.Print(fmt::format("{}: {}\n", k.code,
                           parts.empty() ? "no properties" : fmt::format("{}", fmt::join(parts, "; "))));
  // What it is worth and what it does in this game: its points, and the moves' effects that
  // name it (those that fire for every card say nothing of this one).
  const CardSet& cards = engine.cards();
  for (CardId card = 0; card < cards.size(); ++card) {
    if (cards.Code(card) != k.code) continue;
    const GameConfig& config = engine.config();
    const int points = config.CardPoints(card), as_trump = config.CardPointsAs(card, true);
    if (points != 0 || as_trump != 0)
      screen.Print(points == as_trump ? fmt::format("  worth {} point{}\n", points, points == 1 ? "" : "s")
                                      : fmt::format("  worth {}, or {} as a trump\n", points, as_trump));
    for (const MoveDecl& move : engine.rules().moves)
      for (const Trigger& t : move.then)
        if (!t.when.empty() && FitsAll(cards, t.when, card))
          screen.Print(fmt::format("  when played by `{}`: {}\n", move.name, TriggerYaml(engine.rules(), t)));
    screen.Print("  (the rules for players say what it does: rules)\n");
    break;
  }
}

void PrintRules(const Ruleset& r, const std::map<std::string, std::string>& settings, const Screen& screen,
                const std::string& section) {
  const int width = ProseWidth();
  const auto heading = [](std::string name) {
    if (!name.empty() && name[0] >= 'a' && name[0] <= 'z') name[0] = static_cast<char>(name[0] - 'a' + 'A');
    return name;
  };
  std::vector<const RulesSection*> shown;
  for (const RulesSection& s : r.how_to_play)
    if (Lower(s.name).starts_with(Lower(section))) shown.push_back(&s);
  if (!section.empty() && shown.empty()) {
    std::vector<std::string> names;
    for (const RulesSection& s : r.how_to_play) names.push_back(s.name);
    screen.Print(names.empty() ? fmt::format("{} has no rules written for players\n", r.name)
                               : fmt::format("no section '{}' in the rules; they have: {}\n", section,
                                             fmt::join(names, ", ")));
    return;
  }
  if (section.empty())
    screen.Print(
        Paragraphs(fmt::format("{}: {}", r.title.empty() ? r.name : r.title, r.description), 0, width));
  for (const RulesSection* s : shown)
    screen.Print(fmt::format("\n{}\n{}", heading(s->name), Paragraphs(s->text, 2, width)));
  if (!section.empty()) return;
  if (r.how_to_play.empty())
    screen.Print(
        fmt::format("(no rules written for players: the ruleset's file says what it does, {})\n", r.file));
  if (settings.empty()) return;
  screen.Print("\nParameters of this game:\n");
  for (const Parameter& p : r.parameters) {
    const auto value = settings.find(p.name);
    screen.Print(
        Paragraphs(fmt::format("- {} = {}{}{}", p.name, value == settings.end() ? "?" : value->second,
                               p.description.empty() ? "" : ": ", p.description),
                   2, width));
  }
}

// The totals as the last round ended them, then the variables this seat sees (tricks taken,
// bids): a round's score so far is not shown, as it may count cards in other hands.
void PrintScore(Engine& engine, const GameState& state, const Screen& screen, int viewer,
                const std::vector<std::string>& kinds) {
  const bool lowest = engine.rules().match.lowest_wins;
  screen.Print(fmt::format("round {}; totals of the rounds played{}:\n", state.round + 1,
                           lowest ? " (the lowest wins)" : ""));
  for (int p = 0; p < state.players; ++p) {
    const int total = p < static_cast<int>(state.totals.size()) ? state.totals[p] : 0;
    screen.Print(fmt::format("  player {} ({}): {}\n", p + 1, p == viewer ? "you" : kinds[p], total));
  }
  if (engine.rules().match.live_score && !state.finished) {
    std::string error;
    const ScoreParts parts = engine.ExplainRoundScore(state, &error);  // where this round's points come from
    if (error.empty()) {
      screen.Print("this round, as it stands:\n");
      for (int p = 0; p < state.players; ++p) {
        const std::string text = parts[p].empty() ? "0" : PartsText(parts[p]);
        screen.Print(fmt::format("  player {} ({}): {}\n", p + 1, p == viewer ? "you" : kinds[p], text));
      }
    }
  }
  auto seen = SeenVariables(engine, state, viewer);
  std::erase_if(seen, [](const SeenVariable& v) { return v.quiet; });
  if (seen.empty()) return;
  screen.Print(fmt::format("this round so far:\n"));
  for (const SeenVariable& v : seen) screen.Print(fmt::format("  {}: {}\n", v.label, v.text));
}

}  // namespace tapis::cli
