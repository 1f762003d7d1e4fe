// The runner against misbehaving backends: every case gets exactly one verdict, the
// right one, and the run completes.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <thread>

#include "harness/isolation.h"
#include "harness/process.h"
#include "harness/runner.h"
#include "harness/tests/fixture.h"

using namespace touchstone;
using namespace touchstone::harness;
using touchstone::testing::add_binary_case;
using touchstone::testing::journal_verdicts;
using touchstone::testing::temp_dir;
using touchstone::reports::Report;
namespace fs = std::filesystem;

namespace {

std::map<std::string, std::string> verdicts(const Report& r) {
  std::map<std::string, std::string> out;
  for (const auto& c : r.cases) CHECK(out.emplace(c.id, c.verdict).second);  // never twice
  return out;
}

// One case per fault, plus correct cases around them, an invalid one and an
// implementation-defined one.
Suite fault_suite(const fs::path& root) {
  Suite s;
  s.root = root;
  const char* faults[] = {"ok1", "crash", "hang", "exit", "half", "badjson", "wrong-id", "wrong-shape",
                          "wrong-dtype", "wrong-value", "garbage", "flood", "unsupported", "rejected", "error", "ok2"};
  for (const char* f : faults) s.cases.push_back(add_binary_case(root, std::string("Add-14/float32/") + f, "Add", 14));
  // An invalid case: Sub-6 with B declared int32 beside a float A (the backend runs it anyway).
  auto invalid = add_binary_case(root, "Sub-6/float32/invalid", "Sub", 6, 1.5f, {2, 3});
  touchstone::testing::make_model_invalid(invalid.dir);
  invalid.meta.valid = false;
  s.cases.push_back(invalid);
  auto divergent = add_binary_case(root, "Add-14/float32/impl-defined-wrong-value", "Add", 14);
  divergent.meta.semantics = Semantics::kImplementationDefined;
  s.cases.push_back(divergent);
  std::sort(s.cases.begin(), s.cases.end(), [](auto& a, auto& b) { return a.meta.id < b.meta.id; });
  return s;
}

RunOptions fault_options(const fs::path& report_dir, int jobs) {
  RunOptions o;
  o.backend.name = std::string("command:") + TOUCHSTONE_FAULT_BACKEND;
  o.jobs = jobs;
  o.timeout_s = 1.5;
  o.report_dir = report_dir;
  setenv("TOUCHSTONE_FAULTS",
         "/crash=crash;/hang=hang;/exit=exit;/half=half;/badjson=badjson;/wrong-id=wrong-id;/wrong-shape=wrong-shape;"
         "/wrong-dtype=wrong-dtype;impl-defined-wrong-value=wrong-value;/wrong-value=wrong-value;/garbage=garbage;"
         "/flood=flood;/unsupported=unsupported;/rejected=rejected;/error=error;/invalid=accept",
         1);
  return o;
}

}  // namespace

