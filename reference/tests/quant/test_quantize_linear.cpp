// QuantizeLinear, DequantizeLinear and DynamicQuantizeLinear against values worked by hand and
// an independent oracle written here: x / scale as a rational of 128-bit integers (both are
// binary floats: m_x 2^e_x / (m_s 2^e_s)), rounded half to even by integer comparison; the
// reference's answer, a division in float then ties to even, by the C++ float division and
// nearbyint; DequantizeLinear's one rounding through a double product (exact for these sizes).
#include <catch2/catch.hpp>

#include <cfenv>
#include <cmath>
#include <random>

#include "reference/minifloat.h"
#include "reference/tests/logic_testing.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;
using logic::check_invalid;

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

template <class T>
std::vector<double> doubles_of(const Tensor& t) {
  std::vector<double> v;
  for (T e : t.data<T>()) v.push_back(static_cast<double>(e));
  return v;
}

Tensor scalar_f(float v) { return Tensor::from_values<float>({}, {v}); }
template <class T>
Tensor scalar(T v) {
  return Tensor::from_values<T>({}, {v});
}

// round_half_even(x / s) for finite floats, s != 0, by exact integers.
int64_t oracle_round_half_even(float x, float s) {
  int ex = 0, es = 0;
  const double fx = std::frexp(static_cast<double>(x), &ex), fs = std::frexp(static_cast<double>(s), &es);
  __int128 num = static_cast<__int128>(std::ldexp(fx, 30)), den = static_cast<__int128>(std::ldexp(fs, 30));
  const int shift = ex - es;  // |shift| stays below 60 for the values drawn here
  if (shift >= 0) num <<= shift;
  else den <<= -shift;
  if (den < 0) num = -num, den = -den;
  __int128 floor = num / den, rest = num % den;
  if (rest < 0) floor -= 1, rest += den;
  if (2 * rest > den || (2 * rest == den && (floor % 2 != 0))) floor += 1;
  return static_cast<int64_t>(floor);
}

// The reference's answer: the quotient divided in float, then ties to even.
int64_t float_division_round(float x, float s) {
  REQUIRE(std::fegetround() == FE_TONEAREST);
  return static_cast<int64_t>(std::nearbyint(x / s));
}

// DynamicQuantizeLinear-11 on x: its three outputs (y, y_scale, y_zero_point) and the semantics.
RunResult dynamic_quantize(const std::vector<float>& x) {
  const Tensor in = vec<float>(x);
  SingleNodeModel spec{"DynamicQuantizeLinear", "", 11, {{"x", DType::kFloat, in.shape()}},
                       {{"y", DType::kUInt8, {}}, {"y_scale", DType::kFloat, {}}, {"y_zero_point", DType::kUInt8, {}}}, {}, 0};
  auto proto = build_model(spec);
  for (auto& o : *proto.mutable_graph()->mutable_output()) o.clear_type();  // the kernel's own shapes
  return Model::from_proto(proto, ".", "DynamicQuantizeLinear-test").run({in});
}

}  // namespace

TEST_CASE("QuantizeLinear-10 rounds x / y_scale half to even, both signs, then adds the zero point", "[QuantizeLinear][v10]") {
  const Tensor x = vec<float>({-7, -5, -3, -1, 1, 3, 5, 7});  // x / 2 = -3.5 ... 3.5
  // Ties to even: -4 -2 -2 -0 0 2 2 4 (half away from zero would give -4 -3 -2 -1 1 2 3 4).
  const Tensor y8 = run_node_output("QuantizeLinear", 10, {x, scalar_f(2), scalar<int8_t>(0)});
  CHECK(doubles_of<int8_t>(y8) == std::vector<double>{-4, -2, -2, 0, 0, 2, 2, 4});
  const Tensor yu = run_node_output("QuantizeLinear", 10, {x, scalar_f(2), scalar<uint8_t>(5)});
  CHECK(doubles_of<uint8_t>(yu) == std::vector<double>{1, 3, 3, 5, 5, 7, 7, 9});
  // No zero point: uint8, zero 0, negatives saturate to 0.
  const Tensor yn = run_node_output("QuantizeLinear", 10, {x, scalar_f(2)});
  CHECK(yn.dtype() == DType::kUInt8);
  CHECK(doubles_of<uint8_t>(yn) == std::vector<double>{0, 0, 0, 0, 0, 2, 2, 4});
}

