// touchstone-fault-backend's summation modes over the generated ReduceSum suite (issue 13):
// honest orders pass every case without warnings, float16 summed in float16 passes with a
// suspicious-accumulator warning on the long sums, a dropped term fails.
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

json run_mode(const fs::path& suite, const fs::path& root, const std::string& mode) {
  const fs::path out = root / mode;
  shell("env TOUCHSTONE_FAULTS=ReduceSum=" + mode + " " + TOUCHSTONE_CLI + " run --suite " + suite.string() +
        " --backend command:" + TOUCHSTONE_FAULT_BACKEND + " --jobs 2 --report-dir " + out.string());
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
  t.pass += report.at("summarized_passes").get<int>();  // plain passes are counted, not listed
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
  for (const char* honest : {"sum-pairwise", "sum-reversed"}) {
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
