// touchstone-fault-backend's DFT modes over the generated DFT suite (issue 28): an honest
// float32 FFT (radix-2 for powers of two, the direct sum otherwise) passes the FFT bound of
// every case; the same FFT with the twiddles' sign flipped fails every case whose signal
// makes the two directions differ (a random complex or real signal of length 3 or more).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "harness/tests/fixture.h"

using json = nlohmann::json;
namespace fs = std::filesystem;

namespace {

std::pair<std::vector<std::string>, int> run_signal_mode(const fs::path& suite, const fs::path& root,
                                                         const std::string& mode) {
  const json report = touchstone::testing::fault_mode_report(suite, root / mode, "DFT-", mode);
  REQUIRE(report.is_object());
  auto outcome = touchstone::testing::fault_mode_outcome(report);
  return {std::move(outcome.bad), outcome.passed};
}

bool listed(const std::vector<std::string>& ids, const std::string& part) {
  for (const auto& id : ids)
    if (id.find(part) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("DFT by an honest float FFT passes; with the twiddles' sign flipped it fails", "[signal][runner]") {
  const fs::path root = touchstone::testing::temp_dir("signal-modes");
  const fs::path suite = root / "suite";
  REQUIRE(touchstone::testing::run_quietly(std::string(TOUCHSTONE_CLI) +
                                           " generate --profile standard --ops DFT --out " + suite.string()));
  const auto [honest_bad, honest_passed] = run_signal_mode(suite, root, "fft-float");
  CHECK(honest_passed > 60);
  for (const auto& id : honest_bad) {
    INFO(id << " did not pass with an honest float FFT");
    CHECK(false);
  }
  const auto [bad, passed] = run_signal_mode(suite, root, "fft-twiddle-sign");
  for (const char* part :
       {"DFT-17/float32/complex_n8", "DFT-20/float32/complex_n8", "DFT-17/float32/complex_n7",
        "DFT-20/float32/real_n10", "DFT-17/float32/inverse_complex_n8", "DFT-20/float32/rfft_n8"}) {
    INFO(part << " passed with the twiddles' sign flipped");
    CHECK(listed(bad, part));
  }
  CHECK(bad.size() > 30);
}
