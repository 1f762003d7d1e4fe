// Add, Mul, Div, Pow: types per version, integer and float results, and the cases ONNX
// leaves undefined. Expected values are worked out by hand (noted where not obvious).
#include <catch2/catch.hpp>
#include <cmath>
#include <limits>

#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {


void check_invalid(const std::string& op, int opset, const std::vector<Tensor>& in,
                   const std::string& label, const std::string& fragment) {
  try {
    run_node(op, opset, in);
    FAIL(op << "-" << opset << " accepted what it should refuse");
  } catch (const Error& e) {
    CHECK(e.kind() == ErrorKind::kInvalidModel);
    CHECK_THAT(e.what(), Catch::Contains(label) && Catch::Contains(fragment));
  }
}

}  // namespace

TEST_CASE("each version admits exactly its types", "[Add][Sub][Mul][Div][Pow]") {
  const Tensor i32 = vec<int32_t>({1}), i8 = vec<int8_t>({1}), f32 = vec<float>({1});
  const Tensor bf16 = vec<BFloat16>({bfloat16_from_double(1)});
  check_invalid("Sub", 1, {i32, i32}, "Sub-1", "tensor(int32)");
  CHECK_NOTHROW(run_node("Sub", 6, {i32, i32}));
  check_invalid("Add", 13, {i8, i8}, "Add-13", "tensor(int8)");
  CHECK_NOTHROW(run_node("Add", 14, {i8, i8}));
  check_invalid("Mul", 7, {bf16, bf16}, "Mul-7", "tensor(bfloat16)");
  CHECK_NOTHROW(run_node("Mul", 13, {bf16, bf16}));
  check_invalid("Div", 7, {f32, i32}, "Div-7", "same type T");
  check_invalid("Pow", 7, {i32, i32}, "Pow-7", "tensor(int32)");
  check_invalid("Pow", 7, {f32, i32}, "Pow-7", "T does not allow");
  CHECK_NOTHROW(run_node("Pow", 12, {f32, i32}));  // T1 is the exponent's own type
  check_invalid("Pow", 12, {bf16, f32}, "Pow-12", "tensor(bfloat16)");
  CHECK_NOTHROW(run_node("Pow", 13, {bf16, f32}));
  check_invalid("Pow", 13, {f32, bf16}, "Pow-13", "T1 does not allow");
  CHECK_NOTHROW(run_node("Pow", 15, {f32, bf16}));
}

TEST_CASE("legacy attributes: Add-1 takes consumed_inputs, Add-6 does not", "[Add][v1][v6]") {
  const Tensor x = vec<float>({1, 2});
  CHECK(run_node_output("Add", 1, {x, x}, {make_attr("consumed_inputs", std::vector<int64_t>{0, 0})}) ==
        vec<float>({2, 4}));
  CHECK_THROWS_WITH(run_node("Add", 6, {x, x}, {make_attr("consumed_inputs", std::vector<int64_t>{0, 0})}),
                    Catch::Contains("unknown attribute 'consumed_inputs'"));
  CHECK_THROWS_WITH(run_node("Add", 6, {x, x}, {make_attr("broadcast", 1.0f)}),
                    Catch::Contains("'broadcast' must be int"));
}

