// A Ruleset is a game's rules as loaded from YAML: immutable after loading and shared by
// every game and thread (DESIGN.md §2). It names zones, moves and scripts by index.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "interpreter/model/card_look.h"
#include "interpreter/model/catalog.h"
#include "interpreter/model/match_rule.h"
#include "interpreter/model/move_decl.h"
#include "interpreter/model/rule_values.h"

namespace tapis {

struct Parameter {
  enum class Type { kInt, kBool, kChoice, kFile };
  std::string name;
  std::string description;
  Type type = Type::kInt;
  int default_value = 0;
  std::map<int, int> by_players;     // default overridden for these player counts
  std::vector<std::string> choices;  // kChoice: value is an index into this list
  std::string default_file;          // kFile: a path, resolved against the ruleset's folder
  int min = INT32_MIN, max = INT32_MAX;
};

enum class Owner { kTable, kPlayer };
enum class Visibility { kAll, kOwner, kNone };

inline constexpr size_t kMaxZoneDecls = 64;  // zones a ruleset declares: an index fits a byte (Zone::decl)

struct ZoneDecl {
  std::string name;
  Owner owner = Owner::kTable;
  Visibility visibility = Visibility::kAll;
  bool dynamic = false;  // instances are created during play (one per meld, say)
  std::string label;     // dynamic zones: prefix of the instance labels ("m" -> m1, m2…)
  int columns = 0, rows = 0;  // > 0: a grid of cells (grid.h)
  bool growing = false;       // the grid's box is placed by the cards played, not in advance
  // `refill:` once this zone is empty after a move (or, `when: drawn`, once a card must be
  // drawn from it empty), the cards of `refill_from` but its top `refill_keep` (or, with
  // `keep: {highest: P}`, but those of the highest value of P) come into it, shuffled unless
  // told not (the discards turned into a stock). mechanisms/refill.h.
  int refill_from = -1;
  int refill_keep = 1;
  int refill_keep_highest = -1;  // a property: keep the cards of its highest value instead
  bool refill_when_drawn = false;
  IntValue refill_shuffle{1, -1};
  IntValue refill_enabled{1, -1};
};

// A group of cards the rules recognise: a run of consecutive values of one property (a
// sequence) or cards sharing one value (a set); other properties may have to agree.
struct Combination {
  enum class Kind { kRun, kSet };
  std::string name;
  Kind kind = Kind::kRun;
  int property = -1;      // the ordered property runs follow / sets share
  std::vector<int> same;  // properties every card must share
  int min = 3, max = 64;
  std::vector<CardFilter> alone;  // sets: cards of these values are played alone
  bool wild = false;              // some cards are wild for `property` (wild_melds.h)
  std::vector<bool> stands_for;   // wild: the values a wild card may stand for (a natural card's)
};

// A ranking of hands as in poker (hand_rank.h): kinds from lowest to highest, each made of
// exactly its cards, so a pair is two cards and nothing else; two hands of one kind compare
// their ranks.
struct HandKind {
  std::string name;
  std::vector<int> sets;  // sizes of the groups of one rank, largest first ([3, 2]: three and two)
  int run = 0;            // > 0: this many cards of consecutive ranks
  bool flush = false;     // every card shares the ranking's suit
  int cards = 0;          // how many cards the hand has
};

struct HandRanking {
  std::string name;
  int rank = -1;                // the ordered property groups share and runs follow
  int suit = -1;                // the property a flush shares
  bool low_top = false;         // the top rank also counts below the lowest in runs (A-2-3-4-5)
  std::vector<HandKind> kinds;  // lowest first
};

// Trick-taking (trick.h): one card each in seat order, following suit; the highest trump,
// else the highest card of the suit led, wins the trick and leads the next.
struct TrickDecl {
  int zone = -1;  // table zone the trick is played to; -1: the ruleset has no tricks
  int hand = -1;  // the zone a `trick` move plays from (a round ends when it is empty)
  int leader = -1;  // table variable: seat (from 1) that led the trick in play, 0 when none
  int won = -1;   // zone (usually one per player) where the winner's tricks go
  int suit = -1, rank = -1;  // properties: suits to follow, and the order cards beat in
  int trump_zone = -1;       // trumps are the suit of the top card of this zone…
  int trump_variable = -1;   // …or of this table variable (a suit's position, -1: none)
  int count = -1;            // player variable: tricks won this round
  IntValue must_trump{0, -1};     // void in the suit led: play a trump if you can
  IntValue must_overtake{0, -1};  // beat the best card so far if you can
  std::vector<int> trump_order;   // rank value -> its place among trumps, low to high; empty: `rank`'s order
  // `also_trumps:` by suit value (empty: none): while that suit is trumps, these card kinds
  // (low to high) count as trumps of it, ranked just above the rank value `above` (-1: above
  // every trump). A Jack of the same colour that becomes the second-highest trump.
  struct AlsoTrumps {
    std::vector<int> kinds;
    int above = -1;
  };
  std::vector<AlsoTrumps> also_trumps;
  int first_lead = -1;            // a card kind: its holder leads the round's first trick, with it
  std::vector<CardFilter> broken;  // cards that lead only once one was played to a trick won, or alone
  // No card worth `card_points` on the round's first trick, unless the hand holds only those.
  IntValue no_points_first{0, -1};
  IntValue partner_excuses{0, -1};  // a player whose partner holds the trick need not trump nor overtake
  int last_trick = -1;              // player variable: 1 for who won the round's last trick, else 0
  // A trump played must beat the trumps played so far when it can: always when trumps were
  // led, and when trumping unless the partner holds the trick (with partner_excuses).
  IntValue must_overtrump{0, -1};
  int slam = -1;  // player variable: 1 for the last trick's winner when their side won every trick
  // `held:` a player who plays one of these cards while holding the others, all of one suit
  // (of trumps with `trump`), gets 1 in `variable` for the round (a marriage declared).
  struct Held {
    std::vector<std::vector<CardFilter>> cards;  // each card: every property it names (FitsAll)
    bool trump = false;
    int variable = -1;
  } held;
  std::string allow;   // Lua: which of the cards the rules leave may be played
  std::string on_won;  // Lua: called when a trick is complete, before it is gathered
};

// Lua functions called as play passes certain points (empty: nothing is called).
struct Events {
  std::string round_start;  // after the deal, before the first move of each round
  std::string turn_start;   // when a player's turn begins
  std::string turn_end;     // when a player's turn ends
  std::string round_end;    // after a round's scores join the totals; may end the match
};

// What a card is worth (`card_points:`, read by `score: {minus: hand}`): the first rule whose
// `if` the card meets gives its points, a fixed number plus, per property, its value's.
struct PointRule {
  std::vector<CardFilter> when;  // empty: every card
  IntValue enabled{1, -1};       // `enabled: $param`: the rule counts only when the parameter is set
  int trump = -1;                // `trump: true`: only for a card of the trump suit; false: only for others
  IntValue points{0, -1};        // a number, `$param` or `-$param`
  std::vector<std::pair<int, std::vector<int>>> by;  // property, points per value (0 for those unlisted)
};

// `score: {bid, won, made, missed}`: a contract on a bid. A player whose `won` equals their
// `bid` scores the `made` terms, else the `missed` ones: points, plus so much per trick won
// and per trick of difference between the two. A bid below 0 (none made) scores nothing.
struct ScoreTerms {
  IntValue points, per_won, per_difference;
};
// `score: {most: [...]}`: a majority. Each gives `points` to the one side (a team with
// `score: team`, else a player) whose measure of its `zone` is the highest, none on a tie or
// when the highest is 0. The measure: the cards there that have `when`'s values; or, with
// `per`, per value of that property, the highest `worth` of its cards, added up (0 unless
// every value is there, with `every`).
struct Majority {
  int zone = -1;
  std::vector<CardFilter> when;  // every property it names (FitsAll); empty: every card
  int per = -1;                  // a property, or -1 to count cards
  PointRule worth;               // per card: its `by` values' worth
  bool every = false;
  IntValue points{1, -1};
  std::string name;  // what a round's score calls its point (`name:`; "most ZONE" without)
};

// One expression of `score: {formula: …}`, and its name in a round's score ("" for a lone
// expression, which is called "score").
struct NamedFormula {
  std::string name;
  Expression expression;
};

struct ContractScore {
  int bid = -1, won = -1;  // player variables; -1: no contract
  ScoreTerms made, missed;
};

// A match of several rounds with running totals. One round by default.
struct MatchDecl {
  IntValue rounds{1, -1};    // at most this many rounds, 1 to kMaxRounds
  IntValue target{0, -1};    // > 0: the match ends after a round where a total reaches it
  bool lowest_wins = false;  // the lowest total wins (penalty points)
  bool rotate_first = true;  // each round starts one seat further along
  bool live_score = false;   // the round's score means something before it ends (a board's owners)
  std::string winners;       // Lua function naming the match's winners, if not the best total
  Expression ends_when;      // `ends_when:` the match ends after a round where it holds
};

struct SetupStep {
  enum class Kind { kShuffle, kDeal, kMove, kLay };
  Kind kind = Kind::kShuffle;
  int from = -1;
  int to = -1;
  IntValue count;
  // move: a card turned with these values goes back into `from`, shuffled, and another is
  // turned (an Eight may not start the discard pile)
  std::vector<CardFilter> reject;
  int acts_as =
      -1;  // move: the last card turned acts as if the player before the first played it as this move
  std::string acts_as_name;
  // deal: how many cards each: `count` (kFixed); chance's pick from 1 to it (kRandom); the
  // round's place in 1, 2, … count, …, 2, 1 (kUpAndDown: the match ends after the last).
  enum class Size { kFixed, kRandom, kUpAndDown };
  Size size = Size::kFixed;
  IntValue leave;       // deal: the count is capped so that this many cards stay in `from`
  int first_seat = -1;  // deal: the seat (0-based) dealt to first; -1: the first player
  Trigger::Lay lay;     // lay: every player lays the groups their zone was dealt (pairs put down)
};

struct VariableDecl {
  std::string name;
  Owner owner = Owner::kTable;
  int initial = 0;
  // Who sees it in their view (DESIGN.md §6): by default nobody, as the scripts' own
  // bookkeeping; `owner` makes a player's value a secret only that player knows.
  Visibility visibility = Visibility::kNone;
  // `visible: owner`: the values the secret may take, which bots guess among for the other
  // players; when min > max, bots take it to be `initial`.
  int range_min = 0, range_max = -1;
  bool announce = false;  // its changes are told to those who see it, after the move (narration.h)
  bool each_round = false;  // back to `initial` as each round starts (points pegged in a deal)
  // `values:` what views show for a value (a sign's gesture; "—" for a bid not yet made).
  std::map<int, std::string> value_names;
  // `hidden_at:` text views leave the variable out while it holds this value (a place before
  // anyone went out); JSON views and narration keep it.
  std::optional<int> hidden_at;
  // `report: false`: `tapis sim` gives no mean of this table variable (it holds a seat).
  bool report = true;
  // The value as views and narration show it: its name, else the number.
  std::string Text(int value) const {
    const auto name = value_names.find(value);
    return name == value_names.end() ? std::to_string(value) : name->second;
  }
};

struct ScriptFile {
  std::string path;          // on disk
  std::string display_name;  // in error messages: scripts/x.lua
  std::string source;
  int generation = 0;  // 0: the ruleset's own; 1: its base's (extends); 2: the base's base's…
};

// The names of declarations (zones, parameters, hands…), in order: for error messages
// that list what a name could have been.
template <typename Declaration>
std::vector<std::string> Names(const std::vector<Declaration>& declarations) {
  std::vector<std::string> out;
  for (const auto& d : declarations) out.push_back(d.name);
  return out;
}

inline constexpr int kMaxPlayers = 16;  // the most players a ruleset may allow

// The most actions a turn may have, or a move cost: GameState::actions_left is an int8_t.
inline constexpr int kMaxActions = 127;
// The most rounds a match may have: GameState::round is a uint16_t.
inline constexpr int kMaxRounds = 65535;

// The most samples a ruleset may ask the greedy bot to average over (`bots: samples:`):
// each costs a trial of every legal move.
inline constexpr int kMaxBotSamples = 256;

// A section of a ruleset's rules for players (`rules:`): "goal", "a turn", "scoring"…
struct RulesSection {
  std::string name;
  std::string text;
};

struct Ruleset {
  std::string name;
  std::string title;
  std::string description;
  std::vector<RulesSection> how_to_play;  // `rules:`, in the order written
  std::string file;  // the YAML file, for messages
  // What loaded but is probably a mistake ("warning: file:line:col: …"), told by `tapis check`.
  std::vector<std::string> warnings;
  int min_players = 2, max_players = 2;