TEST_CASE("fault injection: every case gets the right verdict, once", "[runner][faults]") {
  const fs::path root = temp_dir("faults");
  const Suite suite = fault_suite(root / "suite");
  // An adapter that pipelines holds the next case while it crashes, hangs or garbles the
  // current one: that next case must still get its own verdict, from a new adapter.
  for (const bool pipelining : {false, true})
  for (int jobs : {1, 2}) {
    // jobs 1 with --full-report (every case listed), jobs 2 compact (plain passes counted).
    DYNAMIC_SECTION("jobs " << jobs << (pipelining ? ", pipelining" : "")) {
      setenv("TOUCHSTONE_FAULT_PIPELINING", pipelining ? "1" : "0", 1);
      RunOptions o = fault_options(root / ("report" + std::to_string(jobs) + (pipelining ? "p" : "")), jobs);
      o.full_report = jobs == 1;
      const Report report = run_suite(suite, o);
      const auto v = verdicts(report);
      const std::map<std::string, std::string> want = {
          {"Add-14/float32/ok1", "pass"},         {"Add-14/float32/ok2", "pass"},
          {"Add-14/float32/crash", "crash"},       {"Add-14/float32/hang", "timeout"},
          {"Add-14/float32/exit", "crash"},        {"Add-14/float32/half", "crash"},
          {"Add-14/float32/badjson", "error"},     {"Add-14/float32/wrong-id", "error"},
          {"Add-14/float32/wrong-shape", "wrong-shape"}, {"Add-14/float32/wrong-dtype", "wrong-dtype"},
          {"Add-14/float32/wrong-value", "fail"},  {"Add-14/float32/garbage", "error"},
          {"Add-14/float32/flood", "pass"},        {"Add-14/float32/unsupported", "unsupported"},
          {"Add-14/float32/rejected", "error"},    {"Add-14/float32/error", "error"},
          {"Sub-6/float32/invalid", "accepted-invalid"},
          {"Add-14/float32/impl-defined-wrong-value", "divergent"},
      };
      CHECK(journal_verdicts(o.report_dir) == want);  // the journal has every case
      if (o.full_report) {
        CHECK(report.cases.size() == suite.cases.size());
        CHECK(v == want);
        CHECK(report.pass_groups.empty());
      } else {
        // ok1, ok2 and flood are plain passes: one group (Add-14, float32 x2) of 3.
        auto listed = want;
        for (const char* id : {"Add-14/float32/ok1", "Add-14/float32/ok2", "Add-14/float32/flood"}) listed.erase(id);
        CHECK(v == listed);
        REQUIRE(report.pass_groups.size() == 1);
        CHECK(report.pass_groups[0].op_version() == "Add-14");
        CHECK(report.pass_groups[0].dtypes == std::vector<std::string>{"float32", "float32"});
        CHECK(report.pass_groups[0].count == 3);
        CHECK(report.case_count() == static_cast<int64_t>(suite.cases.size()));
      }
      for (const auto& c : report.cases) {
        INFO(c.id << ": " << c.message);
        if (c.id.ends_with("/half")) CHECK(c.message.find("partial line") != std::string::npos);
        if (c.id.ends_with("/crash")) CHECK(c.message.find("signal 6") != std::string::npos);
        if (c.id.ends_with("/badjson")) CHECK(c.message.find("garbage") != std::string::npos);
        if (c.id.ends_with("/garbage")) CHECK(c.message.find("unreadable") != std::string::npos);
        if (c.id.ends_with("/wrong-value")) {
          REQUIRE(c.metrics);
          CHECK(c.metrics->bad_count == 1);
          CHECK(c.metrics->first_mismatches.size() == 1);
          CHECK(c.metrics->max_ulp > 0);
        }
        // Metrics only where values were compared; never all-zero stand-ins.
        const bool compared = c.verdict == "pass" || c.verdict == "fail" || c.verdict == "divergent";
        CHECK(c.metrics.has_value() == (compared && c.id != "Sub-6/float32/invalid"));
        CHECK(c.valid == (c.id != "Sub-6/float32/invalid"));
        CHECK(c.category == (c.id.ends_with("impl-defined-wrong-value") ? "implementation-defined" : "defined"));
        CHECK(c.reproduce.find(" --case '" + c.id + "' ") != std::string::npos);
      }
      const auto agg = reports::aggregate(report);
      CHECK(agg.totals.verdicts.at("pass") == 3);
      CHECK(agg.by_op_version.size() == 2);  // Add-14, Sub-6
      CHECK(report.run.suite_digest.starts_with("sha256:"));
      CHECK(report.run.shard == std::pair{1, 1});
      CHECK(report.run.touchstone_commit.size() > 0);
      // The journal holds the header and one line per case.
      std::ifstream journal(o.report_dir / "journal.jsonl");
      int lines = 0;
      for (std::string l; std::getline(journal, l);) ++lines;
      CHECK(lines == static_cast<int>(suite.cases.size()) + 1);
      CHECK(fs::exists(o.report_dir / "report.json"));
      CHECK(fs::exists(o.report_dir / "report.html"));
      // report.json is the reports library's document: it reads back as the same cases.
      const Report back = reports::load_report(o.report_dir / "report.json");
      CHECK(back.cases == report.cases);
      CHECK(back.pass_groups == report.pass_groups);
      unsetenv("TOUCHSTONE_FAULT_PIPELINING");
    }
  }
  fs::remove_all(root);
}

