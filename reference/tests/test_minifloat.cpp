// Exhaustive tests of the float8 / float4 <-> double conversions in reference/minifloat.h.
//
// The oracle does not use minifloat.cpp: each format is written down from its
// definition (field widths, bias, which patterns are NaN or inf, largest value and
// smallest subnormal as the papers and onnx.proto state them), every pattern is decoded
// with integer arithmetic, and encoding is checked against a nearest-value search over
// the sorted table of all finite values (ties to the even pattern), at every midpoint
// between neighbours and for random doubles.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "reference/dtype.h"

using namespace touchstone;

namespace {

struct Spec {
  const char* name;
  MiniFloatKind kind;
  int e, m, bias;
  enum Specials { kIeee, kFn, kFnuz, kNone } specials;
  double largest, smallest_subnormal;
};
const Spec kSpecs[] = {
    {"float8e4m3fn", MiniFloatKind::kE4M3FN, 4, 3, 7, Spec::kFn, 448, 0x1p-9},
    {"float8e4m3fnuz", MiniFloatKind::kE4M3FNUZ, 4, 3, 8, Spec::kFnuz, 240, 0x1p-10},
    {"float8e5m2", MiniFloatKind::kE5M2, 5, 2, 15, Spec::kIeee, 57344, 0x1p-16},
    {"float8e5m2fnuz", MiniFloatKind::kE5M2FNUZ, 5, 2, 16, Spec::kFnuz, 57344, 0x1p-17},
    {"float4e2m1", MiniFloatKind::kE2M1, 2, 1, 1, Spec::kNone, 6, 0.5},
};

// 2^k by repeated doubling or halving (exact for these small k).
double power_of_two(int k) {
  double p = 1;
  for (; k > 0; --k) p *= 2;
  for (; k < 0; ++k) p /= 2;
  return p;
}

double oracle_decode(const Spec& s, unsigned b) {
  const unsigned all_e = (1u << s.e) - 1, all_m = (1u << s.m) - 1;
  const bool negative = (b >> (s.e + s.m)) & 1;
  const unsigned E = (b >> s.m) & all_e, M = b & all_m;
  if (s.specials == Spec::kFnuz && b == 0x80) return NAN;
  if (s.specials == Spec::kFn && E == all_e && M == all_m) return negative ? -NAN : NAN;
  if (s.specials == Spec::kIeee && E == all_e) return M ? (negative ? -NAN : NAN) : (negative ? -INFINITY : INFINITY);
  const double significand = E == 0 ? M : M + (1u << s.m);
  const double v = significand * power_of_two((E == 0 ? 1 : static_cast<int>(E)) - s.bias - s.m);
  return negative ? -v : v;
}

bool same(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b) && std::signbit(a) == std::signbit(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

struct Entry {
  double value;
  unsigned bits;
};
// Every finite, non-negative value with its pattern, ascending (+0 first).
std::vector<Entry> positive_table(const Spec& s) {
  std::vector<Entry> t;
  const unsigned patterns = 1u << (s.e + s.m);  // sign bit clear
  for (unsigned b = 0; b < patterns; ++b) {
    const double v = oracle_decode(s, b);
    if (std::isfinite(v)) t.push_back({v, b});
  }
  std::sort(t.begin(), t.end(), [](const Entry& a, const Entry& b) { return a.value < b.value; });
  return t;
}

unsigned sign_bit(const Spec& s) { return 1u << (s.e + s.m); }

// The oracle's rounding of x (|x| <= largest) to nearest, ties to the even pattern.
unsigned oracle_encode(const Spec& s, const std::vector<Entry>& table, double x) {
  const double a = std::fabs(x);
  size_t best = 0;
  for (size_t i = 1; i < table.size(); ++i) {
    const double d = std::fabs(table[i].value - a), db = std::fabs(table[best].value - a);
    if (d < db || (d == db && (table[i].bits & 1) == 0)) best = i;
  }
  unsigned b = table[best].bits;
  const bool negative = std::signbit(x);
  if (negative && !(s.specials == Spec::kFnuz && b == 0)) b |= sign_bit(s);
  return b;
}

std::string hex(unsigned v) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "0x%02X", v);
  return buf;
}

}  // namespace

