// QLinearMatMul, ConvInteger and QLinearConv against an independent oracle written here: the
// sums by plain integer loops (the convolution by its index formula, input position
// o * stride - pad + k * dilation), the requantization as a rational of 128-bit integers
// (each float scale is m 2^e with a 24-bit m), rounded half to even by integer comparison;
// marks checked against what they promise: where an element is not marked, a float32
// evaluation (the multiplier (a * b) / y in float, the product in float, nearbyint) gives
// the same answer; exact ties with a float32-exact multiplier are defined and go to even.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>

#include "reference/minifloat.h"
#include "reference/tests/logic_testing.h"
#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;
using logic::check_invalid;

namespace {

Tensor scalar_f(float v) { return Tensor::from_values<float>({}, {v}); }
template <class T>
Tensor scalar(T v) {
  return Tensor::from_values<T>({}, {v});
}
template <class T>
Tensor tensor(Shape s, std::vector<T> v) {
  return Tensor::from_values<T>(std::move(s), v);
}

// round_half_even(S * a * b / y) + zp, saturated to [lo, hi], by exact integers.
int64_t oracle_requantize(int64_t sum, float a, float b, float y, int64_t zp, int64_t lo, int64_t hi) {
  int ea = 0, eb = 0, ey = 0;
  const auto ma = static_cast<__int128>(std::ldexp(std::frexp(a, &ea), 24));
  const auto mb = static_cast<__int128>(std::ldexp(std::frexp(b, &eb), 24));
  const auto my = static_cast<__int128>(std::ldexp(std::frexp(y, &ey), 24));
  __int128 num = sum * ma * mb, den = my;  // a b / y = ma mb 2^(ea+eb-ey-24) / my
  const int shift = ea + eb - ey - 24;           // within +-40 for the scales drawn here
  if (shift >= 0)
    num <<= shift;
  else
    den <<= -shift;
  if (den < 0) num = -num, den = -den;
  __int128 floor = num / den, rest = num % den;
  if (rest < 0) floor -= 1, rest += den;
  if (2 * rest > den || (2 * rest == den && floor % 2 != 0)) floor += 1;
  return std::clamp(static_cast<int64_t>(floor) + zp, lo, hi);
}

// The float32 evaluation a backend would make.
int64_t float32_requantize(int64_t sum, float a, float b, float y, int64_t zp, int64_t lo, int64_t hi) {
  const float m = (a * b) / y;
  const float q = static_cast<float>(sum) * m;
  return std::clamp(static_cast<int64_t>(std::nearbyint(q)) + zp, lo, hi);
}

template <class T>
std::vector<int64_t> ints_of(const Tensor& t) {
  std::vector<int64_t> v;
  for (T e : t.data<T>()) v.push_back(e);
  return v;
}

}  // namespace

