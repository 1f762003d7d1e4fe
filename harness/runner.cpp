#include "harness/runner.h"

#include <atomic>
#include <future>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <map>
#include <mutex>
#include <thread>
#include <unistd.h>

#include "harness/expected_failures.h"
#include "harness/journal.h"
#include "harness/process.h"
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

class Progress {
 public:
  Progress(bool on, size_t total, size_t done) : on_(on), total_(total), done_(done) {}
  void add(const std::string& verdict) {
    if (!on_) return;
    std::lock_guard lock(mutex_);
    ++done_;
    ++counts_[verdict];
    const auto now = std::chrono::steady_clock::now();
    if (done_ < total_ && now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    std::string line = "\r" + std::to_string(done_) + "/" + std::to_string(total_);
    for (const auto& [v, n] : counts_) line += "  " + v + " " + std::to_string(n);
    line += "\033[K";
    std::fputs(line.c_str(), stderr);
    if (done_ == total_) std::fputs("\n", stderr);
  }

 private:
  bool on_;
  size_t total_, done_;
  std::map<std::string, size_t> counts_;
  std::mutex mutex_;
  std::chrono::steady_clock::time_point last_{};
};

json journal_header(const Suite& suite, const RunOptions& o) {
  json ops = o.ops;
  json header = {{"journal", "touchstone-journal"},
          {"version", 1},
          {"suite", fs::absolute(suite.root).lexically_normal().string()},
          {"backend", o.backend.name},
          {"oracle", oracle_name(o.oracle)},
          {"shard", o.shard.to_string()},
          {"ops", ops},
          {"timeout_s", o.timeout_s},
          {"expected_failures", o.expected_failures ? o.expected_failures->string() : ""},
          {"flush_subnormals", o.flush_subnormals},
          {"ignore_zero_sign", o.ignore_zero_sign},
          {"started", now_iso()}};
  if (!o.cases.empty()) header["cases"] = o.cases;  // absent otherwise, as in older journals
  return header;
}

fs::path make_scratch(const fs::path& wanted) {
  fs::path base = wanted;
  if (base.empty()) base = access("/dev/shm", W_OK) == 0 ? fs::path("/dev/shm") : fs::temp_directory_path();
  const fs::path dir = base / ("touchstone-run-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

}  // namespace

reports::Report run_suite(const Suite& suite, const RunOptions& o) {
  ignore_sigpipe();
  ExpectedFailures expected;
  if (o.expected_failures) expected = ExpectedFailures::load(*o.expected_failures);

  // The suite's digest reads every file of the suite: compute it while the cases run.
  auto digest = std::async(std::launch::async, [&suite] { return suite_digest(suite); });

  std::vector<const SuiteCase*> selected;
  for (const auto& c : suite.cases)
    if (in_shard(c.meta.id, o.shard)) selected.push_back(&c);

  fs::create_directories(o.report_dir);
  std::vector<reports::CaseResult> done;
  const json header = journal_header(suite, o);
  Journal journal(o.report_dir / "journal.jsonl", header, o.resume, done);

  std::map<std::string, size_t> done_index;
  for (size_t i = 0; i < done.size(); ++i) done_index[done[i].id] = i;
  std::vector<const SuiteCase*> todo;
  for (const auto* c : selected)
    if (!done_index.count(c->meta.id)) todo.push_back(c);

  // Start one backend per worker up front, so that a backend that cannot start is a
  // setup error rather than a crash verdict on every case.
  const int jobs = std::max(1, std::min<int>(o.jobs, std::max<size_t>(todo.size(), 1)));
  std::vector<std::unique_ptr<Backend>> backends;
  for (int w = 0; w < jobs; ++w) backends.push_back(make_backend(o.backend));
  BackendInfo info = backends[0]->info();
  for (int w = 1; w < jobs; ++w) backends[w]->info();

  std::mutex results_mutex;
  std::vector<reports::CaseResult> fresh;
  std::atomic<size_t> next{0};
  Progress progress(o.progress, selected.size(), selected.size() - todo.size());

  const fs::path scratch = make_scratch(o.scratch_dir);
  const auto work_loop = [&](int w) {
    Backend& backend = *backends[w];

    const fs::path out_dir = fs::absolute(scratch / ("w" + std::to_string(w)));
    for (size_t i; (i = next.fetch_add(1)) < todo.size();) {
      const SuiteCase& c = *todo[i];
      const CaseFiles files = CaseFiles::of(c.dir);
      const auto start = std::chrono::steady_clock::now();
      backend.submit(c.meta.id, files, out_dir, o.timeout_s);
      OracleOutcome oracle;
      if (c.meta.valid) {  // while the backend works
        oracle = oracle_outputs(o.oracle, files);
        if (oracle.available && c.meta.tolerance.kind == Tolerance::kBound) oracle.magnitudes = term_magnitudes(files);
      }
      const BackendOutcome outcome = backend.collect();
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

      ComparePolicy policy;
      policy.tolerance = c.meta.tolerance;
      policy.flush_subnormals = o.flush_subnormals;
      policy.ignore_zero_sign = o.ignore_zero_sign;
      VerdictResult v = decide(c.meta, outcome, oracle, policy);
      if (const auto* xf = expected.match(c.meta.id)) {
        const Verdict before = v.verdict;
        v.verdict = apply_expected_failure(before);
        if (v.verdict != before)
          v.message = "listed in expected failures (line " + std::to_string(xf->line) + ": " + xf->reason + ")" +
                      (v.message.empty() ? "" : "; " + std::string(verdict_name(before)) + ": " + v.message);
      }
      reports::CaseResult r = case_result(c.meta, outcome, v, ms);
      r.reproduce = reproduce_command(suite.root, o, c.meta.id);
      journal.append(r);
      progress.add(r.verdict);
      std::lock_guard lock(results_mutex);
      fresh.push_back(std::move(r));
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
  std::error_code ec;
  fs::remove_all(scratch, ec);
  if (failure) std::rethrow_exception(failure);

  reports::Report report;
  auto& run = report.run;
  run.touchstone_version = TOUCHSTONE_VERSION;
  run.touchstone_commit = kGitCommit;
  run.backend_name = info.name;
  run.backend_version = info.version;
  run.backend_hello = info.hello.empty() ? json(nullptr) : json::parse(info.hello);
  run.suite_path = header["suite"];
  run.suite_digest = digest.get();
  run.suite_case_count = static_cast<int64_t>(suite.cases.size());
  run.oracle = oracle_name(o.oracle);
  run.options = {{"backend", o.backend.name},
                 {"jobs", jobs},
                 {"timeout_s", o.timeout_s},
                 {"shard", o.shard.to_string()},
                 {"shard_source", o.shard.source},
                 {"ops", o.ops},
                 {"cases", o.cases},
                 {"resume", o.resume},
                 {"expected_failures", o.expected_failures ? o.expected_failures->string() : ""},
                 {"flush_subnormals", o.flush_subnormals},
                 {"ignore_zero_sign", o.ignore_zero_sign}};
  run.started = journal.header().value("started", now_iso());
  run.finished = now_iso();
  run.host = host_name();
  run.command = o.command;
  run.shard = std::pair{o.shard.index + 1, o.shard.count};
  // Cases in suite order, each once: from the journal's earlier records or this run's.
  std::map<std::string, reports::CaseResult*> by_id;
  for (auto& r : done) by_id.emplace(r.id, &r);
  for (auto& r : fresh) by_id.emplace(r.id, &r);
  for (const auto* c : selected)
    if (auto it = by_id.find(c->meta.id); it != by_id.end()) report.cases.push_back(*it->second);
  const fs::path json_path = o.report_dir / "report.json";
  const fs::path tmp = json_path.string() + ".tmp." + std::to_string(getpid());
  reports::save_report(report, tmp);
  fs::rename(tmp, json_path);  // atomically: a report.json is always a whole one
  reports::write_text(o.report_dir / "report.html", reports::render_html(report, {o.changelog}));
  return report;
}

}  // namespace touchstone::harness
