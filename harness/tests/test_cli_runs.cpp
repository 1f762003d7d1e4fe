// Whole runs through `touchstone run`: SIGKILL mid-run and --resume, the reference
// against ONNX's stored outputs, and ONNX Runtime (skipped when it is not installed).
#include <catch2/catch.hpp>

#include <csignal>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <thread>

#include "harness/process.h"
#include "harness/tests/fixture.h"

using namespace touchstone;
using touchstone::testing::add_binary_case;
using touchstone::testing::temp_dir;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

int run_cli(const std::vector<std::string>& args) {
  std::string command = TOUCHSTONE_CLI;
  for (const auto& a : args) command += " '" + a + "'";
  const int status = std::system((command + " -q >/dev/null 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// Every case's verdict: the listed ones from report.json, which must agree with the
// journal's, and the plain passes (counted in report.json) from the journal.
std::map<std::string, std::string> report_verdicts(const fs::path& report) {
  std::ifstream in(report);
  const json j = json::parse(in);
  const auto all = touchstone::testing::journal_verdicts(report.parent_path());
  std::map<std::string, std::string> listed;
  for (const auto& c : j.at("cases")) {
    CHECK(listed.emplace(c.at("id"), c.at("verdict")).second);
    CHECK(all.count(c.at("id")) == 1);
    if (all.count(c.at("id"))) CHECK(all.at(c.at("id")) == c.at("verdict"));
  }
  CHECK(static_cast<int64_t>(all.size()) == static_cast<int64_t>(listed.size()) + j.at("summarized_passes").get<int64_t>());
  return all;
}

int journal_lines(const fs::path& p) {
  std::ifstream in(p);
  int n = 0;
  for (std::string l; std::getline(in, l);) ++n;
  return n;
}

}  // namespace

TEST_CASE("SIGKILL mid-run, then --resume: the same verdicts as an uninterrupted run", "[cli][resume]") {
  const fs::path root = temp_dir("kill");
  const fs::path suite = root / "suite";
  for (int i = 0; i < 16; ++i) add_binary_case(suite, "case_" + std::to_string(100 + i), "Add", 14);
  add_binary_case(suite, "case_crash", "Add", 14);
  add_binary_case(suite, "case_wrong-value", "Add", 14);
  setenv("TOUCHSTONE_FAULTS", "case_1=slow;_crash=crash;_wrong-value=wrong-value", 1);
  const std::string backend = std::string("command:") + TOUCHSTONE_FAULT_BACKEND;
  const std::vector<std::string> base = {"run", "--suite", suite.string(), "--backend", backend, "--timeout", "5"};

  auto whole = base;
  whole.insert(whole.end(), {"--report-dir", (root / "whole").string()});
  CHECK(run_cli(whole) == 1);  // a crash and a failure
  const auto expected = report_verdicts(root / "whole" / "report.json");
  CHECK(expected.size() == 18);

  // The same run, killed once a few verdicts are journaled.
  auto killed = base;
  killed.insert(killed.end(), {"--report-dir", (root / "killed").string(), "-q"});
  killed.insert(killed.begin(), TOUCHSTONE_CLI);
  harness::ChildProcess runner;
  runner.start(killed);
  const fs::path journal = root / "killed" / "journal.jsonl";
  for (int i = 0; i < 400 && journal_lines(journal) < 5; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  runner.kill();  // SIGKILL to the runner (and its adapter, in the same group)
  const int lines = journal_lines(journal);
  CHECK(lines >= 5);
  CHECK(lines < 19);
  CHECK_FALSE(fs::exists(root / "killed" / "report.json"));

  auto resume = base;
  resume.insert(resume.end(), {"--report-dir", (root / "killed").string(), "--resume"});
  CHECK(run_cli(resume) == 1);
  CHECK(report_verdicts(root / "killed" / "report.json") == expected);
  CHECK(journal_lines(journal) == 19);  // header + each case once

  // Resuming with other options is refused (exit 2).
  auto other = resume;
  other.insert(other.end(), {"--ops", "Sub"});
  CHECK(run_cli(other) == 2);
  fs::remove_all(root);
}

TEST_CASE("the reference agrees with ONNX's stored outputs for every implemented op", "[cli][onnx-node-tests]") {
  const fs::path node = fs::path(TOUCHSTONE_ONNX_TESTDATA) / "node";
  if (!fs::is_directory(node)) {
    WARN("no ONNX node tests at " << node);
    return;
  }
  const fs::path root = temp_dir("refexp");
  CHECK(run_cli({"run", "--suite", node.string(), "--backend", "reference", "--oracle", "expected", "--jobs", "2",
                 "--report-dir", root.string()}) == 0);
  std::ifstream in(root / "report.json");
  const json report = json::parse(in);
  const auto& totals = report.at("totals");
  CHECK(totals.value("pass", 0) >= 29);
  for (const auto& [verdict, count] : totals.items()) {
    INFO(verdict << " " << count);
    // expected-fail: harness/expected_failures/reference.txt, one written reason per test;
    // bad-case: ONNX's four CastLike tests whose stored 'like' is (1) where (3,4) is declared.
    CHECK((verdict == "pass" || verdict == "unsupported" || verdict == "expected-fail" || verdict == "bad-case"));
  }
  CHECK(totals.value("bad-case", 0) == 4);
  for (const auto& c : report.at("cases"))
    if (c.at("verdict") == "bad-case") {
      CHECK(c.at("id").get<std::string>().starts_with("test_castlike_"));
      CHECK_THAT(c.at("message").get<std::string>(), Catch::Contains("input_1.pb (graph input 'like'): shape (1), declared of rank 2"));
    }
  CHECK(report.at("cases").size() + report.at("summarized_passes").get<size_t>() ==
        report.at("run").at("suite").at("case_count").get<size_t>());
  fs::remove_all(root);
}

TEST_CASE("ONNX Runtime over ONNX's Add/Sub/Mul/Div/Pow node tests", "[cli][onnxruntime]") {
  const fs::path adapter_dir = fs::path(TOUCHSTONE_SOURCE_DIR) / "harness/backends/onnxruntime";
  const fs::path node = fs::path(TOUCHSTONE_ONNX_TESTDATA) / "node";
  if (!fs::is_directory(adapter_dir / "node_modules") || !fs::is_directory(node)) {
    WARN("onnxruntime-node is not installed (harness/backends/onnxruntime/install.sh): skipped");
    return;
  }
  const fs::path root = temp_dir("ort");
  const int rc = run_cli({"run", "--suite", node.string(), "--backend", "onnxruntime", "--ops", "Add,Sub,Mul,Div,Pow",
                          "--jobs", "2", "--report-dir", root.string(), "--root", TOUCHSTONE_SOURCE_DIR});
  CHECK((rc == 0 || rc == 1));
  std::ifstream in(root / "report.json");
  const json report = json::parse(in);
  CHECK(report.at("run").at("backend").at("name") == "onnxruntime");
  CHECK(report.at("cases").size() + report.at("summarized_passes").get<size_t>() >= 29);
  CHECK(report.at("totals").value("pass", 0) >= 25);
  fs::remove_all(root);
}

TEST_CASE("backend options reach the adapter, the report and the reproduce command", "[cli][onnxruntime]") {
  const fs::path adapter_dir = fs::path(TOUCHSTONE_SOURCE_DIR) / "harness/backends/onnxruntime";
  const fs::path node = fs::path(TOUCHSTONE_ONNX_TESTDATA) / "node";
  if (!fs::is_directory(adapter_dir / "node_modules") || !fs::is_directory(node)) {
    WARN("onnxruntime-node is not installed (harness/backends/onnxruntime/install.sh): skipped");
    return;
  }
  const fs::path root = temp_dir("ortopt");
  const std::vector<std::string> base = {"run", "--suite", node.string(), "--backend", "onnxruntime", "--case",
                                         "test_add*", "--jobs", "1", "--root", TOUCHSTONE_SOURCE_DIR};
  auto bad = base;
  bad.insert(bad.end(), {"--backend-option", "graph_optimization=max", "--report-dir", (root / "bad").string()});
  CHECK(run_cli(bad) == 2);  // refused before anything runs
  CHECK_FALSE(fs::exists(root / "bad" / "journal.jsonl"));

  auto good = base;
  good.insert(good.end(), {"--backend-option", "graph_optimization=all", "--report-dir", (root / "all").string()});
  CHECK(run_cli(good) == 0);
  std::ifstream in(root / "all" / "report.json");
  const json report = json::parse(in);
  CHECK(report.at("run").at("options").at("backend_options") == json{{"graph_optimization", "all"}});
  CHECK(report.at("run").at("backend").at("hello").at("options").at("opt_level") == "all");
  CHECK(report.at("totals").value("pass", 0) >= 2);
  for (const auto& c : report.at("cases")) {
    if (!c.contains("reproduce")) continue;
    CHECK(c.at("reproduce").get<std::string>().find("--backend-option graph_optimization=all") != std::string::npos);
  }
  // Resuming with other backend options is refused.
  auto other = base;
  other.insert(other.end(), {"--report-dir", (root / "all").string(), "--resume"});
  CHECK(run_cli(other) == 2);
  fs::remove_all(root);
}
