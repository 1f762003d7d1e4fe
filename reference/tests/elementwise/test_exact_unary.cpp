// Abs, Neg, Ceil, Floor, Round, Sign, IsInf, IsNaN: types per version, hand values, the
// cases ONNX leaves open, and — for every float type — agreement bit for bit with MPFR's
// own functions (mpfr_ceil, mpfr_floor, mpfr_rint to nearest, mpfr_abs, mpfr_neg) on the
// exact input at 300 bits, rounded by the oracle's independent rounders (oracle.h).
// 16-bit types are checked on all 65,536 patterns; float and double on random samples.
#include <cmath>
#include <limits>

#include "reference/tests/exact_ops_testing.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

const std::vector<onnx::AttributeProto> kNoAttrs;

using MpfrUnary = int (*)(mpfr_ptr out, mpfr_ptr in);

int mp_ceil(mpfr_ptr o, mpfr_ptr i) { return mpfr_ceil(o, i); }
int mp_floor(mpfr_ptr o, mpfr_ptr i) { return mpfr_floor(o, i); }
int mp_round_even(mpfr_ptr o, mpfr_ptr i) { return mpfr_rint(o, i, MPFR_RNDN); }
int mp_abs(mpfr_ptr o, mpfr_ptr i) { return mpfr_abs(o, i, MPFR_RNDN); }
int mp_neg(mpfr_ptr o, mpfr_ptr i) { return mpfr_neg(o, i, MPFR_RNDN); }

// Runs op on every sample and compares each result with the oracle: f at 300 bits (exact
// for these functions, whose results are 300-bit representable), rounded to T.
template <class T>
void check_oracle(const std::string& op, int opset, MpfrUnary f, uint64_t seed) {
  const auto xs = float_samples<T>(seed, 20000);
  const Tensor got = run_node_output(op, opset, {vec<T>(xs)});
  const auto g = got.data<T>();
  oracle::Big in(300), out(300);
  size_t bad = 0;
  for (size_t i = 0; i < xs.size(); ++i) {
    mpfr_set_d(in, oracle::value_of(xs[i]), MPFR_RNDN);
    f(out, in);
    const double want = oracle::round_to<T>(out, 0);
    const double have = oracle::value_of(g[i]);
    if (!oracle::same_result(have, want) && bad++ < 5)
      FAIL_CHECK(op << "-" << opset << " " << oracle::type_name<T>() << " of " << oracle::show_input(xs[i])
                    << ": got " << oracle::show(have) << ", want " << oracle::show(want));
  }
  CHECK(bad == 0);
}

template <class T>
void check_all_unary_oracles(int newest) {
  check_oracle<T>("Ceil", newest, mp_ceil, 1);
  check_oracle<T>("Floor", newest, mp_floor, 2);
  check_oracle<T>("Abs", newest, mp_abs, 3);
  check_oracle<T>("Neg", newest, mp_neg, 4);
}

}  // namespace

TEST_CASE("Abs, Neg, Ceil, Floor: each version admits exactly its types and attributes",
          "[Abs][Neg][Ceil][Floor][v1][v6][v13]") {
  const Tensor i32 = vec<int32_t>({1}), u8 = vec<uint8_t>({1}), f32 = vec<float>({1});
  const Tensor bf16 = vec<BFloat16>({bfloat16_from_double(1)});
  const auto consumed = std::vector<onnx::AttributeProto>{make_attr("consumed_inputs", std::vector<int64_t>{0})};
  check_refused("Abs", 1, {i32}, kNoAttrs, "tensor(int32)");
  CHECK(run_node_output("Abs", 6, {i32}) == i32);
  CHECK(run_node_output("Abs", 6, {u8}) == u8);
  check_refused("Abs", 6, {bf16}, kNoAttrs, "tensor(bfloat16)");
  CHECK(run_node_output("Abs", 13, {bf16}) == bf16);
  check_refused("Neg", 6, {u8}, kNoAttrs, "tensor(uint8)");
  check_refused("Neg", 1, {i32}, kNoAttrs, "tensor(int32)");
  CHECK(run_node_output("Neg", 6, {i32}) == vec<int32_t>({-1}));
  for (const char* op : {"Abs", "Neg", "Ceil", "Floor"}) {
    CHECK_NOTHROW(run_node(op, 1, {f32}, consumed));
    check_refused(op, 6, {f32}, consumed, "unknown attribute 'consumed_inputs'");
  }
  check_refused("Ceil", 6, {i32}, kNoAttrs, "tensor(int32)");
  check_refused("Floor", 6, {bf16}, kNoAttrs, "tensor(bfloat16)");
  CHECK_NOTHROW(run_node("Floor", 13, {bf16}));
  check_refused("Ceil", 13, {i32}, kNoAttrs, "tensor(int32)");
}