  Catalog catalog;
  CardLook look;                // how a terminal shows the cards (`cards: look:`)
  std::vector<int> deck_kinds;  // one pack; repeated `deck_copies` times
  IntValue deck_copies{1, -1};
  struct ExtraCards {
    int kind;
    IntValue count;
  };
  std::vector<ExtraCards> deck_extra;  // added once, after the copies (jokers, say)
  int deck_zone = -1;

  std::vector<Parameter> parameters;
  std::vector<ZoneDecl> zones;
  std::vector<Combination> combinations;
  std::vector<HandRanking> hands;
  std::vector<MoveDecl> moves;
  std::vector<SetupStep> setup;
  std::vector<VariableDecl> variables;

  std::vector<std::string> phases;  // empty: one phase; else rounds start in the first
  Events events;
  MatchDecl match;

  IntValue actions_per_turn{1, -1};  // 1 to kMaxActions
  int first_player = 0;            // seat (0-based) that plays first
  bool first_random = false;  // `first: random`: chance picks a dealer each round; their left plays first
  int teams = 0;                   // 0: each for themselves; n: seat s is in team s % n
  // Whether seats `a` and `b` (from 0) play on one side: the same seat, or partners.
  bool OneSide(int a, int b) const { return a == b || (teams > 0 && a % teams == b % teams); }
  int last_round_when_empty = -1;  // zone whose emptying starts the last round
  // `redeal: {zone, from, count}`: when every player's `zone` is empty at a turn's start,
  // `count` more cards each from the table zone `from`, while it has some (fishing games).
  struct Redeal {
    int zone = -1, from = -1;
    IntValue count{0, -1};
  } redeal;
  int wins_when_empty = -1;        // player zone: who empties theirs by a move wins the game
  int round_ends_when_empty = -1;  // player zone: who empties theirs by a move ends the round
  // `out_when_empty`: player zone: who empties theirs by a move is out of the round, their
  // player variable `place_variable` set to their place (1: first out); the last left in
  // takes the last place and the round ends.
  int out_when_empty = -1;
  int place_variable = -1;
  // `round_ends_when_low: {zone, cards}`: a turn that ends with the table zone holding `cards`
  // cards or fewer ends the round (a stock run low: a drawn deal).
  struct LowZone {
    int zone = -1;
    IntValue cards{0, -1};
  } round_ends_when_low;

