// touchstone run: run a backend over a suite, compare with the oracle, journal every
// verdict, write report.json, report.html and the behavioural changelog it links to.
// Exit 0 when no case failed, 1 when one did (fail, wrong-shape, wrong-dtype, error,
// crash, timeout, accepted-invalid, unexpected-pass) or when no case was judged at all
// ("nothing was tested"), 2 on usage or I/O errors.
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <thread>
#include <sstream>
#include <unistd.h>

#include "cases/suite.h"
#include "diff/changelog.h"
#include "cases/generator.h"
#include "harness/backends/registry.h"
#include "harness/case_source.h"
#include "harness/run_report.h"
#include "harness/runner.h"
#include "harness/sandbox.h"
#include "harness/verdict.h"
#include "reference/memory_budget.h"
#include "reference/tensor_proto.h"
#include "reports/escape.h"
#include "reports/writers.h"
#include "tools/touchstone/commands.h"

namespace touchstone::cli {

namespace fs = std::filesystem;

// The checkout: --root, TOUCHSTONE_ROOT, the folders above the executable, the source
// folder this was built from.
std::filesystem::path find_root(const std::string& option) {
  const auto is_root = [](const fs::path& p) { return fs::exists(p / "harness" / "PROTOCOL.md"); };
  if (!option.empty()) return option;
  if (const char* env = std::getenv("TOUCHSTONE_ROOT"); env && *env) return env;
  std::error_code ec;
  for (fs::path p = fs::read_symlink("/proc/self/exe", ec).parent_path(); !ec && !p.empty(); p = p.parent_path()) {
    if (is_root(p)) return p;
    if (p == p.root_path()) break;
  }
#ifdef TOUCHSTONE_SOURCE_DIR
  if (is_root(TOUCHSTONE_SOURCE_DIR)) return TOUCHSTONE_SOURCE_DIR;
#endif
  return fs::current_path();
}

namespace {

struct RunCommandOptions {
  std::string suite, profile, backend, oracle = "reference", shard, ops, report_dir, expected_failures, root, scratch;
  std::vector<std::string> cases, backend_options;
  int jobs = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));  // one worker per core
  double timeout = 30;
  bool resume = false, overwrite = false, flush_subnormals = false, ignore_zero_sign = false, no_expected_failures = false;
  bool quiet = false, no_repro = false, full_report = false, no_sandbox = false;
  uint64_t adapter_memory = 0, adapter_cpu_seconds = 0;  // 0: the defaults (harness/sandbox.h)
  double progress_interval = 10;
  uint64_t max_tensor_bytes = 0;  // 0: the default (or TOUCHSTONE_MAX_TENSOR_BYTES)
  uint64_t max_case_bytes = 0;    // 0: the default (or TOUCHSTONE_MAX_CASE_BYTES), shared by the workers
  size_t max_line_bytes = size_t{1} << 20;
};

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream in(text);
  for (std::string item; std::getline(in, item, ',');)
    if (!item.empty()) out.push_back(item);
  return out;
}

std::string program_name();
std::string shell_quote_program() { return harness::shell_quote(program_name()); }

// This process's command line, each word quoted for a shell.
std::string command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string text, out;
  std::getline(in, text, '\0');  // argv[0]: shown as the command that finds this executable
  out = shell_quote_program();
  while (std::getline(in, text, '\0')) out += " " + harness::shell_quote(text);
  return out;
}

// How a printed command calls this program: "touchstone" when PATH finds this very
// executable under that name, else its absolute path (so the command runs as printed).
std::string program_name() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return "touchstone";
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    const fs::path candidate = fs::path(dir.empty() ? "." : dir) / "touchstone";
    if (fs::exists(candidate, ec)) return fs::equivalent(candidate, self, ec) ? "touchstone" : self.string();
  }
  return self.string();
}

// The behavioural changelog. It depends on this build only, and computing it takes
// seconds (every version pair's probes through the reference), so the build writes it
// once beside the executable (tools/CMakeLists.txt); it is recomputed when that copy is
// missing or older than the executable.
std::string build_changelog_html() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  const fs::path cached = exe.parent_path() / "changelog.html";
  if (!ec && fs::is_regular_file(cached, ec) && fs::last_write_time(cached, ec) >= fs::last_write_time(exe, ec) && !ec) {
    try {
      std::string text = read_file_bytes(cached);  // one read, not a character at a time
      if (text.find("</html>") != std::string::npos) return text;
    } catch (const Error&) {
    }
  }
  return changelog_html();
}

