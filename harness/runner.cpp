// `touchstone run`: a run opened, its workers, the report written (harness/run_parts.h
// names the parts and the files they live in); and the progress line on stderr, rewritten
// on a terminal, or a line every few seconds with the rate and the time left (logs, CI).
#include "harness/runner.h"

#include <cstdio>

#include "harness/process.h"
#include "harness/run_parts.h"

namespace touchstone::harness {

namespace fs = std::filesystem;

namespace {

std::string duration_text(double seconds) {
  const auto s = static_cast<int64_t>(seconds + 0.5);
  if (s >= 3600) return std::to_string(s / 3600) + "h" + std::to_string(s / 60 % 60) + "m";
  if (s >= 60) return std::to_string(s / 60) + "m" + std::to_string(s % 60) + "s";
  return std::to_string(s) + "s";
}

}  // namespace

void Progress::add(const std::string& verdict) {
  if (mode_ == RunOptions::Progress::kOff) return;
  std::lock_guard lock(mutex_);
  ++done_;
  ++counts_[verdict];
  const auto now = std::chrono::steady_clock::now();
  const auto gap = mode_ == RunOptions::Progress::kTerminal ? std::chrono::duration<double>(0.1)
                                                            : std::chrono::duration<double>(interval_);
  if (done_ < total_ && now - last_ < gap) return;
  last_ = now;
  if (mode_ == RunOptions::Progress::kTerminal) {
    std::string line = std::to_string(done_) + "/" + std::to_string(total_);
    for (const auto& [v, n] : counts_) line += "  " + v + " " + std::to_string(n);
    std::fputs(("\r" + line + "\033[K").c_str(), stderr);
    if (done_ == total_) std::fputs("\n", stderr);
    return;
  }
  std::fputs((timed_line(now) + "\n").c_str(), stderr);
}

std::string Progress::timed_line(std::chrono::steady_clock::time_point now) const {
  const double elapsed = std::chrono::duration<double>(now - start_).count();
  const double rate = elapsed > 0 ? static_cast<double>(done_ - first_) / elapsed : 0;
  char pct[16];
  std::snprintf(pct, sizeof pct, "%.1f%%",
                total_ ? 100.0 * static_cast<double>(done_) / static_cast<double>(total_) : 100.0);
  std::string line = "touchstone: " + std::to_string(done_) + "/" + std::to_string(total_) + " cases (" + pct + ")";
  if (done_ < total_)
    line += rate > 0 ? ", ETA " + duration_text(static_cast<double>(total_ - done_) / rate) : ", ETA unknown";
  else
    line += ", done in " + duration_text(elapsed);
  for (const auto& [v, n] : counts_) line += "; " + v + " " + std::to_string(n);
  return line;
}

reports::Report run_suite(const Suite& suite, const RunOptions& options) {
  const std::unique_ptr<CaseSource> source = suite_source(suite);
  return run_cases(*source, options);
}

reports::Report run_cases(const CaseSource& source, const RunOptions& o) {
  ignore_sigpipe();
  OpenRun run = open_run(source, o);
  RunShared shared(source, o, run);
  std::optional<InterruptGuard> guard;
  if (o.handle_signals)
    guard.emplace([scratch = shared.scratch] { std::error_code ec; fs::remove_all(scratch, ec); },
                  "Every verdict so far is kept in " + (o.report_dir / "journal.jsonl").string() +
                      "; finish the run with:\n  " + resume_command(o));
  const std::exception_ptr failure = run_workers(shared);
  guard.reset();
  std::error_code ec;
  fs::remove_all(shared.scratch, ec);
  if (failure) std::rethrow_exception(failure);
  return write_report(source, o, run);
}

}  // namespace touchstone::harness