TEST_CASE("QuantizeLinear saturates to each output type's range", "[QuantizeLinear][v10][v21][v25]") {
  const Tensor x = vec<float>({-1e6f, -300, 300, 1e6f, INFINITY, -INFINITY});
  CHECK(doubles_of<int8_t>(run_node_output("QuantizeLinear", 10, {x, scalar_f(1), scalar<int8_t>(3)})) ==
        std::vector<double>{-128, -128, 127, 127, 127, -128});
  CHECK(doubles_of<uint8_t>(run_node_output("QuantizeLinear", 10, {x, scalar_f(1), scalar<uint8_t>(3)})) ==
        std::vector<double>{0, 0, 255, 255, 255, 0});
  CHECK(doubles_of<int16_t>(run_node_output("QuantizeLinear", 21, {x, scalar_f(1), scalar<int16_t>(3)})) ==
        std::vector<double>{-32768, -297, 303, 32767, 32767, -32768});
  const Tensor y4 = run_node_output("QuantizeLinear", 21, {x, scalar_f(1), scalar<Int4>(Int4{1})});
  std::vector<double> v4;
  for (Int4 e : y4.data<Int4>()) v4.push_back(e.value);
  CHECK(v4 == std::vector<double>{-8, -8, 7, 7, 7, -8});
  const Tensor y2 = run_node_output("QuantizeLinear", 25, {vec<float>({-5, -3, -1, 0.5f, 1, 2.5f}), scalar_f(1), scalar<Int2>(Int2{0})});
  std::vector<double> v2;
  for (Int2 e : y2.data<Int2>()) v2.push_back(e.value);
  CHECK(v2 == std::vector<double>{-2, -2, -1, 0, 1, 1});  // 0.5 -> 0 and 2.5 -> 2 -> 1 (saturated)
}

TEST_CASE("QuantizeLinear agrees with the rational oracle; a float division that moves a rounding is marked", "[QuantizeLinear][v21]") {
  std::mt19937 rng(27);
  std::uniform_real_distribution<float> mag(-200.0f, 200.0f), sc(0.01f, 3.0f);
  const int n = 4000;
  std::vector<float> xs(n), ss(n);
  for (int i = 0; i < n; ++i) xs[i] = mag(rng), ss[i] = sc(rng);
  // Near-ties made on purpose: x = (k + 1/2) s rounded to float; and exact ties x = 2k+1, s = 2.
  for (int i = 0; i < 400; ++i) xs[i] = (static_cast<float>(i % 40) - 20.5f) * ss[i];
  for (int i = 400; i < 440; ++i) xs[i] = static_cast<float>(2 * (i - 420) + 1), ss[i] = 2;
  auto run_one = [&](int i) {
    return run_node("QuantizeLinear", 21, {vec<float>({xs[i]}), scalar_f(ss[i]), scalar<int16_t>(0)});
  };
  int moved = 0, ties = 0;
  for (int i = 0; i < n; ++i) {
    const auto r = run_one(i);
    const int64_t exact = oracle_round_half_even(xs[i], ss[i]);
    const int64_t divided = float_division_round(xs[i], ss[i]);
    INFO("x " << xs[i] << " s " << ss[i]);
    CHECK(static_cast<int64_t>(r.outputs.at(0).data<int16_t>()[0]) == divided);
    // Marked exactly where the float division and the exact quotient round apart.
    CHECK((r.semantics.category == Semantics::kImplementationDefined) == (exact != divided));
    moved += exact != divided;
    ties += i >= 400 && i < 440;
  }
  CHECK(ties == 40);
  CHECK(moved > 0);  // the near-ties do reach float's rounding
}

TEST_CASE("QuantizeLinear per axis and blocked: each element takes its own scale and zero point", "[QuantizeLinear][v13][v21]") {
  // x (2, 3), axis 1: scales 1, 2, 4 and zero points 0, 10, 20 per column.
  const Tensor x = Tensor::from_values<float>({2, 3}, {3, 3, 3, -8, 9, 10});
  const Tensor y = run_node_output("QuantizeLinear", 13, {x, vec<float>({1, 2, 4}), vec<int8_t>({0, 10, 20})});
  // 3/1=3, 3/2=1.5->2 (+10), 3/4=0.75->1 (+20); -8, 9/2=4.5->4 (+10), 10/4=2.5->2 (+20)
  CHECK(doubles_of<int8_t>(y) == std::vector<double>{3, 12, 21, -8, 14, 22});
  const Tensor ya = run_node_output("QuantizeLinear", 13, {x, vec<float>({1, 2}), vec<int8_t>({0, 1})}, {make_attr("axis", int64_t{0})});
  CHECK(doubles_of<int8_t>(ya) == std::vector<double>{3, 3, 3, -3, 5, 6});  // row 1 / 2: -4, 4.5->4, 5, each +1
  // Blocked (21): x (2, 6), axis 1, block 4: scale (2, 2), columns 0-3 take [r][0], 4-5 take [r][1].
  const Tensor xb = Tensor::from_values<float>({2, 6}, {1, 2, 3, 4, 5, 6, -1, -2, -3, -4, -5, -6});
  const Tensor sb = Tensor::from_values<float>({2, 2}, {2, 4, 1, 8});
  const Tensor yb = run_node_output("QuantizeLinear", 21, {xb, sb, Tensor::from_values<int8_t>({2, 2}, {0, 0, 0, 0})},
                                    {make_attr("axis", int64_t{1}), make_attr("block_size", int64_t{4})});
  // Row 0: 0.5->0, 1, 1.5->2, 2 | 1.25->1, 1.5->2. Row 1: -1 -2 -3 -4 | -0.625->-1, -0.75->-1.
  CHECK(doubles_of<int8_t>(yb) == std::vector<double>{0, 1, 2, 2, 1, 2, -1, -2, -3, -4, -1, -1});
}

