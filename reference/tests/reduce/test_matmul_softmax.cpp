// MatMul, Gemm, Softmax, LogSoftmax, Hardmax: shapes by version, values by hand or by an
// independent oracle (MPFR at 300 bits, rounded by oracle.h's rounders; exact integers).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "reference/tests/reduce/reduce_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::testing::logic;
using namespace touchstone::testing::reduce;

namespace {


}  // namespace

TEST_CASE("MatMul: numpy.matmul shapes, exact dot products", "[MatMul][v1][v9][v13]") {
  // (2,3) x (3,2): [[0 1 2][3 4 5]] x [[0 1][2 3][4 5]] = [[10 13][28 40]]
  Tensor y = run_node_output("MatMul", 13, {iota_float({2, 3}), iota_float({3, 2})});
  CHECK(y.shape() == Shape{2, 2});
  CHECK(values_of(y) == std::vector<float>{10, 13, 28, 40});
  // 1-D on either side: the added dimension is removed.
  y = run_node_output("MatMul", 1, {iota_float({3}), iota_float({3, 2})});
  CHECK(y.shape() == Shape{2});
  CHECK(values_of(y) == std::vector<float>{10, 13});
  y = run_node_output("MatMul", 1, {iota_float({3}), iota_float({3})});
  CHECK(y.shape() == Shape{});
  CHECK(values_of(y) == std::vector<float>{5});
  // Batch broadcasting: (2,1,2,3) x (3,3,2) -> (2,3,2,2).
  y = run_node_output("MatMul", 13, {iota_float({2, 1, 2, 3}), iota_float({3, 3, 2})});
  CHECK(y.shape() == Shape{2, 3, 2, 2});
  CHECK(values_of(y)[0] == 10);
  check_invalid("MatMul", 13, {iota_float({2, 3}), iota_float({2, 3})}, "inner dimensions differ");
  check_invalid("MatMul", 13, {iota_float({2, 3, 4}), iota_float({3, 4, 2})}, "numpy rule");
  // One rounding: 1*1 + 2^-24*1 + 2^-24*1 = 1 + 2^-23.
  const float u = std::ldexp(1.0f, -24);
  CHECK(values_of(run_node_output("MatMul", 13, {floats({3}, {1, u, u}), floats({3}, {1, 1, 1})}))[0] == 1 + 2 * u);
  // Products beyond float's range cancel exactly: max*2 - max*2 + 1 = 1.
  const float max = std::numeric_limits<float>::max();
  CHECK(values_of(run_node_output("MatMul", 13, {floats({3}, {max, max, 1}), floats({3}, {2, -2, 1})}))[0] == 1);
  // Integers: exact, wrapping marked undefined.
  auto r = run_node("MatMul", 9, {vec<int32_t>({65536, 1}), vec<int32_t>({32768, 0})});
  CHECK(r.outputs[0].data<int32_t>()[0] == std::numeric_limits<int32_t>::min());
  CHECK(r.semantics.category == Semantics::kUndefined);
  check_invalid("MatMul", 1, {vec<int32_t>({1}), vec<int32_t>({1})}, "tensor(int32)");
}

