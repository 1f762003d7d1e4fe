// LayerNormalization-17, GroupNormalization-18/21, MeanVarianceNormalization-9/13 and
// RMSNormalization-23 against values worked out by hand and against an independent oracle:
// the textbook formula in long double loops (mean, then the population variance of the
// deviations, then the quotient), with the groups, axes and broadcasts indexed here again.
#include <catch2/catch.hpp>

#include <cmath>
#include <functional>

#include "reference/model.h"
#include "reference/model_builder.h"
#include "reference/ops/norm/norm_ops.h"
#include "reference/tests/logic_testing.h"
#include "reference/tests/oracle.h"
#include "reference/tests/reduce/reduce_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using logic::check_invalid;
using reduce::floats;
using reduce::values_of;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

// Runs one node with `outputs` outputs, types left to the kernel.
RunResult run_outputs(const std::string& op, int opset, const std::vector<Tensor>& in, const Attrs& attrs, size_t outputs) {
  SingleNodeModel spec{op, "", opset, {}, {}, attrs, 0};
  for (size_t i = 0; i < in.size(); ++i)
    spec.inputs.push_back({std::string(1, static_cast<char>('A' + i)), in[i].dtype(), in[i].shape()});
  for (size_t k = 0; k < outputs; ++k) spec.outputs.push_back({"Out" + std::to_string(k), DType::kFloat, {}});
  auto proto = build_model(spec);
  for (auto& o : *proto.mutable_graph()->mutable_output()) o.clear_type();
  return Model::from_proto(proto, ".", op + "-test").run(in);
}

Tensor random_floats(Shape shape, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> d(-4, 4);
  std::vector<float> v(static_cast<size_t>(element_count(shape)));
  for (auto& e : v) e = d(rng);
  return floats(std::move(shape), v);
}

// The oracle: groups of member indices; y_i = scale(i) * (x_i - mean) / sqrt(var + eps) + bias(i)
// (centered) or scale(i) * x_i / sqrt(mean(x^2) + eps), in long double, rounded to float.
struct OracleOut {
  std::vector<float> y, mean, inv;
};
OracleOut textbook(const std::vector<float>& x, const std::vector<std::vector<size_t>>& groups, double eps, bool centered,
                 const std::function<long double(size_t)>& scale, const std::function<long double(size_t)>& bias) {
  OracleOut o;
  o.y.assign(x.size(), NAN);
  for (const auto& g : groups) {
    long double mean = 0, var = 0;
    for (size_t i : g) mean += x[i];
    mean /= static_cast<long double>(g.size());
    for (size_t i : g) {
      const long double d = centered ? x[i] - mean : x[i];
      var += d * d;
    }
    var /= static_cast<long double>(g.size());
    const long double root = std::sqrt(var + eps);
    for (size_t i : g) o.y[i] = static_cast<float>(scale(i) * ((centered ? x[i] - mean : x[i]) / root) + bias(i));
    o.mean.push_back(static_cast<float>(mean));
    o.inv.push_back(static_cast<float>(1 / root));
  }
  return o;
}

long double one(size_t) { return 1; }
long double zero(size_t) { return 0; }

// Rows of `len` consecutive elements.
std::vector<std::vector<size_t>> rows(size_t total, size_t len) {
  std::vector<std::vector<size_t>> g(total / len);
  for (size_t i = 0; i < total; ++i) g[i / len].push_back(i);
  return g;
}

}  // namespace

TEST_CASE("LayerNormalization-17: hand values, Mean and InvStdDev", "[norm][LayerNormalization][v17]") {
  // x = 1..4: mean 2.5, var 1.25; y = (x - 2.5) / sqrt(1.25); epsilon 0.
  const RunResult r = run_outputs("LayerNormalization", 17, {floats({1, 4}, {1, 2, 3, 4}), floats({4}, {1, 1, 1, 1})},
                                  {make_attr("epsilon", 0.0f)}, 3);
  const long double s = std::sqrt(1.25L);
  CHECK(values_of(r.outputs[0]) == std::vector<float>{static_cast<float>(-1.5L / s), static_cast<float>(-0.5L / s),
                                                      static_cast<float>(0.5L / s), static_cast<float>(1.5L / s)});
  CHECK(r.outputs[1].shape() == Shape{1, 1});
  CHECK(values_of(r.outputs[1]) == std::vector<float>{2.5f});
  CHECK(values_of(r.outputs[2]) == std::vector<float>{static_cast<float>(1 / s)});
  // x = (0, 2), epsilon 0: exactly -1 and 1; scale 3, B 0.5: -2.5 and 3.5.
  CHECK(values_of(run_node_output("LayerNormalization", 17, {floats({2}, {0, 2}), floats({1}, {3}), floats({1}, {0.5f})},
                                  {make_attr("epsilon", 0.0f)})) == std::vector<float>{-2.5f, 3.5f});
}

