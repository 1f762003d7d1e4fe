// CumSum, CumProd: the spec's examples (exclusive, reverse, axes), each prefix exact and
// rounded once (values where a chain of roundings differs, worked out by hand), signed
// zeros, inf/NaN, integer wrap, refusals.
#include <cmath>

#include "reference/tests/indexing/indexing_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {
onnx::AttributeProto ex(int64_t v) { return make_attr("exclusive", v); }
onnx::AttributeProto rev(int64_t v) { return make_attr("reverse", v); }
}  // namespace

TEST_CASE("CumSum: the spec's example under exclusive and reverse", "[CumSum][v11][v14]") {
  const Tensor x = vec<double>({1, 2, 3});
  const Tensor a = scalar<int32_t>(0);
  for (int v : {11, 14}) {
    CHECK(run_node_output("CumSum", v, {x, a}) == vec<double>({1, 3, 6}));
    CHECK(run_node_output("CumSum", v, {x, a}, {ex(1)}) == vec<double>({0, 1, 3}));
    CHECK(run_node_output("CumSum", v, {x, a}, {rev(1)}) == vec<double>({6, 5, 3}));
    CHECK(run_node_output("CumSum", v, {x, a}, {ex(1), rev(1)}) == vec<double>({5, 3, 0}));
    // ONNX's 2-D tests: axis 0, axis 1, axis -1.
    const Tensor m = tensor<float>({2, 3}, {1, 2, 3, 4, 5, 6});
    CHECK(run_node_output("CumSum", v, {m, scalar<int64_t>(0)}) == tensor<float>({2, 3}, {1, 2, 3, 5, 7, 9}));
    CHECK(run_node_output("CumSum", v, {m, scalar<int64_t>(1)}) == tensor<float>({2, 3}, {1, 3, 6, 4, 9, 15}));
    CHECK(run_node_output("CumSum", v, {m, scalar<int64_t>(-1)}) == tensor<float>({2, 3}, {1, 3, 6, 4, 9, 15}));
    CHECK(run_node_output("CumSum", v, {vec<int64_t>({INT64_MAX, 1}), a}).shape() == Shape{2});
  }
  check_refused("CumSum", 11, {x, vec<int32_t>({0})}, {}, "0-D");
  check_refused("CumSum", 11, {x, scalar<int32_t>(1)}, {}, "outside [-1, 0]");
  check_refused("CumSum", 11, {scalar<float>(1), scalar<int32_t>(0)}, {}, "rank 0");
  check_refused("CumSum", 11, {vec<Float16>({Float16{0x3C00}}), a}, {}, "float16");
}

TEST_CASE("CumSum: each prefix is the exact sum rounded once", "[CumSum][v11][v14]") {
  const float e = std::ldexp(1.0f, -24);
  // Prefixes 1, 1 + 2^-24 (a tie: to even, 1), 1 + 2^-23 (exact). Adding in float step by
  // step would give 1, 1, 1.
  CHECK(run_node_output("CumSum", 11, {vec<float>({1, e, e}), scalar<int32_t>(0)}) ==
        vec<float>({1, 1, 1 + 2 * e}));
  // Reverse: the same terms from the end: e, 2e, 1 + 2e.
  CHECK(run_node_output("CumSum", 11, {vec<float>({1, e, e}), scalar<int32_t>(0)}, {rev(1)}) ==
        vec<float>({1 + 2 * e, 2 * e, e}));
  // Cancellation: 1e8 + 1 - 1e8 is exactly 1 (step by step in float: 0).
  CHECK(run_node_output("CumSum", 11, {vec<float>({1e8f, 1, -1e8f}), scalar<int32_t>(0)}) == vec<float>({1e8f, 1e8f, 1}));
  // float16 (14): 2048 + 1 is a tie (to 2048), + 1 gives 2050 exactly.
  const Float16 h2048{0x6800}, h1{0x3C00}, h2050{0x6801};
  CHECK(run_node_output("CumSum", 14, {vec<Float16>({h2048, h1, h1}), scalar<int32_t>(0)}) ==
        vec<Float16>({h2048, h2048, h2050}));
  // Signed zeros: -0 stays -0 (a sum of -0 terms), -0 + +0 is +0; the empty sum is +0.
  const auto z = run_node_output("CumSum", 11, {vec<double>({-0.0, -0.0, 0.0}), scalar<int32_t>(0)});
  CHECK((std::signbit(z.data<double>()[0]) && std::signbit(z.data<double>()[1]) && !std::signbit(z.data<double>()[2])));
  const auto ze = run_node_output("CumSum", 11, {vec<double>({-0.0, -0.0}), scalar<int32_t>(0)}, {ex(1)});
  CHECK((!std::signbit(ze.data<double>()[0]) && std::signbit(ze.data<double>()[1])));
  // The prefix 3e38 + 3e38 overflows float (inf), but the exact sum goes on: adding -inf
  // gives -inf, not inf + -inf = NaN. inf + 1 + -inf is NaN.
  const auto o = run_node_output("CumSum", 11, {vec<float>({3e38f, 3e38f, -INFINITY}), scalar<int32_t>(0)});
  CHECK(o.data<float>()[1] == INFINITY);
  CHECK(o.data<float>()[2] == -INFINITY);
  CHECK(std::isnan(run_node_output("CumSum", 11, {vec<float>({INFINITY, 1, -INFINITY}), scalar<int32_t>(0)}).data<float>()[2]));
  // But an exact sum that comes back into range is finite: 3e38 + 3e38 - 3e38.
  CHECK(run_node_output("CumSum", 11, {vec<float>({3e38f, 3e38f, -3e38f}), scalar<int32_t>(0)}).data<float>()[2] == 3e38f);
}