// The expected-failure file of a run: the one given, or the backend's own list, if any.
fs::path expected_failures_file(const RunCommandOptions& o, const fs::path& repo_root) {
  if (!o.expected_failures.empty()) return fs::absolute(o.expected_failures);
  if (o.no_expected_failures) return {};
  const harness::KnownBackend* known = harness::find_backend(o.backend);
  const std::string list = known && !known->expected_failures.empty() ? known->expected_failures : o.backend;
  const fs::path file = repo_root / "harness" / "expected_failures" / (list + ".txt");
  return fs::exists(file) ? file : fs::path{};
}

// The options a failing case's `reproduce` command repeats.
std::vector<std::string> reproduce_options(const RunCommandOptions& o) {
  std::vector<std::string> r;
  auto add = [&r](std::initializer_list<std::string> words) { r.insert(r.end(), words); };
  if (!o.root.empty()) add({"--root", fs::absolute(o.root).string()});
  if (!o.expected_failures.empty()) add({"--expected-failures", fs::absolute(o.expected_failures).string()});
  else if (o.no_expected_failures) add({"--no-expected-failures"});
  if (o.max_tensor_bytes) add({"--max-tensor-bytes", std::to_string(o.max_tensor_bytes)});
  if (o.max_case_bytes) add({"--max-case-bytes", std::to_string(o.max_case_bytes)});
  if (o.no_sandbox) add({"--no-sandbox"});
  if (o.adapter_memory) add({"--adapter-memory", std::to_string(o.adapter_memory)});
  return r;
}

// The reference's memory limits (reference/memory_budget.h): per case, half the machine's
// memory shared by the workers, each oracle computing one case at a time.
void set_reference_limits(const RunCommandOptions& o) {
  if (o.max_tensor_bytes) set_max_tensor_bytes(o.max_tensor_bytes);
  if (o.max_case_bytes) set_max_case_bytes(o.max_case_bytes);
  else if (!std::getenv("TOUCHSTONE_MAX_CASE_BYTES"))
    set_max_case_bytes(std::max<uint64_t>(max_case_bytes() / static_cast<uint64_t>(o.jobs), uint64_t{1} << 30));
}

harness::RunOptions run_options(const RunCommandOptions& o) {
  harness::RunOptions options;
  options.backend.name = o.backend;
  options.backend.options = harness::parse_backend_options(o.backend_options);
  options.backend.repo_root = find_root(o.root);
  options.backend.plugin_worker = fs::read_symlink("/proc/self/exe").parent_path() / "touchstone-plugin-worker";
  if (o.oracle != "reference" && o.oracle != "expected") io_error("--oracle must be reference or expected");
  options.oracle = o.oracle == "reference" ? harness::OracleKind::kReference : harness::OracleKind::kExpected;
  options.jobs = o.jobs;
  options.timeout_s = o.timeout;
  if (!o.shard.empty()) {
    options.shard = harness::parse_shard(o.shard);
  } else if (auto s = harness::shard_from_environment([](const char* n) { return std::getenv(n); })) {
    options.shard = *s;
  }
  options.resume = o.resume;
  options.overwrite = o.overwrite;
  if (o.resume && o.overwrite) io_error("--resume and --overwrite contradict each other: choose one");
  options.backend.max_line_bytes = o.max_line_bytes;
  options.backend.sandbox = !o.no_sandbox;
  options.backend.adapter_memory_bytes = o.adapter_memory;
  options.backend.adapter_cpu_seconds = o.adapter_cpu_seconds;
  if (!o.suite.empty()) options.backend.hidden.push_back(fs::absolute(o.suite));
  options.ops = split_list(o.ops);
  options.report_dir = o.report_dir;
  options.flush_subnormals = o.flush_subnormals;
  options.ignore_zero_sign = o.ignore_zero_sign;
  if (fs::path file = expected_failures_file(o, options.backend.repo_root); !file.empty()) options.expected_failures = file;
  options.progress = o.quiet ? harness::RunOptions::Progress::kOff
                   : isatty(2) ? harness::RunOptions::Progress::kTerminal
                               : harness::RunOptions::Progress::kLines;
  options.progress_interval_s = o.progress_interval;
  options.handle_signals = true;
  options.scratch_dir = o.scratch;
  options.cases = o.cases;
  options.full_report = o.full_report;
  options.command = command_line();
  options.program = program_name();
  options.reproduce_options = reproduce_options(o);
  options.changelog = "changelog.html";
  options.changelog_anchors = changelog_anchors();
  options.repro_folders = !o.no_repro;
  return options;
}

