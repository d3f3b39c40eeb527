// tapis sim --report FILE.html: one self-contained page (inline CSS and SVG, no script, no
// link) with the win rates and their intervals, the length histogram and the rule coverage.
#pragma once

#include <string>

#include "interpreter/sim/sim_totals.h"

namespace tapis::cli {

std::string HtmlReport(const SimTotals& totals, const SimReport& report);

}  // namespace tapis::cli