TEST_CASE("QLinearMatMul agrees with the oracle: batches, per row and per column parameters",
          "[QLinearMatMul][v10][v21]") {
  std::mt19937 rng(10);
  std::uniform_int_distribution<int> u8(0, 255), s8(-128, 127), zp(0, 20);
  const int64_t batch = 2, m = 3, k = 4, n = 5;
  std::vector<uint8_t> a(batch * m * k), az(batch * m);
  std::vector<int8_t> b(batch * k * n), bz(batch * n);
  std::vector<float> as(batch * m), bs(batch * n);
  for (auto& v : a) v = static_cast<uint8_t>(u8(rng));
  for (auto& v : b) v = static_cast<int8_t>(s8(rng));
  for (auto& v : az) v = static_cast<uint8_t>(zp(rng));
  for (auto& v : bz) v = static_cast<int8_t>(zp(rng) - 10);
  for (size_t i = 0; i < as.size(); ++i) as[i] = 0.0517f * static_cast<float>(i + 1);
  for (size_t i = 0; i < bs.size(); ++i) bs[i] = 0.0243f / static_cast<float>(i + 1);
  const float ys = 0.487f;
  const int8_t yz = -3;
  for (int opset : {10, 21}) {
    const auto r = run_node("QLinearMatMul", opset,
                            {tensor<uint8_t>({batch, m, k}, a), tensor<float>({batch, m, 1}, as),
                             tensor<uint8_t>({batch, m, 1}, az), tensor<int8_t>({batch, k, n}, b),
                             tensor<float>({batch, 1, n}, bs), tensor<int8_t>({batch, 1, n}, bz),
                             scalar_f(ys), scalar<int8_t>(yz)});
    const auto y = ints_of<int8_t>(r.outputs.at(0));
    REQUIRE(r.outputs.at(0).shape() == Shape{batch, m, n});
    for (int64_t p = 0; p < batch; ++p)
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
          int64_t sum = 0;
          for (int64_t t = 0; t < k; ++t)
            sum += (int64_t{a[(p * m + i) * k + t]} - az[p * m + i]) *
                   (int64_t{b[(p * k + t) * n + j]} - bz[p * n + j]);
          CHECK(y[(p * m + i) * n + j] ==
                oracle_requantize(sum, as[p * m + i], bs[p * n + j], ys, yz, -128, 127));
        }
  }
}

TEST_CASE("QLinearMatMul: where an element is not marked, a float32 multiplier gives the exact answer",
          "[QLinearMatMul][v10]") {
  std::mt19937 rng(27);
  std::uniform_real_distribution<float> scale(0.01f, 2.0f);
  std::uniform_int_distribution<int> s8(-128, 127);
  int marked = 0, moved = 0, ties = 0;
  for (int i = 0; i < 3000; ++i) {
    const int8_t a0 = static_cast<int8_t>(s8(rng)), a1 = static_cast<int8_t>(s8(rng));
    const int8_t b0 = static_cast<int8_t>(s8(rng)), b1 = static_cast<int8_t>(s8(rng));
    const int64_t sum = int64_t{a0} * b0 + int64_t{a1} * b1;
    float sa = scale(rng), sb = scale(rng), sy = scale(rng) * 100;
    if (i < 600) {  // near ties: y chosen so that the multiplier puts sum near k + 1/2
      const double target = std::floor(static_cast<double>(sum) / 200) + 0.5;
      if (sum != 0) sy = static_cast<float>(static_cast<double>(sa) * sb * static_cast<double>(sum) / target);
    } else if (i < 700) {  // exact ties, float32-exact: multiplier 1/2 or 1/4, sum odd
      sa = 1, sb = i % 2 ? 0.5f : 0.25f, sy = 1;
    }
    const auto r = run_node(
        "QLinearMatMul", 10,
        {tensor<int8_t>({1, 2}, {a0, a1}), scalar_f(sa), scalar<int8_t>(0), tensor<int8_t>({2, 1}, {b0, b1}),
         scalar_f(sb), scalar<int8_t>(0), scalar_f(sy), scalar<int8_t>(0)});
    const int64_t exact = oracle_requantize(sum, sa, sb, sy, 0, -128, 127);
    const int64_t in_float = float32_requantize(sum, sa, sb, sy, 0, -128, 127);
    INFO("sum " << sum << " scales " << sa << " " << sb << " " << sy);
    CHECK(r.outputs.at(0).data<int8_t>()[0] == exact);
    const bool is_marked = r.semantics.category == Semantics::kImplementationDefined;
    if (!is_marked) CHECK(in_float == exact);
    if (i >= 600 && i < 700 && ((i % 2 && sum % 2 != 0) || (i % 2 == 0 && std::abs(sum % 4) == 2))) {
      ++ties;
      CHECK_FALSE(is_marked);
    }
    marked += is_marked;
    moved += in_float != exact;
  }
  CHECK(ties > 20);
  CHECK(marked > 50);  // the near ties reach float32's rounding
  CHECK(moved > 0);
}

