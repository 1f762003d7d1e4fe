// The report model: one run of a suite on a backend, as a plain data structure that
// knows nothing of the harness. report.json is this model written by save_report();
// its schema is reports/report_schema.json (schema "touchstone-report", version 2).
// Every rendering (HTML, JUnit, Markdown) and diff/merge work from it, so an old run
// can be re-rendered.
//
// DESIGN: reports at scale (schema version 2). A report's size is proportional to the
// cases worth reading, not to the run: `cases` lists every case that is not a *plain
// pass* (is_plain_pass: verdict pass with no warning and no vacuous bound), and plain
// passes are counted in `pass_groups`, one per (op-version, dtypes) with their count,
// time, largest ulp/abs error and ulp histogram. That is exactly what aggregate(), the
// scoreboard, merge (groups add up) and every rendering need; what it loses is each
// passing case's id, so
//   - a diff matches a summarized pass by id only when it can prove both runs ran the
//     same cases (same_case_set()); otherwise it says what it cannot know;
//   - the per-case verdicts stay in the run's journal.jsonl (one line per case);
//   - `touchstone run --full-report` lists every case (pass_groups stays empty), as
//     version 1 did; a version-1 report reads as a report with every case listed.
// ResultCollector (below) is how a producer (the runner, merge, the HTML page) folds
// results into this form while holding only the listed cases and the groups.
#pragma once
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

namespace touchstone::reports {

inline constexpr const char* kSchemaName = "touchstone-report";
inline constexpr int kSchemaVersion = 2;  // the version this code writes; it reads 1..this

// What a verdict means for the numbers people read and for CI (see "Verdict classes"
// in report_schema.json):
//   kPassed   pass, divergent (a difference where ONNX leaves the result open),
//             unexpected-pass (correct, but listed as a known failure)
//   kKnown    expected-fail (a listed known failure)
//   kFailed   fail, wrong-shape, wrong-dtype, error, crash, timeout, accepted-invalid
//   kNotRun   skip, unsupported, bad-case (the suite's own fault: the oracle cannot run
//             the case; counted apart, never blamed on the backend)
// Pass rate = passed / (passed + known + failed): the cases that count are those the
// backend ran; it cannot exceed 100%.
enum class VerdictClass { kPassed, kKnown, kFailed, kNotRun };

// All verdicts, in display order.
const std::vector<std::string>& verdict_names();
bool is_verdict(const std::string& v);
VerdictClass verdict_class(const std::string& v);  // throws std::invalid_argument
const char* verdict_class_name(VerdictClass c);    // "passed", "known", "failed", "not-run"

struct Mismatch {
  int64_t index = 0;  // flat row-major element index (of the first differing output)
  std::string expected, actual;
  // error / allowed error under ulp(N), bound or onnx (> 1 for a failure; +inf: nothing
  // allowed). JSON "margin": a number, null for +inf, absent when not defined (exact).
  std::optional<double> margin = {};
  bool operator==(const Mismatch&) const = default;
};

struct Metrics {
  // Largest distance in ulps over float outputs and largest absolute error; +inf when a
  // NaN or an infinity met a different value. JSON: a number, null for +inf, absent when
  // not measured (nullopt).
  std::optional<double> max_ulp;
  std::optional<double> max_abs;
  int64_t bad_count = 0;
  std::vector<Mismatch> first_mismatches;
  // Largest error / allowed error over the elements judged by ulp(N), bound or onnx.
  std::optional<double> max_margin;
  // Bound policy: elements whose bound is infinite (n*u >= 1: nothing checked) out of the
  // elements it judged; every one vacuous means the case checked no value.
  int64_t bound_elements = 0, vacuous_elements = 0;
  bool vacuous() const { return bound_elements > 0 && vacuous_elements == bound_elements; }
  // The suspicious-accumulator statistic (harness/compare.h): mean and variance of
  // signed error / bound over `stats_count` elements; `warning` is set when it flags.
  int64_t stats_count = 0;
  double error_mean = 0, error_variance = 0;
  std::string warning;
  bool operator==(const Metrics&) const = default;
};

struct CaseResult {
  std::string id;          // "Sub-7/float32/bcast_3x4x5_5" or "test_sub_bcast"
  std::string domain;      // "" is ai.onnx
  std::string op;          // "Sub"
  int since_version = 0;   // the op-version exercised
  std::vector<std::string> dtypes;
  std::vector<std::string> tags;
  std::string category = "defined";  // semantics: defined, implementation-defined, undefined
  bool valid = true;                 // false: a negative case the backend must refuse
  std::string verdict;
  std::string message;
  std::optional<Metrics> metrics;    // present when outputs were compared
  double time_ms = 0;               // the runner's wall time for the case
  std::string backend_status;       // what the backend answered: ok, unsupported, rejected, ...
  std::optional<double> backend_time_ms;  // the backend's own time, when it reports one
  std::string reproduce;  // the command that reproduces this case alone ("" : derive one)
  bool operator==(const CaseResult&) const = default;

