// Scoring: the round's scores added to the totals (then the next round or the end of the
// match), the score so far, who won, and the ruleset's own estimate for bots.
#include <fmt/format.h>

#include <algorithm>

#include "interpreter/engine/engine.h"
#include "interpreter/mechanisms/capture.h"
#include "interpreter/mechanisms/deadwood.h"
#include "interpreter/mechanisms/evaluate.h"
#include "interpreter/mechanisms/knock.h"
#include "interpreter/mechanisms/majority.h"
#include "interpreter/mechanisms/trick.h"
#include "interpreter/model/errors.h"
#include "interpreter/model/names.h"
#include "interpreter/script/script_host.h"

namespace tapis {

// Adds the round's scores to the totals, then ends the match or deals the next round.
bool Engine::ScoreRound(GameState& s, std::string& error) {
  GatherLeftovers(*this, s);  // fishing games: the table's last cards go to the last to capture
  if (captured_ != nullptr && rules().score_knock.move >= 0) {  // how a knock scores, for the table
    std::vector<int> scores(s.players, 0);
    std::vector<std::string> told;
    ScoreKnock(*this, s, scores, &told);
    for (const std::string& line : told) Say(line);
  }
  ScoreParts* parts = captured_ != nullptr ? &captured_->round_parts : nullptr;  // for narration
  if (parts != nullptr) parts->assign(s.players, {});
  const std::vector<int> round = RoundScore(s, error, parts);
  if (!error.empty()) return false;
  for (int p = 0; p < s.players; ++p) {
    const long long total = static_cast<long long>(s.totals[p]) + round[p];
    if (total > INT32_MAX || total < INT32_MIN) {
      error = fmt::format("player {}'s total would pass {}: the scores grow without end", p + 1,
                          total > 0 ? INT32_MAX : INT32_MIN);
      return false;
    }
    s.totals[p] = static_cast<int32_t>(total);
  }
  s.round_over = false;
  s.decisions.clear();
  if (!rules().events.round_end.empty() && !CallEvent(rules().events.round_end, s, error)) return false;
  s.round_over = false;
  s.decisions.clear();
  if (captured_ != nullptr) {  // the round as it ended, for narration
    captured_->round_end = s;
    captured_->round_ended = true;
  }
  const MatchDecl& match = rules().match;
  const bool ends = !match.ends_when.empty() && Evaluate(*this, s, match.ends_when, {}) != 0;
  ++s.round;
  const int target = config_->Resolve(match.target);
  const bool target_hit =
      target > 0 && std::any_of(s.totals.begin(), s.totals.end(), [&](int t) { return t >= target; });
  const int scheduled = ScheduledRounds();  // a deal up and down sets the match's rounds
  const int rounds = scheduled >= 0 ? scheduled : config_->Resolve(match.rounds);
  if (s.match_over || s.round >= rounds || target_hit || ends) {
    s.finished = true;
    return true;
  }
  return StartRound(s, error);
}

namespace {

// What a step that changes `scores` in place gave each player since `before`, a part named
// `label`; nothing without `parts`.
void AddChanges(ScoreParts* parts, const std::vector<int>& before, const std::vector<int>& scores,
                std::string_view label) {
  if (parts == nullptr) return;
  for (size_t p = 0; p < scores.size(); ++p)
    AddScorePart(parts, static_cast<int>(p), label, static_cast<long long>(scores[p]) - before[p]);
}

// With `score: team`, each partner's parts become the team's: the partners' parts together.
void ShareTeamParts(ScoreParts& parts, int teams) {
  const int players = static_cast<int>(parts.size());
  for (int team = 0; team < teams && team < players; ++team) {
    // A part one partner lacks goes after the part it follows in the other's list, so the
    // rules keep their order: won cards, der, taker failed.
    std::vector<ScorePart> shared;
    for (int p = team; p < players; p += teams) {
      size_t next = 0;
      for (const ScorePart& part : parts[p]) {
        auto same = std::find_if(shared.begin(), shared.end(),
                                 [&](const ScorePart& s) { return s.label == part.label; });
        if (same == shared.end()) {
          same = shared.insert(shared.begin() + static_cast<std::ptrdiff_t>(std::min(next, shared.size())),
                               part);
        } else {
          same->points += part.points;
        }
        next = static_cast<size_t>(same - shared.begin()) + 1;
      }
    }
    std::erase_if(shared, [](const ScorePart& part) { return part.points == 0; });
    for (int p = team; p < players; p += teams) parts[p] = shared;
  }
}

}  // namespace

// `score:` as a map: the card_points of each player's cards in `plus` less those in
// `minus`, and what their contract scores; with `parts`, each rule's share named.
std::vector<int> Engine::PointsScore(const GameState& s, ScoreParts* parts) const {
  std::vector<int> scores(s.players, 0);
  std::vector<long long> kept(s.players, 0);  // bonuses a failed taker keeps (`taker: keeps`)
  const Ruleset& r = rules();
  const ContractScore& contract = r.contract_score;
  const int trump = ScoringTrump(s);
  const auto zone_cards = [&](int zone) {
    return [&r, zone] { return Spoken(r.zones[zone].name) + " cards"; };
  };
  for (int p = 0; p < s.players; ++p) {
    long long total = 0;
    // `label` gives the part's name, asked only when the parts are wanted (never in playouts).
    const auto add = [&](const auto& label, long long points) {
      total += points;
      if (parts != nullptr) AddScorePart(parts, p, label(), points);
    };
    if (r.score_plus >= 0) {
      long long points = 0;
      for (CardId c : s.zones[ZoneSlot(r.score_plus, p)].cards) points += PointsWith(c, trump);
      add(zone_cards(r.score_plus), points);
    }
    if (r.score_minus >= 0 && !r.score_melds.empty()) {
      add([] { return "deadwood"; }, -Deadwood(s.zones[ZoneSlot(r.score_minus, p)].cards, trump));
    } else if (r.score_minus >= 0) {
      long long points = 0;
      for (CardId c : s.zones[ZoneSlot(r.score_minus, p)].cards) points -= PointsWith(c, trump);
      add(zone_cards(r.score_minus), points);
    }
    for (const auto& [variable, points] : r.score_bonus) {
      const long long bonus =
          static_cast<long long>(s.variables[config_->VariableSlot(variable, p)]) * config_->Resolve(points);
      add([&, v = variable] { return Spoken(r.variables[v].name); }, bonus);
      const auto& keeps = r.score_taker.keeps;
      if (std::find(keeps.begin(), keeps.end(), variable) != keeps.end()) kept[p] += bonus;
    }
    if (contract.bid >= 0) {
      const long long bid = s.variables[config_->VariableSlot(contract.bid, p)];
      const long long won = s.variables[config_->VariableSlot(contract.won, p)];
      if (bid >= 0) {
        const ScoreTerms& terms = bid == won ? contract.made : contract.missed;
        const long long difference = std::min<long long>(bid > won ? bid - won : won - bid, INT32_MAX);
        // each term below 2^62: no overflow
        add([made = bid == won] { return made ? "bid made" : "bid missed"; }, config_->Resolve(terms.points));
        add([&] { return Spoken(r.variables[contract.won].name); }, config_->Resolve(terms.per_won) * won);
        add([] { return "difference"; }, config_->Resolve(terms.per_difference) * difference);
      }
    }
    for (const NamedFormula& formula : r.score_formulas) {
      add([&] { return formula.name.empty() ? std::string("score") : formula.name; },
          Evaluate(*this, s, formula.expression, {p}));
    }
    scores[p] = static_cast<int>(std::clamp<long long>(total, INT32_MIN, INT32_MAX));
  }
  std::vector<int> before;
  if (!r.score_most.empty()) AddMajorities(*this, s, scores, parts);
  if (r.score_knock.move >= 0) {
    if (parts != nullptr) before = scores;
    ScoreKnock(*this, s, scores, nullptr);
    AddChanges(parts, before, scores, "knock");
  }
  if (r.score_plus >= 0) {
    if (parts != nullptr) before = scores;
    TakeAllPoints(s, scores);
    AddChanges(parts, before, scores, "took every point");
  }
  if (r.score_taker.variable >= 0) {
    if (parts != nullptr) before = scores;
    JudgeTaker(s, scores, kept);
    AddChanges(parts, before, scores, "taker failed");
  }
  if (r.score_by_team) {  // seat p is in team p % teams: each partner scores the team's sum
    std::vector<long long> team(r.teams, 0);
    for (int p = 0; p < s.players; ++p) team[p % r.teams] += scores[p];
    for (int p = 0; p < s.players; ++p)
      scores[p] = static_cast<int>(std::clamp<long long>(team[p % r.teams], INT32_MIN, INT32_MAX));
    if (parts != nullptr) ShareTeamParts(*parts, r.teams);
  }
  return scores;
}

// `take_all`: a player whose `plus` cards are every point of the pack (a slam, "shooting the
// moon") scores nothing and gives them to each other player, or scores minus them.
void Engine::TakeAllPoints(const GameState& s, std::vector<int>& scores) const {
  const Ruleset& r = rules();
  const Ruleset::TakeAll mode = r.take_all_parameter >= 0
                                    ? r.take_all_by_choice[config_->ParameterValue(r.take_all_parameter)]
                                    : r.take_all;
  if (mode == Ruleset::TakeAll::kNone) return;
  // Every card worth more than nothing: a card worth less (a bonus) is no part of it.
  const int trump = ScoringTrump(s);
  // Only a player who took points, alone, can have taken them all: the pack is counted then.
  int taker = -1;
  long long taken = 0;
  for (int p = 0; p < s.players; ++p) {
    long long points = 0;
    for (CardId c : s.zones[ZoneSlot(r.score_plus, p)].cards) points += std::max(0, PointsWith(c, trump));
    if (points == 0) continue;
    if (taker >= 0) return;  // two players took points
    taker = p;
    taken = points;
  }
  if (taker < 0) return;
  long long pack = 0;
  for (int c = 0; c < cards().size(); ++c) pack += std::max(0, PointsWith(static_cast<CardId>(c), trump));
  if (taken != pack) return;
  for (int q = 0; q < s.players; ++q) {
    const long long change = q != taker ? (mode == Ruleset::TakeAll::kOthers ? pack : 0)
                                        : (mode == Ruleset::TakeAll::kOthers ? -pack : -2 * pack);
    scores[q] = static_cast<int>(std::clamp<long long>(scores[q] + change, INT32_MIN, INT32_MAX));
  }
}

// `taker`: the side of the seat that took (a team with `team: true`, else the player) must
// score more than each other side; if not, the other side that scored most (the first after
// the taker's on a tie) takes its points, but the bonuses it keeps.
void Engine::JudgeTaker(const GameState& s, std::vector<int>& scores,
                        const std::vector<long long>& kept) const {
  const Ruleset& r = rules();
  const int taker = s.variables[config_->VariableSlot(r.score_taker.variable, 0)] - 1;
  if (taker < 0 || taker >= s.players) return;
  const int sides = r.score_by_team ? r.teams : s.players;  // seat p plays for side p % sides
  std::vector<long long> total(sides, 0);
  for (int p = 0; p < s.players; ++p) total[p % sides] += scores[p];
  const int takers = taker % sides;
  int best = -1;
  for (int i = 1; i < sides; ++i) {
    const int other = (takers + i) % sides;
    if (best < 0 || total[other] > total[best]) best = other;
  }
  if (best < 0 || total[takers] > total[best]) return;
  for (int p = takers; p < s.players; p += sides) {
    const long long lost = scores[p] - kept[p];
    scores[p] = static_cast<int>(std::clamp<long long>(kept[p], INT32_MIN, INT32_MAX));
    scores[best] = static_cast<int>(std::clamp<long long>(scores[best] + lost, INT32_MIN, INT32_MAX));
  }
}

// `minus` with `melds`: the points of the cards left out of the best arrangement into melds.
long long Engine::Deadwood(std::span<const CardId> cards, int trump) const {
  std::vector<int> points(cards.size());
  for (size_t i = 0; i < cards.size(); ++i) points[i] = PointsWith(cards[i], trump);
  return BestArrangement(*this, cards, points, rules().score_melds).deadwood;
}

// The suit of trumps the cards are valued by as the round stands; -1 without trumps.
int Engine::ScoringTrump(const GameState& s) const {
  return rules().tricks.zone >= 0 ? TrumpSuit(*this, s) : -1;
}

// What a card is worth with `trump` trumps: as a trump when it is of that suit.
int Engine::PointsWith(CardId card, int trump) const {
  return config_->CardPointsAs(card, config_->IsTrump(card, trump));
}

std::vector<int> Engine::RoundScore(const GameState& s, std::string& error, ScoreParts* parts) {
  if (rules().score_plus >= 0 || rules().score_minus >= 0 || rules().contract_score.bid >= 0 ||
      !rules().score_bonus.empty() || !rules().score_most.empty() || rules().score_knock.move >= 0 ||
      !rules().score_formulas.empty())
    return PointsScore(s, parts);
  if (rules().score_function.empty() || !scripts_) return std::vector<int>(s.players, 0);
  return ScriptScore(s, error, parts);
}

// `score: FUNCTION`: what it returns (a part named "score") and what it gave with tapis.score.
std::vector<int> Engine::ScriptScore(const GameState& s, std::string& error, ScoreParts* parts) {
  std::vector<int> scores;
  ScoreTally tally{std::vector<long long>(s.players, 0), parts};
  // Scoring is read-only (the API refuses every change), so `s` stays as it is.
  ScriptContext ctx{this, const_cast<GameState*>(&s), Actor(s), nullptr, -1, true};
  ctx.tally = &tally;
  if (scripts_->CallList(rules().score_function, ctx, scores, error) && !scores.empty() &&
      static_cast<int>(scores.size()) != s.players) {
    error = fmt::format("score function '{}' returned {} numbers for {} players", rules().score_function,
                        scores.size(), s.players);
  }
  if (!error.empty()) {
    if (parts != nullptr) parts->assign(s.players, {});
    return std::vector<int>(s.players, 0);
  }
  scores.resize(s.players, 0);
  for (int p = 0; p < s.players; ++p) {
    AddScorePart(parts, p, "score", scores[p]);
    scores[p] = static_cast<int>(std::clamp<long long>(scores[p] + tally.points[p], INT32_MIN, INT32_MAX));
  }
  return scores;
}

ScoreParts Engine::ExplainRoundScore(const GameState& s, std::string* error) {
  ScoreParts parts(s.players);
  if (s.finished) return parts;
  std::string message;
  RoundScore(s, message, &parts);
  if (error != nullptr) *error = message;
  return parts;
}

std::vector<int> Engine::Score(const GameState& s, std::string* error) {
  std::vector<int> scores = s.totals;
  if (s.finished) return scores;
  std::string message;
  const std::vector<int> round = RoundScore(s, message);
  if (!message.empty()) {
    if (error)
      *error = message;
    else
      throw ScriptError(message);
  }
  for (int p = 0; p < s.players; ++p)
    scores[p] = static_cast<int>(
        std::clamp<long long>(static_cast<long long>(scores[p]) + round[p], INT32_MIN, INT32_MAX));
  return scores;
}

std::vector<int> Engine::BotScore(const GameState& s, int round) {
  std::vector<int> scores = Score(s);
  if (rules().score_knock.move >= 0 && s.round == round) AddKnockStanding(*this, s, scores);
  return scores;
}

std::vector<int> Engine::BotEvaluation(const GameState& s) {
  std::vector<int> values;
  if (rules().bot_evaluate.empty() || !scripts_) return values;
  ScriptContext ctx{this, const_cast<GameState*>(&s), Actor(s), nullptr, -1, true};
  std::string error;
  if (!scripts_->CallList(rules().bot_evaluate, ctx, values, error)) throw ScriptError(error);
  if (static_cast<int>(values.size()) != s.players) {
    throw ScriptError(fmt::format("bot evaluation '{}' returned {} numbers for {} players", rules().bot_evaluate,
                                  values.size(), s.players));
  }
  return values;
}

void Engine::SampleForBot(GameState& sample, int me) {
  if (rules().bot_sample.empty() || !scripts_) return;
  ScriptContext ctx{this, &sample, me, nullptr, -1, false};
  asked_.clear();
  std::string error;
  if (!scripts_->CallWithPlayer(rules().bot_sample, ctx, me + 1, error)) throw ScriptError(error);
  if (!asked_.empty()) {
    asked_.clear();
    throw ScriptError(
        fmt::format("bots: sample '{}' asked a decision; it may only change what the seat cannot see",
                    rules().bot_sample));
  }
}

std::vector<int> Engine::Winners(const GameState& s, const std::vector<int>& scores) {
  if (s.declared_winner >= 0) return {s.declared_winner};
  if (!rules().match.winners.empty() && scripts_) {
    ScriptContext ctx{this, const_cast<GameState*>(&s), Actor(s), nullptr, -1, true};
    std::vector<int> seats;
    std::string error;
    if (!scripts_->CallList(rules().match.winners, ctx, seats, error)) throw ScriptError(error);
    for (int& seat : seats) {
      if (seat < 1 || seat > s.players)
        throw ScriptError(fmt::format("'{}' named no player {}", rules().match.winners, seat));
      --seat;
    }
    return seats;
  }
  const bool lowest = rules().match.lowest_wins;
  std::vector<int> out;
  for (int p = 0; p < static_cast<int>(scores.size()); ++p) {
    const bool better = !out.empty() && (lowest ? scores[p] < scores[out[0]] : scores[p] > scores[out[0]]);
    if (out.empty() || better)
      out = {p};
    else if (scores[p] == scores[out[0]])
      out.push_back(p);
  }
  return out;
}

}  // namespace tapis
