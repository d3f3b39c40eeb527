// tapis sim --report FILE.html: one self-contained page (inline CSS and SVG, no script, no
// link) with the win rates and their intervals, the length histogram and the rule coverage;
// with --compare, one page that sets the two rulesets side by side.
#pragma once

#include <string>

#include "interpreter/sim/sim_totals.h"

namespace tapis::cli {

std::string HtmlReport(const SimTotals& totals, const SimReport& report);

// One run of a comparison: its totals and their summary.
struct ComparedRun {
  const SimTotals& totals;
  const SimReport& report;
};
std::string HtmlComparison(const ComparedRun& a, const ComparedRun& b);

}  // namespace tapis::cli
