#include "cli/play_told.h"

#include <fmt/format.h>

#include "interpreter/records/move_text.h"
#include "interpreter/records/narration.h"
#include "interpreter/records/view.h"

namespace tapis::cli {

ToldBySeat TellSeats(const Engine& engine, const GameState& before, const GameState& after, const Move& move,
                     const std::vector<std::unique_ptr<Bot>>& bots, const MoveStates* moved) {
  const int players = static_cast<int>(bots.size());
  ToldBySeat by_seat{std::vector<std::string>(players), std::vector<std::vector<std::string>>(players)};
  for (int p = 0; p < players; ++p) {
    if (bots[p]) continue;
    by_seat.move[p] = ToldMoveText(engine, before, move, p);
    by_seat.lines[p] = Narrate(engine, before, after, move, p, moved);
  }
  return by_seat;
}

// The cards that came into a zone only `seat` sees (a card drawn, cards passed to them)
// between `then` and `now`, and that the seat could not see then: a seat that saw them may
// not take its move back. A card picked up from a face-up pile was no secret, unless chance
// acted since (a face-up pile shuffled into the stock, then drawn from): then every card
// that came is news.
std::vector<std::string> CardsSeenSince(const Engine& engine, const GameState& then, const GameState& now,
                                        int seat) {
  auto seen_in = [&](const GameState& s, bool privately) {
    std::vector<bool> seen(engine.cards().size(), false);
    for (size_t z = 0; z < s.zones.size(); ++z) {
      const Zone& zone = s.zones[z];
      const bool shown =
          privately ? zone.owner == seat && engine.rules().zones[zone.decl].visibility == Visibility::kOwner
                    : CanSee(engine, s, static_cast<int>(z), seat);
      if (!shown) continue;
      for (CardId c : zone.cards) seen[c] = true;
    }
    return seen;
  };
  const bool chance_acted = then.rng != now.rng;
  const std::vector<bool> before = seen_in(then, chance_acted), after = seen_in(now, true);
  std::vector<std::string> seen;
  for (int c = 0; c < engine.cards().size(); ++c) {
    if (after[c] && !before[c]) seen.push_back(engine.cards().Code(static_cast<CardId>(c)));
  }
  return seen;
}

// The moves since `seat` last moved (a trick, the others' turns), each with what it caused
// as the seat saw it; false when there are none.
bool PrintSinceLastTurn(const GameLog& log, const std::vector<ToldBySeat>& told, int seat,
                        const Screen& screen) {
  size_t from = log.moves.size();
  while (from > 0 && log.moves[from - 1].player != seat) --from;
  for (size_t i = from; i < log.moves.size(); ++i) {
    const bool kept = i < told.size() && static_cast<size_t>(seat) < told[i].lines.size();
    screen.Print(fmt::format("player {}: {}\n", log.moves[i].player + 1,
                             kept ? told[i].move[seat] : log.moves[i].move));
    if (kept) {
      for (const auto& line : told[i].lines[seat]) screen.Print(fmt::format("  {}\n", line));
    }
  }
  return from < log.moves.size();
}

}  // namespace tapis::cli
