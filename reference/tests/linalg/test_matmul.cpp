// MatMul, MatMulInteger, Gemm: shapes by version, values by hand or by an independent
// oracle (MPFR at 300 bits, rounded by oracle.h's rounders; exact integers).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "reference/tests/reduce/reduce_testing.h"

using namespace touchstone;
using namespace touchstone::testing;
using namespace touchstone::testing::logic;
using namespace touchstone::testing::reduce;

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

TEST_CASE("MatMulInteger: zero points per tensor, row and column; exact int32", "[MatMulInteger][v10]") {
  auto u8 = [](Shape s, std::vector<uint8_t> v) { return Tensor::from_values<uint8_t>(s, v); };
  auto i8 = [](Shape s, std::vector<int8_t> v) { return Tensor::from_values<int8_t>(s, v); };
  auto y_of = [](const Tensor& y) { return std::vector<int32_t>(y.data<int32_t>().begin(), y.data<int32_t>().end()); };
  const Tensor a = u8({2, 3}, {1, 2, 3, 4, 5, 6}), b = i8({3, 2}, {1, -1, 0, 2, -2, 1});
  // No zero points: [[1 2 3][4 5 6]] x [[1 -1][0 2][-2 1]] = [[1-6, -1+4+3][4-12, -4+10+6]].
  Tensor y = run_node_output("MatMulInteger", 10, {a, b});
  CHECK(y.dtype() == DType::kInt32);
  CHECK(y.shape() == Shape{2, 2});
  CHECK(y_of(y) == std::vector<int32_t>{-5, 6, -8, 12});
  // a_zero_point scalar 1, b's absent: [[0 1 2][3 4 5]] x B = [[-4 4][3-10, -3+8+5]].
  CHECK(y_of(run_node_output("MatMulInteger", 10, {a, b, u8({}, {1})})) == std::vector<int32_t>{-4, 4, -7, 10});
  // Per row of A [1, 4] and per column of B [1, -1]: A - zp = [[0 1 2][0 1 2]],
  // B - zp = [[0 0][-1 3][-3 2]]; each row gives [-1-6, 3+4].
  y = run_node_output("MatMulInteger", 10, {a, b, u8({2}, {1, 4}), i8({2}, {1, -1})});
  CHECK(y_of(y) == std::vector<int32_t>{-7, 7, -7, 7});
  // 1-D promotion: [1 2 3] x B = [-5, 6]; [1 2 3] . [1 0 -2] = -5 (a scalar).
  y = run_node_output("MatMulInteger", 10, {u8({3}, {1, 2, 3}), b});
  CHECK(y.shape() == Shape{2});
  CHECK(y_of(y) == std::vector<int32_t>{-5, 6});
  y = run_node_output("MatMulInteger", 10, {u8({3}, {1, 2, 3}), i8({3}, {1, 0, -2})});
  CHECK(y.shape() == Shape{});
  CHECK(y_of(y) == std::vector<int32_t>{-5});
  // N-D, per row (2,2,1) and per column (2,1,2): A - zp is [[0 1][1 2]] in both batches;
  // B - zp = [[1 -1][0 0]] (batch 0), [[1 0][0 1]] (batch 1).
  // Batch 0: [[0 0][1 -1]]; batch 1: [[0 1][1 2]].
  y = run_node_output("MatMulInteger", 10,
                      {i8({2, 2, 2}, {1, 2, 3, 4, 5, 6, 7, 8}), i8({2, 2, 2}, {1, 0, 0, 1, 2, 1, 1, 2}),
                       i8({2, 2, 1}, {1, 2, 5, 6}), i8({2, 1, 2}, {0, 1, 1, 1})});
  CHECK(y.shape() == Shape{2, 2, 2});
  CHECK(y_of(y) == std::vector<int32_t>{0, 0, 1, -1, 0, 1, 1, 2});
  // Extremes: (-128)(-128) * 2 = 32768; (-128-127)^2 * 2 = 130050; (0-255)(127+128) * 2 = -130050.
  const Tensor lows = i8({1, 2}, {-128, -128}), low_col = i8({2, 1}, {-128, -128});
  CHECK(y_of(run_node_output("MatMulInteger", 10, {lows, low_col})) == std::vector<int32_t>{32768});
  CHECK(y_of(run_node_output("MatMulInteger", 10, {lows, low_col, i8({}, {127}), i8({}, {127})})) ==
        std::vector<int32_t>{130050});
  CHECK(y_of(run_node_output("MatMulInteger", 10, {u8({1, 2}, {0, 0}), i8({2, 1}, {127, 127}), u8({}, {255}),
                                                  i8({}, {-128})})) == std::vector<int32_t>{-130050});
  // 33026 terms of 255^2 = 2147515650 > 2^31 - 1: wraps to 2147515650 - 2^32, undefined.
  const int64_t k = 33026;
  auto r = run_node("MatMulInteger", 10,
                    {u8({k}, std::vector<uint8_t>(k, 0)), u8({k}, std::vector<uint8_t>(k, 0)), u8({}, {255}), u8({}, {255})});
  CHECK(r.outputs[0].data<int32_t>()[0] == -2147451646);
  CHECK(r.semantics.category == Semantics::kUndefined);
  // Zero points of no allowed form, or of another type than their matrix.
  check_invalid("MatMulInteger", 10, {a, b, u8({3}, {1, 1, 1})}, "allowed forms");
  check_invalid("MatMulInteger", 10, {a, b, u8({}, {0}), i8({3}, {1, 1, 1})}, "allowed forms");
  check_invalid("MatMulInteger", 10, {a, b, u8({2, 3}, {1, 1, 1, 1, 1, 1})}, "allowed forms");
  check_invalid("MatMulInteger", 10, {a, b, i8({}, {0})}, "");
  check_invalid("MatMulInteger", 10, {a, i8({2, 2}, {1, 1, 1, 1})}, "inner dimensions differ");
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
