// touchstone-fault-backend's quantization mode over the generated QuantizeLinear suite (issue
// 27): rounding ties of x / y_scale half away from zero instead of to even fails exactly the
// cases tagged "tie" (the only ones whose quotients are half-integers), and every one of them.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include "harness/tests/fixture.h"

using json = nlohmann::json;
namespace fs = std::filesystem;

using touchstone::testing::run_quietly;  // harness/tests/fixture.h

TEST_CASE("quant-round-away fails exactly QuantizeLinear's tie cases", "[QuantizeLinear][runner]") {
  const fs::path root = touchstone::testing::temp_dir("quant-modes");
  const fs::path suite = root / "suite", out = root / "run";
  REQUIRE(run_quietly(std::string(TOUCHSTONE_CLI) + " generate --profile standard --ops QuantizeLinear --out " + suite.string()));
  run_quietly("env 'TOUCHSTONE_FAULTS=QuantizeLinear-=quant-round-away' " + std::string(TOUCHSTONE_CLI) + " run --suite " +
              suite.string() + " --backend command:" + TOUCHSTONE_FAULT_BACKEND + " --jobs 2 --full-report --report-dir " +
              out.string());
  std::ifstream in(out / "report.json");
  REQUIRE(in);
  const json report = json::parse(in);
  int ties = 0, others = 0;
  for (const auto& c : report.at("cases")) {
    if (!c.at("valid").get<bool>()) continue;
    const auto& tags = c.at("tags");
    const bool tie = std::find(tags.begin(), tags.end(), "tie") != tags.end();
    const std::string verdict = c.at("verdict");
    INFO(c.at("id").get<std::string>() << ": " << verdict);
    if (tie) {
      ++ties;
      CHECK(verdict == "fail");
    } else {
      ++others;
      CHECK((verdict == "pass" || verdict == "divergent"));
    }
  }
  CHECK(ties > 100);    // every version, x type and integer output type has its tie case
  CHECK(others > 1000);
}
