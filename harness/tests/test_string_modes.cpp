// touchstone-fault-backend's string mode over the generated StringSplit suite (issue 29):
// dropping the empty substrings (adjacent delimiters grouped) fails exactly the cases tagged
// "empty-substring" (an empty substring in the answer, not padding), and every one of them
// (fail, or wrong-shape where the largest count shrinks);
// the whitespace cases, where no substring is empty, pass.
#include <sys/wait.h>

#include <catch2/catch.hpp>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>

#include "harness/tests/fixture.h"

using json = nlohmann::json;
namespace fs = std::filesystem;

using touchstone::testing::run_quietly;  // harness/tests/fixture.h

TEST_CASE("split-drop-empty fails exactly StringSplit's empty-substring cases", "[StringSplit][runner]") {
  const fs::path root = touchstone::testing::temp_dir("string-modes");
  const fs::path suite = root / "suite", out = root / "run";
  REQUIRE(run_quietly(std::string(TOUCHSTONE_CLI) + " generate --profile standard --ops StringSplit --out " +
                      suite.string()));
  run_quietly("env 'TOUCHSTONE_FAULTS=StringSplit-=split-drop-empty' " + std::string(TOUCHSTONE_CLI) +
              " run --suite " + suite.string() + " --backend command:" + TOUCHSTONE_FAULT_BACKEND +
              " --jobs 2 --full-report --report-dir " + out.string());
  std::ifstream in(out / "report.json");
  REQUIRE(in);
  const json report = json::parse(in);
  int empties = 0, others = 0;
  for (const auto& c : report.at("cases")) {
    if (!c.at("valid").get<bool>()) continue;
    const auto& tags = c.at("tags");
    const bool empty = std::find(tags.begin(), tags.end(), "empty-substring") != tags.end();
    const std::string verdict = c.at("verdict");
    INFO(c.at("id").get<std::string>() << ": " << verdict);
    if (empty) {
      ++empties;
      CHECK((verdict == "fail" || verdict == "wrong-shape"));  // wrong-shape: the largest count shrank
    } else {
      ++others;
      CHECK((verdict == "pass" || verdict == "divergent"));
    }
  }
  CHECK(empties == 4);
  CHECK(others >= 10);
}
