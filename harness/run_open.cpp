// Opening a run: what can refuse it, the backends, the lock, the journal and a resume's digests.
#include <ctime>
#include <set>
#include <sstream>

#include "cases/sha256.h"
#include "harness/run_parts.h"

namespace touchstone::harness {

namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

json journal_header(const CaseSource& source, const RunOptions& o, const std::string& ids_digest) {
  json ops = o.ops;
  json header = {{"journal", "touchstone-journal"},
                 {"version", 3},
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
  if (source.name().starts_with("profile:")) header["generator"] = build_stamp();
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

// Start one backend per worker up front, so that a backend that cannot start is a setup
// error (before anything is written) rather than a crash verdict on every case.
void start_backends(const RunOptions& o, OpenRun& run) {
  run.jobs = std::max(1, std::min<int>(o.jobs, std::max<size_t>(run.selected.size(), 1)));
  BackendSpec spec = o.backend;  // adapters' work folders go to the scratch base; their sandboxes hide the report
  spec.scratch_base = o.scratch_dir, spec.hidden.push_back(fs::absolute(o.report_dir));
  for (int w = 0; w < run.jobs; ++w) run.backends.push_back(make_backend(spec));
  run.info = run.backends[0]->info();
  for (int w = 1; w < run.jobs; ++w) run.backends[w]->info();
}

// A suite on disk may have changed under a journal: its recorded cases are read again and
// must have the digests they had. (A profile is pinned by the header's generator.)
void check_resumed_digests(const CaseSource& source, const RunOptions& o, const OpenRun& run,
                           const std::map<std::string, std::string>& done_digests) {
  if (source.name().starts_with("profile:")) return;
  const auto& entries = source.entries();
  for (size_t i : run.selected) {
    const auto it = done_digests.find(entries[i].id);
    if (it == done_digests.end()) continue;
    if (journal_digest(source.load(i)) != it->second)
      io_error((o.report_dir / "journal.jsonl").string() + ": cannot resume: case " + entries[i].id +
               " changed in the suite since it was journaled; run without --resume to start over");
  }
}

}  // namespace

std::string journal_digest(const SourceCase& c) { return c.problem.empty() ? c.digest : "problem:" + c.problem; }

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

OpenRun open_run(const CaseSource& source, const RunOptions& o) {
  OpenRun run;
  if (o.expected_failures) run.expected = ExpectedFailures::load(*o.expected_failures);
  // Nothing is written before everything that can refuse the run has been checked.
  if (!o.resume && !o.overwrite && holds_run(o.report_dir))
    io_error(o.report_dir.string() + " holds a run already (journal.jsonl or report.json); finish it with --resume, "
             "replace it with --overwrite, or choose another --report-dir");
  const auto& entries = source.entries();
  std::set<std::string> selected_ids;
  for (size_t i = 0; i < entries.size(); ++i)
    if (in_shard(entries[i].id, o.shard)) run.selected.push_back(i), selected_ids.insert(entries[i].id);
  start_backends(o, run);

  fs::create_directories(o.report_dir);
  run.lock = std::make_unique<ReportLock>(o.report_dir);
  if (!o.resume) {  // --overwrite (or a fresh folder): the old run's files go
    std::error_code ec;
    for (const char* name : {"report.json", "report.html", "changelog.html"}) fs::remove(o.report_dir / name, ec);
    fs::remove_all(o.report_dir / "repro", ec);
  }
  // Results: listed cases whole, plain passes counted (reports::ResultCollector); the
  // journal keeps every case's record, with its case's digest. The header names the cases
  // by their ids; each record carries its case's digest, so a resume over changed files is
  // refused, and the suite digest needs no pass of its own.
  run.collected = reports::ResultCollector(o.full_report);
  std::map<std::string, std::string> done_digests;
  run.header = journal_header(source, o, ids_digest(source));
  run.header["isolation"] = run.backends[0]->isolation();  // a resume is isolated as the run it finishes
  run.journal = std::make_unique<Journal>(o.report_dir / "journal.jsonl", run.header, o.resume,
                                          [&](reports::CaseResult&& r, const std::string& d) {
                                            if (!selected_ids.count(r.id)) return;  // a case no longer selected
                                            done_digests[r.id] = d;
                                            run.collected.add(std::move(r));
                                          });
  for (size_t i : run.selected)
    if (!done_digests.count(entries[i].id)) run.todo.push_back(i);
  check_resumed_digests(source, o, run, done_digests);
  for (const auto& [id, d] : done_digests) run.digest.add(id, d);
  return run;
}

}  // namespace touchstone::harness