TEST_CASE("QuantizeLinear-19 to float8: one rounding by Cast's rules, saturate", "[QuantizeLinear][v19]") {
  const Tensor x = vec<float>({3.5f, 17, 1000, -1000, 0.3f});
  auto bits = [](const Tensor& t) {
    std::vector<double> v;
    for (auto e : t.data<Float8E4M3FN>()) v.push_back(minifloat_to_double(e.bits, MiniFloatKind::kE4M3FN));
    return v;
  };
  const Tensor zp = scalar<Float8E4M3FN>(Float8E4M3FN{0});
  // 3.5 exact; 17 between 16 and 18 (a tie: even mantissa 16); 1000 saturates to 448; 0.3 -> 0.3125
  // (0.3 lies between 0.28125 and 0.3125, nearer the latter).
  CHECK(bits(run_node_output("QuantizeLinear", 19, {x, scalar_f(1), zp})) == std::vector<double>{3.5, 16, 448, -448, 0.3125});
  const auto unsaturated = bits(run_node_output("QuantizeLinear", 19, {x, scalar_f(1), zp}, {make_attr("saturate", int64_t{0})}));
  CHECK(std::isnan(unsaturated[2]));  // e4m3fn has no infinity: NaN
  // e5m2 has infinities: -1e6 (beyond 57344) is -inf without saturate, -57344 with it.
  const Tensor e5 = run_node_output("QuantizeLinear", 19, {vec<float>({-1e6f}), scalar_f(1), scalar<Float8E5M2>(Float8E5M2{0})},
                                    {make_attr("saturate", int64_t{0})});
  CHECK(minifloat_to_double(e5.data<Float8E5M2>()[0].bits, MiniFloatKind::kE5M2) == -INFINITY);
  const Tensor e5s = run_node_output("QuantizeLinear", 19, {vec<float>({-1e6f}), scalar_f(1), scalar<Float8E5M2>(Float8E5M2{0})});
  CHECK(minifloat_to_double(e5s.data<Float8E5M2>()[0].bits, MiniFloatKind::kE5M2) == -57344);
}

TEST_CASE("QuantizeLinear refuses what the text rules out", "[QuantizeLinear][v10][v13][v21]") {
  const Tensor x = Tensor::from_values<float>({2, 6}, std::vector<float>(12, 1));
  check_invalid("QuantizeLinear", 13, {x, vec<float>({1, 1}), vec<int8_t>({0, 0, 0})}, "must have y_scale's shape");
  check_invalid("QuantizeLinear", 10, {x, vec<float>({1, 1}), vec<int8_t>({0, 0})}, "must be a scalar");
  check_invalid("QuantizeLinear", 13, {x, vec<float>({1, 1, 1, 1, 1, 1}), vec<int8_t>({0, 0, 0, 0, 0, 0})}, "outside",
                {make_attr("axis", int64_t{2})});
  const Tensor s22 = Tensor::from_values<float>({2, 2}, {1, 1, 1, 1});
  const Tensor z22 = Tensor::from_values<int8_t>({2, 2}, {0, 0, 0, 0});
  // D = 6, S = 2: block_size in [3, 5].
  check_invalid("QuantizeLinear", 21, {x, s22, z22}, "accepted range", {make_attr("block_size", int64_t{2})});
  check_invalid("QuantizeLinear", 21, {x, s22, z22}, "accepted range", {make_attr("block_size", int64_t{6})});
  CHECK(run_node_output("QuantizeLinear", 21, {x, s22, z22}, {make_attr("block_size", int64_t{5})}).shape() == Shape{2, 6});
  check_invalid("QuantizeLinear", 21, {x, s22, z22}, "needs block_size");
  check_invalid("QuantizeLinear", 21, {x, scalar_f(1), scalar<uint8_t>(0)}, "output_dtype",
                {make_attr("output_dtype", int64_t{3})});
  CHECK(run_node_output("QuantizeLinear", 21, {x, scalar_f(1)}, {make_attr("output_dtype", int64_t{3})}).dtype() == DType::kInt8);
}

