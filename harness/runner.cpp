#include "harness/runner.h"

#include <atomic>
#include <future>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "harness/bounds.h"
#include "cases/sha256.h"
#include "harness/case_source.h"
#include "harness/repro.h"
#include "harness/expected_failures.h"
#include "harness/isolation.h"
#include "harness/journal.h"
#include "harness/process.h"
#include "harness/run_guard.h"
#include "harness/run_report.h"
#include "reports/writers.h"
#if __has_include("harness/git_commit.h")
#include "harness/git_commit.h"  // generated at build time: kGitCommit
#else
inline constexpr const char* kGitCommit = "unknown";
#endif

namespace touchstone::harness {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

std::string now_iso() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

std::string host_name() {
  char buf[256] = {};
  gethostname(buf, sizeof buf - 1);
  return buf;
}

std::string duration_text(double seconds) {
  const auto s = static_cast<int64_t>(seconds + 0.5);
  if (s >= 3600) return std::to_string(s / 3600) + "h" + std::to_string(s / 60 % 60) + "m";
  if (s >= 60) return std::to_string(s / 60) + "m" + std::to_string(s % 60) + "s";
  return std::to_string(s) + "s";
}

class Progress {
 public:
  Progress(RunOptions::Progress mode, double interval_s, size_t total, size_t done)
      : mode_(mode), interval_(interval_s), total_(total), done_(done), first_(done) {}
  void add(const std::string& verdict) {
    if (mode_ == RunOptions::Progress::kOff) return;
    std::lock_guard lock(mutex_);
    ++done_;
    ++counts_[verdict];
    const auto now = std::chrono::steady_clock::now();
    const auto gap = mode_ == RunOptions::Progress::kTerminal ? std::chrono::duration<double>(0.1)
                                                              : std::chrono::duration<double>(interval_);
    if (done_ < total_ && now - last_ < gap) return;
    last_ = now;
    std::string line = std::to_string(done_) + "/" + std::to_string(total_);
    for (const auto& [v, n] : counts_) line += "  " + v + " " + std::to_string(n);
    if (mode_ == RunOptions::Progress::kTerminal) {
      std::fputs(("\r" + line + "\033[K").c_str(), stderr);
      if (done_ == total_) std::fputs("\n", stderr);
      return;
    }
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double rate = elapsed > 0 ? static_cast<double>(done_ - first_) / elapsed : 0;
    char pct[16];
    std::snprintf(pct, sizeof pct, "%.1f%%", total_ ? 100.0 * static_cast<double>(done_) / static_cast<double>(total_) : 100.0);
    line = "touchstone: " + std::to_string(done_) + "/" + std::to_string(total_) + " cases (" + pct + ")";
    if (done_ < total_)
      line += rate > 0 ? ", ETA " + duration_text(static_cast<double>(total_ - done_) / rate) : ", ETA unknown";
    else
      line += ", done in " + duration_text(elapsed);
    for (const auto& [v, n] : counts_) line += "; " + v + " " + std::to_string(n);
    std::fputs((line + "\n").c_str(), stderr);
  }

