// The functions of the expressions: aggregates over a domain (a zone's cards, several zones
// joined, players), top, points, if, abs, and the patterns among cards.
#include <fmt/format.h>

#include <algorithm>

#include "interpreter/load/expression_compiler.h"

namespace tapis::expression_compiler {

std::vector<int> Compiler::Unpack(int32_t zones) {
  std::vector<int> out;
  auto packed = static_cast<uint32_t>(zones);
  for (int i = 0; i < kMaxUnitedZones && (packed & 0xFF) != kNoZone; ++i, packed >>= 8)
    out.push_back(static_cast<int>(packed & 0xFF));
  return out;
}

Compiler::DomainOf Compiler::ReadDomain(const SyntaxNode& n, const std::string& function) const {
  if (n.kind == SyntaxNode::Kind::kBinary && n.text == "+") {
    DomainOf left = ReadDomain(n.children[0], function);
    const DomainOf right = ReadDomain(n.children[1], function);
    if (left.domain != Domain::kCards || right.domain != Domain::kCards)
      Fail(n, fmt::format("{}(…): '+' joins zones (hand + starter), not players", function));
    std::vector<int> zones = Unpack(left.zones), more = Unpack(right.zones);
    zones.insert(zones.end(), more.begin(), more.end());
    if (zones.size() > kMaxUnitedZones)
      Fail(n, fmt::format("{}(…): at most {} zones joined", function, kMaxUnitedZones));
    uint32_t packed = 0xFFFFFFFFu;
    for (size_t i = 0; i < zones.size(); ++i)
      packed = (packed & ~(0xFFu << (8 * i))) | static_cast<uint32_t>(zones[i]) << (8 * i);
    left.zones = static_cast<int32_t>(packed);
    left.united = true;
    return left;
  }
  if (n.kind == SyntaxNode::Kind::kName) {
    if (n.text == "players") return {Domain::kPlayers};
    if (n.text == "others" || n.text == "team") {
      NeedPlayer(n, n.text);
      return {n.text == "team" ? Domain::kTeam : Domain::kOthers};
    }
    if (const int z = r_.ZoneIndex(n.text); z >= 0) {
      if (r_.zones[z].owner == Owner::kPlayer) NeedPlayer(n, n.text);
      if (r_.zones[z].dynamic)
        Fail(n, fmt::format("'{}' is made in play, one per meld: no one zone", n.text));
      return {Domain::kCards, z, OneZone(z)};
    }
  }
  std::vector<std::string> names = {"players", "others", "team"};
  for (const ZoneDecl& z : r_.zones) names.push_back(z.name);
  Fail(n, fmt::format("{}(…) counts over a zone's cards or players; {}", function,
                      n.kind == SyntaxNode::Kind::kName ? Suggest(n.text, names, "zones")
                                                        : "name one: " + Join(names)));
}

bool Compiler::NamesDomain(const SyntaxNode& n) const {
  if (n.kind == SyntaxNode::Kind::kBinary && n.text == "+")
    return NamesDomain(n.children[0]) && NamesDomain(n.children[1]);
  return n.kind == SyntaxNode::Kind::kName &&
         (n.text == "players" || n.text == "others" || n.text == "team" || r_.ZoneIndex(n.text) >= 0);
}

Compiled Compiler::Body(const SyntaxNode& n, const SyntaxNode& body_node, bool over_cards, bool truth) {
  const bool card_body = card_body_, player_body = player_body_;
  if (over_cards)
    card_body_ = true;
  else
    player_body_ = true;
  const double reads = reads_;
  reads_ *= over_cards ? most_cards_ : kMaxPlayers;
  if (reads_ > kMaxExpressionReads)
    Fail(n, fmt::format("{}(…) within others may read {:.0f} cards or players each time it is tested; at "
                        "most {:.0f}",
                        n.text, reads_, kMaxExpressionReads));
  Compiled body = Expect(body_node, truth ? Type::Kind::kTruth : Type::Kind::kNumber,
                         truth ? fmt::format("{}(…)'s second part is a condition", n.text).c_str()
                               : fmt::format("{}(…)'s second part is a number", n.text).c_str());
  card_body_ = card_body;
  player_body_ = player_body;
  reads_ = reads;
  if (body.code.size() > INT16_MAX) Fail(n, "too long");
  return body;
}

Compiled Compiler::PatternCall(const SyntaxNode& n, Pattern pattern) {
  const std::string& f = n.text;
  const bool with_number = pattern == Pattern::kSums || pattern == Pattern::kRuns;
  const char* shape = pattern == Pattern::kSums
                          ? "sums(ZONE, NUMBER, TOTAL): the sets of cards adding up to TOTAL"
                      : pattern == Pattern::kRuns  ? "runs(ZONE, PROPERTY, SHORTEST)"
                      : pattern == Pattern::kPairs ? "pairs(ZONE, PROPERTY)"
                                                   : "streak(ZONE, PROPERTY) or top_run(ZONE, PROPERTY)";
  Arguments(n, with_number ? 3 : 2, with_number ? 3 : 2, shape);
  const DomainOf d = ReadDomain(n.children[0], f);
  if (d.domain != Domain::kCards) Fail(n.children[0], fmt::format("{}(…) reads cards: name a zone", f));
  const bool from_top = pattern == Pattern::kStreak || pattern == Pattern::kTopRun;
  if (from_top && d.united)
    Fail(n.children[0], fmt::format("{}(…) reads one pile from its top: one zone", f));
  Compiled out{{Type::Kind::kNumber}, {}, 1, false};
  if (with_number) {
    out =
        Expect(n.children[2], Type::Kind::kNumber, fmt::format("{}(…)'s third part is a number", f).c_str());
    out.depth = std::max(out.depth, 2);
  }
  int property = 0;
  Compiled body;
  if (pattern == Pattern::kSums) {
    // The sets are counted for every sum up to the total: a card costs as many steps as the
    // highest total, so the cards it may read are bounded as an aggregate's reads are.
    if (reads_ * most_cards_ * kMaxPatternTotal > kMaxExpressionReads)
      Fail(n,
           fmt::format(
               "sums(…) may take {:.0f} steps each time it is tested ({:.0f} cards, totals up to {}); at "
               "most {:.0f}",
               reads_ * most_cards_ * kMaxPatternTotal, most_cards_, kMaxPatternTotal, kMaxExpressionReads));
    body = Body(n, n.children[1], true, false);
    out.depth = std::max(out.depth, 1 + body.depth);
  } else {
    const SyntaxNode& p = n.children[1];
    property = p.kind == SyntaxNode::Kind::kName ? r_.catalog.PropertyIndex(p.text) : -1;
    if (property < 0)
      Fail(p, fmt::format("{}(…)'s second part is a property of the cards; {}", f,
                          p.kind == SyntaxNode::Kind::kName
                              ? Suggest(p.text, Names(r_.catalog.properties()), "properties")
                              : "name one: " + r_.catalog.PropertyNames()));
    if (r_.catalog.properties()[property].values.size() > kMaxPatternValues)
      Fail(p, fmt::format("{}(…) reads properties of at most {} values; '{}' has {}", f, kMaxPatternValues,
                          p.text, r_.catalog.properties()[property].values.size()));
  }
  out.code.push_back({Op::kPattern,
                      {},
                      {},
                      static_cast<int16_t>(body.code.size()),
                      static_cast<int32_t>(pattern) | property << 8,
                      d.zones});
  Append(out, body);
  out.type = {Type::Kind::kNumber};
  return out;
}

Compiled Compiler::Aggregate(const SyntaxNode& n, Fold fold, const SyntaxNode* body_node) {
  const DomainOf d = ReadDomain(n.children[0], n.text);
  Instruction head{Op::kAggregate, d.domain, fold, 0, 0, d.zones};
  Compiled out{
      {fold == Fold::kAny || fold == Fold::kAll ? Type::Kind::kTruth : Type::Kind::kNumber}, {}, 1, false};
  if (body_node == nullptr) {
    out.code.push_back(head);
    return out;
  }
  const bool truth = fold == Fold::kCount || fold == Fold::kAny || fold == Fold::kAll;
  Compiled body = Body(n, *body_node, d.domain == Domain::kCards, truth);
  head.length = static_cast<int16_t>(body.code.size());
  out.code.push_back(head);
  Append(out, body);
  out.depth = std::max(1, body.depth);
  return out;
}

void Compiler::Arguments(const SyntaxNode& n, size_t low, size_t high, const char* shape) const {
  if (n.children.size() < low || n.children.size() > high) Fail(n, fmt::format("write {}", shape));
}

Compiled Compiler::Call(const SyntaxNode& n) {
  const std::string& f = n.text;
  if (f == "count") {
    Arguments(n, 1, 2, "count(ZONE), count(ZONE, CONDITION) or count(players, CONDITION)");
    if (n.children.size() == 2) return Aggregate(n, Fold::kCount, &n.children[1]);
    if (ReadDomain(n.children[0], f).domain == Domain::kCards) return Aggregate(n, Fold::kCount, nullptr);
    const SyntaxNode always{SyntaxNode::Kind::kName, "true", 0, n.at, {}};  // count(players)
    return Aggregate(n, Fold::kCount, &always);
  }
  if (f == "any" || f == "all") {
    Arguments(n, 2, 2, fmt::format("{}(ZONE or players, CONDITION)", f).c_str());
    return Aggregate(n, f == "any" ? Fold::kAny : Fold::kAll, &n.children[1]);
  }
  if (f == "sum") {
    Arguments(n, 2, 2, "sum(ZONE or players, NUMBER)");
    return Aggregate(n, Fold::kSum, &n.children[1]);
  }
  if (f == "min" || f == "max") {
    if (n.children.size() == 2 && NamesDomain(n.children[0]))
      return Aggregate(n, f == "min" ? Fold::kMin : Fold::kMax, &n.children[1]);
    Arguments(n, 2, 16, fmt::format("{}(A, B, …) of numbers, or {}(ZONE or players, NUMBER)", f, f).c_str());
    Compiled out = Expect(n.children[0], Type::Kind::kNumber, fmt::format("{}(…) of numbers", f).c_str());
    for (size_t i = 1; i < n.children.size(); ++i) {
      Compiled next = Expect(n.children[i], Type::Kind::kNumber, fmt::format("{}(…) of numbers", f).c_str());
      out.depth = std::max(out.depth, 1 + next.depth);
      Append(out, next);
      out.code.push_back({f == "min" ? Op::kMin : Op::kMax});
    }
    return out;
  }
  if (f == "sums") return PatternCall(n, Pattern::kSums);
  if (f == "pairs") return PatternCall(n, Pattern::kPairs);
  if (f == "runs") return PatternCall(n, Pattern::kRuns);
  if (f == "streak") return PatternCall(n, Pattern::kStreak);
  if (f == "top_run") return PatternCall(n, Pattern::kTopRun);
  if (f == "if") {  // if(COND, A, B): A where COND holds, else B, of one type
    Arguments(n, 3, 3, "if(CONDITION, THEN, ELSE)");
    Compiled out = Expect(n.children[0], Type::Kind::kTruth, "if(…)'s first part is a condition");
    const Compiled yes = Compile(n.children[1]);
    const Compiled no = Compile(n.children[2]);
    if (yes.type.kind != no.type.kind || yes.type.of != no.type.of)
      Fail(n, fmt::format("if(…) gives {} or {}: both must be of one kind", Describe(yes.type),
                          Describe(no.type)));
    out.code.push_back({Op::kJumpUnless, {}, {}, 0, static_cast<int32_t>(yes.code.size() + 1)});
    Append(out, yes);
    out.code.push_back({Op::kJump, {}, {}, 0, static_cast<int32_t>(no.code.size())});
    Append(out, no);
    out.depth = std::max({out.depth, yes.depth, no.depth});
    out.type = yes.type;
    return out;
  }
  if (f == "abs") {
    Arguments(n, 1, 1, "abs(NUMBER)");
    Compiled out = Expect(n.children[0], Type::Kind::kNumber, "abs(…) of a number");
    out.code.push_back({Op::kAbs});
    return out;
  }
  if (f == "top") {
    Arguments(n, 1, 1, "top(ZONE)");
    const DomainOf d = ReadDomain(n.children[0], f);
    if (d.domain != Domain::kCards || d.united) Fail(n.children[0], "top(ZONE): the card on top of a zone");
    return Leaf({Type::Kind::kCard}, {Op::kTop, {}, {}, 0, d.zone});
  }
  if (f == "points") {
    Arguments(n, 1, 1, "points(CARD) or points(ZONE)");
    if (NamesDomain(n.children[0])) {  // the cards' points added up
      const DomainOf d = ReadDomain(n.children[0], f);
      if (d.domain != Domain::kCards) Fail(n.children[0], "points(ZONE): a zone's cards' points");
      Compiled out{
          {Type::Kind::kNumber},
          {{Op::kAggregate, Domain::kCards, Fold::kSum, 2, 0, d.zones}, {Op::kTestedCard}, {Op::kCardPoints}},
          1,
          false};
      return out;
    }
    Compiled out = Expect(n.children[0], Type::Kind::kCard, "points(CARD) or points(ZONE)");
    out.code.push_back({Op::kCardPoints});
    out.type = {Type::Kind::kNumber};
    return out;
  }
  Fail(n, fmt::format("unknown function '{}'; {}", f,
                      Suggest(f, std::vector<std::string>(std::begin(kFunctions), std::end(kFunctions)),
                              "functions")));
}

}  // namespace tapis::expression_compiler
