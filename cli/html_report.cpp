#include "cli/html_report.h"

#include <fmt/format.h>

#include <algorithm>

#include "cli/report_numbers.h"
#include "cli/svg_chart.h"
#include "interpreter/sim/simulate.h"

namespace tapis::cli {
namespace {

constexpr const char* kStyle = R"(<style>
body { font-family: sans-serif; margin: 2em; color: #222; max-width: 64em; }
h1 { font-size: 1.4em; } h2 { font-size: 1.1em; margin-top: 1.6em; }
.s0 { fill: #4a7ab5; } .s1 { fill: #e08a2c; } .err { stroke: #111; stroke-width: 1.5; }
.zero { stroke: #555; stroke-width: 1; }
.label, .value { font-size: 12px; fill: #222; }
.unused-row { fill: #fbe3e0; } text.unused { fill: #b0281a; font-weight: bold; }
p.never { background: #fbe3e0; border-left: 4px solid #b0281a; padding: 0.4em 0.8em; }
.key0, .key1 { display: inline-block; width: 0.9em; height: 0.9em; margin: 0 0.3em 0 1em; }
.key0 { background: #4a7ab5; } .key1 { background: #e08a2c; }
table { border-collapse: collapse; } td, th { padding: 0.2em 0.8em; text-align: left; }
tr.significant td { font-weight: bold; }
</style>)";

std::string Head(const std::string& title) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\n{}\n"
      "</head><body>\n",
      Escape(title), kStyle);
}

std::string Settings(const SimTotals& totals) {
  std::vector<std::string> settings;
  for (const auto& [name, value] : totals.settings) settings.push_back(name + "=" + value);
  return Escape(fmt::format("{}", fmt::join(settings, ", ")));
}

std::string Bot(const SimTotals& totals, int p) {
  return p < static_cast<int>(totals.bots.size()) ? totals.bots[p] : "random";
}

Bar WinBar(const std::string& label, const SimReport& report, int p, int series) {
  const int finished = report.games - report.unfinished;
  const double wins = report.seats[p].wins;
  const auto interval = WilsonInterval(wins, finished);
  return {label,
          finished ? 100.0 * wins / finished : 0.0,
          true,
          100 * interval.first,
          100 * interval.second,
          fmt::format("{} {}", Percent(wins, finished), PercentInterval(interval)),
          series};
}

Bar ScoreBar(const std::string& label, const SeatStats& s, int series) {
  return {label,
          s.mean_score,
          true,
          s.mean_score - s.score_margin,
          s.mean_score + s.score_margin,
          MeanWithMargin(s.mean_score, s.score_margin),
          series};
}

// A rule's uses a game, or a loud "never used".
Bar UsageBar(const std::string& label, const std::vector<std::pair<std::string, double>>& usage,
             const std::string& name, int series) {
  const auto it = std::find_if(usage.begin(), usage.end(), [&](const auto& u) { return u.first == name; });
  if (it == usage.end()) return {label, 0, false, 0, 0, "not in this ruleset", series};
  if (it->second == 0) return {label, 0, false, 0, 0, "never used", series, true};
  return {label, it->second, false, 0, 0, fmt::format("{:.3g} a game", it->second), series};
}

std::string NeverUsed(const std::vector<Bar>& bars) {
  std::vector<std::string> names;
  for (const Bar& b : bars) {
    if (b.unused) names.push_back(Escape(b.label));
  }
  if (names.empty()) return "";
  return fmt::format("<p class=\"never\">Never used: {}</p>\n", fmt::join(names, ", "));
}

std::string CoverageSection(const char* title, const std::vector<Bar>& bars) {
  if (bars.empty()) return fmt::format("<h2>{}</h2>\n<p>None.</p>\n", title);
  return fmt::format("<h2>{}</h2>\n{}{}\n", title, NeverUsed(bars), BarChart(bars));
}

// The names of both runs' rules, the first run's order first.
std::vector<std::string> Union(const std::vector<std::pair<std::string, double>>& a,
                               const std::vector<std::pair<std::string, double>>& b) {
  std::vector<std::string> names;
  for (const auto* usage : {&a, &b}) {
    for (const auto& [name, n] : *usage) {
      if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
    }
  }
  return names;
}

std::vector<Bar> SideBySide(const std::vector<std::pair<std::string, double>>& a, const std::string& name_a,
                            const std::vector<std::pair<std::string, double>>& b, const std::string& name_b) {
  std::vector<Bar> bars;
  for (const auto& rule : Union(a, b)) {
    bars.push_back(UsageBar(fmt::format("{} · {}", rule, name_a), a, rule, 0));
    bars.push_back(UsageBar(fmt::format("{} · {}", rule, name_b), b, rule, 1));
  }
  return bars;
}

}  // namespace

std::string HtmlReport(const SimTotals& totals, const SimReport& report) {
  std::vector<Bar> wins, scores, moves, effects;
  for (int p = 0; p < totals.players; ++p) {
    wins.push_back(WinBar(fmt::format("seat {} ({})", p + 1, Bot(totals, p)), report, p, 0));
    scores.push_back(ScoreBar(fmt::format("seat {}", p + 1), report.seats[p], 0));
  }
  for (const auto& [name, n] : report.moves_per_game)
    moves.push_back(UsageBar(name, report.moves_per_game, name, 0));
  for (const auto& [name, n] : report.effects_per_game)
    effects.push_back(UsageBar(name, report.effects_per_game, name, 0));
  std::string html = Head("tapis sim: " + totals.ruleset);
  html += fmt::format(
      R"(<h1>{ruleset}: {games} games, {players} players</h1>
<table>
<tr><th>seed</th><td>{seed}</td></tr>
<tr><th>parameters</th><td>{settings}</td></tr>
<tr><th>length</th><td>{turns:.1f} turns on average (sd {sd:.1f}), {moves:.1f} moves</td></tr>
<tr><th>unfinished</th><td>{unfinished}</td></tr>
</table>
<h2>Win rate per seat, with 95% intervals</h2>
{wins}
<h2>Mean score per seat, with 95% intervals</h2>
{scores}
<h2>Game length</h2>
{histogram}
)",
      fmt::arg("ruleset", Escape(totals.ruleset)), fmt::arg("games", report.games),
      fmt::arg("players", totals.players), fmt::arg("seed", totals.seed),
      fmt::arg("settings", Settings(totals)), fmt::arg("turns", report.mean_turns),
      fmt::arg("sd", report.stddev_turns), fmt::arg("moves", report.mean_moves),
      fmt::arg("unfinished", report.unfinished), fmt::arg("wins", BarChart(wins)),
      fmt::arg("scores", BarChart(scores)), fmt::arg("histogram", Histogram(totals.length_counts)));
  html += CoverageSection("Rule coverage: moves made", moves);
  html += CoverageSection("Rule coverage: effects fired", effects);
  return html + "</body></html>\n";
}

std::string HtmlComparison(const ComparedRun& a, const ComparedRun& b) {
  const std::string& name_a = a.totals.ruleset;
  const std::string& name_b = b.totals.ruleset;
  const int players = a.totals.players;
  const int fa = a.report.games - a.report.unfinished, fb = b.report.games - b.report.unfinished;
  std::string rows;
  std::vector<Bar> wins, scores;
  for (int p = 0; p < players; ++p) {
    const SeatStats &sa = a.report.seats[p], &sb = b.report.seats[p];
    const double z = ProportionZ(sa.wins, fa, sb.wins, fb);
    rows += fmt::format(
        "<tr{}><td>seat {}</td><td>{}</td><td>{}</td><td>{:+.1f} "
        "points</td><td>{}</td><td>{}</td><td>{}</td></tr>\n",
        Significant(z) ? " class=\"significant\"" : "", p + 1, Percent(sa.wins, fa), Percent(sb.wins, fb),
        fa && fb ? 100.0 * sa.wins / fa - 100.0 * sb.wins / fb : 0.0, Verdict(z),
        MeanWithMargin(sa.mean_score, sa.score_margin), MeanWithMargin(sb.mean_score, sb.score_margin));
    wins.push_back(WinBar(fmt::format("seat {} · {}", p + 1, name_a), a.report, p, 0));
    wins.push_back(WinBar(fmt::format("seat {} · {}", p + 1, name_b), b.report, p, 1));
    scores.push_back(ScoreBar(fmt::format("seat {} · {}", p + 1, name_a), sa, 0));
    scores.push_back(ScoreBar(fmt::format("seat {} · {}", p + 1, name_b), sb, 1));
  }
  const double length_z = MeanZ(a.report.mean_turns, a.report.stddev_turns, std::max(1, fa),
                                b.report.mean_turns, b.report.stddev_turns, std::max(1, fb));
  const double unfinished_z =
      ProportionZ(a.report.unfinished, a.report.games, b.report.unfinished, b.report.games);
  std::string html = Head(fmt::format("tapis sim: {} vs {}", name_a, name_b));
  html += fmt::format(
      R"(<h1>{a} vs {b}: {games} games each, {players} players, the same seeds</h1>
<p><span class="key0"></span>{a} <span class="key1"></span>{b}</p>
<table>
<tr><th></th><th>{a}</th><th>{b}</th><th>difference</th><th></th></tr>
<tr><th>parameters</th><td>{settings_a}</td><td>{settings_b}</td><td></td><td></td></tr>
<tr{length_class}><th>length</th><td>{turns_a:.1f} turns (sd {sd_a:.1f})</td><td>{turns_b:.1f} turns (sd {sd_b:.1f})</td><td>{length_diff:+.1f} turns</td><td>{length_verdict}</td></tr>
<tr{unfinished_class}><th>unfinished</th><td>{unfinished_a} ({unfinished_pa})</td><td>{unfinished_b} ({unfinished_pb})</td><td>{unfinished_diff:+d} games</td><td>{unfinished_verdict}</td></tr>
</table>
<h2>Win rate per seat, with 95% intervals</h2>
<table>
<tr><th></th><th>{a}</th><th>{b}</th><th>difference</th><th></th><th>mean score, {a}</th><th>mean score, {b}</th></tr>
{rows}</table>
{wins}
<h2>Mean score per seat, with 95% intervals</h2>
{scores}
<h2>Game length: {a}</h2>
{histogram_a}
<h2>Game length: {b}</h2>
{histogram_b}
)",
      fmt::arg("a", Escape(name_a)), fmt::arg("b", Escape(name_b)), fmt::arg("games", a.report.games),
      fmt::arg("players", players), fmt::arg("settings_a", Settings(a.totals)),
      fmt::arg("settings_b", Settings(b.totals)),
      fmt::arg("length_class", Significant(length_z) ? " class=\"significant\"" : ""),
      fmt::arg("turns_a", a.report.mean_turns), fmt::arg("sd_a", a.report.stddev_turns),
      fmt::arg("turns_b", b.report.mean_turns), fmt::arg("sd_b", b.report.stddev_turns),
      fmt::arg("length_diff", a.report.mean_turns - b.report.mean_turns),
      fmt::arg("length_verdict", Verdict(length_z)),
      fmt::arg("unfinished_class", Significant(unfinished_z) ? " class=\"significant\"" : ""),
      fmt::arg("unfinished_a", a.report.unfinished), fmt::arg("unfinished_b", b.report.unfinished),
      fmt::arg("unfinished_pa", Percent(a.report.unfinished, a.report.games)),
      fmt::arg("unfinished_pb", Percent(b.report.unfinished, b.report.games)),
      fmt::arg("unfinished_diff", a.report.unfinished - b.report.unfinished),
      fmt::arg("unfinished_verdict", Verdict(unfinished_z)), fmt::arg("rows", rows),
      fmt::arg("wins", BarChart(wins)), fmt::arg("scores", BarChart(scores)),
      fmt::arg("histogram_a", Histogram(a.totals.length_counts)),
      fmt::arg("histogram_b", Histogram(b.totals.length_counts)));
  html += CoverageSection("Rule coverage: moves made",
                          SideBySide(a.report.moves_per_game, name_a, b.report.moves_per_game, name_b));
  html += CoverageSection("Rule coverage: effects fired",
                          SideBySide(a.report.effects_per_game, name_a, b.report.effects_per_game, name_b));
  return html + "</body></html>\n";
}

}  // namespace tapis::cli