  std::string score_function;
  // `score: {formula: …}`: what each player scores, added to the rest; one expression, or a
  // map of named ones whose sum it is
  std::vector<NamedFormula> score_formulas;
  std::vector<PointRule> card_points;
  int score_plus = -1, score_minus = -1;  // `score: {plus: ZONE, minus: ZONE}`: each player's cards there
  ContractScore contract_score;           // `score: {bid: …, won: …}`
  bool score_by_team = false;             // `score: {…, team: true}`: partners each score their team's sum
  std::vector<std::pair<int, IntValue>> score_bonus;  // `score: {bonus: {VARIABLE: N}}`: N a unit of it
  // `score: {taker: {variable, keeps}}`: the side of the seat `variable` names (from 1; 0:
  // nobody) must score more than each other side, or the best of those takes its points but
  // the bonuses of the variables in `keeps`.
  struct TakerScore {
    int variable = -1;
    std::vector<int> keeps;
  } score_taker;
  std::vector<Majority> score_most;  // `score: {most: [...]}`
  // `score: {minus: ZONE, melds: [COMBINATION, …]}`: only the cards of `minus` left out of the
  // best arrangement into these combinations count (deadwood.h)
  std::vector<int> score_melds;
  // `score: {knock: {move, gin, undercut, lay_off}}` (knock.h): a round a `knock:` move ended
  // scores the knocker against each other player's deadwood; `move` -1: no such score.
  struct KnockScore {
    int move = -1;
    IntValue gin{0, -1}, undercut{0, -1};
    IntValue lay_off{1, -1};  // bool: the others lay cards off onto the knocker's melds (not on gin)
  } score_knock;
  // `score: {plus, take_all}`: a player whose `plus` cards hold every point of the pack
  // scores nothing and each other player that many (kOthers), or scores minus that many.
  enum class TakeAll { kNone, kOthers, kMinus };
  TakeAll take_all = TakeAll::kNone;
  int take_all_parameter = -1;              // `take_all: $param`: a choice of those words…
  std::vector<TakeAll> take_all_by_choice;  // …each choice's meaning
  std::string bot_evaluate;  // Lua: how well each player stands, for bots (`bots: evaluate:`)
  std::string bot_sample;    // Lua: makes a bot's sample agree with what its seat was told (`bots: sample:`)
  int bot_iterations = 0;    // the search bot's default budget for this game (`bots: iterations:`); 0: the engine's
  int bot_samples = 0;  // samples the greedy bot averages its moves over (`bots: samples:`); 0: the engine's
  int bot_playout_turns = 0;  // search playouts stop this many turns after the decision (`bots: playout_turns:`); 0: at the round's end
  std::vector<ScriptFile> scripts;
  TrickDecl tricks;

  std::vector<MatchRule> matches;         // how plays combine with a pile's top (`matches:`)
  std::string words_file;                 // the word list (`words:`), resolved
  int words_parameter = -1;               // `words: $name`: a file parameter chooses the list
  std::string words_need;                 // `words: {needs_one_of}`: letters a word must hold one of
  std::shared_ptr<const WordIndex> words;  // the default list's index; null without `words:`

  int ZoneIndex(std::string_view zone) const;
  int MoveIndex(std::string_view move) const;
  int ParameterIndex(std::string_view parameter) const;
  int CombinationIndex(std::string_view combination) const;
  int HandIndex(std::string_view hand) const;
  int VariableIndex(std::string_view variable) const;
  int PhaseIndex(std::string_view phase) const;
  // The word a move of kind `kind` with value `value` names: a `choose` move's option, a
  // `number` move's number, a `take_trump` move's suit; "" for the others.
  std::string OptionWord(int kind, int value) const;
  // True for a table variable the engine writes with a seat, a card or a suit (a knock's
  // knocker, a keep's card, the tricks' leader or trumps…): a name, whose mean says nothing.
  bool NamesSomething(int variable) const;
};

}  // namespace tapis
