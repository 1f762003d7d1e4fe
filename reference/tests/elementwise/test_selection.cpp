// Identity, Where, Clip: types per version, shapes and broadcasting, bounds as attributes
// (Clip-1/6) and as optional scalar inputs (Clip-11+), and the cases ONNX leaves open.
// Expected values are worked out by hand.
#include <cfloat>
#include <cmath>
#include <complex>
#include <limits>

#include "reference/tests/exact_ops_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

const std::vector<onnx::AttributeProto> kNoAttrs;

// Clip with the node inputs given by name ("" leaves an optional input out).
RunResult run_clip(int opset, const std::vector<std::pair<std::string, const Tensor*>>& inputs) {
  SingleNodeModel spec{"Clip", "", opset, {}, {{"Out", DType::kFloat, {}}}, {}, 0};
  std::vector<Tensor> feeds;
  for (const auto& [name, t] : inputs) {
    spec.inputs.push_back({name, t ? t->dtype() : DType::kFloat, t ? t->shape() : Shape{}});
    if (t) feeds.push_back(*t);
  }
  auto proto = build_model(spec);
  proto.mutable_graph()->mutable_output(0)->clear_type();
  return Model::from_proto(proto, ".", "clip-test").run(feeds);
}

}  // namespace

TEST_CASE("Identity copies every tensor type; bfloat16 from 13", "[Identity][v1][v13][v14][v16]") {
  const Tensor s = vec<std::string>({"a", "", "ü"});
  const Tensor c = vec<std::complex<double>>({{1, -2}, {NAN, 0}});
  const Tensor b = Tensor::from_values<bool>({2, 1}, {true, false});
  const Tensor bf = vec<BFloat16>({BFloat16{0x7FC1}, BFloat16{0x8000}});
  for (int v : {1, 13, 14, 16}) {
    CHECK(run_node_output("Identity", v, {s}) == s);
    CHECK(run_node_output("Identity", v, {c}) == c);
    CHECK(run_node_output("Identity", v, {b}) == b);
    CHECK(run_node_output("Identity", v, {Tensor(DType::kInt64, {0, 3})}) == Tensor(DType::kInt64, {0, 3}));
  }
  check_refused("Identity", 1, {bf}, kNoAttrs, "tensor(bfloat16)");
  CHECK(run_node_output("Identity", 13, {bf}) == bf);  // NaN payload and -0 kept
}

TEST_CASE("Where broadcasts condition, X and Y (numpy)", "[Where][v9][v16]") {
  const Tensor cond = Tensor::from_values<bool>({2, 1}, {true, false});
  const Tensor x = vec<int32_t>({1, 2, 3});
  const Tensor y = scalar<int32_t>(9);
  CHECK(run_node_output("Where", 9, {cond, x, y}) == Tensor::from_values<int32_t>({2, 3}, {1, 2, 3, 9, 9, 9}));
  // ONNX's example: [[1, 0], [1, 1]] picks x at (0,0), (1,0), (1,1).
  CHECK(run_node_output("Where", 9,
                        {Tensor::from_values<bool>({2, 2}, {true, false, true, true}),
                         Tensor::from_values<float>({2, 2}, {1, 2, 3, 4}), Tensor::from_values<float>({2, 2}, {9, 8, 7, 6})}) ==
        Tensor::from_values<float>({2, 2}, {1, 8, 3, 4}));
  CHECK(run_node_output("Where", 9, {scalar<bool>(false), vec<std::string>({"x", "y"}), scalar<std::string>("n")}) ==
        vec<std::string>({"n", "n"}));
  CHECK(run_node_output("Where", 9, {Tensor(DType::kBool, {0, 1}), vec<double>({1, 2}), scalar<double>(0)}).shape() ==
        Shape{0, 2});
  // High rank: condition (2,1,1,1,1,2), X (1,1,1,1,2,1), Y scalar -> (2,1,1,1,2,2).
  const Tensor high = run_node_output("Where", 16,
                                      {Tensor::from_values<bool>({2, 1, 1, 1, 1, 2}, {true, false, false, true}),
                                       Tensor::from_values<uint8_t>({1, 1, 1, 1, 2, 1}, {5, 6}), scalar<uint8_t>(0)});
  CHECK(high == Tensor::from_values<uint8_t>({2, 1, 1, 1, 2, 2}, {5, 0, 6, 0, 0, 5, 0, 6}));
  const Tensor bf = vec<BFloat16>({bfloat16_from_double(1)});
  check_refused("Where", 9, {scalar<bool>(true), bf, bf}, kNoAttrs, "tensor(bfloat16)");
  CHECK(run_node_output("Where", 16, {scalar<bool>(true), bf, bf}) == bf);
  check_refused("Where", 16, {vec<int32_t>({1}), x, x}, kNoAttrs, "tensor(int32)");
  check_refused("Where", 16, {scalar<bool>(true), x, vec<int64_t>({1})}, kNoAttrs, "same type T");
  check_refused("Where", 9, {vec<bool>({true, false}), x, y}, kNoAttrs, "numpy");
}