TEST_CASE("QLinearMatMul: ties to even, K = 0, saturation, int32 overflow", "[QLinearMatMul][v10]") {
  // q = a / 2 for a = -7 ... 7 odd: ties, to even; y_zero_point 0.
  const auto ties =
      run_node("QLinearMatMul", 10,
               {tensor<int8_t>({8, 1}, {-7, -5, -3, -1, 1, 3, 5, 7}), scalar_f(0.5f), scalar<int8_t>(0),
                tensor<int8_t>({1, 1}, {1}), scalar_f(1), scalar<int8_t>(0), scalar_f(1), scalar<int8_t>(0)});
  CHECK(ints_of<int8_t>(ties.outputs.at(0)) == std::vector<int64_t>{-4, -2, -2, 0, 0, 2, 2, 4});
  CHECK(ties.semantics.category == Semantics::kDefined);
  // 0.1 / 0.2 is 1/2 exactly in float32 (0.2f = 2 x 0.1f): still ties, still defined.
  const auto tenths = run_node(
      "QLinearMatMul", 10,
      {tensor<int8_t>({4, 1}, {-3, -1, 1, 3}), scalar_f(0.1f), scalar<int8_t>(0), tensor<int8_t>({1, 1}, {1}),
       scalar_f(1), scalar<int8_t>(0), scalar_f(0.2f), scalar<uint8_t>(10)});
  CHECK(ints_of<uint8_t>(tenths.outputs.at(0)) == std::vector<int64_t>{8, 10, 10, 12});
  CHECK(tenths.semantics.category == Semantics::kDefined);
  // K = 0: every sum is 0, y is the zero point.
  const auto empty =
      run_node("QLinearMatMul", 10,
               {Tensor(DType::kUInt8, {3, 0}), scalar_f(1), scalar<uint8_t>(4), Tensor(DType::kUInt8, {0, 2}),
                scalar_f(1), scalar<uint8_t>(9), scalar_f(1), scalar<uint8_t>(7)});
  CHECK(ints_of<uint8_t>(empty.outputs.at(0)) == std::vector<int64_t>(6, 7));
  // Saturation: 100 * 100 / 1 past 127 and below -128.
  const auto sat = run_node(
      "QLinearMatMul", 10,
      {tensor<int8_t>({2, 1}, {100, -100}), scalar_f(1), scalar<int8_t>(0), tensor<int8_t>({1, 1}, {100}),
       scalar_f(1), scalar<int8_t>(0), scalar_f(1), scalar<int8_t>(0)});
  CHECK(ints_of<int8_t>(sat.outputs.at(0)) == std::vector<int64_t>{127, -128});
  // 33026 terms of 255^2: past int32, undefined.
  const int64_t k = 33026;
  const auto over =
      run_node("QLinearMatMul", 10,
               {Tensor::from_values<uint8_t>({1, k}, std::vector<uint8_t>(k, 0)), scalar_f(1e-6f),
                scalar<uint8_t>(255), Tensor::from_values<uint8_t>({k, 1}, std::vector<uint8_t>(k, 0)),
                scalar_f(1e-3f), scalar<uint8_t>(255), scalar_f(1), scalar<uint8_t>(0)});
  CHECK(over.semantics.category == Semantics::kUndefined);
}