  std::string op_version() const;  // "Sub-7", "ai.onnx.ml.LabelEncoder-2"
};

struct RunInfo {
  std::string touchstone_version;
  std::string touchstone_commit;
  std::string backend_name, backend_version;
  nlohmann::json backend_hello;  // a process adapter's hello object (null otherwise)
  std::string suite_path, suite_digest;
  int64_t suite_case_count = 0;  // cases in the whole suite (before shard and filters)
  std::string oracle = "reference";
  nlohmann::json options = nlohmann::json::object();  // the run's options, as given
  std::string command;                                // the command line of the run
  std::string started, finished;                      // ISO 8601 UTC
  std::string host;
  std::string isolation;  // how the backend ran: "namespaces (bubblewrap 0.8.0); ...", "not isolated: <why>; ..."
  std::string journal_chain;  // the chain of the journal's last line (harness/journal.h); "" when none
  std::optional<std::pair<int, int>> shard;  // (index, count), 1-based index
  std::vector<std::string> merged_from;      // for a merged report: its inputs
};

// A plain pass: verdict "pass" with nothing a reader must see (no metrics warning, no
// element whose bound was vacuous). Only these are summarized; everything else is listed.
bool is_plain_pass(const CaseResult& c);

// The buckets of a case's max ulp, as the HTML page's chart draws them: 0, 1, 2-4, 5-16,
// 17-256, 257-65536, larger, infinite. Returns the bucket's index.
inline constexpr size_t kUlpBuckets = 8;
size_t ulp_bucket(double max_ulp);

// Plain passes of one op-version and one dtypes combination, counted instead of listed.
struct PassGroup {
  std::string domain;  // "" is ai.onnx
  std::string op;
  int since_version = 0;
  std::vector<std::string> dtypes;
  int64_t count = 0;
  double time_ms = 0;                      // summed over the group
  std::optional<double> max_ulp, max_abs;  // largest over the group's measured cases
  std::vector<int64_t> ulp_histogram = std::vector<int64_t>(kUlpBuckets, 0);  // by ulp_bucket
  bool operator==(const PassGroup&) const = default;

  std::string op_version() const;
  bool same_key(const CaseResult& c) const;  // the group a plain pass `c` belongs to
  void add(const CaseResult& c);             // folds one plain pass in
  void add(const PassGroup& other);          // folds a group of the same key in
};

struct Report {
  int schema_version = kSchemaVersion;
  RunInfo run;
  std::vector<CaseResult> cases;       // listed cases (every case when pass_groups is empty)
  std::vector<PassGroup> pass_groups;  // summarized plain passes, sorted by key

  int64_t summarized_passes() const;  // cases counted in pass_groups
  int64_t case_count() const { return static_cast<int64_t>(cases.size()) + summarized_passes(); }
  // The pass group of `c`'s op-version and dtypes (null: none, or it holds no case).
  const PassGroup* pass_group_of(const CaseResult& c) const;
};

// Folds results into a report's compact form: listed cases kept whole (in arrival order
// until finish()), plain passes added to their PassGroup. With `list_passes` every case is
// listed. Not thread-safe: the caller locks.
class ResultCollector {
 public:
  explicit ResultCollector(bool list_passes = false) : list_passes_(list_passes) {}
  void add(CaseResult result);
  void add(const PassGroup& group);
  int64_t count() const { return count_; }
  size_t listed() const { return listed_.size(); }
  // Moves everything into `report`: cases sorted by id, groups by key. The collector is
  // empty afterwards.
  void finish(Report& report);

 private:
  bool list_passes_;
  int64_t count_ = 0;
  std::vector<CaseResult> listed_;
  std::map<std::tuple<std::string, std::string, int, std::vector<std::string>>, PassGroup> groups_;
};

// Moves the plain passes of report.cases into report.pass_groups (the compact form).
void summarize_passes(Report& report);

// True when both reports provably hold the same cases (same suite digest, same case
// selection: ops, --case patterns and shard, and the same number of cases), so that a
// case one lists and the other does not is a summarized pass in the other.
bool same_case_set(const Report& a, const Report& b);

// Counts per verdict, and what the summary shows.
struct Tally {
  std::map<std::string, int64_t> verdicts;  // only verdicts that occur
  int64_t total = 0, passed = 0, known = 0, failed = 0, not_run = 0;
  void add(const std::string& verdict, int64_t n = 1);
  int64_t counted() const { return passed + known + failed; }
  // passed / counted in [0, 1]; nullopt when nothing counts.
  std::optional<double> pass_rate() const;
};

struct OpVersionAggregate {
  std::string domain, op;
  int since_version = 0;
  int previous_version = 0;  // the catalog's previous version of the op (0: none), for the changelog
  Tally tally;
  std::map<std::string, Tally> by_dtype;  // key: dtypes joined by ","
};

struct Aggregates {
  Tally totals;
  std::vector<OpVersionAggregate> by_op_version;  // sorted by (domain, op, since_version)
  std::map<std::string, Tally> by_dtype;          // every dtype a case uses
  // Coverage of the catalog: op-versions with at least one case in this run, out of the
  // rows the reference implements and out of all rows.
  int64_t covered_op_versions = 0, implemented_op_versions = 0, catalog_op_versions = 0;
};

Aggregates aggregate(const Report& report);

// True when no case was judged: every case not run (skip, unsupported, bad-case), or no
// case at all. Such a run is not a success: `touchstone run` exits 1 and every rendering
// says "nothing was tested".
bool nothing_tested(const Report& report);
inline constexpr const char* kNothingTested = "nothing was tested";

// JSON in and out. from_json checks the document (schema name and version, required
// fields, known verdicts) and throws std::runtime_error naming the offending field.
nlohmann::json to_json(const Report& report);  // includes "totals" and "aggregates"
Report report_from_json(const nlohmann::json& doc);
// One case's JSON (an element of "cases"); the runner's journal holds one per line.
// case_from_json throws std::runtime_error naming `where` and the offending field.
nlohmann::json case_to_json(const CaseResult& result);
CaseResult case_from_json(const nlohmann::json& doc, const std::string& where);

Report load_report(const std::filesystem::path& path);  // throws std::runtime_error
// Writes report.json: indented to the second level, one line per case, pass group and
// op-version aggregate.
void save_report(const Report& report, const std::filesystem::path& path);
// Writes text to a file, or to stdout for "-"; throws std::runtime_error on failure.
void write_text(const std::filesystem::path& path, const std::string& text);

}  // namespace touchstone::reports