TEST_CASE("Clip-1 and Clip-6: float attribute bounds, used exactly, rounded once as a result", "[Clip][v1][v6]") {
  const Tensor x = vec<float>({-3, -1, 0, 0.5f, 2, 7});
  const auto bounds = std::vector<onnx::AttributeProto>{make_attr("min", -1.5f), make_attr("max", 1.25f)};
  CHECK(run_node_output("Clip", 6, {x}, bounds) == vec<float>({-1.5f, -1, 0, 0.5f, 1.25f, 1.25f}));
  CHECK(run_node_output("Clip", 1, {x}, {make_attr("max", 0.0f)}) == vec<float>({-3, -1, 0, 0, 0, 0}));
  CHECK(run_node_output("Clip", 1, {x}, {make_attr("consumed_inputs", std::vector<int64_t>{0})}) == x);
  check_refused("Clip", 6, {x}, {make_attr("consumed_inputs", std::vector<int64_t>{0})}, "unknown attribute");
  check_refused("Clip", 6, {x}, {make_attr("min", int64_t{0})}, "'min' must be float");
  check_refused("Clip", 6, {vec<int32_t>({1})}, kNoAttrs, "tensor(int32)");
  // float16 with min = 0.1f: the float 0.1f (0x1.99999ap-4) rounds once to float16's
  // 0x1.998p-4 (its 11 bits 1.1001100110, the rest 011... below half).
  const Tensor h = run_node_output("Clip", 6, {vec_of<Float16>({0, 1})}, {make_attr("min", 0.1f)});
  CHECK(h == vec_of<Float16>({0x1.998p-4, 1}));
  // double input above FLT_MAX with no max: passes, implementation-defined (Clip-6's
  // default attribute FLT_MAX would clip it).
  auto big = run_node("Clip", 6, {vec<double>({1e300, -1})}, {make_attr("min", 0.0f)});
  CHECK(big.outputs[0] == vec<double>({1e300, 0}));
  CHECK(big.semantics.category == Semantics::kImplementationDefined);
  auto inside = run_node("Clip", 6, {vec<double>({1e30, -1})}, {make_attr("min", 0.0f)});
  CHECK(inside.semantics.category == Semantics::kDefined);
}