TEST_CASE("integer arithmetic wraps, and says overflow is undefined", "[Add][Mul][Sub]") {
  const auto max32 = std::numeric_limits<int32_t>::max(), min32 = std::numeric_limits<int32_t>::min();
  auto r = run_node("Add", 7, {vec<int32_t>({max32, 5}), vec<int32_t>({1, 6})});
  CHECK(r.outputs[0] == vec<int32_t>({min32, 11}));
  CHECK(r.semantics.category == Semantics::kUndefined);
  auto ok = run_node("Add", 14, {vec<uint8_t>({200, 5}), vec<uint8_t>({55, 6})});
  CHECK(ok.outputs[0] == vec<uint8_t>({255, 11}));
  CHECK(ok.semantics.category == Semantics::kDefined);
  CHECK(run_node_output("Add", 14, {vec<uint8_t>({250}), vec<uint8_t>({10})}) == vec<uint8_t>({4}));
  CHECK(run_node_output("Sub", 14, {vec<uint16_t>({1}), vec<uint16_t>({2})}) == vec<uint16_t>({65535}));
  // 2^62 * 4 = 2^64, which wraps to 0 in int64.
  CHECK(run_node_output("Mul", 7, {vec<int64_t>({int64_t{1} << 62}), vec<int64_t>({4})}) == vec<int64_t>({0}));
  CHECK(run_node_output("Mul", 14, {vec<int8_t>({-128}), vec<int8_t>({-1})}) == vec<int8_t>({-128}));
}

TEST_CASE("integer division truncates; by zero it is undefined and gives 0", "[Div]") {
  auto exact = run_node("Div", 7, {vec<int32_t>({7, -8, 9}), vec<int32_t>({2, 2, -3})});
  CHECK(exact.outputs[0] == vec<int32_t>({3, -4, -3}));
  CHECK(exact.semantics.category == Semantics::kDefined);
  auto mixed = run_node("Div", 7, {vec<int32_t>({-7}), vec<int32_t>({2})});
  CHECK(mixed.outputs[0] == vec<int32_t>({-3}));  // numpy's floor division would give -4
  CHECK(mixed.semantics.category == Semantics::kImplementationDefined);
  auto zero = run_node("Div", 14, {vec<uint8_t>({7}), vec<uint8_t>({0})});
  CHECK(zero.outputs[0] == vec<uint8_t>({0}));
  CHECK(zero.semantics.category == Semantics::kUndefined);
  auto overflow = run_node("Div", 14, {vec<int16_t>({-32768}), vec<int16_t>({-1})});
  CHECK(overflow.outputs[0] == vec<int16_t>({-32768}));
  CHECK(overflow.semantics.category == Semantics::kUndefined);
}

TEST_CASE("float results are rounded once to the output type", "[Add][Div][Mul]") {
  auto f16 = [](std::vector<double> v) {
    std::vector<Float16> h;
    for (double x : v) h.push_back(float16_from_double(x));
    return vec<Float16>(h);
  };
  // float16 has 11 significant bits: between 2048 and 4096 the spacing is 2.
  // 2048 + 1 = 2049 is a tie between 2048 and 2050 and goes to 2048 (even mantissa);
  // 2050 + 1 = 2051 ties between 2050 and 2052 and goes to 2052.
  CHECK(run_node_output("Add", 7, {f16({2048, 2050}), f16({1, 1})}) == f16({2048, 2052}));
  // 65504 is float16's largest; 65504 + 16 = 65520 is the midpoint to the next power
  // (65536, not representable): ties to even round up, so it overflows to infinity.
  CHECK(run_node_output("Add", 7, {f16({65504, 65504}), f16({15, 16})}) == f16({65504, INFINITY}));
  // bfloat16 has 8 significant bits: 256 + 1 = 257 ties between 256 and 258 -> 256.
  auto bf = [](double x) { return vec<BFloat16>({bfloat16_from_double(x)}); };
  CHECK(run_node_output("Add", 13, {bf(256), bf(1)}) == bf(256));
  CHECK(run_node_output("Add", 13, {bf(258), bf(1)}) == bf(260));
  // float: 1/3 is 0x1.555556p-2 correctly rounded (binary 0.0101..., the 25th bit rounds up).
  CHECK(run_node_output("Div", 7, {vec<float>({1}), vec<float>({3})}) == vec<float>({0x1.555556p-2f}));
  // IEEE: x/0 is ±inf, 0/0 NaN; the sign of zero follows the operands.
  Tensor d = run_node_output("Div", 7, {vec<double>({1, -1, 0, -0.0}), vec<double>({0, 0, 0, 1})});
  const auto v = d.data<double>();
  CHECK(v[0] == INFINITY);
  CHECK(v[1] == -INFINITY);
  CHECK(std::isnan(v[2]));
  CHECK((v[3] == 0 && std::signbit(v[3])));
  Tensor m = run_node_output("Mul", 7, {vec<float>({-0.0f, 1e-45f}), vec<float>({5, 0.5f})});
  CHECK(std::signbit(m.data<float>()[0]));
  CHECK(m.data<float>()[1] == 0.0f);  // half the smallest subnormal ties to even: 0
}