TEST_CASE("minifloat decode: every pattern matches the formats' definitions", "[minifloat]") {
  for (const Spec& s : kSpecs) {
    INFO(s.name);
    const unsigned patterns = 1u << (1 + s.e + s.m);
    for (unsigned b = 0; b < patterns; ++b) {
      INFO(hex(b));
      CHECK(same(minifloat_to_double(static_cast<uint8_t>(b), s.kind), oracle_decode(s, b)));
    }
    CHECK(minifloat_max(s.kind) == s.largest);
    CHECK(minifloat_to_double(1, s.kind) == s.smallest_subnormal);
    const auto table = positive_table(s);
    CHECK(table.back().value == s.largest);
  }
  // Facts stated directly: e4m3fn's NaN is S.1111.111 only; fnuz has one NaN, 0x80, and no -0.
  CHECK(std::isnan(minifloat_to_double(0x7F, MiniFloatKind::kE4M3FN)));
  CHECK(std::isnan(minifloat_to_double(0xFF, MiniFloatKind::kE4M3FN)));
  CHECK(minifloat_to_double(0x7E, MiniFloatKind::kE4M3FN) == 448);
  CHECK(minifloat_to_double(0x78, MiniFloatKind::kE4M3FN) == 256);  // S.1111.000 is a number
  CHECK(std::isnan(minifloat_to_double(0x80, MiniFloatKind::kE4M3FNUZ)));
  CHECK(std::isinf(minifloat_to_double(0x7C, MiniFloatKind::kE5M2)));
  CHECK(minifloat_to_double(0xFB, MiniFloatKind::kE5M2) == -57344);
  CHECK(std::isnan(minifloat_to_double(0x80, MiniFloatKind::kE5M2FNUZ)));
  CHECK(minifloat_to_double(0x7F, MiniFloatKind::kE5M2FNUZ) == 57344);
  const double e2m1[] = {0, 0.5, 1, 1.5, 2, 3, 4, 6};
  for (unsigned b = 0; b < 8; ++b) {
    CHECK(minifloat_to_double(static_cast<uint8_t>(b), MiniFloatKind::kE2M1) == e2m1[b]);
    CHECK(minifloat_to_double(static_cast<uint8_t>(b | 8), MiniFloatKind::kE2M1) == -e2m1[b]);
  }
}

TEST_CASE("minifloat encode: every value reads back to its own pattern", "[minifloat]") {
  for (const Spec& s : kSpecs) {
    INFO(s.name);
    const unsigned patterns = 1u << (1 + s.e + s.m);
    for (unsigned b = 0; b < patterns; ++b) {
      const double v = oracle_decode(s, b);
      if (std::isnan(v) || std::isinf(v)) continue;
      INFO(hex(b));
      CHECK(minifloat_from_double(v, s.kind, true) == b);
      CHECK(minifloat_from_double(v, s.kind, false) == b);
    }
  }
}

TEST_CASE("minifloat encode: midpoints round to the even pattern, their neighbours to the nearer", "[minifloat]") {
  for (const Spec& s : kSpecs) {
    INFO(s.name);
    const auto table = positive_table(s);
    for (size_t i = 0; i + 1 < table.size(); ++i) {
      const Entry lo = table[i], hi = table[i + 1];
      const double mid = (lo.value + hi.value) / 2;  // exact in double
      const unsigned even = (lo.bits & 1) == 0 ? lo.bits : hi.bits;
      for (double sign : {1.0, -1.0}) {
        INFO("between " << lo.value << " and " << hi.value << " sign " << sign);
        auto with_sign = [&](unsigned b) {
          return sign < 0 && !(s.specials == Spec::kFnuz && b == 0) ? b | sign_bit(s) : b;
        };
        CHECK(minifloat_from_double(sign * mid, s.kind, true) == with_sign(even));
        CHECK(minifloat_from_double(sign * std::nextafter(mid, 0.0), s.kind, true) == with_sign(lo.bits));
        CHECK(minifloat_from_double(sign * std::nextafter(mid, INFINITY), s.kind, true) == with_sign(hi.bits));
      }
    }
  }
}

