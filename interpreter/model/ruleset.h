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

namespace tapis {

// A number in the rules that may come from a parameter ("$packs"), or count the players
// ("players + 1": the literal is then added to the player count).
struct IntValue {
  int literal = 0;
  int parameter = -1;
  bool plus_players = false;
  bool negated = false;  // `-$name`: minus the parameter's value
};

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

// Cards with one of these values of a property (for triggers and combinations).
struct CardFilter {
  int property = -1;
  std::vector<int> values;
  uint64_t low_values = 0;  // bit v: v < 64 is among the values (a test on every card listed)

  void Add(int value) {
    values.push_back(value);
    if (value >= 0 && value < 64) low_values |= uint64_t{1} << value;
  }
  bool Has(int value) const {
    if (value >= 0 && value < 64) return (low_values >> value) & 1u;
    return std::find(values.begin(), values.end(), value) != values.end();
  }
};

// Whether the card has, for one of the filters, one of its values (any of them, for a card of
// two suits): an effect's `if`, a setup step's `reject`, a `card_points` rule.
inline bool FitsAny(const CardSet& set, const std::vector<CardFilter>& filters, CardId card) {
  for (const CardFilter& f : filters) {
    for (int v : f.values) {
      if (set.Has(card, f.property, v)) return true;
    }
  }
  return false;
}

// Whether the card has, for each filter, one of its values: a `card_points` rule's `if`,
// where {rank: Q, suit: S} is the queen of spades.
inline bool FitsAll(const CardSet& set, const std::vector<CardFilter>& filters, CardId card) {
  for (const CardFilter& f : filters) {
    bool has = false;
    for (int v : f.values) has = has || set.Has(card, f.property, v);
    if (!has) return false;
  }
  return true;
}

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

inline constexpr size_t kMaxEffectsPerMove = 8;  // the longest `then:` list

// An effect of a move (`then:`): a Lua function, or one the engine knows: ask the mover a
// decision (`ask: MOVE`), skip the next players (`skip: N`), reverse the direction of play.
struct Trigger {
  std::string function;          // Lua function in the ruleset's scripts; empty for the built-ins
  std::vector<CardFilter> when;  // empty: always
  IntValue enabled{1, -1};       // `enabled: $param`: fires only when the parameter is set
  int ask = -1;                  // a move kind the mover is asked to make next…
  std::string ask_name;          // …by its name
  int skip = 0;                  // players whose turn is passed over (the turn ends)
  bool reverse = false;          // the direction of play turns round
  // `penalty:` the next player must draw this many more cards (the penalty adds up in a table
  // variable) with the move `paid_by`, or answer with a card that fires this same effect
  // (mechanisms/penalty.h); `paid_by` -1: no penalty.
  struct Penalty {
    IntValue draw;
    int variable = -1;
    int paid_by = -1;
    std::string paid_by_name;
  } penalty;
  std::string say;               // `say:` what the table tells every seat when it fires (narration.h)
  std::string Name() const;      // the function, or the built-in as written (`ask nominate`)
};

// `count:` the engine counts the moves of a kind in a table variable: every move of the
// round, of the player's own turn (answers to decisions aside), or in a row (any other move
// sets it back to 0, and so does one made while `while_empty` holds cards). At `max` the
// move is no longer offered; at `ends_round_at` the round ends.
struct MoveCount {
  enum class Per { kRound, kTurn, kRow };
  int variable = -1;  // a table variable; -1: the move is not counted
  Per per = Per::kRound;
  bool has_max = false, has_end = false;
  IntValue max, ends_round_at;
  int while_empty = -1;  // kRow: a zone that must be empty for the move to count
};

// draw: top card, unseen; take: a chosen card; meld: a combination into a new zone;
// extend: a card onto a created zone; play: a set onto a pile, beating its top (climbing);
// give: a card to the player a decision names; pass: nothing; trick: a card to the trick,
// following the `tricks:` rules; number: a number in a range (a bid), kept in a variable;
// place: a card on a grid's cell; line: cards on empty cells of a segment of a grid line that
// makes a hand (line_play.h); choose: one of a list of words (a suit nominated), no card
// moves; match: cards that combine with the pile's top as the top says (match_play.h);
// pass_cards: a card set aside for a player the round's direction names (passing.h);
// capture: a card that takes table cards of its value, or adding up to it (capture.h).
enum class MoveType {
  kDraw,
  kTake,
  kMeld,
  kExtend,
  kPlay,
  kGive,
  kPass,
  kTrick,
  kNumber,
  kPlace,
  kChoose,
  kMatch,
  kLine,
  kPassCards,
  kCapture
};

// Where a `pass_cards` move's cards go, a round: to the next seat (left), the one before
// (right), the one opposite, or nowhere (no passing that round).
enum class PassDirection : int8_t { kNone, kLeft, kRight, kAcross };

// How a play must compare with the top of the pile it goes on.
enum class Beat { kAny, kAtLeast, kAbove };

// `climb:` on a `play` move (climbing games, mechanisms/climb.h): the engine keeps who
// played last onto the pile, how many cards, and the passes since, in table variables the
// ruleset declares. The pile is cleared into `clear_to` (on top, or turned over under it)
// when every other player still in has passed (the player whose turn comes leads on a clear
// pile), or at once after a play of a `clear_with` value (its player leads again).
struct Climb {
  int last = -1;                       // table variable: the seat (from 1) of the last play, 0 when none
  int size = -1;                       // table variable: the cards of the last play, 0 when none
  int passes = -1;                     // table variable: passes since the last play
  int pass = -1;                       // the move kind that passes: counted, and not offered on an empty pile
  std::string pass_name;               // …by its name, resolved once every move is read
  bool lead_may_pass = false;          // the pass is offered on an empty pile too
  bool clear_under = false;            // cleared cards go face down under `clear_to`, the top one lowest
  IntValue clear_enabled{1, -1};       // `clear_enabled: $param`: whether clear_with clears
  int clear_to = -1;                   // table zone the cleared pile goes to (on top); -1: not cleared
  bool same_size = false;              // a play has as many cards as the one it beats
  std::vector<CardFilter> clear_with;  // a play of these values clears the pile at once
  bool Used() const { return last >= 0; }
};

struct MoveDecl {
  std::string name;
  std::string description;
  MoveType type = MoveType::kPass;
  int from = -1;  // zone declaration index
  int to = -1;
  int refill_from = -1;  // after taking, refill `from` with the top of this zone
  int combination = -1;
  int cost = 1;  // actions used
  bool ends_turn = false;
  IntValue onto_others{0, -1};  // extend: also onto other players' zones (bool)
  // meld: the melds of this kind laid in one turn differ in this property (a property index,
  // or -1). Given as a choice parameter, distinct_choices maps its value to a property, or -1.
  IntValue distinct_in_turn{-1, -1};
  std::vector<int> distinct_choices;
  Beat beat = Beat::kAny;       // play: against the pile's top value
  Climb climb;                  // play: the pile's passes and clearing (`climb:`)
  double bot_weight = 1;        // how often the random bot picks this kind of move, relative to others
  bool in_turn = true;          // offered on the player's own turn (not only as a decision)
  uint32_t phases = ~0u;        // bit i: offered in phase i (all phases by default)
  std::vector<Trigger> then;    // the effects called after the move, in order (then: [a, b])
  // number moves: the range, where the answer is kept, a value refused (bids).
  IntValue min_number{0, -1}, max_number{0, -1};
  int max_cards = -1;     // the range ends at the cards in this zone of the player instead
  int into = -1;          // player variable the number is written to
  int except = -1;        // table variable: this value is not offered (-1: none)
  int next_phase = -1;    // once every player has answered (`into` set), play moves to it
  IntValue not_total{0, -1};  // the last to answer may not make the answers add up to max
  int adjacent = 0;  // place: 0 any cell; 1 next to a card orthogonally; 2 in any of 8 directions
  std::vector<std::string> options;  // choose: the words one may choose (Move::value indexes them)
  int option_property = -1;          // choose: the property whose values are the options, or -1
  std::string text;  // how the move is written, with {name}, {cards}, {option}; empty: "{name} {cards}"
  std::string say;   // `say:` what the table tells every seat after the move: "{player} takes the pile"
  // meld: lay one of these lists of fixed-size combinations at once, picked by the player's
  // variable `contract_by` (1 = the first list); see contract.h
  std::vector<std::vector<int>> contracts;
  int contract_by = -1;
  std::vector<CardFilter> cards;  // when not empty: only cards that pass may be used
  int match_by = -1;              // match: the top's property that chooses the rule…
  std::vector<int> match_for;     // …by its value: an index into Ruleset::matches, or -1
  // line moves (line_play.h): the segment laid must be a hand of `hand`, `segment_min` to
  // `segment_max` cells long; with `tokens`, each of its cards gets the player's token.
  int hand = -1;                // index into Ruleset::hands
  int segment_min = 2, segment_max = 5;
  int tokens = -1;              // player variable: tokens left, one used per card of the segment
  IntValue takeover{0, -1};     // a Takeover: what beats the hand that put an opponent's token
  IntValue strongest{1, -1};    // only the strongest hand the laid cards make may be named (bool)
  bool fallback = false;        // offered only when no other move of the player's turn is
  uint32_t fallback_unless = 0;  // `fallback: [kinds]`: offered only when no move of these kinds is
  // take: the card must share a value of one of these properties with the top of `to` (what
  // a wild card on top was declared to stand for), or be wild for one of them (`follow:`)
  std::vector<int> follow;
  int declares = -1;  // choose: the option becomes what the top card of this zone stands for
  MoveCount count;
  // pass_cards (passing.h): each round starts by asking every player for `pass_size` cards of
  // `from`, set aside in their `to`; then each player's go into `deliver` of the player the
  // round's direction names (`pass_directions[round % size]`).
  IntValue pass_size{0, -1};
  int deliver = -1;
  std::vector<PassDirection> pass_directions;
  // capture (capture.h): the played card takes table cards of `to` into the player's
  // `capture_won`, by the numbers of property `capture_by` (its n-th value counts n).
  int capture_won = -1;
  int capture_by = -1;
  int capture_sweep = -1;  // player variable: +1 when a capture empties the table (not the round's last play)
  int capture_last =
      -1;  // table variable: the seat (from 1) that captured last; takes what is left at the end
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
  int first_lead = -1;            // a card kind: its holder leads the round's first trick, with it
  std::vector<CardFilter> broken;  // cards that lead only once one was played to a trick won, or alone
  // No card worth `card_points` on the round's first trick, unless the hand holds only those.
  IntValue no_points_first{0, -1};
  IntValue partner_excuses{0, -1};  // a player whose partner holds the trick need not trump nor overtake
  int last_trick = -1;              // player variable: 1 for who won the round's last trick, else 0
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
  int points = 0;
  std::vector<std::pair<int, std::vector<int>>> by;  // property, points per value (0 for those unlisted)
};

// `score: {bid, won, made, missed}`: a contract on a bid. A player whose `won` equals their
// `bid` scores the `made` terms, else the `missed` ones: points, plus so much per trick won
// and per trick of difference between the two. A bid below 0 (none made) scores nothing.
struct ScoreTerms {
  IntValue points, per_won, per_difference;
};
struct ContractScore {
  int bid = -1, won = -1;  // player variables; -1: no contract
  ScoreTerms made, missed;
};

// A match of several rounds with running totals. One round by default.
struct MatchDecl {
  IntValue rounds{1, -1};    // at most this many rounds
  IntValue target{0, -1};    // > 0: the match ends after a round where a total reaches it
  bool lowest_wins = false;  // the lowest total wins (penalty points)
  bool rotate_first = true;  // each round starts one seat further along
  bool live_score = false;   // the round's score means something before it ends (a board's owners)
  std::string winners;       // Lua function naming the match's winners, if not the best total
};

struct SetupStep {
  enum class Kind { kShuffle, kDeal, kMove };
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
  // `values:` what views show for a value (a sign's gesture; "—" for a bid not yet made).
  std::map<int, std::string> value_names;
  // `hidden_at:` text views leave the variable out while it holds this value (a place before
  // anyone went out); JSON views and narration keep it.
  std::optional<int> hidden_at;
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

// The most samples a ruleset may ask the greedy bot to average over (`bots: samples:`):
// each costs a trial of every legal move.
inline constexpr int kMaxBotSamples = 256;

struct Ruleset {
  std::string name;
  std::string title;
  std::string description;
  std::string file;  // the YAML file, for messages
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

  IntValue actions_per_turn{1, -1};
  int first_player = 0;            // seat (0-based) that plays first
  bool first_random = false;  // `first: random`: chance picks a dealer each round; their left plays first
  int teams = 0;                   // 0: each for themselves; n: seat s is in team s % n
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

  std::string score_function;
  std::vector<PointRule> card_points;
  int score_plus = -1, score_minus = -1;  // `score: {plus: ZONE, minus: ZONE}`: each player's cards there
  ContractScore contract_score;           // `score: {bid: …, won: …}`
  bool score_by_team = false;             // `score: {…, team: true}`: partners each score their team's sum
  std::vector<std::pair<int, IntValue>> score_bonus;  // `score: {bonus: {VARIABLE: N}}`: N a unit of it
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
};

}  // namespace tapis
