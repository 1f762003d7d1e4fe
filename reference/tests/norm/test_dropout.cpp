// Dropout: inference is the identity with a mask of ones; training drops with probability
// ratio and scales the rest by 1 / (1 - ratio) (values by hand, the quotient by long double);
// the property backends are judged by accepts another honest draw and refuses the faults
// (nothing dropped, unscaled, a mask that disagrees, ratio ignored); the binomial p-value.
#include <catch2/catch.hpp>

#include <cmath>

#include "reference/numeric/binomial.h"
#include "reference/ops/norm/dropout.h"
#include "reference/tests/logic_testing.h"
#include "reference/tests/reduce/reduce_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using reduce::floats;
using reduce::values_of;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

// Runs Dropout at `opset` with both outputs (output, mask).
RunResult dropout(int opset, const std::vector<Tensor>& inputs, const Attrs& attrs = {}) {
  SingleNodeModel spec{"Dropout", "", opset, {}, {{"Out", DType::kFloat, {}}, {"Mask", DType::kBool, {}}}, attrs, 0};
  for (size_t i = 0; i < inputs.size(); ++i)
    spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), inputs[i].dtype(), inputs[i].shape()});
  auto proto = build_model(spec);
  for (auto& out : *proto.mutable_graph()->mutable_output()) out.clear_type();
  return Model::from_proto(proto, ".", "dropout-test").run(inputs);
}

Tensor scalar_float(float v) { return Tensor::from_values<float>({}, {v}); }
Tensor scalar_bool(bool v) {
  Tensor t(DType::kBool, {});
  t.data<bool>()[0] = v;
  return t;
}
Tensor filled(int64_t n, float v) { return floats({n}, std::vector<float>(static_cast<size_t>(n), v)); }

int64_t count_true(const Tensor& mask) {
  int64_t n = 0;
  for (bool b : mask.data<bool>()) n += b ? 1 : 0;
  return n;
}

// The property check of Dropout-12 on x with ratio r in training mode.
ops::dropout::Verdict judge(const Tensor& x, float r, const std::vector<Tensor>& outputs) {
  onnx::NodeProto proto;
  proto.set_op_type("Dropout");
  for (const char* name : {"x", "ratio", "training"}) proto.add_input(name);
  SemanticsRecord record;
  const Node node(proto, "Dropout-12", record);
  const Tensor ratio = scalar_float(r), on = scalar_bool(true);
  return ops::dropout::check(node, Inputs({&x, &ratio, &on}), 12, outputs);
}

// output and mask from a keep pattern: kept x * scale, dropped 0.
std::vector<Tensor> answer(const Tensor& x, const std::vector<bool>& keep, float scale, bool flip_mask = false) {
  Tensor y(DType::kFloat, x.shape()), mask(DType::kBool, x.shape());
  for (size_t i = 0; i < keep.size(); ++i) {
    y.data<float>()[i] = keep[i] ? x.data<float>()[i] * scale : 0.0f;
    mask.data<bool>()[i] = keep[i] != flip_mask;
  }
  return {y, mask};
}

// Every other element kept, or one in `period`.
std::vector<bool> pattern(size_t n, size_t period) {
  std::vector<bool> keep(n);
  for (size_t i = 0; i < n; ++i) keep[i] = i % period != 0;
  return keep;
}

}  // namespace

