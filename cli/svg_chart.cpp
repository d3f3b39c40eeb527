#include "cli/svg_chart.h"

#include <fmt/format.h>

#include <algorithm>

namespace tapis::cli {

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

std::string BarChart(const std::vector<Bar>& bars) {
  const int row = 26, label_width = 190, width = 400, text_width = 170;
  double lowest = 0, highest = 0;
  for (const Bar& b : bars) {
    lowest = std::min({lowest, b.value, b.has_interval ? b.low : 0.0});
    highest = std::max({highest, b.value, b.has_interval ? b.high : 0.0});
  }
  const double scale = highest > lowest ? width / (highest - lowest) : 0;
  const auto x = [&](double v) { return label_width + (v - lowest) * scale; };
  const int height = row * static_cast<int>(bars.size()) + 10;
  std::string svg =
      fmt::format(R"(<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" role="img">)",
                  label_width + width + text_width, height);
  for (size_t i = 0; i < bars.size(); ++i) {
    const Bar& b = bars[i];
    const int y = 5 + row * static_cast<int>(i);
    if (b.unused) {
      svg += fmt::format(R"(<rect x="0" y="{}" width="{}" height="{}" class="unused-row"/>)", y,
                         label_width + width + text_width, row - 2);
    }
    svg += fmt::format(R"(<text x="{}" y="{}" text-anchor="end" class="label{}">{}</text>)", label_width - 8,
                       y + 16, b.unused ? " unused" : "", Escape(b.label));
    const double left = x(std::min(0.0, b.value)), right = x(std::max(0.0, b.value));
    if (right > left) {
      svg += fmt::format(R"(<rect x="{:.1f}" y="{}" width="{:.1f}" height="18" class="bar s{}"/>)", left,
                         y + 2, right - left, b.series);
    }
    double end = right;
    if (b.has_interval) {
      const double x1 = x(b.low), x2 = x(b.high);
      svg += fmt::format(R"(<line x1="{:.1f}" x2="{:.1f}" y1="{}" y2="{}" class="err"/>)", x1, x2, y + 11,
                         y + 11);
      svg += fmt::format(R"(<line x1="{:.1f}" x2="{:.1f}" y1="{}" y2="{}" class="err"/>)", x1, x1, y + 5,
                         y + 17);
      svg += fmt::format(R"(<line x1="{:.1f}" x2="{:.1f}" y1="{}" y2="{}" class="err"/>)", x2, x2, y + 5,
                         y + 17);
      end = std::max(end, x2);
    }
    svg += fmt::format(R"(<text x="{:.1f}" y="{}" class="value{}">{}</text>)", std::max(end, x(0)) + 6,
                       y + 16, b.unused ? " unused" : "", Escape(b.text));
  }
  // The zero line, over the bars: where a negative mean starts.
  svg +=
      fmt::format(R"(<line x1="{:.1f}" x2="{:.1f}" y1="2" y2="{}" class="zero"/>)", x(0), x(0), height - 2);
  return svg + "</svg>";
}

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
        R"(<rect x="{}" y="{:.1f}" width="{}" height="{:.1f}" class="bar s0"><title>{}–{} turns: {} games</title></rect>)",
        10 + bar * static_cast<int>(i), height - h + 5, std::max(1, bar - 2), h,
        low + bin * static_cast<int64_t>(i), low + bin * static_cast<int64_t>(i + 1) - 1, bins[i]);
  }
  svg += fmt::format(R"(<text x="10" y="{}" class="label">{} turns</text>)", height + 25, low);
  svg += fmt::format(R"(<text x="{}" y="{}" text-anchor="end" class="label">{} turns</text>)", width + 10,
                     height + 25, high);
  return svg + "</svg>";
}

}  // namespace tapis::cli
