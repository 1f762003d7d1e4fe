// touchstone-fault-backend's summation modes over the generated ReduceSum, MatMul, Gemm and
// Einsum suites (issue 13): honest orders (pairwise, reversed, blocked) pass every case
// without warnings, float16 summed in float16 passes with a suspicious-accumulator warning
// on the long sums, a dropped term fails.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include "harness/tests/fixture.h"

using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

int shell(const std::string& command) {
  const int status = std::system((command + " >/dev/null 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

// The suite run with `mode` on every case whose id contains one of `ops`.
json run_mode(const fs::path& suite, const fs::path& root, const std::string& mode,
              const std::vector<std::string>& ops = {"ReduceSum"}) {
  const fs::path out = root / mode;
  std::string faults;
  for (const auto& op : ops) faults += (faults.empty() ? "" : ";") + op + "=" + mode;
  shell("env 'TOUCHSTONE_FAULTS=" + faults + "' " + TOUCHSTONE_CLI + " run --suite " + suite.string() +
        " --backend command:" + TOUCHSTONE_FAULT_BACKEND + " --jobs 2 --full-report --report-dir " + out.string());
  std::ifstream in(out / "report.json");
  REQUIRE(in);
  return json::parse(in);
}

struct Tally {
  int pass = 0, fail = 0, other = 0;
  std::vector<std::string> warned;
};

Tally tally(const json& report) {
  Tally t;
  for (const auto& c : report.at("cases")) {
    const std::string v = c.at("verdict");
    (v == "pass" ? t.pass : v == "fail" ? t.fail : t.other)++;
    if (c.contains("metrics") && c["metrics"].contains("warning")) t.warned.push_back(c.at("id"));
  }
  t.pass += report.value("summarized_passes", 0);  // plain passes counted, not listed (none with --full-report)
  return t;
}

bool has(const std::vector<std::string>& ids, const std::string& id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}

}  // namespace

TEST_CASE("summation modes over ReduceSum: honest orders pass quietly, float16 accumulators are flagged, a dropped term fails",
          "[bound][orders][suspicious][runner]") {
  const fs::path root = touchstone::testing::temp_dir("sum-modes");
  const fs::path suite = root / "suite";
  REQUIRE(shell(std::string(TOUCHSTONE_CLI) + " generate --profile standard --ops ReduceSum --out " + suite.string()) == 0);
  for (const char* honest : {"sum-pairwise", "sum-reversed", "sum-blocked"}) {
    INFO(honest);
    const Tally t = tally(run_mode(suite, root, honest));
    CHECK(t.fail == 0);
    CHECK(t.other == 0);
    CHECK(t.pass > 200);
    CHECK(t.warned.empty());
  }
  const Tally in_type = tally(run_mode(suite, root, "sum-in-type"));
  CHECK(in_type.fail == 0);  // the worst-case bound (or a vacuous one) allows it
  CHECK(has(in_type.warned, "ReduceSum-13/float16/long_4096"));
  CHECK(has(in_type.warned, "ReduceSum-13/bfloat16/long_4096"));
  for (const auto& id : in_type.warned) CHECK((id.find("float16") != std::string::npos || id.find("bfloat16") != std::string::npos));
  const json dropped = run_mode(suite, root, "sum-drop");
  CHECK(tally(dropped).fail > 40);
  for (const auto& c : dropped.at("cases"))
    if (c.at("id") == "ReduceSum-13/float32/long_4096") {
      CHECK(c.at("verdict") == "fail");
      CHECK(c.at("metrics").at("max_margin").get<double>() > 1);
      CHECK(c.at("metrics").at("first_mismatches").at(0).at("margin").get<double>() > 1);
    }
  fs::remove_all(root);
}

namespace {

// The verdict and max margin of case `id` in a report.
const json* find_case(const json& report, const std::string& id) {
  for (const auto& c : report.at("cases"))
    if (c.at("id") == id) return &c;
  return nullptr;
}

}  // namespace

TEST_CASE("summation modes over MatMul, Gemm and Einsum: honest orders pass quietly, float16 accumulators are flagged, "
          "a dropped term fails",
          "[bound][orders][suspicious][runner]") {
  const fs::path root = touchstone::testing::temp_dir("sum-modes-dot");
  const fs::path suite = root / "suite";
  const std::vector<std::string> ops = {"MatMul", "Gemm", "Einsum"};
  REQUIRE(shell(std::string(TOUCHSTONE_CLI) + " generate --profile standard --ops MatMul,Gemm,Einsum --out " +
                suite.string()) == 0);
  // Long 16-bit sums (cases/specs/reduce) accumulated in their own type are flagged. Their
  // magnitudes sum|a b| are computed in double (oracle.cpp, term_magnitudes): in float16
  // they overflowed past 65504 (114,752 for MatMul's 1x4096 by 4096x2), which left the
  // statistic nothing to scale by and these cases unflagged.
  const std::vector<std::string> long16 = {"MatMul-13/bfloat16/long_1x4096_4096x2", "Gemm-13/bfloat16/long_2x4096_4096x3",
                                           "MatMul-1/float16/long_1x4096_4096x2", "Gemm-13/float16/long_2x4096_4096x3",
                                           "Einsum-12/float16/long_4096"};
  const json reference = run_mode(suite, root, "none", ops);  // no such mode: the reference's own outputs
  const Tally base = tally(reference);
  CHECK(base.fail == 0);
  CHECK(base.pass > 300);
  for (const char* honest : {"sum-pairwise", "sum-reversed", "sum-blocked"}) {
    INFO(honest);
    const json report = run_mode(suite, root, honest, ops);
    const Tally t = tally(report);
    CHECK(t.fail == 0);
    CHECK(t.pass == base.pass);
    CHECK(t.other == base.other);
    CHECK(t.warned.empty());
    // The mode did change outputs: a float32 long sum in another order is rarely bit-exact.
    const json* c = find_case(report, "Einsum-12/float32/long_4096");
    REQUIRE(c);
    CHECK(c->at("verdict") == "pass");
  }
  const json in_type = run_mode(suite, root, "sum-in-type", ops);
  const Tally it = tally(in_type);
  CHECK(it.fail == 0);  // the worst-case bound (vacuous at 4096 float16 terms) allows it
  for (const auto& id : long16) CHECK(has(it.warned, id));
  for (const auto& id : it.warned) CHECK((id.find("float16") != std::string::npos || id.find("bfloat16") != std::string::npos));
  const json dropped = run_mode(suite, root, "sum-drop", ops);
  const Tally d = tally(dropped);
  CHECK(d.fail > 60);
  for (const char* id : {"MatMul-13/float32/long_1x4096_4096x2", "Gemm-13/float32/long_2x4096_4096x3",
                         "Einsum-12/float32/long_4096", "MatMul-13/float64/3x4_4x5", "Gemm-13/float32/alpha_beta_3x4_4x5",
                         "Einsum-12/float32/three_operands", "Einsum-12/float64/batch_bij_bjk"}) {
    INFO(id);
    const json* c = find_case(dropped, id);
    REQUIRE(c);
    CHECK(c->at("verdict") == "fail");
    CHECK(c->at("metrics").at("max_margin").get<double>() > 1);
  }
  fs::remove_all(root);
}
