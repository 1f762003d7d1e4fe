// Issue 25 through the command line: the reference's memory budget in `run` and `eval`
// (a 200-byte model asking for 8 GiB is bad-case, the run and the journal go on),
// `report diff` against a shard, the terminal escaping what a backend says, and
// `report compare --html` with a bare file name.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include "harness/tests/cli_child.h"
#include "harness/tests/fixture.h"

using namespace touchstone;
using namespace touchstone::testing;  // suites on disk (fixture.h), the CLI as a child (cli_child.h)
namespace fs = std::filesystem;

namespace {

// A case whose model is Expand-13 of a float (1) to (2,1024,1024,1024), the shape an
// initializer: 2^31 float32 elements, 8 GiB, from a model of about 200 bytes.
fs::path add_huge_expand(const fs::path& suite, const std::string& id) {
  const fs::path dir = suite / id;
  fs::create_directories(dir / "test_data_set_0");
  SingleNodeModel spec{"Expand", "", 13, {{"x", DType::kFloat, {1}}, {"shape", DType::kInt64, {4}}},
                       {{"y", DType::kFloat, {2, 1024, 1024, 1024}}}, {}, 0};
  onnx::ModelProto model = build_model(spec);
  model.mutable_graph()->mutable_input()->RemoveLast();
  *model.mutable_graph()->add_initializer() =
      tensor_to_proto(Tensor::from_values<int64_t>({4}, {2, 1024, 1024, 1024}), "shape");
  write_model_file(dir / "model.onnx", model);
  write_tensor_file(dir / "test_data_set_0/input_0.pb", Tensor::from_values<float>({1}, {1.5f}), "x");
  return dir;
}

std::vector<std::string> run_args(const fs::path& suite, const fs::path& out, const std::string& backend) {
  return {"run", "--suite", suite.string(), "--backend", backend, "--report-dir", out.string(), "--jobs", "1",
          "--no-repro"};
}

}  // namespace

TEST_CASE("budget: a 200-byte model expanding to 8 GiB is bad-case, and the run keeps the other cases",
          "[budget][trust]") {
  const fs::path root = temp_dir("budget-expand");
  const fs::path suite = root / "suite", out = root / "out";
  const fs::path huge = add_huge_expand(suite, "huge_expand");
  CHECK(fs::file_size(huge / "model.onnx") < 250);
  add_binary_case(suite, "plain", "Add", 14);
  const Finished f = touchstone_cli(run_args(suite, out, "reference"));
  INFO(f.output);
  CHECK(f.ended == "exit status 0");  // bad-case is the suite's fault, not a failure of the backend
  const auto records = journal_records(out);
  REQUIRE(records.size() == 2);
  CHECK(records.at("plain").at("verdict") == "pass");
  CHECK(records.at("huge_expand").at("verdict") == "bad-case");
  const std::string message = records.at("huge_expand").at("message");
  CHECK_THAT(message, Catch::Contains("exceeds the budget: Expand-13: a tensor float32 (2,1024,1024,1024) needs 8 GiB"));
  CHECK_THAT(message, Catch::Contains("(--max-tensor-bytes)"));

  // The same refusal from eval, before anything is allocated: exit 2, no output written.
  const Finished e = touchstone_cli({"eval", (huge / "model.onnx").string(), "--inputs", (huge / "test_data_set_0").string(),
                                     "--out", (root / "eval").string()});
  CHECK(e.ended == "exit status 2");
  CHECK_THAT(e.output, Catch::Contains("touchstone: exceeds the budget: Expand-13: a tensor float32 (2,1024,1024,1024) "
                                       "needs 8 GiB (8589934592 bytes)"));
  CHECK_FALSE(fs::exists(root / "eval" / "output_0.pb"));
  // A budget for the whole case is named as such.
  const Finished small = touchstone_cli({"eval", (suite / "plain/model.onnx").string(), "--inputs",
                                         (suite / "plain/test_data_set_0").string(), "--out", (root / "eval2").string(),
                                         "--max-case-bytes", "16"});  // C alone is 24 bytes
  CHECK(small.ended == "exit status 2");
  CHECK_THAT(small.output, Catch::Contains("Add-14: a tensor float32 (2,3) needs 24 bytes more while the run holds") &&
                               Catch::Contains("budget per case of 16 bytes (--max-case-bytes)"));
  fs::remove_all(root);
}