TEST_CASE("Pow with integer bases (Pow-12+)", "[Pow][v12]") {
  CHECK(run_node_output("Pow", 12, {vec<int32_t>({2, -2, 3, 0}), vec<int32_t>({10, 3, 0, 0})}) ==
        vec<int32_t>({1024, -8, 1, 1}));
  // 3^40 = 12157665459056928801 (< 2^64) overflows int64 and wraps to that minus 2^64.
  auto wrapped = run_node("Pow", 12, {vec<int64_t>({3}), vec<uint8_t>({40})});
  CHECK(wrapped.outputs[0] == vec<int64_t>({-6289078614652622815LL}));
  CHECK(wrapped.semantics.category == Semantics::kUndefined);
  auto negative = run_node("Pow", 12, {vec<int32_t>({1, -1, -1, 2}), vec<int64_t>({-5, -3, -4, -1})});
  CHECK(negative.outputs[0] == vec<int32_t>({1, -1, 1, 0}));
  CHECK(negative.semantics.category == Semantics::kUndefined);  // 2^-1 truncated
  // ONNX's own example: int32 bases with float exponents 4, 5, 6 -> 1, 32, 729.
  auto f = run_node("Pow", 12, {vec<int32_t>({1, 2, 3}), vec<float>({4, 5, 6})});
  CHECK(f.outputs[0] == vec<int32_t>({1, 32, 729}));
  CHECK(f.semantics.category == Semantics::kDefined);
  // 7^2.5 = 129.64..., truncated to 129.
  auto t = run_node("Pow", 12, {vec<int32_t>({7}), vec<double>({2.5})});
  CHECK(t.outputs[0] == vec<int32_t>({129}));
  CHECK(t.semantics.category == Semantics::kImplementationDefined);
  // 2^31 does not fit int32: undefined, 0.
  auto big = run_node("Pow", 12, {vec<int32_t>({2}), vec<float>({31})});
  CHECK(big.outputs[0] == vec<int32_t>({0}));
  CHECK(big.semantics.category == Semantics::kUndefined);
}

TEST_CASE("Pow with float bases: exact powers and C99 special values", "[Pow][v7][v12]") {
  CHECK(run_node_output("Pow", 7, {vec<float>({2, 3, 0.5f, 4}), vec<float>({10, 2, -3, 0.5f})}) ==
        vec<float>({1024, 9, 8, 2}));
  Tensor s = run_node_output("Pow", 12, {vec<double>({-8, -1, 1, NAN, 0, -0.0}),
                                         vec<double>({1.0 / 3, INFINITY, NAN, 0, -1, -3})});
  const auto v = s.data<double>();
  CHECK(std::isnan(v[0]));  // negative base, non-integer exponent
  CHECK(v[1] == 1);         // pow(-1, ±inf) = 1
  CHECK(v[2] == 1);         // pow(1, y) = 1 even for NaN
  CHECK(v[3] == 1);         // pow(x, ±0) = 1 even for NaN
  CHECK(v[4] == INFINITY);  // pow(+0, negative) = +inf
  CHECK(v[5] == -INFINITY); // pow(-0, negative odd integer) = -inf
  // Integer exponents on float bases: (-2)^3 = -8 from an int64 exponent.
  CHECK(run_node_output("Pow", 12, {vec<float>({-2}), vec<int64_t>({3})}) == vec<float>({-8}));
}
