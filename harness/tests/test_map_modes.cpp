// touchstone-fault-backend's map modes over the generated ZipMap suite (issue 29): answered
// as the reference gives them every case passes; a key left out of the first map is a wrong
// shape (keys are compared exactly), a value one ulp off fails exact judging; the cases with
// no map to fault (zero rows) still pass.
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "harness/tests/fixture.h"

using json = nlohmann::json;
namespace fs = std::filesystem;

using touchstone::testing::run_quietly;  // harness/tests/fixture.h

namespace {

// Each valid case's verdict under `mode`.
std::map<std::string, std::string> verdicts(const fs::path& suite, const fs::path& out,
                                            const std::string& mode) {
  run_quietly("env 'TOUCHSTONE_FAULTS=ZipMap-=" + mode + "' " + std::string(TOUCHSTONE_CLI) +
              " run --suite " + suite.string() + " --backend command:" + TOUCHSTONE_FAULT_BACKEND +
              " --jobs 2 --full-report --report-dir " + out.string());
  std::ifstream in(out / "report.json");
  REQUIRE(in);
  std::map<std::string, std::string> v;
  const json report = json::parse(in);
  for (const auto& c : report.at("cases"))
    if (c.at("valid").get<bool>()) v[c.at("id").get<std::string>()] = c.at("verdict").get<std::string>();
  return v;
}

}  // namespace

TEST_CASE("map modes: a dropped key is a wrong shape, a nudged value fails, honest maps pass",
          "[ZipMap][runner]") {
  const fs::path root = touchstone::testing::temp_dir("map-modes");
  const fs::path suite = root / "suite";
  REQUIRE(run_quietly(std::string(TOUCHSTONE_CLI) + " generate --profile standard --ops ZipMap --out " +
                      suite.string()));
  const std::string strings = "ai.onnx.ml.ZipMap-1/float32/strings_4x3",
                    zero = "ai.onnx.ml.ZipMap-1/float32/zero_rows";
  const auto honest = verdicts(suite, root / "honest", "map-honest");
  CHECK(honest.size() == 5);
  for (const auto& [id, verdict] : honest) {
    INFO(id);
    CHECK((verdict == "pass" || verdict == "divergent"));
  }
  auto dropped = verdicts(suite, root / "drop", "map-drop-key");
  CHECK(dropped.at(strings) == "wrong-shape");
  CHECK(dropped.at(zero) == "pass");
  auto nudged = verdicts(suite, root / "nudge", "map-nudge-value");
  CHECK(nudged.at(strings) == "fail");
  CHECK(nudged.at(zero) == "pass");
}