 private:
  RunOptions::Progress mode_;
  double interval_;
  size_t total_, done_, first_;
  std::map<std::string, size_t> counts_;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

json journal_header(const CaseSource& source, const RunOptions& o, const std::string& ids_digest) {
  json ops = o.ops;
  json header = {{"journal", "touchstone-journal"},
          {"version", 2},
          {"suite", source.name()},
          {"backend", o.backend.name},
          {"oracle", oracle_name(o.oracle)},
          {"shard", o.shard.to_string()},
          {"ops", ops},
          {"timeout_s", o.timeout_s},
          {"expected_failures", o.expected_failures ? o.expected_failures->string() : ""},
          {"flush_subnormals", o.flush_subnormals},
          {"ignore_zero_sign", o.ignore_zero_sign},
          {"suite_ids", ids_digest},
          {"started", now_iso()}};
  // A generated profile is what this build of touchstone generates.
  if (source.name().starts_with("profile:")) header["generator"] = std::string(TOUCHSTONE_VERSION " ") + kGitCommit;
  if (!o.cases.empty()) header["cases"] = o.cases;  // absent otherwise, as in older journals
  if (!o.backend.options.empty()) header["backend_options"] = o.backend.options;  // likewise
  return header;
}

// "sha256:<hex>" over the ids of the cases (and their count), known before any case is read.
std::string ids_digest(const CaseSource& source) {
  cases::Sha256 h;
  for (const auto& e : source.entries()) h.update(std::to_string(e.id.size()) + ":" + e.id);
  return "sha256:" + h.hex();
}

// A report folder that holds a run: its journal or its report.
bool holds_run(const fs::path& dir) {
  std::error_code ec;
  return fs::exists(dir / "journal.jsonl", ec) || fs::exists(dir / "report.json", ec);
}

// The command that finishes this run: the same command with --resume (and without --overwrite).
std::string resume_command(const RunOptions& o) {
  if (o.command.empty()) return "the same touchstone run command with --resume";
  std::string out;
  bool has_resume = false;
  std::istringstream words(o.command);
  for (std::string w; words >> w;) {
    if (w == "--overwrite") continue;
    has_resume |= w == "--resume";
    out += (out.empty() ? "" : " ") + w;
  }
  return has_resume ? out : out + " --resume";
}

// One data set of one case: the backend's run, the oracle, the verdict.
struct SetResult {
  BackendOutcome outcome;
  VerdictResult verdict;
};

}  // namespace

reports::Report run_suite(const Suite& suite, const RunOptions& options) {
  const std::unique_ptr<CaseSource> source = suite_source(suite);
  return run_cases(*source, options);
}

reports::Report run_cases(const CaseSource& source, const RunOptions& o) {
  ignore_sigpipe();
  ExpectedFailures expected;
  if (o.expected_failures) expected = ExpectedFailures::load(*o.expected_failures);

  // Nothing is written before everything that can refuse the run has been checked.
  if (!o.resume && !o.overwrite && holds_run(o.report_dir))
    io_error(o.report_dir.string() + " holds a run already (journal.jsonl or report.json); finish it with --resume, "
             "replace it with --overwrite, or choose another --report-dir");

  const auto& entries = source.entries();
  std::vector<size_t> selected;
  std::set<std::string> selected_ids;
  for (size_t i = 0; i < entries.size(); ++i)
    if (in_shard(entries[i].id, o.shard)) selected.push_back(i), selected_ids.insert(entries[i].id);

  // Start one backend per worker up front, so that a backend that cannot start is a
  // setup error (before anything is written) rather than a crash verdict on every case.
  const int jobs = std::max(1, std::min<int>(o.jobs, std::max<size_t>(selected.size(), 1)));
  std::vector<std::unique_ptr<Backend>> backends;
  BackendSpec spec = o.backend;  // adapters' work folders go to the scratch base; their sandboxes hide the report
  spec.scratch_base = o.scratch_dir, spec.hidden.push_back(fs::absolute(o.report_dir));
  for (int w = 0; w < jobs; ++w) backends.push_back(make_backend(spec));
  BackendInfo info = backends[0]->info();
  for (int w = 1; w < jobs; ++w) backends[w]->info();

  fs::create_directories(o.report_dir);
  ReportLock lock(o.report_dir);
  if (!o.resume) {  // --overwrite (or a fresh folder): the old run's files go
    std::error_code ec;
    for (const char* name : {"report.json", "report.html", "changelog.html"}) fs::remove(o.report_dir / name, ec);
    fs::remove_all(o.report_dir / "repro", ec);
  }
  // Results: listed cases whole, plain passes counted (reports::ResultCollector); the
  // journal keeps every case's record, with its case's digest.
  reports::ResultCollector collected(o.full_report);
  std::map<std::string, std::string> done_digests;
  // The header names the cases by their ids; each record carries its case's digest, so a
  // resume over changed files is refused below, and the suite digest needs no pass of its own.
  json header = journal_header(source, o, ids_digest(source));
  header["isolation"] = backends[0]->isolation();  // a resume is isolated as the run it finishes
  Journal journal(o.report_dir / "journal.jsonl", header, o.resume, [&](reports::CaseResult&& r, const std::string& d) {
    if (!selected_ids.count(r.id)) return;  // a record of a case no longer selected
    done_digests[r.id] = d;
    collected.add(std::move(r));
  });
  std::vector<size_t> todo;
  for (size_t i : selected)
    if (!done_digests.count(entries[i].id)) todo.push_back(i);
  // A suite on disk may have changed under a journal: its recorded cases are read again
  // and must have the digests they had. (A profile is pinned by the header's generator.)
  SuiteDigest digest;
  if (!source.name().starts_with("profile:")) {
    for (size_t i : selected) {
      const auto it = done_digests.find(entries[i].id);
      if (it == done_digests.end()) continue;
      const SourceCase c = source.load(i);
      const std::string now = c.problem.empty() ? c.digest : "problem:" + c.problem;
      if (now != it->second)
        io_error((o.report_dir / "journal.jsonl").string() + ": cannot resume: case " + entries[i].id +
                 " changed in the suite since it was journaled; run without --resume to start over");
    }
  }
  for (const auto& [id, d] : done_digests) digest.add(id, d);

  std::mutex results_mutex;
  std::atomic<size_t> next{0};
  Progress progress(o.progress, o.progress_interval_s, selected.size(), selected.size() - todo.size());

  const fs::path scratch = make_private_scratch(o.scratch_dir);
  std::optional<InterruptGuard> guard;
  if (o.handle_signals)
    guard.emplace([scratch] { std::error_code ec; fs::remove_all(scratch, ec); },
                  "Every verdict so far is kept in " + (o.report_dir / "journal.jsonl").string() +
                      "; finish the run with:\n  " + resume_command(o));
  const std::vector<std::string> source_words = source.command_words();
  // A case claimed, read (or generated) and, for an isolated backend, its first data set
  // staged: the next case is prepared while the backend runs the current one, so between
  // a backend's answer and its next request the runner only judges and journals. A backend
  // that pipelines is handed the next case's first data set before the current case's
  // last answer is collected, so it never waits for the runner.
  struct Prepared {
    SourceCase c;
    std::optional<CaseFiles> staged;  // set 0's private copy, for an isolated backend
    int slot = 0;                     // which of the worker's two stage and output folders
    double ms = 0;                    // the time preparing it took
    std::exception_ptr error;         // raised when its turn comes, after the case before is journaled
    bool submitted = false;           // set 0 is with the backend already
  };
  const auto work_loop = [&](int w) {
    Backend& backend = *backends[w];
    const fs::path worker_dir = backend.work_folder().empty() ? fs::absolute(scratch / ("w" + std::to_string(w))) : backend.work_folder();
    const auto case_dir = [&](int slot) { return worker_dir / ("case" + std::to_string(slot)); };
    const auto out_dir = [&](int slot) { return worker_dir / ("out" + std::to_string(slot)); };
    const auto prepare = [&](int slot) -> std::optional<Prepared> {
      const size_t i = next.fetch_add(1);
      if (i >= todo.size()) return std::nullopt;
      const auto start = std::chrono::steady_clock::now();
      Prepared p;
      p.slot = slot;
      try {
        p.c = source.load(todo[i]);  // the case's files, read (or generated) once
        // A process backend gets a private copy of the model and inputs, nothing else.
        if (backend.isolated() && p.c.problem.empty() && !p.c.sets.empty()) p.staged = stage_case(p.c.sets[0], case_dir(slot));
        if (backend.isolated()) clear_folder(out_dir(slot));  // it held the outputs of the case two before
      } catch (...) {
        p.error = std::current_exception();
      }
      p.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      return p;
    };
    std::optional<Prepared> upcoming = prepare(0);
    while (upcoming) {
      Prepared current = std::move(*upcoming);
      upcoming.reset();
      bool asked_next = false;  // the next case is prepared once, while the backend runs the last data set
      if (current.error) std::rethrow_exception(current.error);
      const auto start = std::chrono::steady_clock::now();
      const SourceCase& c = current.c;
      ComparePolicy policy;
      policy.tolerance = c.meta.tolerance;
      policy.flush_subnormals = o.flush_subnormals;
      policy.ignore_zero_sign = o.ignore_zero_sign;
      std::vector<SetResult> results;
      std::vector<OracleOutcome> oracles;
      if (!c.problem.empty()) {
        SetResult r;
        r.outcome.status = BackendOutcome::kUnsupported;
        r.outcome.message = "not run";
        r.verdict = {Verdict::kBadCase, "the suite cannot give this case: " + c.problem, {}};
        results.push_back(std::move(r));
        oracles.emplace_back();
      } else {
        for (size_t k = 0; k < c.sets.size(); ++k) {
          const CaseFiles& files = c.sets[k];
          if (!(k == 0 && current.submitted)) {
            const CaseFiles given = k == 0 && current.staged ? *current.staged
                                    : backend.isolated()     ? stage_case(files, case_dir(current.slot))
                                                             : files;
            if (k > 0 && backend.isolated()) clear_folder(out_dir(current.slot));  // the data set before wrote there
            backend.submit(c.meta.id, given, out_dir(current.slot), o.timeout_s);
          }
          OracleOutcome oracle;
          if (c.meta.valid) {  // while the backend works
            if (o.oracle == OracleKind::kReference && c.expected_from_reference) {
              oracle = oracle_outputs(OracleKind::kExpected, files);  // the reference's answer, made moments ago
              oracle.semantics = c.meta.semantics;
              oracle.shape_open = c.meta.shape_open;
            } else {
              oracle = oracle_outputs(o.oracle, files);
            }
            if (oracle.available && c.meta.tolerance.kind == Tolerance::kBound) {
              // Composite ops: per-element bounds from the inputs; sums: the terms' magnitudes.
              if (has_element_bounds(c.meta.op)) {
                std::vector<Tensor> expected;  // bounded ops have tensor outputs only
                for (const auto& v : oracle.outputs)
                  if (v.is_tensor()) expected.push_back(v.tensor());
                if (expected.size() == oracle.outputs.size()) oracle.allowed = element_bounds(files, expected);
              }
              if (oracle.allowed.empty()) oracle.magnitudes = term_magnitudes(files);
            }
          }
          if (k + 1 == c.sets.size()) {  // still while the backend works
            upcoming = prepare(1 - current.slot);
            asked_next = true;
            if (backend.pipelines() && upcoming && !upcoming->error && upcoming->c.problem.empty() &&
                !upcoming->c.sets.empty()) {
              const Prepared& n = *upcoming;
              backend.submit(n.c.meta.id, n.staged ? *n.staged : n.c.sets[0], out_dir(n.slot), o.timeout_s);
              upcoming->submitted = true;
            }
          }
          SetResult r;
          r.outcome = backend.collect();
          r.verdict = decide(c.meta, r.outcome, oracle, policy);
          if (c.sets.size() > 1) r.verdict.message = "test_data_set_" + std::to_string(files.data_set) + ": " + r.verdict.message;
          results.push_back(std::move(r));
          oracles.push_back(std::move(oracle));
        }
      }
      if (!asked_next) upcoming = prepare(1 - current.slot);  // a bad case, or one without data sets
      // The case's verdict is its worst data set's (the first of equals).
      size_t worst = 0;
      for (size_t k = 1; k < results.size(); ++k)
        if (worse(results[worst].verdict.verdict, results[k].verdict.verdict) != results[worst].verdict.verdict) worst = k;
      const BackendOutcome& outcome = results[worst].outcome;
      VerdictResult v = results[worst].verdict;
      if (const auto* xf = expected.match(c.meta.id)) {
        const Verdict before = v.verdict;
        v.verdict = apply_expected_failure(before);
        if (v.verdict != before)
          v.message = "listed in expected failures (line " + std::to_string(xf->line) + ": " + xf->reason + ")" +
                      (v.message.empty() ? "" : "; " + std::string(verdict_name(before)) + ": " + v.message);
      }
      std::string reproduce;
      if (is_failure(v.verdict) && o.repro_folders && worst < c.sets.size())  // a folder that reproduces it alone
        reproduce = write_repro(o.report_dir, c.meta, c.sets[worst], oracles[worst], outcome, v, o);
      const double ms = current.ms + std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
      reports::CaseResult r = case_result(c.meta, outcome, v, ms);
      r.reproduce = reproduce.empty() ? reproduce_command(source_words, o, c.meta.id) : reproduce;
      const std::string case_digest = c.problem.empty() ? c.digest : "problem:" + c.problem;
      journal.append(r, case_digest);
      progress.add(r.verdict);
      std::lock_guard lock(results_mutex);
      digest.add(c.meta.id, case_digest);
      collected.add(std::move(r));
    }
  };
  std::exception_ptr failure;
  const auto work = [&](int w) {
    try {
      work_loop(w);
    } catch (...) {
      std::lock_guard lock(results_mutex);
      if (!failure) failure = std::current_exception();
      next = todo.size();  // stop the other workers; the journal keeps what is done
    }
  };
  std::vector<std::thread> threads;
  for (int w = 1; w < jobs; ++w) threads.emplace_back(work, w);
  work(0);
  for (auto& t : threads) t.join();
  for (auto& b : backends) b->shutdown();
  guard.reset();
  std::error_code ec;
  fs::remove_all(scratch, ec);
  if (failure) std::rethrow_exception(failure);

  // The suite digest covers every case of the suite: a shard digests the other shards'
  // cases too (reading their files, or for a profile naming them by id and generator),
  // so that shards of one suite carry one digest and merge.
  if (o.shard.count > 1) {
    std::vector<bool> in_run(entries.size(), false);
    for (size_t i : selected) in_run[i] = true;
    const bool generated = source.name().starts_with("profile:");
    for (size_t i = 0; i < entries.size(); ++i) {
      if (in_run[i]) continue;
      if (generated) {
        digest.add(entries[i].id, header.value("generator", ""));
        continue;
      }
      const SourceCase c = source.load(i);
      digest.add(entries[i].id, c.problem.empty() ? c.digest : "problem:" + c.problem);
    }
  }

  reports::Report report;
  auto& run = report.run;
  run.touchstone_version = TOUCHSTONE_VERSION;
  run.touchstone_commit = kGitCommit;
  run.backend_name = info.name;
  run.backend_version = info.version;
  run.backend_hello = info.hello.empty() ? json(nullptr) : json::parse(info.hello);
  run.isolation = header["isolation"];
  run.suite_path = header["suite"];
  run.suite_digest = digest.finish();
  run.suite_case_count = static_cast<int64_t>(source.total());
  run.oracle = oracle_name(o.oracle);
  run.options = {{"backend", o.backend.name},
                 {"backend_options", o.backend.options},
                 {"jobs", jobs},
                 {"timeout_s", o.timeout_s},
                 {"shard", o.shard.to_string()},
                 {"shard_source", o.shard.source},
                 {"ops", o.ops},
                 {"cases", o.cases},
                 {"resume", o.resume},
                 {"overwrite", o.overwrite},
                 {"expected_failures", o.expected_failures ? o.expected_failures->string() : ""},
                 {"flush_subnormals", o.flush_subnormals},
                 {"ignore_zero_sign", o.ignore_zero_sign},
                 {"full_report", o.full_report},
                 {"sandbox", o.backend.sandbox}};
  run.started = journal.header().value("started", now_iso());
  run.finished = now_iso();
  run.host = host_name();
  run.command = o.command;
  run.shard = std::pair{o.shard.index + 1, o.shard.count};
  // Each selected case once, from the journal's earlier records or this run's: listed
  // cases sorted by id, plain passes in their groups (unless --full-report).
  collected.finish(report);
  const fs::path json_path = o.report_dir / "report.json";
  const fs::path tmp = json_path.string() + ".tmp." + std::to_string(getpid());
  reports::save_report(report, tmp);
  fs::rename(tmp, json_path);  // atomically: a report.json is always a whole one
  reports::write_text(o.report_dir / "report.html", reports::render_html(report, {o.changelog, o.changelog_anchors}));
  return report;
}

}  // namespace touchstone::harness