TEST_CASE("minifloat encode: overflow, infinity, NaN and signed zero", "[minifloat]") {
  for (const Spec& s : kSpecs) {
    INFO(s.name);
    const auto table = positive_table(s);
    const unsigned max_bits = table.back().bits;
    const double ulp = s.largest - table[table.size() - 2].value;
    // The value after the largest, were the exponent unbounded, is largest + ulp (the
    // largest's binade); half-way ties to even, so it stays when the largest is even.
    const double tie = s.largest + ulp / 2;
    const unsigned nan_plus = s.specials == Spec::kFnuz ? 0x80 : s.specials == Spec::kFn ? 0x7F : 0x7E;
    const unsigned overflow = s.specials == Spec::kIeee ? 0x7C : s.specials == Spec::kNone ? max_bits : nan_plus;
    const bool tie_stays = (max_bits & 1) == 0;
    CHECK(minifloat_from_double(tie, s.kind, false) == (tie_stays ? max_bits : overflow));
    CHECK(minifloat_from_double(std::nextafter(tie, INFINITY), s.kind, false) == overflow);
    CHECK(minifloat_from_double(std::nextafter(tie, INFINITY), s.kind, true) == max_bits);
    CHECK(minifloat_from_double(1e300, s.kind, true) == max_bits);
    CHECK(minifloat_from_double(INFINITY, s.kind, true) == max_bits);
    CHECK(minifloat_from_double(INFINITY, s.kind, false) == overflow);
    CHECK(minifloat_from_double(-INFINITY, s.kind, true) == (max_bits | sign_bit(s)));
    // Half the smallest subnormal ties to zero (even); just above, the smallest subnormal.
    CHECK(minifloat_from_double(s.smallest_subnormal / 2, s.kind, false) == 0);
    CHECK(minifloat_from_double(std::nextafter(s.smallest_subnormal / 2, 1.0), s.kind, false) == 1);
    // -0 and negative underflow: -0 where the format has it, +0 in fnuz.
    const unsigned minus_zero = s.specials == Spec::kFnuz ? 0 : sign_bit(s);
    CHECK(minifloat_from_double(-0.0, s.kind, false) == minus_zero);
    CHECK(minifloat_from_double(-s.smallest_subnormal / 4, s.kind, false) == minus_zero);
    if (s.specials != Spec::kNone) {
      CHECK(std::isnan(minifloat_to_double(minifloat_from_double(NAN, s.kind, true), s.kind)));
      CHECK(std::isnan(minifloat_to_double(minifloat_from_double(-NAN, s.kind, false), s.kind)));
    }
  }
  CHECK(minifloat_from_double(-INFINITY, MiniFloatKind::kE5M2, false) == 0xFC);
  CHECK(minifloat_from_double(-INFINITY, MiniFloatKind::kE4M3FN, false) == 0xFF);  // -NaN
  CHECK(minifloat_from_double(-INFINITY, MiniFloatKind::kE4M3FNUZ, false) == 0x80);
  CHECK(minifloat_from_double(-NAN, MiniFloatKind::kE4M3FN, true) == 0xFF);
  CHECK(minifloat_from_double(-NAN, MiniFloatKind::kE5M2FNUZ, true) == 0x80);
  CHECK(minifloat_from_double(464, MiniFloatKind::kE4M3FN, false) == 0x7E);  // tie between 448 and 480: even
  CHECK(minifloat_from_double(61440, MiniFloatKind::kE5M2, false) == 0x7C);  // tie between 57344 and 2^16
  CHECK(minifloat_from_double(NAN, MiniFloatKind::kE2M1, true) == 0x7);      // no NaN: +6
  CHECK(minifloat_from_double(-7, MiniFloatKind::kE2M1, false) == 0xF);      // no inf: -6
}

TEST_CASE("minifloat encode: random doubles match the nearest-value search", "[minifloat]") {
  std::mt19937_64 rng(20260822);
  for (const Spec& s : kSpecs) {
    INFO(s.name);
    const auto table = positive_table(s);
    std::uniform_real_distribution<double> exponent(std::log2(s.smallest_subnormal) - 3, std::log2(s.largest));
    std::uniform_int_distribution<int> coin(0, 1);
    int bad = 0;
    for (int i = 0; i < 20000; ++i) {
      double x = std::exp2(exponent(rng));
      if (x > s.largest) x = s.largest;
      if (coin(rng)) x = -x;
      const unsigned want = oracle_encode(s, table, x);
      if (minifloat_from_double(x, s.kind, false) != want && ++bad <= 5)
        FAIL_CHECK(x << ": got " << hex(minifloat_from_double(x, s.kind, false)) << ", nearest " << hex(want));
    }
    CHECK(bad == 0);
  }
}

