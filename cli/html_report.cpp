#include "cli/html_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "interpreter/sim/simulate.h"

namespace tapis::cli {
namespace {

std::string Escape(const std::string& text) {
  std::string out;
  for (char c : text) {
    switch (c) {
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '&':
        out += "&amp;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

// Horizontal bars, one a row, scaled to `top`, with optional [low, high] error bars.
struct Bar {
  std::string label;
  double value = 0, low = -1, high = -1;
  std::string text;
  bool warn = false;
};

std::string BarChart(const std::vector<Bar>& bars, double top) {
  const int row = 26, label_width = 150, width = 420;
  std::string svg =
      fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" role="img">)",
                  label_width + width + 120, row * static_cast<int>(bars.size()) + 10);
  for (size_t i = 0; i < bars.size(); ++i) {
    const Bar& b = bars[i];
    const int y = 5 + row * static_cast<int>(i);
    const double scale = top > 0 ? width / top : 0;
    svg += fmt::format(R"(<text x="{}" y="{}" text-anchor="end" class="label">{}</text>)", label_width - 8,
                       y + 16, Escape(b.label));
    svg += fmt::format(R"(<rect x="{}" y="{}" width="{:.1f}" height="18" class="{}"/>)", label_width, y + 2,
                       std::max(1.0, b.value * scale), b.warn ? "warn" : "bar");
    if (b.low >= 0) {
      const double x1 = label_width + b.low * scale, x2 = label_width + b.high * scale;
      svg += fmt::format(R"(<line x1="{:.1f}" x2="{:.1f}" y1="{}" y2="{}" class="err"/>)", x1, x2, y + 11,
                         y + 11);
      svg += fmt::format(R"(<line x1="{:.1f}" x2="{:.1f}" y1="{}" y2="{}" class="err"/>)", x1, x1, y + 5,
                         y + 17);
      svg += fmt::format(R"(<line x1="{:.1f}" x2="{:.1f}" y1="{}" y2="{}" class="err"/>)", x2, x2, y + 5,
                         y + 17);
    }
    svg += fmt::format(R"(<text x="{:.1f}" y="{}" class="value">{}</text>)",
                       label_width + std::max(b.value, b.high) * scale + 6, y + 16, Escape(b.text));
  }
  return svg + "</svg>";
}

// Game lengths in about 20 bins.
std::string Histogram(const std::map<int64_t, int64_t>& counts) {
  if (counts.empty()) return "<p>No game finished.</p>";
  const int64_t low = counts.begin()->first, high = counts.rbegin()->first;
  const int64_t bin = std::max<int64_t>(1, (high - low + 20) / 20);
  std::vector<int64_t> bins((high - low) / bin + 1, 0);
  for (const auto& [turns, n] : counts) bins[(turns - low) / bin] += n;
  const int64_t most = *std::max_element(bins.begin(), bins.end());
  const int width = 560, height = 160, bar = width / static_cast<int>(bins.size());
  std::string svg =
      fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" role="img">)", width + 20,
                  height + 40);
  for (size_t i = 0; i < bins.size(); ++i) {
    const double h = most ? static_cast<double>(bins[i]) * height / most : 0;
    svg += fmt::format(
        R"(<rect x="{}" y="{:.1f}" width="{}" height="{:.1f}" class="bar"><title>{}–{} turns: {} games</title></rect>)",
        10 + bar * static_cast<int>(i), height - h + 5, std::max(1, bar - 2), h,
        low + bin * static_cast<int64_t>(i), low + bin * static_cast<int64_t>(i + 1) - 1, bins[i]);
  }
  svg += fmt::format(R"(<text x="10" y="{}" class="label">{} turns</text>)", height + 25, low);
  svg += fmt::format(R"(<text x="{}" y="{}" text-anchor="end" class="label">{} turns</text>)", width + 10,
                     height + 25, high);
  return svg + "</svg>";
}

std::vector<Bar> Coverage(const std::vector<std::pair<std::string, double>>& usage) {
  std::vector<Bar> bars;
  for (const auto& [name, per_game] : usage) {
    bars.push_back({name, per_game, -1, -1,
                    per_game > 0 ? fmt::format("{:.3g} a game", per_game) : "never used", per_game == 0});
  }
  return bars;
}

double Top(const std::vector<Bar>& bars) {
  double top = 0;
  for (const auto& b : bars) top = std::max({top, b.value, b.high});
  return top;
}

}  // namespace

std::string HtmlReport(const SimTotals& totals, const SimReport& report) {
  const int finished = report.games - report.unfinished;
  std::vector<Bar> wins;
  for (int p = 0; p < totals.players; ++p) {
    const auto [low, high] = WilsonInterval(report.seats[p].wins, finished);
    const double rate = finished ? report.seats[p].wins / finished : 0;
    const std::string bot = p < static_cast<int>(totals.bots.size()) ? totals.bots[p] : "random";
    wins.push_back({fmt::format("seat {} ({})", p + 1, bot), 100 * rate, 100 * low, 100 * high,
                    fmt::format("{:.1f}% [{:.1f}, {:.1f}]", 100 * rate, 100 * low, 100 * high)});
  }
  std::vector<Bar> scores;
  for (int p = 0; p < totals.players; ++p) {
    const auto& s = report.seats[p];
    scores.push_back({fmt::format("seat {}", p + 1), std::max(0.0, s.mean_score),
                      std::max(0.0, s.mean_score - s.score_margin),
                      std::max(0.0, s.mean_score + s.score_margin),
                      fmt::format("{:.2f} ± {:.2f}", s.mean_score, s.score_margin)});
  }
  const auto moves = Coverage(report.moves_per_game), effects = Coverage(report.effects_per_game);
  std::vector<std::string> settings;
  for (const auto& [name, value] : totals.settings) settings.push_back(name + "=" + value);
  std::string html = fmt::format(
      R"(<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>tapis sim: {ruleset}</title>
<style>
body {{ font-family: sans-serif; margin: 2em; color: #222; max-width: 60em; }}
h1 {{ font-size: 1.4em; }} h2 {{ font-size: 1.1em; margin-top: 1.6em; }}
.bar {{ fill: #4a7ab5; }} .warn {{ fill: #c0392b; }} .err {{ stroke: #111; stroke-width: 1.5; }}
.label, .value {{ font-size: 12px; fill: #222; }}
table {{ border-collapse: collapse; }} td, th {{ padding: 0.2em 0.8em; text-align: left; }}
</style></head><body>
<h1>{ruleset}: {games} games, {players} players</h1>
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
<h2>Rule coverage: moves made</h2>
{moves_chart}
<h2>Rule coverage: effects fired</h2>
{effects_chart}
</body></html>
)",
      fmt::arg("ruleset", Escape(totals.ruleset)), fmt::arg("games", report.games),
      fmt::arg("players", totals.players), fmt::arg("seed", totals.seed),
      fmt::arg("settings", Escape(fmt::format("{}", fmt::join(settings, ", ")))),
      fmt::arg("turns", report.mean_turns), fmt::arg("sd", report.stddev_turns),
      fmt::arg("moves", report.mean_moves), fmt::arg("unfinished", report.unfinished),
      fmt::arg("wins", BarChart(wins, 100)), fmt::arg("scores", BarChart(scores, Top(scores))),
      fmt::arg("histogram", Histogram(totals.length_counts)),
      fmt::arg("moves_chart", BarChart(moves, Top(moves))),
      fmt::arg("effects_chart", effects.empty() ? "<p>No effects.</p>" : BarChart(effects, Top(effects))));
  return html;
}

}  // namespace tapis::cli
