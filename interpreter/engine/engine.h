// Engine: runs games of one GameConfig. It makes the first state, lists legal moves,
// applies them with the turn flow (actions, decisions, last round, end), and runs the
// ruleset's Lua effects. One Engine per thread: it owns a Lua state; GameStates are
// plain values it reads and writes. The mechanisms and effects it calls see it only as
// EngineServices (model/engine_services.h).
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "interpreter/mechanisms/follow.h"
#include "interpreter/mechanisms/knock.h"
#include "interpreter/model/chance.h"
#include "interpreter/model/engine_services.h"
#include "interpreter/model/game_config.h"
#include "interpreter/model/game_state.h"
#include "interpreter/model/move.h"
#include "interpreter/model/score_parts.h"

namespace tapis {

class ScriptHost;

// Bounds on what the flow may do between two moves (Settle): past them it is looping.
inline constexpr int kMaxTurnsWithoutMove = 10'000;
inline constexpr int kMaxRoundsWithoutMove = 100;
// A setup step that rejects cards turns at most this many before it keeps one.
inline constexpr int kMaxRedraws = 1000;

// Whether a deal step's size is chance's pick (`deal: {random: N}`).
bool HasRandomDealSize(const Ruleset& rules);

// The outcome of applying a move: fine, or a script error (the state is then unchanged).
struct ApplyResult {
  bool ok = true;
  std::string error;
};

// The states of one move that its before and after do not show: once the move's own cards
// moved, before its effects (a battle's turned card crosses a face-up zone within the move);
// and, when the move ended a round, the round as it ended, before the next deal.
struct MoveStates {
  GameState moved;
  GameState round_end;
  bool round_ended = false;
  std::vector<std::string> said;  // what scripts told the table during the move (tapis.say)
  uint32_t fired = 0;             // bit i: the move's effect i fired (for a draw, on the card drawn)
  // Cards a refill moved during the move: from and into which zone, and whether while its
  // effects ran (after `moved`) or before.
  struct Refill {
    CardId card;
    int from, to;
    bool in_effects;
  };
  std::vector<Refill> refilled;
  ScoreParts round_parts;  // the round's scores in named parts, when the move ended a round
  bool made = false;  // `moved` is taken: what follows is the effects'
};
inline constexpr size_t kMaxSaidLines = 16;  // a script's lines a move, at most

class Engine final : public EngineServices {
 public:
  explicit Engine(std::shared_ptr<const GameConfig> config, std::shared_ptr<ChanceSource> chance = nullptr);
  ~Engine();
  Engine(const Engine&) = delete;
  Engine& operator=(const Engine&) = delete;

  // A game from its seed, the scripts started afresh (ScriptHost::Reset): what a script kept
  // in Lua during the games before is gone, so a game is the same whatever was played before
  // it on this engine (DESIGN.md §14).
  GameState NewGame(uint64_t seed);
  // The same, in `state`, whose storage a loop of games reuses (what it held is dropped).
  void NewGame(uint64_t seed, GameState& state);
  // Legal moves in a fixed order (move kinds as declared, then cards); empty when finished.
  void LegalMoves(const GameState& state, std::vector<Move>& out);
  std::vector<Move> LegalMoves(const GameState& state);
  // What the ruleset's `tricks: allow:` script says (its second result) of the cards it leaves
  // out of a `trick` move of `kind` by `player` now; "" when it says nothing.
  std::string AllowReason(const GameState& state, int player, int kind) const;
  // On a script error the state is put back as it was before the move, unless
  // SetUndoOnError(false): playouts that stop at the first error skip the copy that costs.
  ApplyResult Apply(GameState& state, const Move& move);
  void SetUndoOnError(bool undo) { undo_on_error_ = undo; }
  // Keeps in `where` the states narration needs besides a move's before and after (see
  // MoveStates); null stops. Only what tells the players asks for it, never a bot's trial.
  void CaptureStates(MoveStates* where) { captured_ = where; }
  // Bit i: the move's effect i (`then:`) fires for its cards and the parameters (narration
  // tells the `say:` of those that fire).
  uint32_t Firing(const Move& move) const;
  // Starts the scripts afresh after each move, as a game resumed from its position would
  // (`tapis check` compares: a script must keep its state in the game, not in Lua).
  void SetFreshScriptsEachMove(bool fresh) { fresh_scripts_each_move_ = fresh; }
  // Scores as the rules count them now: the match totals plus the round so far (the
  // final totals once finished).
  std::vector<int> Score(const GameState& state, std::string* error = nullptr);
  // The round's scores so far, each player's in parts named by the rules that gave them (with
  // `score: team`, each partner has the team's parts); the parts add up to Score less the
  // totals. Empty lists when the match is over.
  ScoreParts ExplainRoundScore(const GameState& state, std::string* error = nullptr);

  // What bots weigh a position by without a `bots: evaluate:` function: Score, and in a game
  // scored by knocking, less each player's deadwood while round `round` is played (knock.h);
  // a new deal's hands say nothing of the move that ended the last.
  std::vector<int> BotScore(const GameState& state, int round);

