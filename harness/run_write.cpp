// Writing the report: the suite digest completed for a shard, report.json and report.html.
#include <ctime>
#include <thread>
#include <unistd.h>

#include "harness/run_parts.h"
#include "reports/writers.h"
#if __has_include("harness/git_commit.h")
#include "harness/git_commit.h"  // generated at build time: kGitCommit
#else
inline constexpr const char* kGitCommit = "unknown";
#endif

namespace touchstone::harness {

namespace fs = std::filesystem;
using json = nlohmann::json;

std::string now_iso() {
  const std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

std::string build_stamp() { return std::string(TOUCHSTONE_VERSION " ") + kGitCommit; }

namespace {

std::string host_name() {
  char buf[256] = {};
  gethostname(buf, sizeof buf - 1);
  return buf;
}

// The suite digest covers every case of the suite: a shard digests the other shards'
// cases too, so that shards of one suite carry one digest and merge. Each is digested as
// the case itself, read from its files or generated (a profile), on the run's workers'
// count of threads: a shard's digest is that of the same shard over the written suite.
void digest_other_shards(const CaseSource& source, const RunOptions& o, OpenRun& run) {
  if (o.shard.count <= 1) return;
  const auto& entries = source.entries();
  std::vector<bool> in_run(entries.size(), false);
  for (size_t i : run.selected) in_run[i] = true;
  std::vector<size_t> others;
  for (size_t i = 0; i < entries.size(); ++i)
    if (!in_run[i]) others.push_back(i);
  std::vector<std::string> digests(others.size());
  std::atomic<size_t> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto work = [&] {
    try {
      for (size_t k; (k = next.fetch_add(1)) < others.size();) digests[k] = journal_digest(source.load(others[k]));
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = others.size();
    }
  };
  std::vector<std::thread> threads;
  for (int w = 1; w < run.jobs; ++w) threads.emplace_back(work);
  work();
  for (auto& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  for (size_t k = 0; k < others.size(); ++k) run.digest.add(entries[others[k]].id, digests[k]);
}

json run_options(const RunOptions& o, int jobs) {
  return {{"backend", o.backend.name},
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
}

}  // namespace

reports::Report write_report(const CaseSource& source, const RunOptions& o, OpenRun& open) {
  digest_other_shards(source, o, open);
  reports::Report report;
  auto& run = report.run;
  run.touchstone_version = TOUCHSTONE_VERSION;
  run.touchstone_commit = kGitCommit;
  run.backend_name = open.info.name;
  run.backend_version = open.info.version;
  run.backend_hello = open.info.hello.empty() ? json(nullptr) : json::parse(open.info.hello);
  run.isolation = open.header["isolation"];
  run.journal_chain = open.journal->head();
  run.suite_path = open.header["suite"];
  run.suite_digest = open.digest.finish();
  run.suite_case_count = static_cast<int64_t>(source.total());
  run.oracle = oracle_name(o.oracle);
  run.options = run_options(o, open.jobs);
  run.started = open.journal->header().value("started", now_iso());
  run.finished = now_iso();
  run.host = host_name();
  run.command = o.command;
  run.shard = std::pair{o.shard.index + 1, o.shard.count};
  // Each selected case once, from the journal's earlier records or this run's: listed
  // cases sorted by id, plain passes in their groups (unless --full-report).
  open.collected.finish(report);
  const fs::path json_path = o.report_dir / "report.json";
  const fs::path tmp = json_path.string() + ".tmp." + std::to_string(getpid());
  reports::save_report(report, tmp);
  fs::rename(tmp, json_path);  // atomically: a report.json is always a whole one
  reports::write_text(o.report_dir / "report.html", reports::render_html(report, {o.changelog, o.changelog_anchors}));
  return report;
}

}  // namespace touchstone::harness
