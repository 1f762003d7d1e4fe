// The runner: one suite (or shard of it), one backend, N workers, every case journaled.
//
// Each worker owns one backend (for a process adapter: one process). For each case the
// worker submits it, computes the oracle meanwhile, collects the backend's answer (a
// timeout, a crash, a garbled answer become the case's verdict and the adapter is
// restarted for the next case), decides the verdict, and appends it to the journal.
// At the end the report (reports/report.h, the one report model) is assembled from the
// journal and written to the report folder: report.json (atomically) and report.html.
#pragma once
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "cases/suite.h"
#include "harness/backend.h"
#include "harness/case_source.h"
#include "harness/oracle.h"
#include "harness/shard.h"
#include "reports/report.h"

namespace touchstone::harness {

struct RunOptions {
  BackendSpec backend;
  OracleKind oracle = OracleKind::kReference;
  int jobs = 1;
  double timeout_s = 30;
  Shard shard;
  bool resume = false;
  bool overwrite = false;  // replace a run already in report_dir (otherwise refused unless resume)
  std::vector<std::string> ops;    // as filtered (for the journal header and report)
  std::vector<std::string> cases;  // --case patterns, as filtered (likewise)
  // report.json lists every case; by default plain passes are counted per op-version and
  // dtypes (reports::ResultCollector), and only the journal has each one.
  bool full_report = false;
  std::filesystem::path report_dir;
  std::optional<std::filesystem::path> expected_failures;  // none: no file
  bool flush_subnormals = false;
  bool ignore_zero_sign = false;
  // Progress on stderr: kTerminal rewrites one line; kLines prints a line every
  // progress_interval_s seconds (logs, CI) with the rate and the time left.
  enum class Progress { kOff, kTerminal, kLines } progress = Progress::kOff;
  double progress_interval_s = 10;
  // Ctrl-C / kill: kill the backends, remove the scratch folder, say how to --resume, exit.
  bool handle_signals = false;
  // Where backends write their output files. Empty: a fresh folder in /dev/shm when it is
  // writable, else in the system temp folder. Outputs are read once and thrown away, and
  // rewriting small files on a disk (ext4 flushes files truncated and rewritten) costs
  // milliseconds per case.
  std::filesystem::path scratch_dir;
  std::string command;    // the command line, for the report ("" : none)
  std::string changelog;  // report.html links op-versions to this changelog ("" : no links)
  std::vector<std::string> changelog_anchors;  // the anchors it has (reports::HtmlOptions)
  // For each case's reproduce command: how to call touchstone ("touchstone" when that is
  // on PATH, else the executable's absolute path), and options that must be repeated.
  std::string program = "touchstone";
  std::vector<std::string> reproduce_options;  // e.g. {"--root", "/src"}, {"--no-expected-failures"}
  // For each failing case, a repro folder in report_dir/repro (harness/repro.h); its
  // command becomes the case's `reproduce`.
  bool repro_folders = true;
};

// Runs the cases of `suite` in `options.shard`. Throws kIo for setup problems, before
// anything is written: a report folder that holds a run (without resume or overwrite),
// one another process is writing (lock file), a backend that does not start, a journal
// that cannot be resumed (other options, or a suite whose digest changed).
reports::Report run_suite(const Suite& suite, const RunOptions& options);
// The same over any source of cases (harness/case_source.h): a suite, or a profile
// generated in memory. The journal's header names the source and its case ids; each
// record carries its case's digest, and the report's suite digest is computed from them.
reports::Report run_cases(const CaseSource& source, const RunOptions& options);

}  // namespace touchstone::harness
