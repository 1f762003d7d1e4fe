// `touchstone run`: a run opened, its workers, the report written (harness/run_parts.h
// names the parts and the files they live in).
#include "harness/runner.h"

#include "harness/process.h"
#include "harness/run_parts.h"

namespace touchstone::harness {

namespace fs = std::filesystem;

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
