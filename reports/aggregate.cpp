// Aggregates of a report: per op-version (and its dtype combinations), per dtype, and
// the run's coverage of the reference's catalog. Always derived from the cases and the
// summarized passes (a pass group counts as `count` passing cases of its key).
#include <set>
#include <tuple>

#include "reference/catalog.h"
#include "reports/report.h"

namespace touchstone::reports {

namespace {

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ",") + p;
  return out.empty() ? "-" : out;
}

}  // namespace

Aggregates aggregate(const Report& report) {
  Aggregates agg;
  std::map<std::tuple<std::string, std::string, int>, OpVersionAggregate> by_ov;
  const auto add = [&](const std::string& domain, const std::string& op, int version,
                       const std::vector<std::string>& dtypes, const std::string& verdict, int64_t n) {
    agg.totals.add(verdict, n);
    auto& a = by_ov[{domain, op, version}];
    a.domain = domain;
    a.op = op;
    a.since_version = version;
    a.tally.add(verdict, n);
    a.by_dtype[join(dtypes)].add(verdict, n);
    // A case counts once per distinct dtype it uses.
    std::set<std::string> dts(dtypes.begin(), dtypes.end());
    for (const auto& d : dts) agg.by_dtype[d].add(verdict, n);
  };
  for (const auto& c : report.cases) add(c.domain, c.op, c.since_version, c.dtypes, c.verdict, 1);
  for (const auto& g : report.pass_groups)
    if (g.count > 0) add(g.domain, g.op, g.since_version, g.dtypes, "pass", g.count);
  for (auto& [key, a] : by_ov) {
    const auto versions = op_versions(a.domain, a.op);
    for (size_t i = 1; i < versions.size(); ++i)
      if (versions[i]->since_version == a.since_version) a.previous_version = versions[i - 1]->since_version;
    agg.by_op_version.push_back(a);
  }

  for (const auto& row : catalog()) {
    ++agg.catalog_op_versions;
    if (row.status() != OpStatus::kNotYet) ++agg.implemented_op_versions;
    if (by_ov.count({std::string(canonical_domain(row.domain)), std::string(row.op), row.since_version}))
      ++agg.covered_op_versions;
  }
  return agg;
}

}  // namespace touchstone::reports