TEST_CASE("QLinearMatMul-21: float16 scales and float8 data", "[QLinearMatMul][v21]") {
  // float16 scales 0.5, 1, 1: a tie to even as with float.
  const auto half =
      run_node("QLinearMatMul", 21,
               {tensor<int8_t>({2, 1}, {3, 5}), scalar<Float16>(float16_from_double(0.5)), scalar<int8_t>(0),
                tensor<int8_t>({1, 1}, {1}), scalar<Float16>(float16_from_double(1)), scalar<int8_t>(0),
                scalar<Float16>(float16_from_double(1)), scalar<int8_t>(0)});
  CHECK(ints_of<int8_t>(half.outputs.at(0)) == std::vector<int64_t>{2, 2});
  // float8e4m3fn: S = 2 * 1 + 0.125 * 1 = 2.125, times 1/2 is 1.0625, halfway between 1 and
  // 1.125 (3 mantissa bits): to even, 1. 256 + 256 times 1/2 is 256.
  auto f8 = [](double v) { return minifloat_from<Float8E4M3FN>(v, true); };
  auto run = [&](std::vector<Float8E4M3FN> a) {
    return run_node("QLinearMatMul", 21,
                    {tensor<Float8E4M3FN>({2, 2}, std::move(a)), scalar_f(0.5f), scalar<Float8E4M3FN>(f8(0)),
                     tensor<Float8E4M3FN>({2, 1}, {f8(1), f8(1)}), scalar_f(1), scalar<Float8E4M3FN>(f8(0)),
                     scalar_f(1), scalar<Float8E4M3FN>(f8(0))});
  };
  const auto r = run({f8(2), f8(0.125), f8(256), f8(256)});
  const auto y = r.outputs.at(0).data<Float8E4M3FN>();
  CHECK(y[0] == f8(1));
  CHECK(y[1] == f8(256));
  CHECK(r.semantics.category == Semantics::kDefined);
  // 448 + 448 times 1/2 is 448, the largest; -(448 + 448) * 2 / 2 ... saturates at -448.
  const auto s = run({f8(448), f8(448), f8(-448), f8(-448)});
  CHECK(s.outputs.at(0).data<Float8E4M3FN>()[0] == f8(448));
  const auto t =
      run_node("QLinearMatMul", 21,
               {tensor<Float8E4M3FN>({1, 2}, {f8(448), f8(448)}), scalar_f(1), scalar<Float8E4M3FN>(f8(0)),
                tensor<Float8E4M3FN>({2, 1}, {f8(2), f8(2)}), scalar_f(1), scalar<Float8E4M3FN>(f8(0)),
                scalar_f(1), scalar<Float8E4M3FN>(f8(0))});
  CHECK(t.outputs.at(0).data<Float8E4M3FN>()[0] == f8(448));  // 1792 saturates (no NaN)
}

TEST_CASE("QLinearMatMul refuses parameters of the wrong shapes", "[QLinearMatMul][v10]") {
  const Tensor a(DType::kUInt8, {3, 4}), b(DType::kUInt8, {4, 5});
  check_invalid("QLinearMatMul", 10,
                {a, tensor<float>({3}, {1, 1, 1}), scalar<uint8_t>(0), b, scalar_f(1), scalar<uint8_t>(0),
                 scalar_f(1), scalar<uint8_t>(0)},
                "same shape");
  check_invalid("QLinearMatMul", 10,
                {a, tensor<float>({4}, {1, 1, 1, 1}), tensor<uint8_t>({4}, {0, 0, 0, 0}), b, scalar_f(1),
                 scalar<uint8_t>(0), scalar_f(1), scalar<uint8_t>(0)},
                "fits none of the allowed forms");
  check_invalid("QLinearMatMul", 10,
                {a, scalar_f(1), scalar<uint8_t>(0), b, scalar_f(1), scalar<uint8_t>(0),
                 tensor<float>({5}, {1, 1, 1, 1, 1}), tensor<uint8_t>({5}, {0, 0, 0, 0, 0})},
                "per tensor");
}