TEST_CASE("Dropout in inference mode is the identity with a mask of ones", "[Dropout][norm]") {
  const Tensor x = floats({2, 3}, {1.5f, -2, 0, -0.0f, 1e-40f, 3e38f});
  for (int opset : {7, 10, 12, 13, 22}) {
    INFO("opset " << opset);
    const RunResult r = dropout(opset, {x});
    CHECK(r.outputs.at(0) == x);
    if (opset >= 10) CHECK(count_true(r.outputs.at(1)) == 6);
    else CHECK(values_of(r.outputs.at(1)) == std::vector<float>(6, 1.0f));  // 7: the mask is of type T
    // 7 and 10 say nothing of the mask in inference mode: ones, implementation-defined.
    CHECK(r.semantics.category == (opset < 12 ? Semantics::kImplementationDefined : Semantics::kDefined));
  }
  // 12: training_mode false ignores ratio, even 0.9.
  const RunResult off = dropout(12, {x, scalar_float(0.9f), scalar_bool(false)});
  CHECK(off.outputs.at(0) == x);
  CHECK(count_true(off.outputs.at(1)) == 6);
  // 1 with is_test: the mask "is not filled": ones, implementation-defined.
  const RunResult test = dropout(1, {x}, {make_attr("is_test", int64_t{1})});
  CHECK(test.outputs.at(0) == x);
  CHECK(values_of(test.outputs.at(1)) == std::vector<float>(6, 1.0f));
  CHECK(test.semantics.category == Semantics::kImplementationDefined);
}

TEST_CASE("Dropout in training mode drops about ratio of the elements and scales the rest", "[Dropout][norm]") {
  const Tensor x = filled(4096, 3.0f);
  for (float ratio : {0.5f, 0.75f}) {
    const RunResult r = dropout(12, {x, scalar_float(ratio), scalar_bool(true)});
    const auto y = values_of(r.outputs.at(0));
    const auto mask = r.outputs.at(1).data<bool>();
    const float kept = ratio == 0.5f ? 6.0f : 12.0f;  // 3 / 0.5, 3 / 0.25
    int64_t dropped = 0;
    for (size_t i = 0; i < y.size(); ++i) {
      CHECK(y[i] == (mask[i] ? kept : 0.0f));
      dropped += mask[i] ? 0 : 1;
    }
    // Binomial(4096, ratio): mean 4096 ratio, sd at most 32; 6 sd either side.
    CHECK(std::fabs(static_cast<double>(dropped) - 4096.0 * ratio) < 6 * 32);
    CHECK(r.semantics.category == Semantics::kDefined);
  }
  // Dropout-1's default is training; its mask is of type T (1 kept, 0 dropped).
  const RunResult old = dropout(1, {x});
  const auto y = values_of(old.outputs.at(0)), mask = values_of(old.outputs.at(1));
  for (size_t i = 0; i < y.size(); ++i) CHECK(y[i] == (mask[i] == 1.0f ? 6.0f : 0.0f));
}

TEST_CASE("Dropout's scale is the exact quotient rounded once; ratio 0 keeps all, 1 drops all", "[Dropout][norm]") {
  const Tensor x = floats({3}, {1.0f, -7.0f, 0.1f});
  const float r = 0.3f;
  const RunResult keep_all_draws = dropout(12, {x, scalar_float(0.0f), scalar_bool(true)});
  CHECK(keep_all_draws.outputs.at(0) == x);
  CHECK(count_true(keep_all_draws.outputs.at(1)) == 3);
  // With ratio 0.3 a kept element is x / (1 - 0.3f), computed here in long double.
  const RunResult scaled = dropout(12, {filled(64, 0.1f), scalar_float(r), scalar_bool(true)});
  const float want = static_cast<float>(static_cast<long double>(0.1f) / (1.0L - static_cast<long double>(r)));
  for (float v : values_of(scaled.outputs.at(0))) CHECK((v == 0.0f || v == want));
  const RunResult all = dropout(12, {x, scalar_float(1.0f), scalar_bool(true)});
  const auto zeros = values_of(all.outputs.at(0));
  for (float v : zeros) CHECK(v == 0.0f);
  CHECK(std::signbit(zeros[1]));  // a dropped -7 is -0 (scale * x * mask)
  CHECK(count_true(all.outputs.at(1)) == 0);
  CHECK(all.semantics.category == Semantics::kUndefined);
}