// Where the run's cases come from: a suite on disk or a profile generated in memory.
std::unique_ptr<harness::CaseSource> case_source(const RunCommandOptions& o, const harness::RunOptions& options) {
  if (o.suite.empty() == o.profile.empty()) io_error("give either --suite DIR or --profile smoke|standard");
  std::unique_ptr<harness::CaseSource> source;
  if (!o.suite.empty()) {
    Suite suite = load_suite(o.suite);
    filter_ops(suite, options.ops);
    source = harness::suite_source(std::move(suite));
  } else {
    const auto profile = cases::profile_from_name(o.profile);
    if (!profile) io_error("--profile must be smoke or standard");
    if (!o.quiet) std::cerr << "touchstone run: drafting the " << o.profile << " profile's cases (generated in memory, not written)\n";
    source = harness::profile_source(*profile, options.ops);
  }
  source->keep(options.cases);
  return source;
}

void print_summary(const RunCommandOptions& o, const harness::RunOptions& options, const reports::Report& report) {
  // The backend names itself: what it says is shown as text, never acted on by the terminal.
  std::cout << reports::terminal_escape(report.run.backend_name + " " + report.run.backend_version) << " on "
            << report.case_count()
            << " cases" << (options.shard.count > 1 ? " (shard " + options.shard.to_string() + ")" : "")
            << ", oracle " << report.run.oracle << ":";
  for (const auto& [verdict, count] : reports::aggregate(report).totals.verdicts)
    std::cout << " " << verdict << " " << count << ";";
  std::cout << "\nbackend isolation: " << reports::terminal_escape(report.run.isolation);
  std::cout << "\nreport: " << (fs::path(o.report_dir) / "report.html").string() << " (and report.json)\n";
  if (fs::exists(fs::path(o.report_dir) / "repro"))
    std::cout << "repro folders of the failing cases: " << (fs::path(o.report_dir) / "repro").string() << "\n";
}

int run_command(const RunCommandOptions& o) {
  set_reference_limits(o);
  const harness::RunOptions options = run_options(o);
  const std::unique_ptr<harness::CaseSource> source = case_source(o, options);
  // Said before the run, even with --quiet: an adapter outside the sandbox could see the answers.
  if (const auto sandbox = harness::sandbox_status(!o.no_sandbox);
      !sandbox.isolated && o.backend != "reference" && o.backend != "expected")
    std::cerr << "touchstone run: warning: the backend runs " << reports::terminal_escape(sandbox.description)
              << " (it can read what this user can, the suite's answers included)\n";
  const reports::Report report = harness::run_cases(*source, options);
  // The page links each op-version to what changed since its previous version.
  reports::write_text(fs::path(o.report_dir) / "changelog.html", build_changelog_html());

  bool failed = false;
  for (const auto& c : report.cases)
    failed |= harness::is_failure(harness::verdict_from_name(c.verdict).value_or(harness::Verdict::kError));
  const bool nothing = reports::nothing_tested(report);
  if (nothing)  // said even with --quiet: this is why the exit status is not 0
    std::cerr << "touchstone run: nothing was tested: no case of " << report.case_count()
              << " was judged (every one unsupported, skipped or a bad case)\n";
  if (!o.quiet) print_summary(o, options, report);
  return failed || nothing ? kExitFailed : kExitOk;
}

}  // namespace