TEST_CASE("Gemm: transposes, alpha/beta rounded once, C rules by version", "[Gemm][v1][v7][v11]") {
  const Tensor a = iota_float({2, 3}), bt = iota_float({2, 3});  // B' = transpose of (2,3)
  // A * B'^T = [[0 1 2][3 4 5]] x [[0 3][1 4][2 5]] = [[5 14][14 50]]
  Tensor y = run_node_output("Gemm", 11, {a, bt}, {make_attr("transB", int64_t{1})});
  CHECK(values_of(y) == std::vector<float>{5, 14, 14, 50});
  // C broadcast from (2,): + [1, -1].
  y = run_node_output("Gemm", 7, {a, bt, floats({2}, {1, -1})}, {make_attr("transB", int64_t{1})});
  CHECK(values_of(y) == std::vector<float>{6, 13, 15, 49});
  // alpha = 0.1f applies to the exact product: 0.1f * 5 rounded once (not 0.1f*5 in float then + 0).
  y = run_node_output("Gemm", 13, {a, bt}, {make_attr("transB", int64_t{1}), make_attr("alpha", 0.1f)});
  CHECK(values_of(y)[0] == oracle_float([](mpfr_ptr v) {
          mpfr_set_d(v, static_cast<double>(0.1f), MPFR_RNDN);
          return mpfr_mul_ui(v, v, 5, MPFR_RNDN);
        }));
  // alpha*AB + beta*C with cancellation: 3 * (1*1) + (-1) * 3 = 0 exactly.
  y = run_node_output("Gemm", 13, {floats({1, 1}, {1}), floats({1, 1}, {1}), floats({1, 1}, {3 + 0.0f})},
                      {make_attr("alpha", 3.0f), make_attr("beta", -1.0f)});
  CHECK(values_of(y)[0] == 0);
  // Legacy rule: C (2,2) with broadcast=0; C (2,) needs broadcast=1.
  check_invalid("Gemm", 6, {a, bt, floats({2}, {1, 1})}, "", {make_attr("transB", int64_t{1})});
  y = run_node_output("Gemm", 6, {a, bt, floats({2}, {1, -1})}, {make_attr("transB", int64_t{1}), make_attr("broadcast", int64_t{1})});
  CHECK(values_of(y) == std::vector<float>{6, 13, 15, 49});
  check_invalid("Gemm", 11, {a, iota_float({2, 3})}, "inner dimensions differ");
  check_invalid("Gemm", 11, {iota_float({2, 3, 1}), bt}, "2-D");
}

TEST_CASE("Softmax family: 2-D coercion (1, 11) against one axis (13)", "[Softmax][LogSoftmax][Hardmax]") {
  // x (1,2,2) = [[[0 0][0 0]]]: at axis 1, version 1 normalizes the block of 4 (1/4 each),
  // version 13 the pair along axis 1 (1/2 each).
  const Tensor zeros = floats({1, 2, 2}, {0, 0, 0, 0});
  CHECK(values_of(run_node_output("Softmax", 1, {zeros})) == std::vector<float>(4, 0.25f));
  CHECK(values_of(run_node_output("Softmax", 13, {zeros}, {make_attr("axis", int64_t{1})})) == std::vector<float>(4, 0.5f));
  CHECK(values_of(run_node_output("Softmax", 11, {zeros}, {make_attr("axis", int64_t{-2})})) == std::vector<float>(4, 0.25f));
  check_invalid("Softmax", 1, {zeros}, "negative axes from version 11", {make_attr("axis", int64_t{-1})});
  // Values: softmax(0, 1) = (1/(1+e), e/(1+e)); no overflow at 1000s.
  const float s0 = oracle_float([](mpfr_ptr v) {
    oracle::Big e(300);
    mpfr_set_ui(e, 1, MPFR_RNDN);
    mpfr_exp(e, e, MPFR_RNDN);
    mpfr_add_ui(e, e, 1, MPFR_RNDN);
    return mpfr_ui_div(v, 1, e, MPFR_RNDN);
  });
  CHECK(values_of(run_node_output("Softmax", 13, {floats({2}, {1000, 1001})}))[0] == s0);
  const float l0 = oracle_float([](mpfr_ptr v) {  // log(1/(1+e)) = -log(1+e)
    oracle::Big e(300);
    mpfr_set_ui(e, 1, MPFR_RNDN);
    mpfr_exp(e, e, MPFR_RNDN);
    const int t = mpfr_log1p(v, e, MPFR_RNDN);
    mpfr_neg(v, v, MPFR_RNDN);
    return -t;
  });
  CHECK(values_of(run_node_output("LogSoftmax", 13, {floats({2}, {1000, 1001})}))[0] == l0);
  CHECK(values_of(run_node_output("LogSoftmax", 13, {floats({2}, {5, -INFINITY})})) == std::vector<float>{0, -INFINITY});
  auto r = run_node("Softmax", 13, {floats({2}, {INFINITY, 1})});
  CHECK(std::isnan(values_of(r.outputs[0])[0]));
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  // Hardmax: the first of tied maxima.
  CHECK(values_of(run_node_output("Hardmax", 13, {floats({4}, {1, 3, 3, 2})})) == std::vector<float>{0, 1, 0, 0});
  CHECK(values_of(run_node_output("Hardmax", 1, {floats({2, 2}, {1, 3, 3, 2})}, {make_attr("axis", int64_t{0})})) ==
        std::vector<float>{0, 1, 0, 0});
}