TEST_CASE("float8e8m0: every pattern is 2^(E-127), 0xFF NaN; each rounding mode", "[minifloat][e8m0]") {
  for (unsigned b = 0; b < 255; ++b) {
    const double v = power_of_two(static_cast<int>(b) - 127);
    CHECK(minifloat_to_double(static_cast<uint8_t>(b), MiniFloatKind::kE8M0) == v);
    for (auto mode : {E8M0Rounding::kUp, E8M0Rounding::kDown, E8M0Rounding::kNearest})
      for (bool saturate : {true, false}) CHECK(e8m0_from_double(v, mode, saturate) == b);
  }
  CHECK(std::isnan(minifloat_to_double(0xFF, MiniFloatKind::kE8M0)));
  // Between 2^k and 2^(k+1): up, down, and nearest with ties (1.5 * 2^k) up.
  for (int k = -127; k < 127; ++k) {
    const double lo = power_of_two(k), tie = 1.5 * lo;
    const auto b = static_cast<unsigned>(k + 127);
    INFO("k = " << k);
    CHECK(e8m0_from_double(std::nextafter(lo, INFINITY), E8M0Rounding::kUp, false) == b + 1);
    CHECK(e8m0_from_double(std::nextafter(2 * lo, 0.0), E8M0Rounding::kDown, false) == b);
    CHECK(e8m0_from_double(tie, E8M0Rounding::kNearest, false) == b + 1);
    CHECK(e8m0_from_double(std::nextafter(tie, 0.0), E8M0Rounding::kNearest, false) == b);
  }
  // Out of range, judged on x (Cast-24's table): saturate gives the ends, else NaN.
  CHECK(e8m0_from_double(INFINITY, E8M0Rounding::kUp, true) == 0xFE);
  CHECK(e8m0_from_double(INFINITY, E8M0Rounding::kNearest, false) == 0xFF);
  CHECK(e8m0_from_double(0x1.8p127, E8M0Rounding::kNearest, false) == 0xFF);
  CHECK(e8m0_from_double(0x1.0000000000001p127, E8M0Rounding::kUp, true) == 0xFE);
  CHECK(e8m0_from_double(0.0, E8M0Rounding::kUp, true) == 0x00);
  CHECK(e8m0_from_double(0.0, E8M0Rounding::kNearest, false) == 0xFF);
  CHECK(e8m0_from_double(0x1p-130, E8M0Rounding::kUp, true) == 0x00);
  CHECK(e8m0_from_double(0x1p-130, E8M0Rounding::kNearest, false) == 0xFF);
  CHECK(e8m0_from_double(NAN, E8M0Rounding::kUp, true) == 0xFF);
}

TEST_CASE("4- and 2-bit integers: range and two's-complement wrapping", "[minifloat][int4]") {
  CHECK((Int4::kMin == -8 && Int4::kMax == 7 && UInt4::kMin == 0 && UInt4::kMax == 15));
  CHECK((Int2::kMin == -2 && Int2::kMax == 1 && UInt2::kMin == 0 && UInt2::kMax == 3));
  CHECK(Int4::wrap(8).value == -8);
  CHECK(Int4::wrap(-9).value == 7);
  CHECK(Int4::wrap(200).value == -8);  // 200 = 0xC8: low nibble 8
  CHECK(UInt4::wrap(-1).value == 15);
  CHECK(UInt4::wrap(17).value == 1);
  CHECK(Int2::wrap(2).value == -2);
  CHECK(Int2::wrap(-3).value == 1);
  CHECK(UInt2::wrap(-1).value == 3);
  CHECK(Int4{-1}.pattern() == 0xF);
  CHECK(Int2{-2}.pattern() == 0x2);
  for (int v = -8; v <= 7; ++v) CHECK(Int4::wrap(Int4::wrap(v).pattern()).value == v);
}

TEST_CASE("dtype table: IR 9-13 codes, names and sizes", "[dtype]") {
  const std::pair<DType, int> codes[] = {
      {DType::kFloat8E4M3FN, 17}, {DType::kFloat8E4M3FNUZ, 18}, {DType::kFloat8E5M2, 19},
      {DType::kFloat8E5M2FNUZ, 20}, {DType::kUInt4, 21}, {DType::kInt4, 22}, {DType::kFloat4E2M1, 23},
      {DType::kFloat8E8M0, 24}, {DType::kUInt2, 25}, {DType::kInt2, 26}};
  for (auto [d, code] : codes) {
    CHECK(dtype_from_code(code) == d);
    CHECK(dtype_size(d) == 1);
    CHECK(dtype_from_name(dtype_name(d)) == d);
  }
  CHECK(dtype_name(DType::kFloat8E4M3FNUZ) == "float8e4m3fnuz");
  CHECK(dtype_bits(DType::kInt4) == 4);
  CHECK(dtype_bits(DType::kFloat4E2M1) == 4);
  CHECK(dtype_bits(DType::kUInt2) == 2);
  CHECK(dtype_bits(DType::kFloat8E8M0) == 8);
  CHECK(raw_byte_count(DType::kInt4, 3) == 2);
  CHECK(raw_byte_count(DType::kInt2, 5) == 2);
  CHECK(raw_byte_count(DType::kInt2, 8) == 2);
  CHECK(raw_byte_count(DType::kFloat16, 3) == 6);
  CHECK(is_minifloat_dtype(DType::kFloat4E2M1));
  CHECK(!is_minifloat_dtype(DType::kFloat16));
  CHECK(is_small_int_dtype(DType::kUInt2));
  CHECK(!is_integer_dtype(DType::kInt4));
}
