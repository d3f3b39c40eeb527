// The charts of the HTML reports, as inline SVG (no script, nothing fetched): horizontal bars
// drawn from a zero line, with 95% intervals, and a histogram of game lengths.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace tapis::cli {

std::string Escape(const std::string& text);

// One row of a bar chart. `series` picks the bar's colour (0: the first run, 1: the second
// in a comparison); an unused row (a rule never used) is highlighted across the chart.
struct Bar {
  std::string label;
  double value = 0;
  bool has_interval = false;
  double low = 0, high = 0;
  std::string text;  // written after the bar
  int series = 0;
  bool unused = false;
};

// Rows of bars on one scale that spans 0 and every value and interval: a negative mean
// goes left of the zero line.
std::string BarChart(const std::vector<Bar>& bars);
// Game lengths in about 20 bins.
std::string Histogram(const std::map<int64_t, int64_t>& counts);

}  // namespace tapis::cli
