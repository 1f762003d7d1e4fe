// Synthetic reports for the tests: deterministic, every verdict, realistic ids.
#pragma once
#include "reports/report.h"

namespace touchstone::reports::testing {

CaseResult make_case(const std::string& id, const std::string& op, int version, const std::string& dtype,
                     const std::string& verdict);
// `n` cases over a spread of op-versions and dtypes; verdicts mostly pass (`pass_permille`
// of 1000), the rest spread over every verdict; failing cases carry metrics. Every case
// is listed (as --full-report writes). Seeded: the same arguments give the same report.
Report make_report(size_t n, unsigned seed = 1, unsigned pass_permille = 800);
// Splits a report's cases round-robin into `count` shard reports.
std::vector<Report> shard_report(const Report& report, int count);

}  // namespace touchstone::reports::testing
