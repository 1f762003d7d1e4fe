// Issue 25: a case that contradicts its own model is bad-case, never a verdict on the
// backend (harness/case_check.h). Under --oracle expected (what certify uses for ONNX's
// node tests): a stored input or output missing, undecodable, or of another dtype or
// shape than the model declares. Under either oracle: metadata naming another op than the
// model runs, or marking invalid a model the reference accepts.
#include <catch2/catch.hpp>

#include <fstream>

#include "harness/runner.h"
#include "harness/tests/fixture.h"
#include "reports/report.h"

using namespace touchstone;
using namespace touchstone::harness;
using touchstone::testing::add_binary_case;
using touchstone::testing::temp_dir;
namespace fs = std::filesystem;

namespace {

std::map<std::string, std::pair<std::string, std::string>> run_and_collect(const Suite& suite, OracleKind oracle,
                                                                             const fs::path& report_dir) {
  RunOptions o;
  o.backend.name = "reference";
  o.oracle = oracle;
  o.report_dir = report_dir;
  o.repro_folders = false;
  o.full_report = true;
  std::map<std::string, std::pair<std::string, std::string>> out;
  for (const auto& c : run_suite(suite, o).cases) out[c.id] = {c.verdict, c.message};
  return out;
}

fs::path set_of(const SuiteCase& c) { return c.dir / "test_data_set_0"; }

}  // namespace

TEST_CASE("honest verdicts: under --oracle expected, stored values that contradict the model are bad-case",
          "[honest][expected]") {
  const fs::path root = temp_dir("honest-expected");
  Suite suite;
  suite.root = root / "suite";
  const auto add = [&](const std::string& name) {
    suite.cases.push_back(add_binary_case(suite.root, "Add-14/float32/" + name, "Add", 14));
    return suite.cases.back();
  };
  add("fine");
  fs::remove(set_of(add("input-missing")) / "input_1.pb");
  std::ofstream(set_of(add("input-garbage")) / "input_0.pb", std::ios::trunc) << "\x0a\xff\xff garbage";
  write_tensor_file(set_of(add("input-double")) / "input_0.pb", Tensor(DType::kDouble, {2, 3}), "A");
  write_tensor_file(set_of(add("input-shape")) / "input_0.pb", Tensor(DType::kFloat, {3, 2}), "A");
  write_tensor_file(set_of(add("output-double")) / "output_0.pb", Tensor(DType::kDouble, {2, 3}), "C");
  write_tensor_file(set_of(add("output-shape")) / "output_0.pb", Tensor(DType::kFloat, {6}), "C");
  write_tensor_file(set_of(add("output-extra")) / "output_1.pb", Tensor(DType::kFloat, {2, 3}), "D");
  std::ofstream(set_of(add("output-garbage")) / "output_0.pb", std::ios::trunc) << "\x0a\xff\xff garbage";
  std::sort(suite.cases.begin(), suite.cases.end(), [](auto& a, auto& b) { return a.meta.id < b.meta.id; });

  const auto v = run_and_collect(suite, OracleKind::kExpected, root / "report");
  const auto verdict = [&](const std::string& name) { return v.at("Add-14/float32/" + name).first; };
  const auto message = [&](const std::string& name) { return v.at("Add-14/float32/" + name).second; };
  CHECK(verdict("fine") == "pass");
  for (const char* name : {"input-missing", "input-garbage", "input-double", "input-shape", "output-double", "output-shape",
                           "output-extra", "output-garbage"}) {
    INFO(name << ": " << message(name));
    CHECK(verdict(name) == "bad-case");
  }
  CHECK_THAT(message("input-missing"), Catch::Contains("its model has 2 graph inputs, its data set 1 input files"));
  CHECK_THAT(message("input-garbage"), Catch::Contains("input_0.pb cannot be read as its model declares it"));
  CHECK_THAT(message("input-double"), Catch::Contains("input_0.pb (graph input 'A'): stored as float64, declared float32"));
  CHECK_THAT(message("input-shape"), Catch::Contains("input_0.pb (graph input 'A'): shape (3,2), declared dimension 0 is 2"));
  CHECK_THAT(message("output-double"), Catch::Contains("output_0.pb (graph output 'C'): stored as float64, declared float32"));
  CHECK_THAT(message("output-shape"), Catch::Contains("output_0.pb (graph output 'C'): shape (6), declared of rank 2"));
  CHECK_THAT(message("output-extra"), Catch::Contains("2 output files for a model with 1 graph outputs"));
  fs::remove_all(root);
}

TEST_CASE("honest verdicts: a case's op and validity come from its model and the reference", "[honest][meta]") {
  const fs::path root = temp_dir("honest-meta");
  Suite suite;
  suite.root = root / "suite";
  suite.cases.push_back(add_binary_case(suite.root, "Add-14/float32/fine", "Add", 14));
  // Metadata naming another op (its verdict would be credited to Sub-14).
  SuiteCase other_op = add_binary_case(suite.root, "Add-14/float32/says-sub", "Add", 14);
  other_op.meta.op = "Sub";
  suite.cases.push_back(other_op);
  // Metadata crediting another op-version than the model's opset runs (Add-13 at opset 14).
  SuiteCase other_version = add_binary_case(suite.root, "Add-14/float32/says-13", "Add", 14);
  other_version.meta.since_version = 13;
  suite.cases.push_back(other_version);
  // Marked invalid, but the model is valid: the reference accepts it.
  SuiteCase says_invalid = add_binary_case(suite.root, "Add-14/float32/says-invalid", "Add", 14);
  says_invalid.meta.valid = false;
  says_invalid.meta.invalid_rule = "a rule the model keeps";
  suite.cases.push_back(says_invalid);
  // Marked invalid and invalid: the reference backend refuses it, a pass.
  SuiteCase invalid = add_binary_case(suite.root, "Add-14/float32/truly-invalid", "Add", 14);
  touchstone::testing::make_model_invalid(invalid.dir);
  invalid.meta.valid = false;
  suite.cases.push_back(invalid);
  std::sort(suite.cases.begin(), suite.cases.end(), [](auto& a, auto& b) { return a.meta.id < b.meta.id; });

  for (const OracleKind oracle : {OracleKind::kReference, OracleKind::kExpected}) {
    DYNAMIC_SECTION(oracle_name(oracle)) {
      const auto v = run_and_collect(suite, oracle, root / (std::string("report-") + oracle_name(oracle)));
      CHECK(v.at("Add-14/float32/fine").first == "pass");
      CHECK(v.at("Add-14/float32/truly-invalid").first == "pass");
      CHECK(v.at("Add-14/float32/says-sub").first == "bad-case");
      CHECK_THAT(v.at("Add-14/float32/says-sub").second, Catch::Contains("names op Sub, which no node of its model runs"));
      CHECK(v.at("Add-14/float32/says-13").first == "bad-case");
      CHECK_THAT(v.at("Add-14/float32/says-13").second, Catch::Contains("credits Add-13, its model's opset 14 runs Add-14"));
      CHECK(v.at("Add-14/float32/says-invalid").first == "bad-case");
      CHECK_THAT(v.at("Add-14/float32/says-invalid").second, Catch::Contains("but the reference accepts and runs its model"));
    }
  }
  fs::remove_all(root);
}