  // The ruleset's `bots: evaluate:` function, one number per player (higher is better for
  // that player); empty when the ruleset has none. Throws ScriptError when it fails.
  std::vector<int> BotEvaluation(const GameState& state);
  // The ruleset's `bots: sample:` function, run on a bot's sample of what seat `me` cannot
  // see (determinize.h checks that it changed nothing else). Throws ScriptError.
  void SampleForBot(GameState& sample, int me);

  // Who won a finished game: the winner a script declared, else the best total(s).
  std::vector<int> Winners(const GameState& state, const std::vector<int>& scores);

  // How often each move kind was made and each of its effects fired, over this engine's
  // games (for `tapis sim`'s rule coverage). Index: move kind (then the effect's place in its
  // `then:` list); `stops` counts declined decisions.
  struct Usage {
    std::vector<uint64_t> moves;
    std::vector<std::vector<uint64_t>> effects;
    uint64_t stops = 0;
  };
  const Usage& usage() const { return usage_; }

  // What the rules allowed but is probably a designer's mistake, seen in play, each once
  // ("tricks: allow: 'f' returned 9H, which the rules do not offer; it is left out"), for
  // `tapis check`.
  const std::vector<std::string>& Warnings() const { return warnings_; }

  // No move kind has a bot_weight other than 1: the random bot picks among legal moves uniformly.
  bool UniformBotWeights() const { return uniform_bot_weights_; }

  // The mechanisms' and effects' services are EngineServices's (model/engine_services.h).
  void Ask(GameState& state, const Decision& decision) override;
  void Say(const std::string& line) override {
    if (Narrating()) captured_->said.push_back(line);
  }
  bool Narrating() const override { return captured_ != nullptr && captured_->said.size() < kMaxSaidLines; }
  void Refilled(int from, int to, std::span<const CardId> cards) override {
    if (captured_ == nullptr) return;
    for (CardId c : cards) captured_->refilled.push_back({c, from, to, captured_->made});
  }
  // turn: wins_when_empty: the player who just moved and emptied that zone wins;
  // round_ends_when_empty: their move ends the round.
  void CheckGoneOut(GameState& state, int player);
  void EndRoundIf(GameState& state, bool ends) const;

 private:
  // The setup steps (engine/deal.cpp).
  void Deal(GameState& state);
  bool DealAtOnce(GameState& state, int from, int to_decl, int first, int size);
  int StepMost(const SetupStep& step) const;
  int StepSize(GameState& state, const SetupStep& step);  // cards each (deal) or in all (move)
  int ScheduledRounds() const;
  void PickDealer(GameState& state);
  bool ActOpening(GameState& state, std::string& error);
  // How much of the list is wanted: all of it, or one move (any will do).
  enum class Listing : bool { kEvery, kAny };
  // Moves of the kinds in `kinds` for `player`: their own turn's when `decision` is null.
  void GenerateFor(const GameState& state, int player, uint32_t kinds, const Decision* decision,
                   std::vector<Move>& out, Listing listing = Listing::kEvery) const;
  // One pass of GenerateFor: in the turn, the fallback kinds or the others.
  // Returns the kinds that gave moves, a bit each.
  uint32_t GenerateKinds(const GameState& state, int player, uint32_t kinds, const Decision* decision,
                         bool fallback, Listing listing, std::vector<Move>& out) const;
  void DropWaiting(std::vector<Move>& out, size_t first, uint32_t offered) const;
  // `when:`: whether the conditions that read no card hold for `player`; the moves listed from
  // `first` whose card a condition refuses dropped, and the kinds `listed` that still have moves
  // (conditions.cpp).
  bool KindConditionsHold(const GameState& state, int player, const MoveDecl& m) const;
  uint32_t DropRefusedCards(const GameState& state, int player, std::vector<Move>& out, size_t first,
                            uint32_t listed) const;
  template <bool kKeeps>
  void GenerateTakes(const GameState& state, int player, int kind, const Decision* decision, Listing listing,
                     const Move& base, std::vector<Move>& out) const;
  void GenerateMelds(const GameState& state, int player, const MoveDecl& m, const Move& base,
                     std::vector<Move>& out) const;
  void GenerateExtends(const GameState& state, int player, const MoveDecl& m, const Move& base,
                       std::vector<Move>& out) const;
  void GeneratePlays(const GameState& state, int player, const MoveDecl& m, Move base,
                     std::vector<Move>& out) const;
  void KeepDistinctInTurn(const GameState& state, int player, const MoveDecl& m, std::vector<Move>& out,
                          size_t first) const;
  // Whether `player` has any move of `kinds` (answering `decision` when not null).
  bool CanMove(const GameState& state, int player, uint32_t kinds, const Decision* decision);
  void Perform(GameState& state, int player, int target, const Move& move);
  ApplyResult ApplyMove(GameState& state, const Move& move);
  // Each returns false with `error` set when a script fails.
  // Calls the move's effects whose bit is set in `firing`, in order, until one ends the round.
  bool FireTriggers(GameState& state, int player, const Move& move, uint32_t firing, bool extra,
                    std::string& error);
  void BuildFiringTables();  // firing_always_ and firing_by_card_ (effects.cpp)
  void BuiltInEffect(GameState& state, int player, const Move& move, const Trigger& effect);
  void SetVariables(GameState& state, int player, const Move& move, const Trigger& effect) const;
  bool CallEvent(const std::string& function, GameState& state, std::string& error);
  // `answered`: the move answered a decision; once none is left, cards passed are delivered.
  bool Settle(GameState& state, std::string& error, bool answered = false);
  void TellPass(int seat, uint64_t& told);
  void UntellPasses(uint64_t told);
  bool StartRound(GameState& state, std::string& error);
  bool EndTurn(GameState& state, std::string& error);
  bool ScoreRound(GameState& state, std::string& error);
  // With `parts`, each player's points in named parts as well (ExplainRoundScore).
  std::vector<int> RoundScore(const GameState& state, std::string& error, ScoreParts* parts = nullptr);
  std::vector<int> PointsScore(const GameState& state, ScoreParts* parts = nullptr) const;
  std::vector<int> ScriptScore(const GameState& state, std::string& error, ScoreParts* parts);
  void TakeAllPoints(const GameState& state, std::vector<int>& scores) const;
  long long Deadwood(std::span<const CardId> cards, int trump) const;
  void JudgeTaker(const GameState& state, std::vector<int>& scores, const std::vector<long long>& kept) const;
  int ScoringTrump(const GameState& state) const;
  int PointsWith(CardId card, int trump) const;
  // Tricks: the winner takes a complete trick and leads `next`.
  bool FinishTrick(GameState& state, int& next, std::string& error);
  // The ruleset's `allow` narrows the trick plays offered (trick_allow.cpp).
  void AllowByScript(const GameState& state, int player, size_t first, std::vector<Move>& out,
                     std::string* reason = nullptr) const;