TEST_CASE("Clip-11+: min and max are optional scalar inputs", "[Clip][v11][v12][v13]") {
  const Tensor x = vec<float>({-3, -1, 0, 2, 7});
  const Tensor lo = scalar<float>(-1), hi = scalar<float>(2.5f);
  CHECK(run_clip(11, {{"x", &x}, {"min", &lo}, {"max", &hi}}).outputs[0] == vec<float>({-1, -1, 0, 2, 2.5f}));
  CHECK(run_clip(11, {{"x", &x}, {"min", &lo}}).outputs[0] == vec<float>({-1, -1, 0, 2, 7}));
  CHECK(run_clip(13, {{"x", &x}, {"", nullptr}, {"max", &hi}}).outputs[0] == vec<float>({-3, -1, 0, 2, 2.5f}));
  CHECK(run_clip(13, {{"x", &x}}).outputs[0] == x);
  const Tensor not_scalar = vec<float>({-1});
  CHECK_THROWS_WITH(run_clip(11, {{"x", &x}, {"min", &not_scalar}}), Catch::Contains("Clip-11") && Catch::Contains("min must be a scalar"));
  CHECK_THROWS_WITH(run_clip(13, {{"x", &x}, {"", nullptr}, {"max", &not_scalar}}), Catch::Contains("max must be a scalar"));
  const Tensor i = vec<int8_t>({-128, -5, 0, 5, 127});
  const Tensor ilo = scalar<int8_t>(-6), ihi = scalar<int8_t>(4);
  CHECK_THROWS_WITH(run_clip(11, {{"x", &i}, {"min", &ilo}}), Catch::Contains("tensor(int8)"));
  CHECK(run_clip(12, {{"x", &i}, {"min", &ilo}, {"max", &ihi}}).outputs[0] == vec<int8_t>({-6, -5, 0, 4, 4}));
  const Tensor u = vec<uint64_t>({0, ~uint64_t{0}}), uhi = scalar<uint64_t>(~uint64_t{0} - 1);
  CHECK(run_clip(12, {{"x", &u}, {"", nullptr}, {"max", &uhi}}).outputs[0] == vec<uint64_t>({0, ~uint64_t{0} - 1}));
  const Tensor bf = vec<BFloat16>({bfloat16_from_double(3)}), bflo = scalar<BFloat16>(bfloat16_from_double(4));
  CHECK_THROWS_WITH(run_clip(12, {{"x", &bf}, {"min", &bflo}}), Catch::Contains("tensor(bfloat16)"));
  CHECK(run_clip(13, {{"x", &bf}, {"min", &bflo}}).outputs[0] == vec<BFloat16>({bfloat16_from_double(4)}));
  const Tensor mixed = scalar<double>(0);
  CHECK_THROWS_WITH(run_clip(13, {{"x", &x}, {"min", &mixed}}), Catch::Contains("same type T"));
}

TEST_CASE("Clip: what ONNX leaves open", "[Clip][v6][v11][v12][v13]") {
  // min > max: every element becomes max; Clip-13's text says so, earlier versions do not.
  const Tensor x = vec<int32_t>({-10, 0, 10});
  const Tensor lo = scalar<int32_t>(5), hi = scalar<int32_t>(1);
  auto swapped = run_clip(13, {{"x", &x}, {"min", &lo}, {"max", &hi}});
  CHECK(swapped.outputs[0] == vec<int32_t>({1, 1, 1}));
  CHECK(swapped.semantics.category == Semantics::kDefined);
  auto swapped12 = run_clip(12, {{"x", &x}, {"min", &lo}, {"max", &hi}});
  CHECK(swapped12.outputs[0] == vec<int32_t>({1, 1, 1}));
  CHECK(swapped12.semantics.category == Semantics::kImplementationDefined);
  CHECK(run_node_output("Clip", 6, {vec<float>({-10, 10})}, {make_attr("min", 3.0f), make_attr("max", 2.0f)}) ==
        vec<float>({2, 2}));
  // Infinities with an absent bound pass unchanged.
  const Tensor inf = vec<float>({-INFINITY, INFINITY});
  const Tensor zero = scalar<float>(0);
  auto open = run_clip(11, {{"x", &inf}, {"min", &zero}});
  CHECK(open.outputs[0] == vec<float>({0, INFINITY}));
  CHECK(open.semantics.category == Semantics::kImplementationDefined);
  // NaN input stays NaN; a NaN bound makes everything NaN.
  const Tensor nan = vec<double>({NAN, 1});
  const Tensor dlo = scalar<double>(0), dhi = scalar<double>(2), dnan = scalar<double>(NAN);
  auto n1 = run_clip(11, {{"x", &nan}, {"min", &dlo}, {"max", &dhi}});
  CHECK(std::isnan(n1.outputs[0].data<double>()[0]));
  CHECK(n1.outputs[0].data<double>()[1] == 1);
  CHECK(n1.semantics.category == Semantics::kImplementationDefined);
  auto n2 = run_clip(11, {{"x", &dlo}, {"min", &dnan}});
  CHECK(std::isnan(n2.outputs[0].data<double>()[0]));
  // A zero against a zero bound of the other sign keeps its own sign.
  const Tensor negzero = vec<float>({-0.0f});
  auto z = run_clip(13, {{"x", &negzero}, {"min", &zero}});
  CHECK(std::signbit(z.outputs[0].data<float>()[0]));
  CHECK(z.semantics.category == Semantics::kImplementationDefined);
  // In range, finite, no ties: defined.
  auto plain = run_clip(13, {{"x", &dhi}, {"min", &dlo}});
  CHECK(plain.semantics.category == Semantics::kDefined);
}
