// Negative axes before opset 11 (reference/ops/core/axes.h EarlyNegativeAxes): refused by
// default; counted from the back, and marked implementation-defined, when the model asks.
#include <catch2/catch.hpp>

#include "models/node_cases.h"
#include "reference/error.h"
#include "reference/model.h"
#include "reference/model_builder.h"

using namespace touchstone;

namespace {

onnx::ModelProto reduce_mean_last_axis() {
  onnx::AttributeProto axes;
  axes.set_name("axes");
  axes.set_type(onnx::AttributeProto::INTS);
  axes.add_ints(-1);
  SingleNodeModel spec{"ReduceMean", "", 9, {{"x", DType::kFloat, {2, 3}}}, {{"y", DType::kFloat, {2, 1}}}, {axes}, 0};
  return build_model(spec);
}

const Values kRows = {Value(Tensor::from_values<float>({2, 3}, {1, 2, 6, -3, 0, 0.5f}))};

}  // namespace

TEST_CASE("ReduceMean-1 with axes [-1]: refused unless the model asks to count from the back", "[models][axes]") {
  const auto refused = [] { (void)Model::from_proto(reduce_mean_last_axis(), ".", "t").run_values(kRows); };
  CHECK_THROWS_WITH(refused(), Catch::Contains("negative axes from version 11"));

  auto lenient = reduce_mean_last_axis();
  auto* prop = lenient.add_metadata_props();
  prop->set_key(kEarlyNegativeAxesKey);
  prop->set_value("count");
  const auto result = Model::from_proto(lenient, ".", "t").run_values(kRows);
  // The means of the rows (the last axis), keepdims 1: 3 and -2.5 / 3.
  const auto y = result.outputs[0].tensor();
  CHECK(y.shape() == Shape{2, 1});
  CHECK(y.data<float>()[0] == 3.0f);
  CHECK(y.data<float>()[1] == static_cast<float>(-2.5 / 3));
  CHECK(result.semantics.category == Semantics::kImplementationDefined);
  REQUIRE(result.semantics.reasons.size() == 1);
  CHECK_THAT(result.semantics.reasons[0], Catch::Contains("ReduceMean-1") && Catch::Contains("axes"));
}

TEST_CASE("node cases carry the request, so the oracle reads them the same way", "[models][axes]") {
  models::NodeCaseOptions options;
  options.model_name = "m";
  options.count_early_negative_axes = true;
  const auto result = models::node_cases(reduce_mean_last_axis(), ".", kRows, options);
  REQUIRE(result.cases.size() == 2);
  CHECK(result.cases[0].meta.semantics == Semantics::kImplementationDefined);
  const auto& props = result.cases[0].model.metadata_props();
  REQUIRE(props.size() == 1);
  CHECK(props[0].key() == kEarlyNegativeAxesKey);
  options.count_early_negative_axes = false;
  CHECK_THROWS(models::node_cases(reduce_mean_last_axis(), ".", kRows, options));
}
