// The parts of `touchstone run` (harness/runner.h), in the order a run takes them:
//   run_open.cpp    opening a run: the refusals, the backends started, the lock, the
//                   journal (fresh or resumed) and the digests a resume must match;
//   run_worker.cpp  a worker: its two stage and output slots, prepare/submit/collect,
//                   the next case prepared (and, for a pipelining backend, submitted)
//                   while the backend runs the current one;
//   judge_case.cpp  judging one case: its oracle (and bounds), each data set's verdict,
//                   the worst of them, expected failures, the repro folder, the record;
//   run_write.cpp   writing the report: the suite digest completed for a shard,
//                   report.json (atomically) and report.html.
// runner.cpp ties them together, and prints the progress. Internal to the harness.
#pragma once
#include <atomic>
#include <chrono>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "harness/case_source.h"
#include "harness/expected_failures.h"
#include "harness/journal.h"
#include "harness/run_guard.h"
#include "harness/runner.h"

namespace touchstone::harness {

// A run opened: nothing could refuse it any more, and its journal is written from here on.
struct OpenRun {
  ExpectedFailures expected;
  std::vector<size_t> selected;  // the source's entries in this shard
  std::vector<size_t> todo;      // those the journal has no record of
  int jobs = 1;
  std::vector<std::unique_ptr<Backend>> backends;  // one per worker, started
  BackendInfo info;
  std::unique_ptr<ReportLock> lock;
  nlohmann::json header;  // the journal's header as this run wrote it
  std::unique_ptr<Journal> journal;
  reports::ResultCollector collected;  // the journal's earlier records, then this run's
  SuiteDigest digest;                  // each selected case's digest, as it is known
};

// Checks everything that can refuse the run, then starts the backends, takes the lock,
// opens the journal (resuming: its records collected, their cases' digests checked).
OpenRun open_run(const CaseSource& source, const RunOptions& o);

// The digest a journal records for a case: its files' digest, or its problem.
std::string journal_digest(const SourceCase& c);

// "2026-01-31T12:00:00Z", now.
std::string now_iso();
// What generated a profile: this build's version and git commit.
std::string build_stamp();

// The command that finishes this run: the same command with --resume (and without --overwrite).
std::string resume_command(const RunOptions& o);

// Progress on stderr (RunOptions::progress); thread-safe.
class Progress {
 public:
  Progress(RunOptions::Progress mode, double interval_s, size_t total, size_t done)
      : mode_(mode), interval_(interval_s), total_(total), done_(done), first_(done) {}
  void add(const std::string& verdict);

 private:
  std::string timed_line(std::chrono::steady_clock::time_point now) const;
  RunOptions::Progress mode_;
  double interval_;
  size_t total_, done_, first_;
  std::map<std::string, size_t> counts_;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// What the workers of a run share.
struct RunShared {
  // Makes the private scratch folder (harness/isolation.h).
  RunShared(const CaseSource& source, const RunOptions& o, OpenRun& run);
  const CaseSource& source;
  const RunOptions& o;
  OpenRun& run;
  std::filesystem::path scratch;  // the private scratch folder; worker w uses scratch/w<w>
  std::vector<std::string> source_words;  // how a reproduce command names the source
  Progress progress;
  std::atomic<size_t> next{0};  // the next index into run.todo to claim
  std::mutex results_mutex;     // guards run.collected and run.digest
};

// Runs the cases of run.todo on run.jobs workers (each on its own backend) until all are
// journaled, then shuts the backends down. Returns the first error a worker raised (the
// others stop after their case), or null.
std::exception_ptr run_workers(RunShared& shared);

// One data set of one case: the backend's run, the oracle, the verdict.
struct SetResult {
  BackendOutcome outcome;
  VerdictResult verdict;
  OracleOutcome oracle;
};

// The oracle of one data set, computed while the backend works: the reference's answer
// (the generated case's stored one, when it is), or the stored outputs; with the
// element bounds or term magnitudes a bound tolerance needs.
OracleOutcome case_oracle(const SourceCase& c, const CaseFiles& files, OracleKind kind);

// The result of a case the suite cannot give (bad-case).
SetResult bad_case_result(const SourceCase& c);

// The case's record: its worst data set's verdict (the first of equals), turned by the
// expected failures, with its repro folder for a failure; journaled and collected. Its time
// is the preparing's and the time since `start`.
void record_case(RunShared& shared, const SourceCase& c, std::vector<SetResult>& results, double prepare_ms,
                 std::chrono::steady_clock::time_point start);

// Completes the suite digest (a shard digests the other shards' cases too) and writes
// report.json and report.html.
reports::Report write_report(const CaseSource& source, const RunOptions& o, OpenRun& run);

}  // namespace touchstone::harness