TEST_CASE("Abs and Neg of integers; the most negative value wraps, undefined", "[Abs][Neg][v6]") {
  auto ok = run_node("Abs", 6, {vec<int8_t>({-3, 0, 5, -127})});
  CHECK(ok.outputs[0] == vec<int8_t>({3, 0, 5, 127}));
  CHECK(ok.semantics.category == Semantics::kDefined);
  auto wraps = run_node("Abs", 6, {vec<int64_t>({std::numeric_limits<int64_t>::min(), -2})});
  CHECK(wraps.outputs[0] == vec<int64_t>({std::numeric_limits<int64_t>::min(), 2}));
  CHECK(wraps.semantics.category == Semantics::kUndefined);
  auto neg = run_node("Neg", 6, {vec<int16_t>({-32768, 32767, 0})});
  CHECK(neg.outputs[0] == vec<int16_t>({-32768, -32767, 0}));
  CHECK(neg.semantics.category == Semantics::kUndefined);
  CHECK(run_node_output("Abs", 6, {vec<uint64_t>({~uint64_t{0}})}) == vec<uint64_t>({~uint64_t{0}}));
}

TEST_CASE("Abs and Neg of floats only touch the sign", "[Abs][Neg][v6][v13]") {
  Tensor a = run_node_output("Abs", 6, {vec<double>({-0.0, -INFINITY, -4.9e-324, 2.5})});
  CHECK(a == vec<double>({0.0, INFINITY, 4.9e-324, 2.5}));
  CHECK(!std::signbit(a.data<double>()[0]));
  Tensor n = run_node_output("Neg", 13, {vec_of<Float16>({0.0, -65504, std::ldexp(1.0, -24)})});
  CHECK(n == vec_of<Float16>({-0.0, 65504, -std::ldexp(1.0, -24)}));
}

TEST_CASE("Ceil, Floor and Round: hand values, signed zeros, halves to even", "[Ceil][Floor][Round][v6][v11]") {
  const Tensor x = vec<float>({-1.5f, -0.5f, -0.0f, 0.5f, 1.5f, 2.5f, 2.4999998f, 8388607.5f, 1e30f, -INFINITY});
  CHECK(run_node_output("Ceil", 6, {x}) == vec<float>({-1, -0.0f, -0.0f, 1, 2, 3, 3, 8388608, 1e30f, -INFINITY}));
  CHECK(run_node_output("Floor", 6, {x}) == vec<float>({-2, -1, -0.0f, 0, 1, 2, 2, 8388607, 1e30f, -INFINITY}));
  // ONNX's example: round(0.5) = 0, round(1.5) = 2, round(2.5) = 2, round(-1.5) = -2.
  CHECK(run_node_output("Round", 11, {x}) == vec<float>({-2, -0.0f, -0.0f, 0, 2, 2, 2, 8388608, 1e30f, -INFINITY}));
  // float16: 1023.5 is a tie (even: 1024); 2047.5 is not representable, the largest
  // non-integer is 1023.5.
  CHECK(run_node_output("Round", 11, {vec_of<Float16>({1023.5, 1022.5, -0.25, 65504})}) ==
        vec_of<Float16>({1024, 1022, -0.0, 65504}));
  const Tensor nan = run_node_output("Ceil", 13, {vec<BFloat16>({bfloat16_from_double(NAN)})});
  CHECK(std::isnan(numeric::widen(nan.data<BFloat16>()[0])));
  check_refused("Round", 11, {vec<BFloat16>({bfloat16_from_double(1)})}, kNoAttrs, "tensor(bfloat16)");
  check_refused("Round", 11, {vec<int32_t>({1})}, kNoAttrs, "tensor(int32)");
}

