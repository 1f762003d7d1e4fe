// Suite I/O: case.json round trips, a generated suite loads back as generated, and
// ONNX's own node tests load through the same loader with derived metadata.
#include <catch2/catch.hpp>
#include <unistd.h>

#include "cases/generator.h"
#include "onnx/checker.h"
#include "cases/suite.h"
#include "reference/tensor_proto.h"

using namespace touchstone;
using namespace touchstone::cases;

TEST_CASE("tolerances print and parse", "[suite]") {
  for (const char* text : {"exact", "onnx", "ulp(4)", "bound(n=128)", "unordered(axis=1)"}) CHECK(Tolerance::parse(text).to_string() == text);
  CHECK(Tolerance::parse("ulp(4)").ulps == 4);
  CHECK_THROWS_AS(Tolerance::parse("ulp(x)"), Error);
  CHECK_THROWS_AS(Tolerance::parse("close"), Error);
}

TEST_CASE("case metadata round-trips through case.json", "[suite]") {
  CaseMeta m;
  m.id = "Sub-6/int32/refuse_bcast_3x1_1x4";
  m.op = "Sub";
  m.since_version = m.opset = 6;
  m.dtypes = {"int32", "int32"};
  m.tags = {"negative", "shape"};
  m.valid = false;
  m.invalid_rule = "Sub-6: size 1 does not stretch";
  m.semantics = Semantics::kImplementationDefined;
  m.semantics_reason = "why";
  m.tolerance = Tolerance::parse("ulp(2)");
  const CaseMeta back = meta_from_json(meta_to_json(m), "test");
  CHECK(meta_to_json(back) == meta_to_json(m));
  CHECK(back.tolerance.ulps == 2);
  CHECK_FALSE(back.shape_open);
  CHECK(meta_to_json(m).find("shape_open") == std::string::npos);  // written only when true
  m.shape_open = true;
  CHECK(meta_from_json(meta_to_json(m), "test").shape_open);
  CHECK_THROWS_AS(meta_from_json("{\"id\": 3}", "test"), Error);
  CHECK_THROWS_AS(meta_from_json("not json", "test"), Error);
}

TEST_CASE("a generated suite loads back with its metadata", "[suite]") {
  const auto dir = std::filesystem::temp_directory_path() / ("touchstone_cases_io_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  const auto cases = generate_cases({Profile::kSmoke, {"Sub"}, {}});
  write_suite(dir, cases, Profile::kSmoke);
  Suite suite = load_suite(dir);
  REQUIRE(suite.cases.size() == cases.size());
  for (size_t i = 0; i < cases.size(); ++i) {
    INFO(cases[i].meta.id);
    CHECK(meta_to_json(suite.cases[i].meta) == meta_to_json(cases[i].meta));
    CHECK(suite.cases[i].dir.filename() == case_dir_name(cases[i].meta.id));
    // ONNX's layout: model.onnx, and per graph input/output a .pb named after it.
    const auto data = suite.cases[i].dir / "test_data_set_0";
    const auto model = read_model_file(suite.cases[i].dir / "model.onnx");
    REQUIRE(model.graph().input_size() == static_cast<int>(cases[i].inputs.size()));
    for (int k = 0; k < model.graph().input_size(); ++k) {
      const auto file = data / ("input_" + std::to_string(k) + ".pb");
      CHECK(read_tensor_file(file) == cases[i].inputs[static_cast<size_t>(k)]);
      CHECK(read_tensor_file_name(file) == model.graph().input(k).name());
    }
    if (cases[i].meta.valid) {
      if (model.ir_version() <= 8) CHECK_NOTHROW(onnx::checker::check_model(model));  // libonnx 1.12: IR <= 8
      CHECK(read_tensor_file(data / "output_0.pb") == cases[i].outputs[0]);
      CHECK(read_tensor_file_name(data / "output_0.pb") == model.graph().output(0).name());
      CHECK_FALSE(std::filesystem::exists(data / "output_1.pb"));
    } else {
      CHECK_FALSE(std::filesystem::exists(data / "output_0.pb"));
    }
  }
  CHECK(std::filesystem::exists(dir / "index.json"));
  // An op that matches no case is an error, not an empty selection (issue 16).
  CHECK_THROWS_WITH(filter_ops(suite, {"Pow"}), Catch::Contains("--ops 'Pow' matches no case"));
  CHECK(suite.cases.size() == cases.size());
  filter_ops(suite, {"Sub"});
  CHECK(suite.cases.size() == cases.size());
  std::filesystem::remove_all(dir);
}

TEST_CASE("case folder names are flat and safe", "[suite]") {
  CHECK(case_dir_name("Sub-7/float32/bcast_3x4x5_5") == "test_Sub-7_float32_bcast_3x4x5_5");
  CHECK(case_dir_name("a b/c") == "test_a_b_c");
}

TEST_CASE("ONNX's node tests load as a suite with metadata from the model", "[suite][onnx-node-tests]") {
  const std::filesystem::path node = std::filesystem::path(TOUCHSTONE_ONNX_TESTDATA) / "node";
  if (!std::filesystem::exists(node)) {
    WARN("no ONNX test data at " << node.string());
    return;
  }
  Suite suite = load_suite(node);
  CHECK(suite.cases.size() > 500);
  filter_ops(suite, {"Sub"});
  REQUIRE_FALSE(suite.cases.empty());
  const SuiteCase* bcast = nullptr;
  for (const auto& c : suite.cases)
    if (c.meta.id == "test_sub_bcast") bcast = &c;
  REQUIRE(bcast);
  CHECK(bcast->meta.from_onnx);
  CHECK(bcast->meta.op == "Sub");
  CHECK(bcast->meta.domain.empty());
  CHECK(bcast->meta.opset >= 7);
  CHECK(bcast->meta.since_version >= 7);
  CHECK(bcast->meta.since_version <= bcast->meta.opset);
  CHECK(bcast->meta.dtypes == std::vector<std::string>{"float32", "float32"});
  CHECK(bcast->meta.tolerance.kind == Tolerance::kOnnx);
  CHECK(bcast->meta.valid);
}
