#include "cli/report_numbers.h"

#include <fmt/format.h>

#include <cmath>

namespace tapis::cli {

std::string Percent(double part, double whole) {
  return fmt::format("{:.1f}%", whole > 0 ? 100.0 * part / whole : 0.0);
}

std::string PercentInterval(std::pair<double, double> interval) {
  return fmt::format("[{}, {}]", Percent(interval.first, 1), Percent(interval.second, 1));
}

std::string MeanWithMargin(double mean, double margin) {
  return fmt::format("{:.2f} ± {:.2f}", mean, margin);
}

double ProportionZ(double a, int n_a, double b, int n_b) {
  if (n_a <= 0 || n_b <= 0) return 0;
  const double p = (a + b) / (n_a + n_b);
  const double se = std::sqrt(p * (1 - p) * (1.0 / n_a + 1.0 / n_b));
  return se > 0 ? (a / n_a - b / n_b) / se : 0;
}

double MeanZ(double mean_a, double sd_a, int n_a, double mean_b, double sd_b, int n_b) {
  if (n_a <= 0 || n_b <= 0) return 0;
  const double se = std::sqrt(sd_a * sd_a / n_a + sd_b * sd_b / n_b);
  return se > 0 ? (mean_a - mean_b) / se : 0;
}

bool Significant(double z) { return std::abs(z) > 1.959964; }

const char* Verdict(double z) { return Significant(z) ? "significant (95%)" : "within chance"; }

}  // namespace tapis::cli
