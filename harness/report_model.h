// The run report as plain data (schema "touchstone-report", version 1), and its JSON form.
// It knows nothing of the runner: the runner fills it, writers render it. The reports
// issue formalizes the full schema; this is the part the runner produces.
//
//   {schema:"touchstone-report", schema_version:1,
//    run:{touchstone_version, backend{name,version,hello}, suite{path,case_count}, oracle,
//         options{...}, started, finished, host},
//    cases:[{id, op, domain, since_version, dtypes, tags, verdict, message, backend_status,
//            metrics{max_ulp, max_abs, bad_count, first_mismatches:[{index,expected,actual}]},
//            time_ms, backend_time_ms}],
//    totals:{<verdict>: count}}
// max_ulp / max_abs are null when a NaN or an infinity was involved (an unbounded error).
#pragma once
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace touchstone::harness {

struct MismatchRecord {
  int64_t index = 0;
  std::string expected, actual;
};

struct CaseMetrics {
  double max_ulp = 0, max_abs = 0;
  int64_t bad_count = 0;
  std::vector<MismatchRecord> first_mismatches;
};

struct CaseReport {
  std::string id, op, domain;
  int since_version = 0;
  std::vector<std::string> dtypes, tags;
  std::string verdict;         // verdict_name()
  std::string message;
  std::string backend_status;  // ok, unsupported, rejected, error, crash, timeout
  CaseMetrics metrics;
  double time_ms = 0;          // the runner's wall time for the case
  double backend_time_ms = -1; // the backend's own inference time, -1 if unknown
};

struct RunMetadata {
  std::string touchstone_version;
  std::string backend_name, backend_version;
  nlohmann::json backend_hello;  // the adapter's hello object (null for in-process backends)
  std::string suite_path;
  int64_t suite_case_count = 0;  // cases in the suite after --ops, before sharding
  std::string oracle;
  nlohmann::json options;        // jobs, timeout, shard, ops, flags, ...
  std::string started, finished; // ISO 8601 UTC
  std::string host;
};

struct Report {
  RunMetadata run;
  std::vector<CaseReport> cases;
  std::map<std::string, int64_t> totals;  // verdict -> count
};

nlohmann::json to_json(const CaseReport& c);
CaseReport case_report_from_json(const nlohmann::json& j);  // throws kMalformed
nlohmann::json to_json(const Report& r);
// Recounts totals from cases.
void recount(Report& r);

}  // namespace touchstone::harness