TEST_CASE("Sign: 1, -1, 0 in the input's type; NaN and -0 implementation-defined", "[Sign][v9][v13]") {
  CHECK(run_node_output("Sign", 9, {vec<int32_t>({-7, 0, 9, std::numeric_limits<int32_t>::min()})}) ==
        vec<int32_t>({-1, 0, 1, -1}));
  CHECK(run_node_output("Sign", 9, {vec<uint8_t>({0, 1, 255})}) == vec<uint8_t>({0, 1, 1}));
  auto f = run_node("Sign", 9, {vec<double>({-2.5, 0, 4.9e-324, -INFINITY})});
  CHECK(f.outputs[0] == vec<double>({-1, 0, 1, -1}));
  CHECK(f.semantics.category == Semantics::kDefined);
  auto nan = run_node("Sign", 13, {vec<BFloat16>({bfloat16_from_double(NAN)})});
  CHECK(std::isnan(numeric::widen(nan.outputs[0].data<BFloat16>()[0])));
  CHECK(nan.semantics.category == Semantics::kImplementationDefined);
  auto negzero = run_node("Sign", 9, {vec<float>({-0.0f})});
  CHECK(std::signbit(negzero.outputs[0].data<float>()[0]));
  CHECK(negzero.semantics.category == Semantics::kImplementationDefined);
  check_refused("Sign", 9, {vec<BFloat16>({bfloat16_from_double(1)})}, kNoAttrs, "tensor(bfloat16)");
}

TEST_CASE("IsInf: detect_positive and detect_negative; float and double only", "[IsInf][v10]") {
  const Tensor x = vec<float>({-INFINITY, INFINITY, NAN, 3.4e38f, -0.0f});
  CHECK(run_node_output("IsInf", 10, {x}) == vec<bool>({true, true, false, false, false}));
  CHECK(run_node_output("IsInf", 10, {x}, {make_attr("detect_negative", int64_t{0})}) ==
        vec<bool>({false, true, false, false, false}));
  CHECK(run_node_output("IsInf", 10, {vec<double>({-INFINITY, INFINITY})}, {make_attr("detect_positive", int64_t{0})}) ==
        vec<bool>({true, false}));
  CHECK(run_node_output("IsInf", 10, {x}, {make_attr("detect_positive", int64_t{0}), make_attr("detect_negative", int64_t{0})}) ==
        vec<bool>({false, false, false, false, false}));
  check_refused("IsInf", 10, {x}, {make_attr("detect_positive", int64_t{2})}, "detect_positive must be 0 or 1");
  check_refused("IsInf", 10, {x}, {make_attr("detect_negative", 1.0f)}, "'detect_negative' must be int");
  check_refused("IsInf", 10, {vec<Float16>({float16_from_double(1)})}, kNoAttrs, "tensor(float16)");
}

TEST_CASE("IsNaN: bool output; bfloat16 from 13", "[IsNaN][v9][v13]") {
  CHECK(run_node_output("IsNaN", 9, {vec<double>({NAN, -NAN, INFINITY, 0})}) == vec<bool>({true, true, false, false}));
  CHECK(run_node_output("IsNaN", 9, {vec<Float16>({Float16{0x7E00}, Float16{0xFC00}, Float16{0x7C01}})}) ==
        vec<bool>({true, false, true}));
  check_refused("IsNaN", 9, {vec<BFloat16>({BFloat16{0x7FC0}})}, kNoAttrs, "tensor(bfloat16)");
  CHECK(run_node_output("IsNaN", 13, {vec<BFloat16>({BFloat16{0x7FC0}, BFloat16{0x3F80}})}) == vec<bool>({true, false}));
  check_refused("IsNaN", 13, {vec<int32_t>({1})}, kNoAttrs, "tensor(int32)");
  // Shapes pass through: scalar and empty.
  CHECK(run_node_output("IsNaN", 13, {scalar<float>(NAN)}) == Tensor::from_values<bool>({}, {true}));
  CHECK(run_node_output("IsNaN", 13, {Tensor(DType::kFloat, {2, 0})}).shape() == Shape{2, 0});
}

TEST_CASE("Ceil, Floor, Abs, Neg agree with MPFR on every float16 and bfloat16", "[Ceil][Floor][Abs][Neg][v13]") {
  check_all_unary_oracles<Float16>(13);
  check_all_unary_oracles<BFloat16>(13);
}

TEST_CASE("Ceil, Floor, Abs, Neg agree with MPFR on random floats and doubles", "[Ceil][Floor][Abs][Neg][v6][v13]") {
  check_all_unary_oracles<float>(13);
  check_all_unary_oracles<double>(6);
}

TEST_CASE("Round agrees with mpfr_rint (to nearest, ties to even) on every float type", "[Round][v11]") {
  check_oracle<Float16>("Round", 11, mp_round_even, 5);
  check_oracle<float>("Round", 11, mp_round_even, 6);
  check_oracle<double>("Round", 11, mp_round_even, 7);
}
