#include "interpreter/bots/ismcts.h"

#include <fmt/format.h>

#include <chrono>
#include <cmath>
#include <limits>

#include "interpreter/bots/determinize.h"
#include "interpreter/bots/lookahead.h"
#include "interpreter/bots/playout.h"
#include "interpreter/model/chance.h"
#include "interpreter/model/errors.h"

namespace tapis {
namespace {

// UCB1's exploration weight for rewards in [0, 1].
constexpr double kExploration = 0.7;

bool SameMove(const Move& a, const Move& b) {
  if (a.kind != b.kind || a.count != b.count || a.zone != b.zone || a.value != b.value ||
      a.target != b.target || a.cell != b.cell)
    return false;
  for (int i = 0; i < a.count; ++i) {
    if (a.cards[i] != b.cards[i] || a.stands[i] != b.stands[i]) return false;
  }
  return true;
}

uint64_t MoveHash(const Move& m) {
  uint64_t h = 0xCBF29CE484222325ULL;
  auto mix = [&](uint64_t v) { h = (h ^ v) * 0x100000001B3ULL; };
  mix(m.kind);
  mix(m.count);
  mix(static_cast<uint16_t>(m.zone));
  mix(static_cast<uint8_t>(m.value));
  mix(static_cast<uint8_t>(m.target));
  mix(static_cast<uint16_t>(m.cell));
  for (int i = 0; i < m.count; ++i) mix((uint64_t{m.cards[i]} << 8) | static_cast<uint8_t>(m.stands[i]));
  return h;
}

uint64_t ChildKey(int node, const Move& m) { return MoveHash(m) ^ (static_cast<uint64_t>(node) * 0x9E3779B97F4A7C15ULL); }

}  // namespace

SearchBudget ParseBudget(const std::string& text) {
  SearchBudget budget;
  if (text.empty()) return budget;
  auto fail = [&] {
    throw Error(ErrorKind::kUsage, fmt::format("ismcts:{}: the budget is a number of iterations (ismcts:2000) or a "
                                               "time per move (ismcts:500ms, ismcts:2s)",
                                               text));
  };
  size_t used = 0;
  double number = 0;
  try {
    number = std::stod(text, &used);
  } catch (const std::exception&) {
    fail();
  }
  const std::string unit = text.substr(used);
  if (!(number > 0)) fail();
  if (unit.empty() && number == std::floor(number) && number <= 1e9) {
    budget.iterations = static_cast<int>(number);
  } else if (unit == "ms") {
    budget.seconds = number / 1000;
  } else if (unit == "s") {
    budget.seconds = number;
  } else {
    fail();
  }
  return budget;
}

int IsmctsBot::Child(int node, const Move& move) const {
  const auto it = child_of_.find(ChildKey(node, move));
  if (it != child_of_.end() && SameMove(nodes_[it->second].move, move)) return it->second;
  if (it == child_of_.end()) return -1;
  for (int c : nodes_[node].children) {  // two moves with one hash: look one by one
    if (SameMove(nodes_[c].move, move)) return c;
  }
  return -1;
}

int IsmctsBot::AddChild(int node, const Move& move, int player) {
  const int index = static_cast<int>(nodes_.size());
  Node child;
  child.move = move;
  child.player = player;
  child.parent = node;
  child.available = 1;
  nodes_.push_back(std::move(child));
  nodes_[node].children.push_back(index);
  child_of_.emplace(ChildKey(node, move), index);  // keeps the first on a clash
  return index;
}

void IsmctsBot::Iterate(const GameState& root, const Knowledge& knowledge) {
  GameState state = Determinize(*search_, root, knowledge, rng_);
  const uint16_t round = root.round;
  int node = 0;
  path_.assign(1, 0);
  // Selection, then expansion of one move not tried yet; nothing past the horizon.
  while (!state.finished && state.round == round && (limits_.until_turn == 0 || state.turns < limits_.until_turn)) {
    if (node == 0 && root_listed_) {
      legal_ = root_legal_;
    } else {
      search_->LegalMoves(state, legal_);
    }
    if (legal_.empty()) break;
    const int actor = search_->Actor(state);
    untried_.clear();
    int best = -1;
    double best_score = -std::numeric_limits<double>::infinity();
    for (const Move& m : legal_) {
      const int c = Child(node, m);
      if (c < 0) {
        untried_.push_back(m);
        continue;
      }
      Node& n = nodes_[c];
      ++n.available;
      const double score = n.reward / n.visits + kExploration * std::sqrt(std::log(n.available) / n.visits);
      if (score > best_score) {
        best_score = score;
        best = c;
      }
    }
    Move chosen;
    if (!untried_.empty()) {
      chosen = untried_[RandomBelow(rng_, static_cast<uint32_t>(untried_.size()))];
      best = AddChild(node, chosen, actor);
    } else {
      chosen = nodes_[best].move;
    }
    if (!search_->Apply(state, chosen).ok) break;
    node = best;
    path_.push_back(node);
    if (!untried_.empty()) break;
  }
  PlayOut(*search_, state, round, limits_, rng_);
  const std::vector<double> values = StandingValues(*search_, state, round);
  const std::vector<double> rewards = Rewards(*search_, state, values, gap_sum_ / gap_count_);
  if (!state.finished) {
    for (int p = 0; p < state.players; ++p) {
      gap_sum_ += std::abs(Lead(values, p));
      gap_count_ += 1;
    }
  }
  for (int n : path_) {
    Node& visited = nodes_[n];
    ++visited.visits;
    if (visited.player >= 0) visited.reward += rewards[visited.player];
  }
}

size_t IsmctsBot::Choose(Engine& engine, const GameState& state, const std::vector<Move>& legal) {
  const Knowledge& knowledge = KnowledgeFor(engine, state);
  iterations_ = 0;
  root_visits_.assign(legal.size(), 0);
  if (legal.size() == 1) return 0;
  search_ = &LookaheadEngine(engine);
  nodes_.assign(1, Node{});
  child_of_.clear();
  // The root's moves are the same in every determinisation when they use only cards the
  // player sees (the seen zones are kept as they are): list them once. Listing is most of
  // the cost where a position offers thousands of moves.
  root_listed_ = true;
  std::vector<bool> seen(engine.cards().size(), false);
  for (size_t z = 0; z < state.zones.size(); ++z) {
    if (!ZoneSeen(engine, state, static_cast<int>(z), engine.Actor(state))) continue;
    for (CardId c : state.zones[z].cards) seen[c] = true;
  }
  for (const Move& m : legal) {
    for (CardId c : m.Cards()) root_listed_ = root_listed_ && seen[c];
  }
  root_legal_ = legal;
  limits_ = PlayoutLimits{};
  if (engine.rules().bot_playout_turns > 0)
    limits_.until_turn = state.turns + static_cast<uint32_t>(engine.rules().bot_playout_turns);
  const int iterations = budget_.iterations > 0          ? budget_.iterations
                         : engine.rules().bot_iterations > 0 ? engine.rules().bot_iterations
                                                             : kDefaultIterations;
  if (budget_.seconds <= 0) nodes_.reserve(iterations + 1);
  const auto start = std::chrono::steady_clock::now();
  auto spent = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  while (budget_.seconds > 0 ? spent() < budget_.seconds : iterations_ < iterations) {
    try {
      Iterate(state, knowledge);
    } catch (const std::exception&) {
      // A script failed on this determinisation: the iteration teaches nothing.
    }
    ++iterations_;
  }
  // The most tried of the moves legal in the real position; ties to the better mean.
  size_t chosen = RandomBelow(rng_, static_cast<uint32_t>(legal.size()));
  double chosen_mean = -1;
  for (size_t i = 0; i < legal.size(); ++i) {
    const int c = Child(0, legal[i]);
    if (c < 0 || nodes_[c].visits == 0) continue;
    const Node& n = nodes_[c];
    root_visits_[i] = n.visits;
    const double mean = n.reward / n.visits;
    if (root_visits_[chosen] < n.visits || (root_visits_[chosen] == n.visits && mean > chosen_mean)) {
      chosen = i;
      chosen_mean = mean;
    }
  }
  return chosen;
}

}  // namespace tapis
