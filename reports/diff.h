// report diff: what changed between two runs, and whether anything regressed (CI gates
// on it). Cases are matched by id.
//
// A regression is a case in both runs that
//   - passed before (verdict class "passed") and does not now, or
//   - now fails (class "failed") and did not fail before.
// A fix is a case that did not pass before and passes now. Other verdict changes
// (fail -> crash, unsupported -> expected-fail, ...) are "changed". Among cases with the
// same verdict, differing metrics (max ulp, max abs, bad-element count) are
// "metrics changed". Added and removed cases are listed; a removed case is a regression
// (a gate must not pass because cases went missing) unless `allow_removed`, and so is a
// summarized pass of the old run the new one cannot hold (MissingPasses: a full run
// against one shard of it regresses). When the new run is a shard, the output says so.
// Two runs of different suites (their digests differ) are refused unless
// `allow_suite_change` (then the difference is noted).
//
// Summarized passes (schema version 2) have no id. When both runs provably hold the same
// cases (same_case_set), a case listed in one run only is a summarized pass in the other,
// and is judged as such ("pass (summarized) -> fail" is a regression, "fail -> pass
// (summarized)" a fix). Otherwise nothing is claimed that is not known: a case listed only
// in the new run whose op-version and dtypes have summarized passes in the old one is a
// regression when it fails now (it may have passed), else added; a case listed only in
// the old run is removed (it may pass now, summarized: the text says so). Metrics of
// cases summarized in either run are not compared (noted in run_differences).
#pragma once
#include <string>
#include <vector>

#include "reports/report.h"

namespace touchstone::reports {

struct CaseChange {
  std::string id;
  const CaseResult* old_case = nullptr;  // null for an added case
  const CaseResult* new_case = nullptr;  // null for a removed case
  // A null side that is a summarized pass there: known (same case set) or possible.
  enum class Summarized { kNo, kKnown, kPossible } old_summarized = Summarized::kNo, new_summarized = Summarized::kNo;
};

// Summarized passes of the old run that the new run cannot hold: for one op-version and
// dtypes, the old run's cases (listed and summarized) less the new run's and less those
// already listed as removed. A lower bound of what went missing, known without ids.
struct MissingPasses {
  std::string op_version;
  std::vector<std::string> dtypes;
  int64_t count = 0;
};

struct ReportDiff {
  std::vector<CaseChange> regressions, fixes, changed, metrics_changed, added, removed;
  std::vector<MissingPasses> missing;        // summarized passes gone from the new run
  std::vector<std::string> run_differences;  // backend, suite, ... that differ
  std::string new_shard;                     // "1/2" when the new run is a shard ("" : not)
  bool allow_removed = false;
  int64_t missing_count() const;
  // True when CI should fail: any regression, or a removed or missing case unless allowed.
  bool regressed() const;
};

struct DiffOptions {
  bool allow_removed = false;       // a case missing from the new run is not a regression
  bool allow_suite_change = false;  // compare runs of suites with different digests
};

// The reports must outlive the diff (it points into their cases). Throws
// std::runtime_error for two different suites unless allowed.
ReportDiff diff_reports(const Report& old_report, const Report& new_report, const DiffOptions& options = {});

std::string diff_text(const ReportDiff& d);
std::string diff_markdown(const ReportDiff& d);
nlohmann::json diff_json(const ReportDiff& d);

}  // namespace touchstone::reports