TEST_CASE("CumSum/CumProd on integers: exact, overflow wraps (undefined)", "[CumSum][CumProd][v11][v26]") {
  CHECK(run_node_output("CumSum", 11, {vec<int32_t>({INT32_MAX, 1}), scalar<int32_t>(0)}).data<int32_t>()[1] == INT32_MIN);
  CHECK(semantics_of("CumSum", 11, {vec<int32_t>({INT32_MAX, 1}), scalar<int32_t>(0)}) == Semantics::kUndefined);
  CHECK(run_node_output("CumSum", 11, {vec<uint32_t>({5, 7}), scalar<int32_t>(0)}, {ex(1)}) == vec<uint32_t>({0, 5}));
  CHECK(run_node_output("CumProd", 26, {vec<int64_t>({1, 2, 3}), scalar<int32_t>(0)}) == vec<int64_t>({1, 2, 6}));
  CHECK(run_node_output("CumProd", 26, {vec<int64_t>({1, 2, 3}), scalar<int32_t>(0)}, {ex(1)}) == vec<int64_t>({1, 1, 2}));
  CHECK(run_node_output("CumProd", 26, {vec<int64_t>({1, 2, 3}), scalar<int32_t>(0)}, {rev(1)}) == vec<int64_t>({6, 6, 3}));
  CHECK(run_node_output("CumProd", 26, {vec<int64_t>({1, 2, 3}), scalar<int32_t>(0)}, {ex(1), rev(1)}) ==
        vec<int64_t>({6, 3, 1}));
  CHECK(semantics_of("CumProd", 26, {vec<int64_t>({INT64_MAX, 2}), scalar<int32_t>(0)}) == Semantics::kUndefined);
}

TEST_CASE("CumProd: each prefix is the exact product rounded once", "[CumProd][v26]") {
  const float q = 1 + std::ldexp(1.0f, -12);
  // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: a tie at float precision, to even: 1 + 2^-11.
  // (1 + 2^-12)^3 = 1 + 3*2^-12 + 3*2^-24 + 2^-36: rounds up to 1 + 3*2^-12 + 2^-22; a float
  // multiply of the rounded square would give 1 + 3*2^-12 + 2^-23.
  CHECK(run_node_output("CumProd", 26, {vec<float>({q, q, q}), scalar<int32_t>(0)}) ==
        vec<float>({q, 1 + std::ldexp(1.0f, -11), 1 + 3 * std::ldexp(1.0f, -12) + std::ldexp(1.0f, -22)}));
  // Exclusive starts at 1; signs; 0 * inf = NaN; overflow then back in range stays exact.
  CHECK(run_node_output("CumProd", 26, {vec<double>({-2, 3, -0.5}), scalar<int32_t>(0)}, {ex(1)}) == vec<double>({1, -2, -6}));
  const auto n = run_node_output("CumProd", 26, {vec<float>({0, INFINITY}), scalar<int32_t>(0)});
  CHECK(std::isnan(n.data<float>()[1]));
  const float p100 = std::ldexp(1.0f, 100), m100 = std::ldexp(1.0f, -100);
  const auto big = run_node_output("CumProd", 26, {vec<float>({p100, p100, m100}), scalar<int32_t>(0)});
  CHECK(big.data<float>()[1] == INFINITY);
  CHECK(big.data<float>()[2] == p100);
  const auto negz = run_node_output("CumProd", 26, {vec<double>({-0.0, 5}), scalar<int32_t>(0)});
  CHECK(std::signbit(negz.data<double>()[1]));
}