TEST_CASE("LayerNormalization-17: axis (negative too) and Scale/B broadcast to X", "[norm][LayerNormalization][v17]") {
  const Tensor x = random_floats({2, 3, 4}, 1);
  const std::vector<float> xv = values_of(x);
  const Tensor scale = random_floats({3, 4}, 2), bias = random_floats({3, 4}, 3);
  const auto sv = values_of(scale), bv = values_of(bias);
  const OracleOut o = textbook(xv, rows(24, 12), 1e-5f, true, [&](size_t i) { return sv[i % 12]; },
                             [&](size_t i) { return bv[i % 12]; });
  for (int64_t axis : {1, -2}) {
    const RunResult r = run_outputs("LayerNormalization", 17, {x, scale, bias}, {make_attr("axis", axis)}, 3);
    CHECK(values_of(r.outputs[0]) == o.y);
    CHECK(r.outputs[1].shape() == Shape{2, 1, 1});
    CHECK(values_of(r.outputs[1]) == o.mean);
    CHECK(values_of(r.outputs[2]) == o.inv);
  }
  // Scale (2, 1, 4): varies over the rows (axis -1), broadcast along axis 1; B (1): one value.
  const Tensor row_scale = random_floats({2, 1, 4}, 4);
  const auto rs = values_of(row_scale);
  const OracleOut b = textbook(xv, rows(24, 4), 1e-5f, true, [&](size_t i) { return rs[(i / 12) * 4 + i % 4]; },
                             [](size_t) { return 0.25L; });
  CHECK(values_of(run_node_output("LayerNormalization", 17, {x, row_scale, floats({1}, {0.25f})})) == b.y);
  check_invalid("LayerNormalization", 17, {x, floats({3}, {1, 1, 1})}, "unidirectionally broadcastable");
  check_invalid("LayerNormalization", 17, {x, scale}, "axis", {make_attr("axis", int64_t{3})});
  check_invalid("LayerNormalization", 17, {x, floats({4}, {1, 1, 1, 1})}, "stash_type 11", {make_attr("stash_type", int64_t{11})});
}

TEST_CASE("LayerNormalization-17: stash_type 16 makes Mean and InvStdDev bfloat16", "[norm][LayerNormalization][v17]") {
  const RunResult r = run_outputs("LayerNormalization", 17, {floats({1, 4}, {1, 2, 3, 4}), floats({4}, {1, 1, 1, 1})},
                                  {make_attr("epsilon", 0.0f), make_attr("stash_type", int64_t{16})}, 3);
  REQUIRE(r.outputs[1].dtype() == DType::kBFloat16);
  CHECK(to_double(r.outputs[1].data<BFloat16>()[0]) == 2.5);
  // 1/sqrt(1.25) = 0.8944...: bfloat16 (8 bits) neighbours 0.89453125 and 0.890625: the nearer.
  CHECK(to_double(r.outputs[2].data<BFloat16>()[0]) == 0.89453125);
  CHECK(r.outputs[0].dtype() == DType::kFloat);
}

TEST_CASE("LayerNormalization-17: a constant row with epsilon 0 is 0/0, implementation-defined", "[norm][LayerNormalization][v17]") {
  const RunResult r = run_outputs("LayerNormalization", 17, {floats({2, 2}, {3, 3, 1, 2}), floats({2}, {1, 1})},
                                  {make_attr("epsilon", 0.0f)}, 1);
  const auto y = values_of(r.outputs[0]);
  CHECK(std::isnan(y[0]));
  CHECK(std::isnan(y[1]));
  CHECK(y[2] == -1.0f);
  CHECK(y[3] == 1.0f);
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
}