TEST_CASE("Dropout refuses a ratio outside [0, 1] and non-scalar inputs", "[Dropout][norm]") {
  const Tensor x = floats({2}, {1, 2});
  logic::check_invalid("Dropout", 7, {x}, "ratio is a probability", {make_attr("ratio", 1.5f)});
  logic::check_invalid("Dropout", 1, {x}, "ratio is a probability", {make_attr("ratio", -0.5f)});
  logic::check_invalid("Dropout", 12, {x, scalar_float(2.0f), scalar_bool(true)}, "ratio is a probability");
  logic::check_invalid("Dropout", 12, {x, floats({1}, {0.5f}), scalar_bool(true)}, "ratio is a scalar");
}

TEST_CASE("Dropout's property accepts any honest draw and refuses the faults", "[Dropout][norm][property]") {
  const size_t n = 4096;
  Tensor x = filled(static_cast<int64_t>(n), 3.0f);
  // Another honest draw: every other element dropped (2048 of 4096 at ratio 0.5).
  CHECK(judge(x, 0.5f, answer(x, pattern(n, 2), 2.0f)).failure.empty());
  // Without the mask, the output alone.
  CHECK(judge(x, 0.5f, {answer(x, pattern(n, 2), 2.0f)[0]}).failure.empty());
  // Unscaled kept elements.
  CHECK_THAT(judge(x, 0.5f, answer(x, pattern(n, 2), 1.0f)).failure, Catch::Contains("x / (1 - ratio)"));
  // The mask says the opposite of the output.
  CHECK_THAT(judge(x, 0.5f, answer(x, pattern(n, 2), 2.0f, true)).failure, Catch::Contains("mask"));
  // Nothing dropped in training mode (the identity's values would also be unscaled: scale 2).
  const auto none = judge(x, 0.5f, answer(x, std::vector<bool>(n, true), 2.0f));
  CHECK_THAT(none.failure, Catch::Contains("binomial"));
  // ratio 0.75 ignored: half dropped (2048, where about 3072 are expected), scale 4.
  CHECK_THAT(judge(x, 0.75f, answer(x, pattern(n, 2), 4.0f)).failure, Catch::Contains("binomial"));
  CHECK(judge(x, 0.75f, answer(x, pattern(n, 4), 4.0f)).failure.find("binomial") != std::string::npos);  // 1024 dropped
  // Where x is 0, kept and dropped agree: any mask passes.
  Tensor zeros = filled(8, 0.0f);
  CHECK(judge(zeros, 0.5f, answer(zeros, pattern(8, 2), 2.0f, true)).failure.empty());
  // Within 2 ulps: the text's scale rounded first, then the product.
  Tensor tenth = filled(2, 0.1f);
  const float scale = 1.0f / (1.0f - 0.3f);
  CHECK(judge(tenth, 0.3f, answer(tenth, {true, true}, scale)).failure.empty());
  CHECK(!judge(tenth, 0.3f, answer(tenth, {true, true}, scale * 1.001f)).failure.empty());
}

TEST_CASE("the binomial test's two-sided p-value", "[Dropout][property]") {
  CHECK(numeric::binomial_two_sided_p(10, 0, 0.5) == Approx(2.0 / 1024).epsilon(1e-12));
  CHECK(numeric::binomial_two_sided_p(10, 10, 0.5) == Approx(2.0 / 1024).epsilon(1e-12));
  CHECK(numeric::binomial_two_sided_p(10, 5, 0.5) == 1.0);
  // P[K <= 1] for Binomial(4, 0.25) = 0.75^4 + 4 * 0.25 * 0.75^3 = 0.73828125: the other tail is smaller.
  CHECK(numeric::binomial_two_sided_p(4, 3, 0.25) == Approx(2 * (4 * 0.25 * 0.25 * 0.25 * 0.75 + 0.25 * 0.25 * 0.25 * 0.25)));
  CHECK(numeric::binomial_two_sided_p(4096, 0, 0.5) < 1e-300);
  CHECK(numeric::binomial_two_sided_p(5, 0, 0.0) == 1.0);
  CHECK(numeric::binomial_two_sided_p(5, 1, 0.0) == 0.0);
  CHECK(numeric::binomial_two_sided_p(5, 5, 1.0) == 1.0);
}
