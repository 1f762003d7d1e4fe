// `touchstone run --profile`: cases generated in memory and streamed to the workers, with
// no suite on disk, judged exactly as the same profile written by `generate` and run with
// --suite; and the repro folder of a failing case, which reproduces the failure alone.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "harness/tests/fixture.h"

using touchstone::testing::temp_dir;
namespace fs = std::filesystem;
using json = nlohmann::json;

namespace {

int shell(const std::string& command) {
  const int status = std::system((command + " >/dev/null 2>&1").c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string cli() { return std::string("'") + TOUCHSTONE_CLI + "'"; }

json load(const fs::path& p) {
  std::ifstream in(p);
  return json::parse(in);
}

std::map<std::string, std::string> verdicts(const json& report) {
  std::map<std::string, std::string> out;
  for (const auto& c : report.at("cases")) out.emplace(c.at("id"), c.at("verdict"));
  return out;
}

}  // namespace

TEST_CASE("run --profile streams generated cases: the verdicts and digest of generate + --suite, no suite written",
          "[cli][profile]") {
  const fs::path root = temp_dir("profile");
  // A backend that is wrong on part of the cases, so both runs have failures to agree on.
  setenv("TOUCHSTONE_FAULTS", "Add-14/float32/=wrong-value;Softmax-13/float16/=wrong-shape", 1);
  const std::string backend = std::string("command:") + TOUCHSTONE_FAULT_BACKEND;
  const std::string ops = "Add,Softmax,Identity";
  REQUIRE(shell(cli() + " generate --profile smoke --ops " + ops + " --out '" + (root / "suite").string() + "'") == 0);
  CHECK(shell(cli() + " run -q --suite '" + (root / "suite").string() + "' --backend '" + backend +
              "' --jobs 2 --full-report --report-dir '" + (root / "from-suite").string() + "'") == 1);
  CHECK(shell(cli() + " run -q --profile smoke --ops " + ops + " --backend '" + backend + "' --jobs 2 --full-report --report-dir '" +
              (root / "streamed").string() + "'") == 1);

  const json a = load(root / "from-suite" / "report.json"), b = load(root / "streamed" / "report.json");
  const auto va = verdicts(a), vb = verdicts(b);
  CHECK(va.size() > 100);
  CHECK(va == vb);
  CHECK(a["run"]["suite"]["digest"] == b["run"]["suite"]["digest"]);
  CHECK(a["run"]["suite"]["case_count"] == b["run"]["suite"]["case_count"]);
  CHECK(b["run"]["suite"]["path"] == "profile:smoke");
  size_t failed = 0;
  for (const auto& [id, v] : vb) failed += v == "fail" || v == "wrong-shape";
  CHECK(failed >= 2);

  // Nothing but the report, journal, changelog and repro folders: no suite was written.
  for (const auto& entry : fs::directory_iterator(root / "streamed")) {
    const std::string name = entry.path().filename().string();
    CHECK((name == "report.json" || name == "report.html" || name == "journal.jsonl" || name == "changelog.html" ||
           name == "repro"));
  }
  size_t repro = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(root / "streamed" / "repro")) ++repro;
  CHECK(repro == failed);
  fs::remove_all(root);
}

TEST_CASE("a shard of run --profile carries the digest of the same shard over the written suite, and of the whole",
          "[cli][profile][shard]") {
  const fs::path root = temp_dir("profile-shard");
  const std::string ops = "Add,Identity";
  REQUIRE(shell(cli() + " generate --profile smoke --ops " + ops + " --out '" + (root / "suite").string() + "'") == 0);
  const auto run = [&](const std::string& source, const std::string& shard, const std::string& out) {
    CHECK(shell(cli() + " run -q " + source + " --backend reference --jobs 2" + shard + " --report-dir '" +
                (root / out).string() + "'") == 0);
    return load(root / out / "report.json");
  };
  const std::string suite = "--suite '" + (root / "suite").string() + "'", profile = "--profile smoke --ops " + ops;
  const json whole = run(suite, "", "whole");
  const json from_suite = run(suite, " --shard 2/3", "suite-2");
  const json streamed = run(profile, " --shard 2/3", "profile-2");
  const json streamed_other = run(profile, " --shard 3/3", "profile-3");
  CHECK(streamed["run"]["suite"]["digest"] == from_suite["run"]["suite"]["digest"]);
  CHECK(streamed["run"]["suite"]["digest"] == whole["run"]["suite"]["digest"]);
  CHECK(streamed_other["run"]["suite"]["digest"] == whole["run"]["suite"]["digest"]);
  CHECK(streamed["aggregates"]["totals"]["total"] == from_suite["aggregates"]["totals"]["total"]);
  CHECK(streamed["aggregates"]["totals"]["total"] < whole["aggregates"]["totals"]["total"]);
  fs::remove_all(root);
}

TEST_CASE("a failing case's repro folder holds the case and reproduces the failure with its command",
          "[cli][profile][repro]") {
  const fs::path root = temp_dir("repro");
  setenv("TOUCHSTONE_FAULTS", "Add-14/float32/=wrong-value", 1);
  const std::string backend = std::string("command:") + TOUCHSTONE_FAULT_BACKEND;
  CHECK(shell(cli() + " run -q --profile smoke --ops Add --backend '" + backend + "' --report-dir '" +
              (root / "run").string() + "'") == 1);
  const json report = load(root / "run" / "report.json");
  std::string id, reproduce;
  for (const auto& c : report.at("cases"))
    if (c.at("verdict") == "fail") {
      id = c.at("id");
      reproduce = c.at("reproduce");
      break;
    }
  REQUIRE(!id.empty());
  CHECK(id.starts_with("Add-14/float32/"));
  // The folder: the model, inputs, the expected outputs, what the backend answered, a README.
  fs::path dir;
  for (const auto& entry : fs::directory_iterator(root / "run" / "repro"))
    if (load(entry.path() / "case.json").at("id") == id) dir = entry.path();
  REQUIRE(!dir.empty());
  for (const char* f : {"model.onnx", "case.json", "README.txt", "test_data_set_0/input_0.pb", "test_data_set_0/input_1.pb",
                        "test_data_set_0/output_0.pb", "actual/output_0.pb"})
    CHECK(fs::is_regular_file(dir / f));
  CHECK(fs::file_size(dir / "actual" / "output_0.pb") == fs::file_size(dir / "test_data_set_0" / "output_0.pb"));
  std::ifstream readme_in(dir / "README.txt");
  const std::string readme((std::istreambuf_iterator<char>(readme_in)), std::istreambuf_iterator<char>());
  CHECK(readme.find(reproduce) != std::string::npos);
  CHECK(reproduce.find("--suite") != std::string::npos);
  CHECK(reproduce.find(dir.string()) != std::string::npos);

  // The command, as printed, run from elsewhere: the same failure, on that case alone.
  const fs::path tmp = root / "tmp";
  fs::create_directories(tmp);
  CHECK(shell("cd / && export TMPDIR='" + tmp.string() + "' && " + reproduce) == 1);
  const json again = load(tmp / "touchstone-repro" / "report.json");
  REQUIRE(again.at("cases").size() == 1);
  CHECK(again["cases"][0]["id"] == id);
  CHECK(again["cases"][0]["verdict"] == "fail");
  // Without the fault, the same folder passes: it was the backend, not the folder.
  unsetenv("TOUCHSTONE_FAULTS");
  CHECK(shell("cd / && export TMPDIR='" + tmp.string() + "' && " + reproduce) == 0);
  fs::remove_all(root);
}