TEST_CASE("report diff: a full run against one shard of it regresses, and says the new run is a shard",
          "[diff][trust]") {
  const fs::path root = temp_dir("budget-shard-diff");
  const fs::path suite = root / "suite";
  for (int i = 0; i < 8; ++i) add_binary_case(suite, "case_" + std::to_string(i), "Add", 14);
  REQUIRE(touchstone_cli(run_args(suite, root / "full", "reference")).ended == "exit status 0");
  auto shard = run_args(suite, root / "half", "reference");
  shard.insert(shard.end(), {"--shard", "1/2"});
  REQUIRE(touchstone_cli(shard).ended == "exit status 0");
  const auto half = journal_records(root / "half");
  REQUIRE(half.size() < 8);  // the shard holds some of the cases, not all
  const Finished d = touchstone_cli({"report", "diff", (root / "full/report.json").string(), (root / "half/report.json").string()});
  INFO(d.output);
  CHECK(d.ended == "exit status 1");  // was: "no regression", exit 0
  CHECK_THAT(d.output, Catch::Contains("REGRESSED") &&
                           Catch::Contains(std::to_string(8 - half.size()) + " missing (the new run is shard 1/2)"));
  CHECK_THAT(d.output, Catch::Contains("  Add-14 ") &&
                           Catch::Contains(": " + std::to_string(8 - half.size()) + " passed in the old run, not in the new one"));
  // The other way round, the full run holds every case of the shard: nothing missing.
  const Finished back = touchstone_cli({"report", "diff", (root / "half/report.json").string(), (root / "full/report.json").string()});
  CHECK(back.ended == "exit status 0");
  fs::remove_all(root);
}

TEST_CASE("terminal: what a backend names itself and says is printed as text, never as escape codes",
          "[trust][terminal]") {
  const fs::path root = temp_dir("budget-terminal");
  const fs::path suite = root / "suite";
  add_binary_case(suite, "alpha", "Add", 14);
  const std::string hostile = std::string("command:") + TOUCHSTONE_HOSTILE_BACKEND;
  // ESC [ 2 J clears the screen, CR goes back to overwrite the line: "all passed" over the summary.
  const std::map<std::string, std::string> env = {{"TOUCHSTONE_HOSTILE_PROBES", "none"},
                                                  {"TOUCHSTONE_HOSTILE_NAME", "evil\x1b[2J\r all passed"}};
  const Finished f = touchstone_cli(run_args(suite, root / "out", hostile), env);
  INFO(f.output);
  CHECK(f.ended == "exit status 1");
  CHECK_THAT(f.output, Catch::Contains("evil\\x1b[2J\\x0d all passed evil\\x1b[2J\\x0d all passed on 1 cases"));
  CHECK(f.output.find('\x1b') == std::string::npos);
  CHECK(f.output.find('\r') == std::string::npos);
  // report diff prints the new run's messages, which the backend wrote.
  REQUIRE(touchstone_cli(run_args(suite, root / "ref", "reference")).ended == "exit status 0");
  const Finished d = touchstone_cli({"report", "diff", (root / "ref/report.json").string(), (root / "out/report.json").string()});
  INFO(d.output);
  CHECK(d.ended == "exit status 1");
  CHECK_THAT(d.output, Catch::Contains("alpha: pass (summarized) -> error: ") &&
                           Catch::Contains("evil\\x1b[2J\\x0d all passed could not cheat"));
  CHECK(d.output.find('\x1b') == std::string::npos);
  fs::remove_all(root);
}

TEST_CASE("report compare writes --html with a bare file name, in the current folder", "[trust][scoreboard]") {
  const fs::path root = temp_dir("budget-compare");
  add_binary_case(root / "suite", "alpha", "Add", 14);
  REQUIRE(touchstone_cli(run_args(root / "suite", root / "a", "reference")).ended == "exit status 0");
  harness::ChildProcess shell;  // `cd` first: the bare name is relative to the current folder
  shell.start({"/bin/sh", "-c", "cd '" + root.string() + "' && '" TOUCHSTONE_CLI "' report compare a/report.json --html scoreboard.html"});
  shell.stop(std::chrono::milliseconds(60000));
  INFO(shell.stderr_tail());
  CHECK(shell.exit_description() == "exit status 0");  // was: exit 2, "cannot make an absolute path"
  const std::string page = file_text(root / "scoreboard.html");
  CHECK_THAT(page, Catch::Contains("a/report.html"));  // the column's link, relative to the page
  fs::remove_all(root);
}
