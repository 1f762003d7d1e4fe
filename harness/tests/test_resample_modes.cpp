// touchstone-fault-backend's resampling mode over the generated Resize suite (issue 27): a
// backend that uses pytorch_half_pixel where half_pixel is asked fails exactly the cases where
// the two differ - an axis resized to one element from more than one - and every one of them.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include "harness/tests/fixture.h"

using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

bool resample_quietly(const std::string& command) {
  const int status = std::system((command + " >/dev/null 2>&1").c_str());
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

bool has_part(const std::string& id, const char* part) { return id.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("pytorch_half_pixel for half_pixel fails exactly the cases resized to one element", "[resample][runner]") {
  const fs::path root = touchstone::testing::temp_dir("resample-modes");
  const fs::path suite = root / "suite", out = root / "run";
  REQUIRE(resample_quietly(std::string(TOUCHSTONE_CLI) + " generate --profile standard --ops Resize --out " + suite.string()));
  resample_quietly("env 'TOUCHSTONE_FAULTS=Resize-=resize-pytorch-for-half' " + std::string(TOUCHSTONE_CLI) + " run --suite " +
                   suite.string() + " --backend command:" + TOUCHSTONE_FAULT_BACKEND +
                   " --jobs 2 --full-report --report-dir " + out.string());
  std::ifstream in(out / "report.json");
  REQUIRE(in);
  const json report = json::parse(in);
  // Decided: half_pixel (not pytorch_half_pixel, not the symmetric one) with an axis to one element.
  auto decided = [](const std::string& id) {
    return has_part(id, "_half_pixel_sizes_to_1") && !has_part(id, "pytorch") && !has_part(id, "symmetric");
  };
  int passed = 0, failed_decided = 0, decided_count = 0;
  for (const auto& c : report.at("cases")) {
    const std::string id = c.at("id"), verdict = c.at("verdict");
    if (verdict == "pass") ++passed;
    if (decided(id)) {
      ++decided_count;
      INFO(id << " passed, yet half_pixel and pytorch_half_pixel part there");
      CHECK(verdict == "fail");
      failed_decided += verdict == "fail";
    } else if (verdict == "fail") {
      INFO(id << " failed, yet the two modes agree there");
      CHECK(false);
    }
  }
  CHECK(passed > 300);
  CHECK(decided_count >= 12);  // nearest, linear, cubic x Resize-11, 13, 18, 19
  CHECK(failed_decided == decided_count);
}