TEST_CASE("GroupNormalization-21 scales per channel, 18 per group", "[norm][GroupNormalization][v21]") {
  // X (2, 4, 3): two groups of two channels; scale/bias per channel (21) or per group (18).
  const Tensor x = random_floats({2, 4, 3}, 5);
  const auto xv = values_of(x);
  std::vector<std::vector<size_t>> groups(4);
  for (size_t i = 0; i < 24; ++i) groups[(i / 12) * 2 + (i / 3 % 4) / 2].push_back(i);
  const Tensor s21 = floats({4}, {1, 2, 3, 4}), b21 = floats({4}, {0, 0.5f, -1, 2});
  const OracleOut o21 = textbook(xv, groups, 0.125, true, [](size_t i) { return 1.0L + i / 3 % 4; },
                               [](size_t i) { return std::vector<long double>{0, 0.5L, -1, 2}[i / 3 % 4]; });
  CHECK(values_of(run_node_output("GroupNormalization", 21, {x, s21, b21},
                                  {make_attr("num_groups", int64_t{2}), make_attr("epsilon", 0.125f)})) == o21.y);
  // 18 is deprecated: a model is refused; its kernel (kept for the behaviour diff) scales per group.
  check_invalid("GroupNormalization", 18, {x, floats({2}, {1, 2}), floats({2}, {0, 1})}, "deprecated",
                {make_attr("num_groups", int64_t{2})});
  onnx::NodeProto proto;
  proto.set_op_type("GroupNormalization");
  *proto.add_attribute() = make_attr("num_groups", int64_t{2});
  *proto.add_attribute() = make_attr("epsilon", 0.125f);
  SemanticsRecord sem;
  const Node node(proto, "GroupNormalization-18", sem);
  const Tensor s18 = floats({2}, {1, 2}), b18 = floats({2}, {0, 1});
  const Tensors y18 = ops::group_normalization_v18(node, Inputs({&x, &s18, &b18}));
  const OracleOut o18 = textbook(xv, groups, 0.125, true, [](size_t i) { return 1.0L + (i / 3 % 4) / 2; },
                               [](size_t i) { return 0.0L + (i / 3 % 4) / 2; });
  CHECK(values_of(y18[0]) == o18.y);
  check_invalid("GroupNormalization", 21, {x, floats({2}, {1, 2}), floats({2}, {0, 1})}, "(C)",
                {make_attr("num_groups", int64_t{2})});
  check_invalid("GroupNormalization", 21, {x, s21, b21}, "does not divide", {make_attr("num_groups", int64_t{3})});
}

TEST_CASE("GroupNormalization-21: one group is LayerNormalization over (C, D...), C groups InstanceNormalization",
          "[norm][GroupNormalization][v21]") {
  const Tensor x = random_floats({2, 3, 4}, 6), ones = floats({3}, {1, 1, 1}), zeros = floats({3}, {0, 0, 0});
  const auto xv = values_of(x);
  const Attrs g1 = {make_attr("num_groups", int64_t{1})}, g3 = {make_attr("num_groups", int64_t{3})};
  CHECK(values_of(run_node_output("GroupNormalization", 21, {x, ones, zeros}, g1)) ==
        textbook(xv, rows(24, 12), 1e-5f, true, one, zero).y);
  CHECK(values_of(run_node_output("GroupNormalization", 21, {x, ones, zeros}, g3)) ==
        textbook(xv, rows(24, 4), 1e-5f, true, one, zero).y);
}

TEST_CASE("MeanVarianceNormalization-9/13: axes, the population variance, zero variance", "[norm][MeanVarianceNormalization]") {
  // Default axes [0, 2, 3] on (2, 3, 2, 2): one group per channel.
  const Tensor x = random_floats({2, 3, 2, 2}, 7);
  const auto xv = values_of(x);
  std::vector<std::vector<size_t>> per_channel(3);
  for (size_t i = 0; i < 24; ++i) per_channel[i / 4 % 3].push_back(i);
  const auto expected = textbook(xv, per_channel, 0, true, one, zero).y;
  for (int v : {9, 13}) CHECK(values_of(run_node_output("MeanVarianceNormalization", v, {x})) == expected);
  // axes [-1] on (3, 4): rows; counted from the back, implementation-defined in 9 only.
  const Tensor m = random_floats({3, 4}, 8);
  const Attrs last = {make_attr("axes", std::vector<int64_t>{-1})};
  const RunResult r9 = run_node("MeanVarianceNormalization", 9, {m}, last), r13 = run_node("MeanVarianceNormalization", 13, {m}, last);
  CHECK(values_of(r13.outputs[0]) == textbook(values_of(m), rows(12, 4), 0, true, one, zero).y);
  CHECK(values_of(r9.outputs[0]) == values_of(r13.outputs[0]));
  CHECK(r9.semantics.category == Semantics::kImplementationDefined);
  CHECK(r13.semantics.category == Semantics::kDefined);
  // (1, -1, 3, -3) over everything: mean 0, variance 5: exactly x / sqrt(5) rounded once.
  const auto y = values_of(run_node_output("MeanVarianceNormalization", 13, {floats({4}, {1, -1, 3, -3})},
                                           {make_attr("axes", std::vector<int64_t>{0})}));
  CHECK(y == std::vector<float>{static_cast<float>(1 / std::sqrt(5.0L)), static_cast<float>(-1 / std::sqrt(5.0L)),
                                static_cast<float>(3 / std::sqrt(5.0L)), static_cast<float>(-3 / std::sqrt(5.0L))});
  // A constant channel: 0/0 (the text has no epsilon): NaN, implementation-defined.
  const RunResult z = run_node("MeanVarianceNormalization", 13, {floats({1, 2, 1, 2}, {7, 7, 1, 3})});
  const auto zv = values_of(z.outputs[0]);
  CHECK(std::isnan(zv[0]));
  CHECK(zv[2] == -1.0f);
  CHECK(zv[3] == 1.0f);
  CHECK(z.semantics.category == Semantics::kImplementationDefined);
  check_invalid("MeanVarianceNormalization", 13, {floats({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8})}, "axis 3");
  check_invalid("MeanVarianceNormalization", 13, {m}, "twice", {make_attr("axes", std::vector<int64_t>{1, -1})});
}

