// The versions of opsets 19-25 that only widened types: IsInf-20 (+float16, bfloat16),
// IsNaN-20, Identity 19-25. Every float16 and bfloat16 bit pattern against a decoding
// from the IEEE field layout (exponent all ones: infinity when the fraction is zero, NaN
// otherwise), written here, not taken from reference/half.
#include <catch2/catch.hpp>

#include "reference/tests/run_node.h"

using namespace touchstone;
using namespace touchstone::testing;

namespace {

struct Layout {
  int fraction_bits;  // float16: 10, bfloat16: 7
};

bool exponent_all_ones(uint16_t bits, Layout l) {
  const unsigned e = (bits >> l.fraction_bits) & ((1u << (15 - l.fraction_bits)) - 1);
  return e == (1u << (15 - l.fraction_bits)) - 1;
}
bool fraction_zero(uint16_t bits, Layout l) { return (bits & ((1u << l.fraction_bits) - 1)) == 0; }

template <class T>
void every_pattern(Layout l) {
  std::vector<T> all;
  for (uint32_t b = 0; b <= 0xFFFF; ++b) all.push_back(T{static_cast<uint16_t>(b)});
  const Tensor x = vec<T>(all);
  for (int pos = 0; pos <= 1; ++pos)
    for (int neg = 0; neg <= 1; ++neg) {
      const Tensor inf = run_node_output("IsInf", 20, {x}, {make_attr("detect_positive", int64_t{pos}),
                                                            make_attr("detect_negative", int64_t{neg})});
      auto got = inf.data<bool>();
      int bad = 0;
      for (uint32_t b = 0; b <= 0xFFFF && bad < 5; ++b) {
        const auto bits = static_cast<uint16_t>(b);
        const bool negative = bits >> 15;
        const bool want = exponent_all_ones(bits, l) && fraction_zero(bits, l) && (negative ? neg : pos);
        if (got[b] != want) {
          ++bad;
          FAIL_CHECK("IsInf-20 pattern " << b << " pos " << pos << " neg " << neg);
        }
      }
    }
  const Tensor nan_out = run_node_output("IsNaN", 20, {x});
  auto nan = nan_out.data<bool>();
  for (uint32_t b = 0; b <= 0xFFFF; ++b) {
    const auto bits = static_cast<uint16_t>(b);
    if (nan[b] != (exponent_all_ones(bits, l) && !fraction_zero(bits, l))) FAIL_CHECK("IsNaN-20 pattern " << b);
  }
}

}  // namespace

TEST_CASE("IsInf-20 and IsNaN-20 on every float16 and bfloat16 pattern", "[IsInf][IsNaN][v20]") {
  every_pattern<Float16>({10});
  every_pattern<BFloat16>({7});
  CHECK(run_node_output("IsInf", 20, {vec<double>({INFINITY, -INFINITY, 1e308, NAN})}) ==
        vec<bool>({true, true, false, false}));
}

TEST_CASE("IsInf takes float16 and bfloat16 only from 20", "[IsInf][v10][v20]") {
  CHECK_THROWS_WITH(run_node("IsInf", 19, {vec<Float16>({Float16{0x7C00}})}), Catch::Contains("tensor(float16)"));
  CHECK_THROWS_WITH(run_node("IsInf", 10, {vec<BFloat16>({BFloat16{0x7F80}})}), Catch::Contains("tensor(bfloat16)"));
  CHECK_THROWS_WITH(run_node("IsInf", 20, {vec<int32_t>({1})}), Catch::Contains("tensor(int32)"));
}

TEST_CASE("Identity 19-25 return their input unchanged", "[Identity][v19][v21][v23][v24][v25]") {
  const Tensor b = vec<BFloat16>({BFloat16{0x7FC1}, BFloat16{0x8000}});
  const Tensor s = Tensor::from_values<std::string>({2}, {"a", ""});
  const Tensor c = vec<std::complex<double>>({{1, -2}});
  for (int v : {19, 21, 23, 24, 25}) {
    INFO("Identity-" << v);
    CHECK(run_node_output("Identity", v, {b}) == b);
    CHECK(run_node_output("Identity", v, {s}) == s);
    CHECK(run_node_output("Identity", v, {c}) == c);
  }
}

// The float8 types of IsInf-20 and IsNaN-20, every pattern, from the formats' definitions
// (ONNX's float8 text): e4m3fn has no infinity and NaN is S.1111.111; e5m2 follows IEEE
// (exponent 11111: infinity with fraction 00, NaN otherwise); the fnuz types have no
// infinity and one NaN, 0x80.
template <class T>
void float8_patterns(bool (*want_nan)(unsigned), int (*want_inf)(unsigned)) {
  std::vector<T> all;
  for (unsigned b = 0; b <= 0xFF; ++b) all.push_back(T{static_cast<uint8_t>(b)});
  const Tensor x = vec<T>(all);
  const Tensor nan_out = run_node_output("IsNaN", 20, {x}), inf_out = run_node_output("IsInf", 20, {x});
  const Tensor pos_out = run_node_output("IsInf", 20, {x}, {make_attr("detect_negative", int64_t{0})});
  auto nan = nan_out.data<bool>();
  auto inf = inf_out.data<bool>();
  auto pos = pos_out.data<bool>();
  for (unsigned b = 0; b <= 0xFF; ++b) {
    INFO("pattern " << b);
    CHECK(nan[b] == want_nan(b));
    CHECK(inf[b] == (want_inf(b) != 0));
    CHECK(pos[b] == (want_inf(b) > 0));
  }
}

TEST_CASE("IsInf-20 and IsNaN-20 on every float8 pattern", "[IsInf][IsNaN][v20]") {
  const auto no_inf = [](unsigned) { return 0; };
  const auto fnuz_nan = [](unsigned b) { return b == 0x80; };
  float8_patterns<Float8E4M3FN>([](unsigned b) { return (b & 0x7F) == 0x7F; }, no_inf);
  float8_patterns<Float8E4M3FNUZ>(fnuz_nan, no_inf);
  float8_patterns<Float8E5M2>([](unsigned b) { return (b & 0x7C) == 0x7C && (b & 3) != 0; },
                              [](unsigned b) { return (b & 0x7F) == 0x7C ? (b & 0x80 ? -1 : 1) : 0; });
  float8_patterns<Float8E5M2FNUZ>(fnuz_nan, no_inf);
}