namespace {

// The convolution by its formula: NCHW, 2-D, explicit pads, strides, dilations, group; x and
// w shifted by their zero points (w's per output channel); positions outside x add nothing.
struct Conv2d {
  int64_t n, c, h, w, m, kh, kw, group;
  int64_t sh = 1, sw = 1, dh = 1, dw = 1, ph0 = 0, pw0 = 0, ph1 = 0, pw1 = 0;
  int64_t oh() const { return (h + ph0 + ph1 - ((kh - 1) * dh + 1)) / sh + 1; }
  int64_t ow() const { return (w + pw0 + pw1 - ((kw - 1) * dw + 1)) / sw + 1; }
  template <class X, class W>
  std::vector<int64_t> sums(const std::vector<X>& x, int64_t xz, const std::vector<W>& wt,
                            const std::vector<int64_t>& wz) const {
    std::vector<int64_t> out;
    const int64_t cg = c / group, mg = m / group;
    for (int64_t b = 0; b < n; ++b)
      for (int64_t o = 0; o < m; ++o)
        for (int64_t i = 0; i < oh(); ++i)
          for (int64_t j = 0; j < ow(); ++j) {
            int64_t s = 0;
            for (int64_t ci = 0; ci < cg; ++ci)
              for (int64_t u = 0; u < kh; ++u)
                for (int64_t v = 0; v < kw; ++v) {
                  const int64_t y = i * sh - ph0 + u * dh, z = j * sw - pw0 + v * dw;
                  if (y < 0 || y >= h || z < 0 || z >= w) continue;
                  const int64_t ch = (o / mg) * cg + ci;
                  s += (int64_t{x[((b * c + ch) * h + y) * w + z]} - xz) *
                       (int64_t{wt[((o * cg + ci) * kh + u) * kw + v]} - wz[wz.size() == 1 ? 0 : o]);
                }
            out.push_back(s);
          }
    return out;
  }
  std::vector<onnx::AttributeProto> attrs() const {
    return {make_attr("group", group), make_attr("strides", std::vector<int64_t>{sh, sw}),
            make_attr("dilations", std::vector<int64_t>{dh, dw}),
            make_attr("pads", std::vector<int64_t>{ph0, pw0, ph1, pw1})};
  }
};

template <class T>
std::vector<T> drawn(std::mt19937& rng, size_t n) {
  std::uniform_int_distribution<int> d(std::numeric_limits<T>::min(), std::numeric_limits<T>::max());
  std::vector<T> v(n);
  for (auto& e : v) e = static_cast<T>(d(rng));
  return v;
}

}  // namespace

TEST_CASE("ConvInteger agrees with the oracle: pads, strides, dilations, group, per-channel w zero point",
          "[ConvInteger][v10]") {
  std::mt19937 rng(11);
  for (const Conv2d g :
       {Conv2d{2, 4, 7, 6, 4, 3, 2, 2, 2, 1, 1, 2, 1, 0, 0, 1},
        Conv2d{1, 3, 5, 5, 6, 2, 2, 3, 1, 2, 2, 1, 0, 1, 1, 0}, Conv2d{1, 2, 4, 4, 3, 3, 3, 1}}) {
    const auto x = drawn<uint8_t>(rng, static_cast<size_t>(g.n * g.c * g.h * g.w));
    const auto w = drawn<int8_t>(rng, static_cast<size_t>(g.m * (g.c / g.group) * g.kh * g.kw));
    std::vector<int8_t> wz(static_cast<size_t>(g.m));
    for (size_t i = 0; i < wz.size(); ++i) wz[i] = static_cast<int8_t>(3 * i) - 5;
    const auto r = run_node(
        "ConvInteger", 10,
        {tensor<uint8_t>({g.n, g.c, g.h, g.w}, x), tensor<int8_t>({g.m, g.c / g.group, g.kh, g.kw}, w),
         scalar<uint8_t>(17), tensor<int8_t>({g.m}, wz)},
        g.attrs());
    REQUIRE(r.outputs.at(0).shape() == Shape{g.n, g.m, g.oh(), g.ow()});
    CHECK(ints_of<int32_t>(r.outputs.at(0)) == g.sums(x, 17, w, std::vector<int64_t>(wz.begin(), wz.end())));
  }
}