TEST_CASE("RMSNormalization-23: no centering, axis, T and V apart", "[norm][RMSNormalization][v23]") {
  // x = (3, 4), epsilon 0: mean of squares 12.5; y = x / sqrt(12.5) * scale.
  const auto y = values_of(run_node_output("RMSNormalization", 23, {floats({2}, {3, 4}), floats({2}, {1, 2})},
                                           {make_attr("epsilon", 0.0f)}));
  CHECK(y == std::vector<float>{static_cast<float>(3 / std::sqrt(12.5L)), static_cast<float>(8 / std::sqrt(12.5L))});
  const Tensor x = random_floats({2, 3, 4}, 9), scale = random_floats({3, 4}, 10);
  const auto sv = values_of(scale);
  const auto expected = textbook(values_of(x), rows(24, 12), 1e-5f, false, [&](size_t i) { return sv[i % 12]; }, zero).y;
  CHECK(values_of(run_node_output("RMSNormalization", 23, {x, scale}, {make_attr("axis", int64_t{-2})})) == expected);
  // X float16, scale and Y float: Y takes scale's type.
  Tensor half(DType::kFloat16, {1, 2});
  half.data<Float16>()[0] = float16_from_double(3);
  half.data<Float16>()[1] = float16_from_double(4);
  const Tensor out = run_node_output("RMSNormalization", 23, {half, floats({2}, {1, 1})}, {make_attr("epsilon", 0.0f)});
  CHECK(out.dtype() == DType::kFloat);
  CHECK(values_of(out) == std::vector<float>{static_cast<float>(3 / std::sqrt(12.5L)), static_cast<float>(4 / std::sqrt(12.5L))});
  check_invalid("RMSNormalization", 23, {x, floats({3}, {1, 1, 1})}, "unidirectionally broadcastable");
  check_invalid("RMSNormalization", 23, {x, scale}, "stash_type 7", {make_attr("stash_type", int64_t{7})});
}

TEST_CASE("LayerNormalization-17: a result that cancels against B is rounded once", "[norm][LayerNormalization][v17]") {
  // x = (0, 1, 5), epsilon 0: y_2 = (5 - 2) / sqrt(14/3); B = -float(y_2) leaves y_2's rounding
  // error, about 2^-25, which the exact value keeps to full precision.
  const long double n2 = 3 / std::sqrt(14.0L / 3);
  const float b = -static_cast<float>(n2);
  const auto y = values_of(run_node_output("LayerNormalization", 17, {floats({3}, {0, 1, 5}), floats({1}, {1}), floats({1}, {b})},
                                           {make_attr("epsilon", 0.0f)}));
  oracle::Big v(300), t(300);
  mpfr_set_d(t.get(), 14.0 / 1.0, MPFR_RNDN);
  mpfr_div_ui(t.get(), t.get(), 3, MPFR_RNDN);  // 14/3 at 300 bits
  mpfr_sqrt(t.get(), t.get(), MPFR_RNDN);
  mpfr_ui_div(v.get(), 3, t.get(), MPFR_RNDN);
  const int ternary = mpfr_add_d(v.get(), v.get(), b, MPFR_RNDN);
  CHECK(y[2] == static_cast<float>(oracle::round_to<float>(v.get(), ternary)));
  CHECK(y[2] != 0.0f);
}