TEST_CASE("an adapter that says pipelining gets the next request before it answers; others never do",
          "[runner][process][pipelining]") {
  const fs::path root = temp_dir("pipelining");
  Suite suite;
  suite.root = root / "suite";
  for (const char* id : {"Add-14/float32/slow-a", "Add-14/float32/slow-b", "Add-14/float32/slow-c"})
    suite.cases.push_back(add_binary_case(suite.root, id, "Add", 14));
  setenv("TOUCHSTONE_FAULTS", "/slow=slow", 1);
  for (const bool pipelining : {false, true}) {
    DYNAMIC_SECTION((pipelining ? "pipelining" : "one at a time")) {
      const fs::path log = root / (pipelining ? "ahead-p.log" : "ahead.log");
      setenv("TOUCHSTONE_FAULT_PIPELINING", pipelining ? "1" : "0", 1);
      setenv("TOUCHSTONE_FAULT_AHEAD_LOG", log.c_str(), 1);
      RunOptions o;
      o.backend.name = std::string("command:") + TOUCHSTONE_FAULT_BACKEND;
      o.backend.sandbox = false;  // the adapter writes its log here
      o.jobs = 1;
      o.timeout_s = 10;
      o.report_dir = root / (pipelining ? "report-p" : "report");
      run_suite(suite, o);
      CHECK(journal_verdicts(o.report_dir) == std::map<std::string, std::string>{{"Add-14/float32/slow-a", "pass"},
                                                                                {"Add-14/float32/slow-b", "pass"},
                                                                                {"Add-14/float32/slow-c", "pass"}});
      // Each case takes the adapter 150 ms, long enough for the runner to send the next
      // one ahead, when it may; the last has no next.
      std::ifstream in(log);
      std::vector<std::string> lines;
      for (std::string l; std::getline(in, l);) lines.push_back(l);
      const std::vector<std::string> want =
          pipelining ? std::vector<std::string>{"Add-14/float32/slow-a 1", "Add-14/float32/slow-b 1", "Add-14/float32/slow-c 0"}
                     : std::vector<std::string>{"Add-14/float32/slow-a 0", "Add-14/float32/slow-b 0", "Add-14/float32/slow-c 0"};
      CHECK(lines == want);
      unsetenv("TOUCHSTONE_FAULT_PIPELINING");
      unsetenv("TOUCHSTONE_FAULT_AHEAD_LOG");
    }
  }
  unsetenv("TOUCHSTONE_FAULTS");
  fs::remove_all(root);
}

TEST_CASE("expected failures turn into expected-fail and unexpected-pass", "[runner]") {
  const fs::path root = temp_dir("xfail");
  Suite suite;
  suite.root = root / "suite";
  suite.cases.push_back(add_binary_case(suite.root, "Add-14/float32/ok1", "Add", 14));
  suite.cases.push_back(add_binary_case(suite.root, "Add-14/float32/wrong-value", "Add", 14));
  std::ofstream(root / "xfail.txt") << "Add-14/float32/*   # everything is known to fail\n";
  RunOptions o = fault_options(root / "report", 1);
  o.expected_failures = root / "xfail.txt";
  const auto v = verdicts(run_suite(suite, o));
  CHECK(v.at("Add-14/float32/ok1") == "unexpected-pass");
  CHECK(v.at("Add-14/float32/wrong-value") == "expected-fail");
  fs::remove_all(root);
}

TEST_CASE("resume skips journaled cases; a different run is refused", "[runner][resume]") {
  const fs::path root = temp_dir("resume");
  const Suite suite = fault_suite(root / "suite");
  RunOptions o = fault_options(root / "report", 1);
  const Report full = run_suite(suite, o);
  // Keep the header and 5 records, and tear the 6th line in half.
  const fs::path journal = root / "report" / "journal.jsonl";
  std::ifstream in(journal);
  std::string text, line;
  for (int i = 0; i < 7 && std::getline(in, line); ++i) text += (i == 6 ? line.substr(0, line.size() / 2) : line + "\n");
  in.close();
  std::ofstream(journal, std::ios::trunc) << text;
  o.resume = true;
  const Report resumed = run_suite(suite, o);
  CHECK(verdicts(resumed) == verdicts(full));
  CHECK(resumed.summarized_passes() == full.summarized_passes());  // journaled passes are counted too
  CHECK(resumed.summarized_passes() == 3);
  std::ifstream again(journal);
  int lines = 0;
  for (std::string l; std::getline(again, l);) ++lines;
  CHECK(lines == static_cast<int>(suite.cases.size()) + 1);
  o.timeout_s = 9;
  CHECK_THROWS_WITH(run_suite(suite, o), Catch::Contains("timeout_s"));
  fs::remove_all(root);
}

TEST_CASE("shards of a run cover the suite once", "[runner][shard]") {
  const fs::path root = temp_dir("shards");
  Suite suite;
  suite.root = root / "suite";
  for (int i = 0; i < 12; ++i)
    suite.cases.push_back(add_binary_case(suite.root, "Add-14/float32/c" + std::to_string(i), "Add", 14));
  std::map<std::string, std::string> all;
  for (int k = 1; k <= 3; ++k) {
    RunOptions o;
    o.backend.name = "reference";
    o.report_dir = root / ("r" + std::to_string(k));
    o.shard = parse_shard(std::to_string(k) + "/3");
    const Report shard = run_suite(suite, o);
    const auto journaled = journal_verdicts(o.report_dir);
    CHECK(static_cast<int64_t>(journaled.size()) == shard.case_count());
    for (const auto& [id, v] : journaled) CHECK(all.emplace(id, v).second);
  }
  CHECK(all.size() == 12);
  fs::remove_all(root);
}