TEST_CASE("DequantizeLinear is (x - zero point) * scale rounded once", "[DequantizeLinear][v10][v21][v23]") {
  const float s = 0.1f;
  const Tensor y = run_node_output("DequantizeLinear", 10, {vec<int8_t>({-128, 0, 1, 127}), scalar_f(s), scalar<int8_t>(1)});
  for (int i = 0; i < 4; ++i) {
    const double diff = std::vector<double>{-129, -1, 0, 126}[i];
    CHECK(y.data<float>()[i] == static_cast<float>(diff * static_cast<double>(s)));  // exact product, one rounding
  }
  // int32 x: (2^30 + 1) * 3 needs 32 bits; float keeps 24: 3221225475 rounds to 3221225472.
  const Tensor big = run_node_output("DequantizeLinear", 10, {vec<int32_t>({(1 << 30) + 1}), scalar_f(3)});
  CHECK(big.data<float>()[0] == 3221225472.0f);
  // Blocked (21): x (2, 4), block 2: scale (2, 2).
  const Tensor xb = Tensor::from_values<uint8_t>({2, 4}, {10, 12, 14, 16, 0, 1, 2, 3});
  const Tensor yb = run_node_output("DequantizeLinear", 21, {xb, Tensor::from_values<float>({2, 2}, {0.5f, 2, 1, 4}),
                                                              Tensor::from_values<uint8_t>({2, 2}, {10, 10, 0, 1})},
                                    {make_attr("block_size", int64_t{2})});
  CHECK(std::vector<float>(yb.data<float>().begin(), yb.data<float>().end()) ==
        std::vector<float>{0, 1, 8, 12, 0, 1, 4, 8});
  // output_dtype (23): float16 y from a float scale.
  const Tensor yh = run_node_output("DequantizeLinear", 23, {vec<int8_t>({3}), scalar_f(0.5f)}, {make_attr("output_dtype", int64_t{10})});
  CHECK(yh.dtype() == DType::kFloat16);
  check_invalid("DequantizeLinear", 23, {vec<int8_t>({3}), scalar_f(0.5f)}, "output_dtype", {make_attr("output_dtype", int64_t{3})});
  check_invalid("DequantizeLinear", 13, {vec<int8_t>({3, 4}), vec<float>({1, 2}), vec<int8_t>({0})}, "x_scale's shape");
}

TEST_CASE("DynamicQuantizeLinear-11 follows the text's float formula and marks where it is open", "[DynamicQuantizeLinear][v11]") {
  // ONNX's own example: max 2, min -3; y_scale = fl(5 / 255); zero point 3 / y_scale = 153.
  const auto r = dynamic_quantize(std::vector<float>{0, 2, -3, -2.5f, 1.34f, 0.5f});
  const float scale = 5.0f / 255.0f;
  CHECK(r.outputs.at(1).data<float>()[0] == scale);
  CHECK(r.outputs.at(2).data<uint8_t>()[0] == 153);
  // 0.5 / scale is 25.5 in float (25.4999... exactly): ties to even 26, + 153 = 179; -2.5 / scale is
  // -127.49999 in float: -127 + 153 = 26 (ONNX's stored outputs).
  CHECK(doubles_of<uint8_t>(r.outputs.at(0)) == std::vector<double>{153, 255, 0, 26, 221, 179});
  CHECK(r.semantics.category == Semantics::kImplementationDefined);
  // Ties of the zero point: min -127.5, max 127.5, y_scale 1, zero point round(127.5) = 128.
  const auto t = dynamic_quantize(std::vector<float>{-127.5f, 127.5f, 1.5f, -0.5f});
  CHECK(t.outputs.at(1).data<float>()[0] == 1.0f);
  CHECK(t.outputs.at(2).data<uint8_t>()[0] == 128);
  CHECK(doubles_of<uint8_t>(t.outputs.at(0)) == std::vector<double>{0, 255, 130, 128});  // -127.5->-128+128, 1.5->2, -0.5->-0
  CHECK(t.semantics.category == Semantics::kDefined);
  const auto z = dynamic_quantize(std::vector<float>{0, 0});
  CHECK(z.outputs.at(1).data<float>()[0] == 0.0f);
  CHECK(z.semantics.category == Semantics::kImplementationDefined);
}
