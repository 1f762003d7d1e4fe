// A worker: one backend, two stage and output slots, one case prepared ahead.
//
// A case claimed, read (or generated) and, for an isolated backend, its first data set
// staged: the next case is prepared while the backend runs the current one, so between a
// backend's answer and its next request the runner only judges and journals. A backend
// that pipelines is handed the next case's first data set before the current case's last
// answer is collected, so it never waits for the runner.
#include <optional>
#include <thread>

#include "harness/case_check.h"
#include "harness/isolation.h"
#include "harness/run_parts.h"

namespace touchstone::harness {

namespace fs = std::filesystem;

namespace {

double ms_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

struct Prepared {
  SourceCase c;
  std::optional<CaseFiles> staged;  // set 0's private copy, for an isolated backend
  int slot = 0;                     // which of the worker's two stage and output folders
  double ms = 0;                    // the time preparing it took
  std::exception_ptr error;         // raised when its turn comes, after the case before is journaled
  bool submitted = false;           // set 0 is with the backend already
};

class Worker {
 public:
  Worker(RunShared& shared, int w)
      : s_(shared), o_(shared.o), backend_(*shared.run.backends[w]),
        dir_(backend_.work_folder().empty() ? fs::absolute(shared.scratch / ("w" + std::to_string(w)))
                                            : backend_.work_folder()) {}

  void run() {
    std::optional<Prepared> upcoming = prepare(0);
    while (upcoming) {
      Prepared current = std::move(*upcoming);
      upcoming.reset();
      asked_next_ = false;
      if (current.error) std::rethrow_exception(current.error);
      const auto start = std::chrono::steady_clock::now();
      std::vector<SetResult> results;
      if (!current.c.problem.empty()) results.push_back(bad_case_result(current.c));
      else results = run_sets(current, upcoming);
      if (!asked_next_) upcoming = prepare(1 - current.slot);  // a bad case, or one without data sets
      record_case(s_, current.c, results, current.ms, start);
    }
  }

 private:
  fs::path case_dir(int slot) const { return dir_ / ("case" + std::to_string(slot)); }
  fs::path out_dir(int slot) const { return dir_ / ("out" + std::to_string(slot)); }

  // Claims the next case and reads (or generates) it into `slot`; nullopt when none is left.
  std::optional<Prepared> prepare(int slot) {
    const size_t i = s_.next.fetch_add(1);
    if (i >= s_.run.todo.size()) return std::nullopt;
    const auto start = std::chrono::steady_clock::now();
    Prepared p;
    p.slot = slot;
    try {
      p.c = s_.source.load(s_.run.todo[i]);  // the case's files, read (or generated) once
      // A process backend gets a private copy of the model and inputs, nothing else.
      if (backend_.isolated() && p.c.problem.empty() && !p.c.sets.empty()) p.staged = stage_case(p.c.sets[0], case_dir(slot));
      if (backend_.isolated()) clear_folder(out_dir(slot));  // it held the outputs of the case two before
    } catch (...) {
      p.error = std::current_exception();
    }
    p.ms = ms_since(start);
    return p;
  }

  // Hands data set k of `current` to the backend (set 0 may be with it already).
  void submit(const Prepared& current, size_t k) {
    if (k == 0 && current.submitted) return;
    const CaseFiles& files = current.c.sets[k];
    const CaseFiles given = k == 0 && current.staged ? *current.staged
                            : backend_.isolated()     ? stage_case(files, case_dir(current.slot))
                                                      : files;
    if (k > 0 && backend_.isolated()) clear_folder(out_dir(current.slot));  // the data set before wrote there
    backend_.submit(current.c.meta.id, given, out_dir(current.slot), o_.timeout_s);
  }

  // While the backend runs the last data set: the next case prepared, and handed to a
  // backend that pipelines.
  void prepare_next(const Prepared& current, std::optional<Prepared>& upcoming) {
    upcoming = prepare(1 - current.slot);
    asked_next_ = true;
    if (!backend_.pipelines() || !upcoming || upcoming->error || !upcoming->c.problem.empty() || upcoming->c.sets.empty())
      return;
    const Prepared& n = *upcoming;
    backend_.submit(n.c.meta.id, n.staged ? *n.staged : n.c.sets[0], out_dir(n.slot), o_.timeout_s);
    upcoming->submitted = true;
  }

  // Every data set of the case: submitted, its oracle computed while the backend works,
  // the answer collected and judged.
  std::vector<SetResult> run_sets(const Prepared& current, std::optional<Prepared>& upcoming) {
    const SourceCase& c = current.c;
    ComparePolicy policy;
    policy.tolerance = c.meta.tolerance;
    policy.flush_subnormals = o_.flush_subnormals;
    policy.ignore_zero_sign = o_.ignore_zero_sign;
    std::vector<SetResult> results;
    for (size_t k = 0; k < c.sets.size(); ++k) {
      const CaseFiles& files = c.sets[k];
      submit(current, k);
      SetResult r;
      // While the backend works: whether the case contradicts its model (then bad-case), its oracle.
      const std::string contradiction = case_contradiction(c.meta, files, o_.oracle);
      if (c.meta.valid && contradiction.empty()) r.oracle = case_oracle(c, files, o_.oracle);
      if (k + 1 == c.sets.size()) prepare_next(current, upcoming);  // still while the backend works
      r.outcome = backend_.collect();
      r.verdict = contradiction.empty() ? decide(c.meta, r.outcome, r.oracle, policy)
                                        : VerdictResult{Verdict::kBadCase, "the case contradicts its model: " + contradiction, {}};
      if (c.sets.size() > 1) r.verdict.message = "test_data_set_" + std::to_string(files.data_set) + ": " + r.verdict.message;
      results.push_back(std::move(r));
    }
    return results;
  }

  RunShared& s_;
  const RunOptions& o_;
  Backend& backend_;
  const fs::path dir_;
  bool asked_next_ = false;  // the next case is prepared once, while the backend runs the last data set
};

}  // namespace

RunShared::RunShared(const CaseSource& source, const RunOptions& o, OpenRun& run)
    : source(source), o(o), run(run), scratch(make_private_scratch(o.scratch_dir)), source_words(source.command_words()),
      progress(o.progress, o.progress_interval_s, run.selected.size(), run.selected.size() - run.todo.size()) {}

std::exception_ptr run_workers(RunShared& shared) {
  std::exception_ptr failure;
  const auto work = [&](int w) {
    try {
      Worker(shared, w).run();
    } catch (...) {
      std::lock_guard lock(shared.results_mutex);
      if (!failure) failure = std::current_exception();
      shared.next = shared.run.todo.size();  // stop the other workers; the journal keeps what is done
    }
  };
  std::vector<std::thread> threads;
  for (int w = 1; w < shared.run.jobs; ++w) threads.emplace_back(work, w);
  work(0);
  for (auto& t : threads) t.join();
  for (auto& b : shared.run.backends) b->shutdown();
  return failure;
}

}  // namespace touchstone::harness
