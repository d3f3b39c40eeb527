#include "interpreter/engine.h"

#include <algorithm>

#include "interpreter/combination.h"
#include "interpreter/errors.h"
#include "interpreter/script_host.h"

namespace tapis {

Engine::Engine(std::shared_ptr<const GameConfig> config, std::shared_ptr<ChanceSource> chance)
    : config_(std::move(config)),
      chance_(chance ? std::move(chance) : std::make_shared<SeededChance>()) {
  if (!rules().scripts.empty()) scripts_ = std::make_unique<ScriptHost>(rules());
  for (const MoveDecl& m : rules().moves) {
    always_can_pass_ = always_can_pass_ || (m.type == MoveType::kPass && m.in_turn && m.cost == 0);
  }
}

Engine::~Engine() = default;

GameState Engine::NewGame(uint64_t seed) {
  const Ruleset& r = rules();
  const int n = config_->players();
  GameState s;
  s.players = static_cast<int8_t>(n);
  s.rng = seed;
  for (size_t d = 0; d < r.zones.size(); ++d) {
    if (r.zones[d].dynamic) continue;
    if (r.zones[d].owner == Owner::kTable) {
      s.zones.push_back({static_cast<uint8_t>(d), -1, 0, {}});
    } else {
      for (int p = 0; p < n; ++p) s.zones.push_back({static_cast<uint8_t>(d), static_cast<int8_t>(p), 0, {}});
    }
  }
  s.variables.resize(config_->VariableCount());
  for (size_t v = 0; v < r.variables.size(); ++v) {
    const int count = r.variables[v].owner == Owner::kPlayer ? n : 1;
    for (int i = 0; i < count; ++i) s.variables[config_->VariableSlot(v, i)] = r.variables[v].initial;
  }
  auto& deck = s.zones[ZoneSlot(r.deck_zone, 0)].cards;
  for (int c = 0; c < cards().size(); ++c) deck.push_back(static_cast<CardId>(c));
  s.turn_player = static_cast<int8_t>(r.first_player % n);
  Deal(s);
  s.actions_left = static_cast<int8_t>(config_->Resolve(r.actions_per_turn));
  CheckLastRound(s);
  Settle(s);
  return s;
}

void Engine::Deal(GameState& s) {
  const int n = config_->players();
  auto move_top = [&](int from, int to) {
    auto& src = s.zones[from].cards;
    if (src.empty()) return;
    s.zones[to].cards.push_back(src.back());
    src.pop_back();
  };
  for (const SetupStep& step : rules().setup) {
    const int from = ZoneSlot(step.from, s.turn_player);
    switch (step.kind) {
      case SetupStep::Kind::kShuffle:
        chance_->Shuffle(s.zones[from].cards, s.rng);
        break;
      case SetupStep::Kind::kDeal:  // one card at a time, starting with the first player
        for (int round = 0; round < config_->Resolve(step.count); ++round) {
          for (int i = 0; i < n; ++i) move_top(from, ZoneSlot(step.to, (s.turn_player + i) % n));
        }
        break;
      case SetupStep::Kind::kMove:
        for (int i = 0; i < config_->Resolve(step.count); ++i) move_top(from, ZoneSlot(step.to, s.turn_player));
        break;
    }
  }
}

int Engine::Actor(const GameState& s) const {
  return s.decisions.empty() ? s.turn_player : s.decisions.front().player;
}

int Engine::FindCard(const GameState& s, CardId card) const {
  for (size_t z = 0; z < s.zones.size(); ++z) {
    const auto& cards = s.zones[z].cards;
    if (std::find(cards.begin(), cards.end(), card) != cards.end()) return static_cast<int>(z);
  }
  return -1;
}

void Engine::MoveCard(GameState& s, CardId card, int to_zone) const {
  const int from = FindCard(s, card);
  if (from >= 0) {
    auto& cards = s.zones[from].cards;
    cards.erase(std::find(cards.begin(), cards.end(), card));
  }
  s.zones[to_zone].cards.push_back(card);
}

void Engine::Ask(GameState&, const Decision& decision) { asked_.push_back(decision); }

void Engine::EndGame(GameState& s, int winner) {
  s.finished = true;
  s.declared_winner = static_cast<int16_t>(winner);
  s.decisions.clear();
}

void Engine::CheckLastRound(GameState& s) const {
  const int zone = rules().last_round_when_empty;
  if (zone < 0 || s.last_round_player >= 0) return;
  if (s.zones[ZoneSlot(zone, s.turn_player)].cards.empty()) s.last_round_player = s.turn_player;
}

namespace {

bool TriggerMatches(const Trigger& t, const CardSet& set, const Move& m) {
  if (t.function.empty()) return false;
  if (t.when.empty()) return true;
  for (CardId c : m.Cards()) {
    for (const CardFilter& f : t.when) {
      const int v = set.Value(c, f.property);
      if (std::find(f.values.begin(), f.values.end(), v) != f.values.end()) return true;
    }
  }
  return false;
}

}  // namespace

ApplyResult Engine::Apply(GameState& s, const Move& m) {
  const int player = Actor(s);
  const MoveDecl* decl = m.kind == kStopMove ? nullptr : &rules().moves[m.kind];
  // Draws hide their card in the move; the trigger sees the card drawn.
  Move performed = m;
  if (decl && decl->type == MoveType::kDraw) {
    const auto& from = s.zones[ZoneSlot(decl->from, player)].cards;
    performed.count = 0;
    if (!from.empty()) performed.Add(from.back());
  }
  const bool fires = decl && TriggerMatches(decl->then, cards(), performed);
  if (fires) backup_ = s;  // only effects can fail, so only they need a way back
  const bool answering = !s.decisions.empty();

  if (!s.decisions.empty()) {
    Decision& d = s.decisions.front();
    if (decl == nullptr) {
      s.decisions.erase(s.decisions.begin());
    } else {
      if (d.costs_actions) s.actions_left = static_cast<int8_t>(std::max(0, s.actions_left - decl->cost));
      if (--d.remaining <= 0) s.decisions.erase(s.decisions.begin());
    }
  } else if (decl) {
    s.actions_left = static_cast<int8_t>(s.actions_left - decl->cost);
    if (decl->ends_turn) s.end_turn = true;
  }
  if (decl) Perform(s, player, performed);
  ++s.moves_played;

  if (fires) {
    std::string error;
    if (!FireTrigger(s, player, performed, answering, error)) {
      s = backup_;
      return {false, error};
    }
  }
  CheckLastRound(s);
  Settle(s);
  return {};
}

void Engine::Perform(GameState& s, int player, const Move& m) {
  const MoveDecl& decl = rules().moves[m.kind];
  auto take_out = [&](int zone, CardId card) {
    auto& cards = s.zones[zone].cards;
    cards.erase(std::find(cards.begin(), cards.end(), card));
  };
  switch (decl.type) {
    case MoveType::kPass:
      break;
    case MoveType::kDraw: {
      auto& from = s.zones[ZoneSlot(decl.from, player)].cards;
      s.zones[ZoneSlot(decl.to, player)].cards.push_back(from.back());
      from.pop_back();
      break;
    }
    case MoveType::kTake: {
      const int from = ZoneSlot(decl.from, player);
      take_out(from, m.cards[0]);
      s.zones[ZoneSlot(decl.to, player)].cards.push_back(m.cards[0]);
      if (decl.refill_from >= 0) {
        auto& refill = s.zones[ZoneSlot(decl.refill_from, player)].cards;
        if (!refill.empty()) {
          s.zones[from].cards.push_back(refill.back());
          refill.pop_back();
        }
      }
      break;
    }
    case MoveType::kMeld: {
      const int from = ZoneSlot(decl.from, player);
      Zone meld{static_cast<uint8_t>(decl.to), static_cast<int8_t>(player), s.next_label++, {}};
      for (CardId c : m.Cards()) {
        take_out(from, c);
        meld.cards.push_back(c);
      }
      SortForCombination(cards(), rules().combinations[decl.combination], meld.cards);
      s.zones.push_back(std::move(meld));
      break;
    }
    case MoveType::kExtend: {
      take_out(ZoneSlot(decl.from, player), m.cards[0]);
      auto& meld = s.zones[m.zone].cards;
      meld.push_back(m.cards[0]);
      SortForCombination(cards(), rules().combinations[decl.combination], meld);
      break;
    }
  }
}

bool Engine::FireTrigger(GameState& s, int player, const Move& m, bool extra, std::string& error) {
  const MoveDecl& decl = rules().moves[m.kind];
  int zone = -1;
  if (decl.type == MoveType::kMeld) zone = static_cast<int>(s.zones.size()) - 1;
  if (decl.type == MoveType::kExtend) zone = m.zone;
  asked_.clear();
  ScriptContext ctx{this, &s, player, &m, zone, false, extra};
  if (!scripts_->CallTrigger(decl.then.function, ctx, error)) return false;
  // Decisions an effect asks come before whatever was pending, in the order asked.
  s.decisions.insert(s.decisions.begin(), asked_.begin(), asked_.end());
  asked_.clear();
  return true;
}

void Engine::Settle(GameState& s) {
  int idle_turns = 0;
  while (!s.finished) {
    if (!s.decisions.empty()) {
      const Decision& d = s.decisions.front();
      if (d.remaining > 0 && HasMoveFor(s, d)) return;
      s.decisions.erase(s.decisions.begin());  // nothing left to choose from
      continue;
    }
    if (s.end_turn || s.actions_left <= 0) {
      EndTurn(s);
      continue;
    }
    // A turn player with nothing to do passes; if nobody can, the game is over.
    if (always_can_pass_) return;
    scratch_.clear();
    GenerateFor(s, s.turn_player, ~0u, true, scratch_);
    if (!scratch_.empty()) return;
    if (++idle_turns > s.players) {
      s.finished = true;
      return;
    }
    EndTurn(s);
  }
}

void Engine::EndTurn(GameState& s) {
  const int n = s.players;
  const int next = ((s.turn_player + s.direction) % n + n) % n;
  s.end_turn = false;
  if (s.last_round_player >= 0 && next == s.last_round_player) {
    s.finished = true;
    return;
  }
  s.turn_player = static_cast<int8_t>(next);
  s.actions_left = static_cast<int8_t>(config_->Resolve(rules().actions_per_turn));
  ++s.turns;
}

std::vector<int> Engine::Score(const GameState& s, std::string* error) {
  std::vector<int> scores(s.players, 0);
  if (rules().score_function.empty() || !scripts_) return scores;
  // Scoring is read-only (the API refuses every change), so `s` stays as it is.
  ScriptContext ctx{this, const_cast<GameState*>(&s), Actor(s), nullptr, -1, true};
  std::string message;
  if (!scripts_->CallScore(rules().score_function, ctx, scores, message)) {
    if (error) *error = message;
    else throw ScriptError(message);
  }
  return scores;
}

}  // namespace tapis
