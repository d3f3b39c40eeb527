// The numbers a simulation report shows, written one way wherever they appear (the text,
// the HTML page, a comparison), and the tests that say whether two runs differ.
#pragma once

#include <string>
#include <utility>

namespace tapis::cli {

// A share as a percentage with one decimal: "76.5%" ("0.0%" when `whole` is 0).
std::string Percent(double part, double whole);
// A 95% interval of a share, {low, high} in 0..1: "[70.1%, 80.2%]".
std::string PercentInterval(std::pair<double, double> interval);
// A mean and its 95% margin: "12.35 ± 0.40".
std::string MeanWithMargin(double mean, double margin);

// z statistics of a difference: of two proportions (a successes in n_a trials, …), and of
// two means with their standard deviations.
double ProportionZ(double a, int n_a, double b, int n_b);
double MeanZ(double mean_a, double sd_a, int n_a, double mean_b, double sd_b, int n_b);
// Beyond 1.96 either way: a two-sided test at 95%.
bool Significant(double z);
// "significant (95%)" when Significant, else "within chance".
const char* Verdict(double z);

}  // namespace tapis::cli
