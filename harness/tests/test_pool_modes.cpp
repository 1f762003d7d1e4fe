// touchstone-fault-backend's pooling modes over the generated MaxPool and AveragePool suites
// (issue 26): each broken window rule fails exactly the cases that rule decides, and
// every one of them. And its LayerNormalization modes: the function body with stage one in
// float32 passes stash_type 1's bound; in float16 it fails every float32/float64 case.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include "harness/tests/fixture.h"

using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

// The ids of the valid cases that did not pass with `mode`, and how many passed.
std::pair<std::vector<std::string>, int> run_mode(const fs::path& suite, const fs::path& root, const std::string& mode,
                                                 const std::string& pattern = "Pool-") {
  const json report = touchstone::testing::fault_mode_report(suite, root / mode, pattern, mode);
  REQUIRE(report.is_object());
  auto outcome = touchstone::testing::fault_mode_outcome(report);
  return {std::move(outcome.bad), outcome.passed};
}

void check_exactly(const fs::path& suite, const fs::path& root, const std::string& mode,
                   const std::function<bool(const std::string&)>& decided) {
  INFO(mode);
  const auto [bad, passed] = run_mode(suite, root, mode);
  CHECK(passed > 300);
  for (const auto& id : bad) {
    INFO(id << " did not pass, yet the broken rule does not decide it");
    CHECK(decided(id));
  }
  int expected = 0;
  for (const auto& id : touchstone::testing::valid_case_ids(suite)) {
    if (!decided(id) || id.find("empty") != std::string::npos) continue;
    ++expected;
    INFO(id << " passed, yet the broken rule decides it");
    CHECK(std::find(bad.begin(), bad.end(), id) != bad.end());
  }
  CHECK(expected > 5);
}

bool has(const std::string& id, const char* part) { return id.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("pooling fault modes fail exactly the cases their rule decides", "[pool][runner]") {
  const fs::path root = touchstone::testing::temp_dir("pool-modes");
  const fs::path suite = root / "suite";
  REQUIRE(touchstone::testing::run_quietly(std::string(TOUCHSTONE_CLI) + " generate --profile standard --ops MaxPool,AveragePool --out " +
                  suite.string()));
  // Odd total pads: kernel 2 and 4 at stride 1, and 3x3 at stride 2 over 8 columns; the
  // dilated SAME cases have even totals (4 and 2), so the side does not matter there.
  check_exactly(suite, root, "pool-same-swapped", [](const std::string& id) {
    return has(id, "/same_upper_k") || has(id, "/same_lower_k") || has(id, "count_include_pad_same_lower");
  });
  check_exactly(suite, root, "pool-no-count-pad", [](const std::string& id) { return has(id, "count_include_pad"); });
  check_exactly(suite, root, "pool-keep-dropped", [](const std::string& id) { return has(id, "ceil_drops_window_in_pad"); });
}

TEST_CASE("LayerNormalization's statistics in float16 fail stash_type 1's bound; in float32 they pass", "[norm][runner]") {
  const fs::path root = touchstone::testing::temp_dir("norm-modes");
  const fs::path suite = root / "suite";
  REQUIRE(touchstone::testing::run_quietly(std::string(TOUCHSTONE_CLI) + " generate --profile standard --ops LayerNormalization --out " + suite.string()));
  const auto run = [&](const std::string& mode) {
    return run_mode(suite, root, mode, "LayerNormalization-");
  };
  // float32 stage one, as stash_type 1 asks: every case passes (the NaN groups, where the text
  // leaves the answer open, may be divergent).
  const auto [honest_bad, honest_passed] = run("ln-stash-float");
  CHECK(honest_passed > 40);
  for (const auto& id : honest_bad) {
    INFO(id << " did not pass with float32 statistics");
    CHECK((has(id, "special") || has(id, "constant_row")));  // NaN groups: divergent at most
  }
  // float16 stage one: X itself loses its low bits, far outside the float32 statistics' bound.
  const auto [bad, passed] = run("ln-stash-half");
  int decided = 0;
  for (const auto& id : touchstone::testing::valid_case_ids(suite)) {
    const bool wide = has(id, "/float32/") || has(id, "/float64/");
    if (!wide || has(id, "empty") || has(id, "special") || has(id, "constant_row") || has(id, "stash_bfloat16")) continue;
    ++decided;
    INFO(id << " passed with float16 statistics");
    CHECK(std::find(bad.begin(), bad.end(), id) != bad.end());
  }
  CHECK(decided > 20);
  CHECK(passed > 0);  // the bfloat16 and float16 inputs' cases: float16 statistics are not below them everywhere
}