TEST_CASE("the example plugin runs in a worker; its crash and hang stay there", "[runner][plugin]") {
  const fs::path root = temp_dir("plugin");
  Suite suite;
  suite.root = root / "suite";
  suite.cases.push_back(add_binary_case(suite.root, "Add-14/float32/a", "Add", 14));
  suite.cases.push_back(add_binary_case(suite.root, "Sub-14/float32/a", "Sub", 14));
  suite.cases.push_back(add_binary_case(suite.root, "Add-14/float32/plugin-abort", "Add", 14, 1234567.0f));
  suite.cases.push_back(add_binary_case(suite.root, "Add-14/float32/plugin-hang", "Add", 14, 7654321.0f));
  suite.cases.push_back(add_binary_case(suite.root, "Mul-14/float32/a", "Mul", 14));
  suite.cases.push_back(add_binary_case(suite.root, "Sub-14/float32/b", "Sub", 14));
  RunOptions o;
  o.backend.name = std::string("plugin:") + TOUCHSTONE_EXAMPLE_PLUGIN;
  o.backend.plugin_worker = TOUCHSTONE_PLUGIN_WORKER;
  o.report_dir = root / "report";
  o.timeout_s = 1;
  const Report report = run_suite(suite, o);
  CHECK(report.run.backend_name == "example");
  const auto v = journal_verdicts(o.report_dir);
  CHECK(v.at("Add-14/float32/a") == "pass");
  CHECK(v.at("Sub-14/float32/a") == "pass");
  CHECK(v.at("Sub-14/float32/b") == "pass");
  CHECK(v.at("Mul-14/float32/a") == "unsupported");
  CHECK(v.at("Add-14/float32/plugin-abort") == "crash");
  CHECK(v.at("Add-14/float32/plugin-hang") == "timeout");
  fs::remove_all(root);
}

TEST_CASE("a backend that cannot start is a setup error", "[runner]") {
  const fs::path root = temp_dir("nostart");
  Suite suite;
  suite.root = root / "suite";
  suite.cases.push_back(add_binary_case(suite.root, "Add-14/float32/a", "Add", 14));
  RunOptions o;
  o.backend.name = "command:/bin/false";
  o.report_dir = root / "report";
  CHECK_THROWS_WITH(run_suite(suite, o), Catch::Contains("before saying hello"));
  o.backend.name = "command:/bin/echo hello";
  CHECK_THROWS_WITH(run_suite(suite, o), Catch::Contains("did not say hello"));
  o.backend.name = "nonsense";
  CHECK_THROWS_WITH(run_suite(suite, o), Catch::Contains("unknown backend"));
  fs::remove_all(root);
}

// The runner prepares the next case (and computes the oracle) between handing a case to a
// process backend and collecting its answer, so it may come back after the deadline: an
// answer already waiting must still count, and only silence is a timeout.
TEST_CASE("an answer already in the pipe is taken when the reader comes back after the deadline", "[runner][process]") {
  ChildProcess child;
  child.start({"/bin/sh", "-c", "echo answer; sleep 5"});
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const auto past = ChildProcess::Clock::now() - std::chrono::seconds(1);
  std::string line;
  CHECK(child.read_line(line, past) == ChildProcess::ReadStatus::kLine);
  CHECK(line == "answer");
  CHECK(child.read_line(line, past) == ChildProcess::ReadStatus::kTimeout);  // nothing more was said
  child.kill();
}

// The runner empties each worker's stage and output folders between cases; the backend can
// write there, so a link put in a folder's place must be removed, never followed.
TEST_CASE("clear_folder empties a folder, and never follows a link put in its place", "[runner][trust]") {
  const fs::path root = temp_dir("clear-folder");
  const fs::path dir = root / "out";
  const auto touch = [](const fs::path& p) { std::ofstream(p) << "x"; };
  clear_folder(dir);  // missing: made
  CHECK(fs::is_directory(dir));
  touch(dir / "output_0.pb");
  touch(dir / "output_7.pb");
  clear_folder(dir);
  CHECK(fs::is_directory(dir));
  CHECK(fs::is_empty(dir));
  fs::create_directories(dir / "sub");  // a subfolder: the whole tree goes
  touch(dir / "sub" / "deep.pb");
  touch(dir / "model.onnx");
  clear_folder(dir);
  CHECK(fs::is_directory(dir));
  CHECK(fs::is_empty(dir));
  fs::create_directories(root / "elsewhere");
  touch(root / "elsewhere" / "keep.pb");
  fs::remove(dir);
  fs::create_directory_symlink(root / "elsewhere", dir);
  clear_folder(dir);
  CHECK(fs::exists(root / "elsewhere" / "keep.pb"));
  CHECK_FALSE(fs::is_symlink(dir));
  CHECK(fs::is_directory(dir));
  CHECK(fs::is_empty(dir));
  fs::remove_all(root);
}