  std::unique_ptr<ScriptHost> scripts_;
  std::vector<Decision> asked_;  // decisions asked during one effect, in order
  std::vector<Move> scratch_;    // reused by CanMove
  mutable KnockCache knock_cache_;  // the knocks of the hand last listed (knock.h)
  GameState backup_;             // restored when an effect fails
  Usage usage_;
  bool always_can_pass_ = false;  // a free pass exists, so no turn is ever stuck
  bool scripts_in_flow_ = false;
  bool undo_on_error_ = true;  // settling a move may run Lua (events, round scores)
  bool fresh_scripts_each_move_ = false;
  uint32_t cheap_kinds_ = 0;      // bit k: move kind k is a draw, a pass or a fallback take (quick to list)
  // bit k: a take, give or pass_cards kind that lists every card of its zone (no filter, pile
  // to follow, count, fallback, knock nor keep): "is there a move" asks only for one card
  uint32_t plain_take_kinds_ = 0;
  uint32_t trick_kinds_ = 0;  // bit k: a trick play with no `allow` script (any card of the hand may follow)
  uint32_t waiting_kinds_ = 0;    // bit k: move kind k is a fallback for some kinds (`fallback: [kinds]`)
  uint32_t limited_kinds_ = 0;    // bit k: move kind k waits for others, or has a count with a max
  uint32_t conditioned_kinds_ = 0;  // bit k: a `when:` condition of kind k reads no card (tested per kind)
  uint32_t card_conditioned_kinds_ = 0;  // bit k: a `when:` condition of kind k reads the move's card
  bool has_copies_ = false;       // some kind of card is in the game more than once (two packs)
  std::vector<uint32_t> decl_scripted_;  // per move kind, bit i: its effect i is a Lua function (it may fail)
  std::vector<uint32_t> firing_always_;  // per move kind, the effects that fire whatever the cards
  std::vector<std::vector<uint32_t>>
      firing_by_card_;                   // per move kind, per kind of card: the effects its `if` fires
  std::vector<FollowKeys> follow_keys_;  // per move kind: its `follow:` keys (none without)
  std::vector<int> counted_kinds_;       // the move kinds with `count:`
  std::vector<int> refilled_zones_;      // the zones that refill (`refill:`)
  std::vector<int> penalty_paid_;   // per move kind: the variable of the penalty it pays (`penalty:`), or -1
  MoveStates* captured_ = nullptr;  // CaptureStates
  bool has_climbs_ = false;       // some play climbs (`climb:`): its passes and clearing are kept
  bool has_passing_ = false;      // a `pass_cards` move: rounds start by passing cards (passing.h)
  bool has_trump_bids_ = false;   // a `take_trump` move: rounds start by bidding for trumps (trump_bid.h)
  bool has_knocks_ = false;       // a move that knocks: each round clears the knocker (knock.h)
  bool has_keeps_ = false;        // a move whose card stays for the turn (keep.h)
  bool empty_zone_rules_ = false;  // wins_when_empty, round_ends_when_empty or out_when_empty
  bool uniform_bot_weights_ = true;
  mutable std::vector<std::string> warnings_;  // Warnings()
};

}  // namespace tapis