void add_run_command(CLI::App& app, Action& action) {
  auto o = std::make_shared<RunCommandOptions>();
  auto* sub = app.add_subcommand(
      "run", "Run a backend over a suite (--suite) or over touchstone's own cases generated in memory\n"
             "(--profile), and judge every case against the oracle. Every verdict is\n"
             "journaled in --report-dir as it lands (--resume finishes an interrupted run);\n"
             "report.json and report.html (linked to changelog.html, the behavioural changelog)\n"
             "are written at the end, and a repro folder for each failing case (report-dir/repro).\n"
             "Exit 1 if any case failed, or if nothing was tested.");
  auto* suite_opt = sub->add_option("--suite", o->suite, "Suite folder (ONNX backend-test layout): ONNX's node tests, or one `generate` wrote");
  auto* profile_opt = sub->add_option("--profile", o->profile,
                  "smoke | standard: generate touchstone's cases in memory and stream them to the workers;\n"
                  "nothing but the report, the journal and the failing cases' repro folders is written.\n"
                  "Same cases and suite digest as `generate --profile P` followed by --suite")
      ->check(CLI::IsMember({"smoke", "standard"}));
  suite_opt->excludes(profile_opt);
  profile_opt->excludes(suite_opt);
  sub->add_flag("--no-repro", o->no_repro,
                "Do not write repro folders (report-dir/repro/<case>: model, inputs, expected and actual\n"
                "outputs, README with the command that reproduces the failure) for failing cases");
  sub->add_option("--backend", o->backend,
                  "reference | expected | onnxruntime | onnxruntime-web | onnxjs | plugin:<library.so> |\n"
                  "command:<program args> (`touchstone backends` lists them, installed or not)")
      ->required();
  sub->add_option("--backend-option", o->backend_options,
                  "NAME=VALUE, repeatable: a backend setting (e.g. graph_optimization=all for onnxruntime;\n"
                  "`touchstone backends` lists each backend's). Recorded in the report and the journal.");
  sub->add_option("--oracle", o->oracle, "reference (run the reference) or expected (stored outputs)")
      ->check(CLI::IsMember({"reference", "expected"}));
  sub->add_option("--jobs,-j", o->jobs, "Workers, each with its own backend process (default: one per core)")->check(CLI::Range(1, 256));
  sub->add_option("--timeout", o->timeout, "Seconds per case before the backend is killed (default 30)")
      ->check(CLI::PositiveNumber);
  sub->add_option("--shard", o->shard,
                  "I/N, 1-based: run the I-th of N deterministic parts (default: from CI variables,\n"
                  "TOUCHSTONE_SHARD, CI_NODE_INDEX/CI_NODE_TOTAL, BUILDKITE_PARALLEL_JOB, CIRCLE_NODE_INDEX)");
  sub->add_flag("--resume", o->resume, "Continue the run journaled in --report-dir (same options, same suite)");
  sub->add_flag("--overwrite", o->overwrite,
                "Replace the run in --report-dir (without it, or --resume, a folder holding a run is refused)");
  sub->add_option("--ops", o->ops, "Only these ops (comma-separated)");
  sub->add_option("--case", o->cases,
                  "Only this case: an id, or a glob over ids ('Sub-7/float32/*'); repeatable. Each\n"
                  "case's `reproduce` command in the report uses it");
  sub->add_option("--report-dir", o->report_dir,
                  "Folder for journal.jsonl, report.json, report.html and changelog.html")->required();
  sub->add_option("--expected-failures", o->expected_failures,
                  "Known failures (default harness/expected_failures/<backend>.txt if present)");
  sub->add_flag("--no-expected-failures", o->no_expected_failures, "Ignore the backend's expected failures");
  sub->add_flag("--flush-subnormals", o->flush_subnormals,
                "Accept zero where a subnormal is expected (backends that flush denormals)");
  sub->add_flag("--ignore-zero-sign", o->ignore_zero_sign, "Do not check the sign of zero results");
  sub->add_option("--root", o->root, "The touchstone checkout (default: found from the executable or TOUCHSTONE_ROOT)");
  sub->add_option("--scratch", o->scratch, "Folder for backends' output files (default /dev/shm or the temp folder)");
  sub->add_flag("--full-report", o->full_report,
                "List every case in report.json, passes included. By default report.json lists the cases\n"
                "that did not simply pass and counts plain passes per op-version and dtypes (its size\n"
                "follows the failures, not the suite); journal.jsonl always has every case's verdict");
  sub->add_flag("--no-sandbox", o->no_sandbox,
                "Run process adapters without their sandbox (bubblewrap namespaces: no view of the suite,\n"
                "the report folder, the runner or the network). The report then says \"not isolated\"");
  sub->add_option("--adapter-memory", o->adapter_memory,
                  "Bytes each adapter process may allocate (RLIMIT_DATA; default half the machine's memory)")
      ->check(CLI::PositiveNumber);
  sub->add_option("--adapter-cpu-seconds", o->adapter_cpu_seconds,
                  "CPU seconds each adapter process may use before it is killed (default 3600)")
      ->check(CLI::PositiveNumber);
  sub->add_flag("-q,--quiet", o->quiet, "No progress line or summary");
  sub->add_option("--progress-interval", o->progress_interval,
                  "Seconds between progress lines when stderr is not a terminal (default 10)")
      ->check(CLI::PositiveNumber);
  sub->add_option("--max-tensor-bytes", o->max_tensor_bytes,
                  "Refuse tensors (inputs, expected and backend outputs, and each tensor the reference\n"
                  "computes) larger than this (default 4 GiB, or TOUCHSTONE_MAX_TENSOR_BYTES); adapters are\n"
                  "told the same limit")
      ->check(CLI::PositiveNumber);
  sub->add_option("--max-case-bytes", o->max_case_bytes,
                  "The reference's memory for one case: the tensors and scratch it holds at once (default\n"
                  "half the machine's memory divided by --jobs, at least 1 GiB; or TOUCHSTONE_MAX_CASE_BYTES).\n"
                  "A case over it, or over --max-tensor-bytes for one tensor, is bad-case")
      ->check(CLI::PositiveNumber);
  sub->add_option("--max-line-bytes", o->max_line_bytes,
                  "A backend reply line longer than this is a protocol error (default 1 MiB)")
      ->check(CLI::PositiveNumber);
  sub->callback([o, &action] { action = [o] { return run_command(*o); }; });
}

}  // namespace touchstone::cli
