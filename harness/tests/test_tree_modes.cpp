// touchstone-fault-backend's tree mode over the generated tree-ensemble suites (issue 29):
// evaluating BRANCH_LEQ as '<' fails exactly the cases tagged "threshold-equal" (an x equal
// to a BRANCH_LEQ threshold on its path, its row sent to another leaf), and every one of
// them; every other case passes, the "boundary" cases too (x on the LT, GTE, GT, EQ and NEQ
// thresholds, never on a LEQ one).
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "harness/tests/fixture.h"

using json = nlohmann::json;
namespace fs = std::filesystem;

using touchstone::testing::run_quietly;  // harness/tests/fixture.h

TEST_CASE("tree-branch-lt fails exactly the tree ensembles' threshold-equal cases",
          "[TreeEnsembleRegressor][TreeEnsembleClassifier][TreeEnsemble][runner]") {
  const fs::path root = touchstone::testing::temp_dir("tree-modes");
  const fs::path suite = root / "suite", out = root / "run";
  REQUIRE(run_quietly(
      std::string(TOUCHSTONE_CLI) +
      " generate --profile standard --ops TreeEnsembleRegressor,TreeEnsembleClassifier,TreeEnsemble --out " +
      suite.string()));
  run_quietly("env 'TOUCHSTONE_FAULTS=TreeEnsemble=tree-branch-lt' " + std::string(TOUCHSTONE_CLI) +
              " run --suite " + suite.string() + " --backend command:" + TOUCHSTONE_FAULT_BACKEND +
              " --jobs 2 --full-report --report-dir " + out.string());
  std::ifstream in(out / "report.json");
  REQUIRE(in);
  const json report = json::parse(in);
  int equal = 0, boundary = 0, others = 0;
  for (const auto& c : report.at("cases")) {
    if (!c.at("valid").get<bool>()) continue;
    const auto& tags = c.at("tags");
    auto tagged = [&](const std::string& t) { return std::find(tags.begin(), tags.end(), t) != tags.end(); };
    const std::string verdict = c.at("verdict");
    INFO(c.at("id").get<std::string>() << ": " << verdict);
    if (tagged("threshold-equal")) {
      ++equal;
      CHECK(verdict == "fail");
    } else {
      ++others;
      boundary += tagged("boundary");
      CHECK(verdict == "pass");
    }
  }
  CHECK(equal == 19);     // versions 1 and 3 of two ops, four types of X each; TreeEnsemble-5, three
  CHECK(boundary == 11);  // float and double X of each legacy op-version; TreeEnsemble-5, three
  CHECK(others > 150);
}