TEST_CASE("ConvInteger: SAME_UPPER / SAME_LOWER padding, no zero points, zero channels",
          "[ConvInteger][v10]") {
  // x 1..5 (1-D), w [1, 10]: SAME_UPPER pads one at the end, SAME_LOWER one at the start.
  const Tensor x = tensor<uint8_t>({1, 1, 5}, {1, 2, 3, 4, 5}), w = tensor<uint8_t>({1, 1, 2}, {1, 10});
  CHECK(ints_of<int32_t>(
            run_node_output("ConvInteger", 10, {x, w}, {make_attr("auto_pad", std::string("SAME_UPPER"))})) ==
        std::vector<int64_t>{21, 32, 43, 54, 5});
  CHECK(ints_of<int32_t>(
            run_node_output("ConvInteger", 10, {x, w}, {make_attr("auto_pad", std::string("SAME_LOWER"))})) ==
        std::vector<int64_t>{10, 21, 32, 43, 54});
  // No input channels: every sum is empty, 0.
  CHECK(ints_of<int32_t>(run_node_output(
            "ConvInteger", 10, {Tensor(DType::kInt8, {1, 0, 3}), Tensor(DType::kInt8, {2, 0, 2})})) ==
        std::vector<int64_t>(4, 0));
  check_invalid("ConvInteger", 10, {x, w, tensor<uint8_t>({2}, {0, 0})}, "per tensor");
  check_invalid("ConvInteger", 10, {x, w, scalar<uint8_t>(0), tensor<uint8_t>({2}, {0, 0})},
                "output channels");
}

TEST_CASE("QLinearConv agrees with the oracle: bias, per-channel w scale and zero point",
          "[QLinearConv][v10]") {
  std::mt19937 rng(12);
  const Conv2d g{1, 4, 6, 5, 4, 3, 2, 2, 1, 2, 2, 1, 1, 0, 0, 1};
  const auto x = drawn<int8_t>(rng, static_cast<size_t>(g.n * g.c * g.h * g.w));
  const auto w = drawn<uint8_t>(rng, static_cast<size_t>(g.m * (g.c / g.group) * g.kh * g.kw));
  const std::vector<uint8_t> wz = {120, 128, 130, 131};
  const std::vector<float> ws = {0.0243f, 0.031f, 0.0177f, 0.05f};
  const std::vector<int32_t> bias = {-1500, 0, 700, 20000};
  const float xs = 0.0517f, ys = 0.487f;
  const auto r =
      run_node("QLinearConv", 10,
               {tensor<int8_t>({g.n, g.c, g.h, g.w}, x), scalar_f(xs), scalar<int8_t>(-3),
                tensor<uint8_t>({g.m, g.c / g.group, g.kh, g.kw}, w), tensor<float>({g.m}, ws),
                tensor<uint8_t>({g.m}, wz), scalar_f(ys), scalar<uint8_t>(128), tensor<int32_t>({g.m}, bias)},
               g.attrs());
  const auto sums = g.sums(x, -3, w, std::vector<int64_t>(wz.begin(), wz.end()));
  const auto y = ints_of<uint8_t>(r.outputs.at(0));
  REQUIRE(y.size() == sums.size());
  const size_t plane = static_cast<size_t>(g.oh() * g.ow());
  for (size_t i = 0; i < y.size(); ++i) {
    const size_t o = i / plane;
    CHECK(y[i] == oracle_requantize(sums[i] + bias[o], xs, ws[o], ys, 128, 0, 255));
  }
  check_invalid("QLinearConv", 10,
                {tensor<int8_t>({g.n, g.c, g.h, g.w}, x), scalar_f(xs), scalar<int8_t>(-3),
                 tensor<uint8_t>({g.m, g.c / g.group, g.kh, g.kw}, w), tensor<float>({g.m}, ws),
                 scalar<uint8_t>(0), scalar_f(ys), scalar<uint8_t>(128)},
                "same shape", g.attrs());
}
