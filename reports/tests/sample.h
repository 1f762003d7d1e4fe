// Synthetic reports for the tests: deterministic, every verdict, realistic ids.
#pragma once
#include "reports/report.h"

namespace touchstone::reports::testing {

CaseResult make_case(const std::string& id, const std::string& op, int version, const std::string& dtype,
                     const std::string& verdict);
// `n` cases over a spread of op-versions and dtypes; verdicts mostly pass, some of each
// other verdict; failing cases carry metrics. Seeded: the same n gives the same report.
Report make_report(size_t n, unsigned seed = 1);
// Splits a report's cases round-robin into `count` shard reports.
std::vector<Report> shard_report(const Report& report, int count);

}  // namespace touchstone::reports::testing
