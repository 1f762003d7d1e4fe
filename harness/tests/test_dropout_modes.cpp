// touchstone-fault-backend's Dropout modes over the generated Dropout suite (issue 26): an
// honest backend with its own random draws passes every case (the property contract, not
// the reference's draws, judges); each broken rule fails exactly the training cases it
// decides, and every one of them.
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

// Verdict by case id, of the valid cases run with `mode`.
std::map<std::string, std::string> run_mode(const fs::path& suite, const fs::path& root, const std::string& mode) {
  const json report = touchstone::testing::fault_mode_report(suite, root / mode, "Dropout-", mode);
  REQUIRE(report.is_object());
  std::map<std::string, std::string> verdicts;
  for (const auto& c : report.at("cases"))
    if (c.value("valid", true)) verdicts[c.at("id")] = c.at("verdict");
  return verdicts;
}

bool has(const std::string& id, const char* part) { return id.find(part) != std::string::npos; }

// Training cases that draw: ratio above 0, elements to draw for.
bool random_training(const std::string& id) {
  return has(id, "/training_") && !id.ends_with("/training_ratio_0") && !id.ends_with("_empty");
}

void check_exactly(const std::map<std::string, std::string>& verdicts, const std::function<bool(const std::string&)>& decided) {
  int failed = 0, passed = 0;
  for (const auto& [id, verdict] : verdicts) {
    if (verdict == "skip" || verdict == "unsupported") continue;
    INFO(id << ": " << verdict);
    if (decided(id)) {
      CHECK(verdict != "pass");
      ++failed;
    } else {
      CHECK(verdict == "pass");
      ++passed;
    }
  }
  CHECK(failed > 5);
  CHECK(passed > 20);
}

}  // namespace

TEST_CASE("Dropout fault modes: another honest draw passes, each broken rule fails its cases", "[Dropout][runner]") {
  const fs::path root = touchstone::testing::temp_dir("dropout-modes");
  const fs::path suite = root / "suite";
  REQUIRE(touchstone::testing::run_quietly(std::string(TOUCHSTONE_CLI) + " generate --profile standard --ops Dropout --out " + suite.string()));
  const auto honest = run_mode(suite, root, "dropout-redrawn");
  int judged = 0;
  for (const auto& [id, verdict] : honest) {
    INFO(id << ": " << verdict);
    if (has(id, "training_ratio_1")) continue;  // undefined: divergent or pass
    CHECK(verdict == "pass");
    judged += random_training(id) ? 1 : 0;
  }
  CHECK(judged > 20);
  // ratio 0.5 throughout, 0.75 and 0.3, and 1 (undefined: divergent, not pass).
  check_exactly(run_mode(suite, root, "dropout-keep-all"), random_training);
  // ratio 1 drops everything: nothing left to scale.
  check_exactly(run_mode(suite, root, "dropout-unscaled"),
                [](const std::string& id) { return random_training(id) && !has(id, "training_ratio_1"); });
  check_exactly(run_mode(suite, root, "dropout-mask-flipped"), random_training);
  check_exactly(run_mode(suite, root, "dropout-ratio-ignored"), [](const std::string& id) {
    return has(id, "training_ratio_0.75") || has(id, "training_ratio_0.3") || has(id, "training_ratio_1");
  });
}
