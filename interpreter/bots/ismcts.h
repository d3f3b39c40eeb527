// Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012: the
// single-observer SO-ISMCTS), the general search bot. Each iteration deals a
// determinisation of what its player cannot see (determinize.h), walks one tree of moves
// shared by all determinisations — choosing among the children legal in this one by
// UCB1, with each child's count of the times it was legal in place of its parent's
// visits — adds one node, plays at random to the end of the round (playout.h) and credits
// each node with the reward of the player who made its move. The move played is the most
// visited of the root's.
//
// Budget: a number of iterations (reproducible: one seed, one game, the same moves) or a
// time per decision (as many iterations as fit; not reproducible, for play).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "interpreter/bots/bots.h"
#include "interpreter/bots/playout.h"

namespace tapis {

inline constexpr int kDefaultIterations = 1000;

struct SearchBudget {
  int iterations = 0;  // 0: the ruleset's `bots: iterations:`, else kDefaultIterations
  double seconds = 0;  // > 0: think this long instead
};

// The budget of `ismcts:BUDGET`: "" (the default), "2000" (iterations), "500ms" or "2s"
// (time). Throws Error(kUsage) on anything else.
SearchBudget ParseBudget(const std::string& text);

class IsmctsBot : public WatchingBot {
 public:
  IsmctsBot(uint64_t seed, SearchBudget budget) : budget_(budget), rng_(seed) {}
  size_t Choose(Engine& engine, const GameState& state, const std::vector<Move>& legal) override;

  // After a Choose: iterations run, and how often the root's moves were tried (by index
  // into `legal`), for tests and tuning.
  int iterations() const { return iterations_; }
  const std::vector<uint32_t>& root_visits() const { return root_visits_; }

 private:
  struct Node {
    Move move;          // the move that led here from the parent
    int player = -1;    // who made it
    int parent = -1;
    std::vector<int> children;
    double reward = 0;  // summed over visits, for `player`
    uint32_t visits = 0;
    uint32_t available = 0;  // iterations in which the move was legal at the parent
  };

  void Iterate(const GameState& root, const Knowledge& knowledge);
  int Child(int node, const Move& move) const;
  int AddChild(int node, const Move& move, int player);

  SearchBudget budget_;
  uint64_t rng_;
  Engine* search_ = nullptr;  // LookaheadEngine: the search never runs on the game's engine
  std::vector<Node> nodes_;
  std::unordered_map<uint64_t, int> child_of_;  // (node, move) hash -> child
  std::vector<int> path_;
  std::vector<Move> legal_;
  std::vector<Move> root_legal_;  // the real position's moves…
  bool root_listed_ = false;      // …used at the root when they name only cards in sight
  std::vector<Move> untried_;
  PlayoutLimits limits_;
  double gap_sum_ = 1;  // typical lead over the others, learnt from the playouts' ends
  double gap_count_ = 1;
  int iterations_ = 0;
  std::vector<uint32_t> root_visits_;
};

}  // namespace tapis
