// Exhaustive tests of the float16 / bfloat16 <-> double conversions in reference/half.h.
//
// Oracles (none of them uses reference/half.cpp):
// - float16: GCC's _Float16. Its conversions to and from double are libgcc's soft-float
//   routines (__extendhfdf2 / __truncdfhf2), correctly rounded, independent of our code.
// - bfloat16: a bfloat16 is the top half of a float32, so decoding is "shift left 16,
//   reinterpret as float"; encoding is checked against a nearest-value search over the
//   sorted table of all finite bfloat16 values, deciding by exact midpoints (ties to even).
// - Hand-written boundaries: midpoints of adjacent values, the overflow threshold
//   (largest finite + half an ulp), half the smallest subnormal.
#include <algorithm>
#include <catch2/catch.hpp>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "reference/half.h"

namespace {

using touchstone::kBFloat16Format;
using touchstone::kFloat16Format;
using touchstone::small_float_from_double;
using touchstone::small_float_to_double;
using touchstone::SmallFloatFormat;

double float16_oracle_decode(uint16_t bits) {
  _Float16 h;
  std::memcpy(&h, &bits, sizeof h);
  return static_cast<double>(h);
}

uint16_t float16_oracle_encode(double v) {
  const _Float16 h = static_cast<_Float16>(v);
  uint16_t bits;
  std::memcpy(&bits, &h, sizeof bits);
  return bits;
}

double bfloat16_oracle_decode(uint16_t bits) {
  const uint32_t word = static_cast<uint32_t>(bits) << 16;
  float f;
  std::memcpy(&f, &word, sizeof f);
  return static_cast<double>(f);
}

// Same number, same sign (so -0 != +0); any NaN matches any NaN of the same sign.
bool same_value(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b) && std::signbit(a) == std::signbit(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

std::string hex(uint64_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

std::string show(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v << " (" << std::hexfloat << v << ")";
  return s.str();
}

// Counts failures and keeps the first few, so that millions of checks cost one assertion.
struct Failures {
  long count = 0;
  std::string first;
  void add(const std::string& what) {
    if (count++ < 5) first += what + "\n";
  }
};

// Both signs of the format's bit patterns.
struct Layout {
  SmallFloatFormat format;
  uint16_t sign;          // sign bit
  uint16_t infinity;      // +inf
  uint16_t largest;       // largest finite, positive
  double largest_value;   // its value
  double largest_ulp;     // spacing below and at the largest finite
  double smallest_value;  // smallest positive subnormal
};

Layout layout(SmallFloatFormat f) {
  const int bias = (1 << (f.exponent_bits - 1)) - 1;
  Layout l{};
  l.format = f;
  l.sign = static_cast<uint16_t>(1u << (f.exponent_bits + f.mantissa_bits));
  l.infinity = static_cast<uint16_t>(((1u << f.exponent_bits) - 1) << f.mantissa_bits);
  l.largest = static_cast<uint16_t>(l.infinity - 1);
  l.largest_ulp = std::ldexp(1.0, bias - f.mantissa_bits);
  l.largest_value = std::ldexp(1.0, bias + 1) - l.largest_ulp;
  l.smallest_value = std::ldexp(1.0, 1 - bias - f.mantissa_bits);
  return l;
}

bool is_nan_pattern(uint16_t bits, const Layout& l) {
  return (bits & l.infinity) == l.infinity && (bits & ((1u << l.format.mantissa_bits) - 1)) != 0;
}

// Nearest value of the format by search in the sorted table of its positive finite
// values (the table index is the bit pattern); ties go to the even pattern. Past the
// largest finite the next value is 2^(emax+1), which stands for infinity.
uint16_t table_encode(double v, const Layout& l, const std::vector<double>& table) {
  const uint16_t sign = std::signbit(v) ? l.sign : 0;
  if (std::isnan(v)) return static_cast<uint16_t>(sign | l.infinity | 1);  // any NaN
  const double a = std::fabs(v);
  const auto above = std::upper_bound(table.begin(), table.end(), a);
  const size_t hi = static_cast<size_t>(above - table.begin());  // first value > a
  const size_t lo = hi - 1;                                      // table[0] = 0 <= a
  if (table[lo] == a) return static_cast<uint16_t>(sign | lo);
  const double hi_value = hi < table.size() ? table[hi] : l.largest_value + l.largest_ulp;
  const double mid = (table[lo] + hi_value) / 2;  // exact: both have few bits
  size_t pick;
  if (a < mid)
    pick = lo;
  else if (a > mid)
    pick = hi;
  else
    pick = lo % 2 == 0 ? lo : hi;
  return static_cast<uint16_t>(sign | std::min<size_t>(pick, l.infinity));
}

std::vector<double> positive_table(const Layout& l) {
  std::vector<double> t;
  for (uint32_t b = 0; b <= l.largest; ++b)
    t.push_back(small_float_to_double(static_cast<uint16_t>(b), l.format));
  return t;
}

// Random doubles whose binary exponents are uniform in [lo, hi], with a random sign. One
// in four has only a few random mantissa bits, so exact ties and near ties are common.
double random_double(std::mt19937_64& rng, int lo, int hi) {
  const int e = std::uniform_int_distribution<int>(lo, hi)(rng);
  uint64_t mantissa = rng() >> 12;  // 52 bits
  switch (rng() % 4) {
    case 0:
      mantissa &= ~((1ull << 36) - 1);
      break;  // 16 bits: exact ties possible
    case 1:
      mantissa |= (1ull << 36) - 1;
      break;  // just below a tie
    default:
      break;
  }
  double v = std::ldexp(1.0 + std::ldexp(static_cast<double>(mantissa), -52), e);
  return rng() & 1 ? -v : v;
}

void check_decode(const Layout& l, double (*oracle)(uint16_t)) {
  Failures bad;
  for (uint32_t b = 0; b <= 0xFFFF; ++b) {
    const auto bits = static_cast<uint16_t>(b);
    const double got = small_float_to_double(bits, l.format);
    const double want = oracle(bits);
    if (!same_value(got, want)) bad.add(hex(b) + ": got " + show(got) + ", want " + show(want));
  }
  INFO(bad.first);
  REQUIRE(bad.count == 0);
}

// Encoding: round trips, midpoints of every adjacent pair (and their neighbours), the
// overflow and underflow thresholds, NaN and infinities.
void check_encode_boundaries(const Layout& l) {
  const auto encode = [&](double v) { return small_float_from_double(v, l.format); };
  Failures bad;
  const auto expect = [&](double v, uint32_t want, const char* what) {
    const uint16_t got = encode(v);
    if (got != want) bad.add(std::string(what) + " " + show(v) + ": got " + hex(got) + ", want " + hex(want));
  };

  for (uint32_t b = 0; b <= 0xFFFF; ++b) {
    const auto bits = static_cast<uint16_t>(b);
    if ((bits & l.infinity) == l.infinity) continue;  // inf, NaN: below
    expect(small_float_to_double(bits, l.format), bits, "round trip");
  }

  for (uint32_t b = 0; b < l.largest; ++b) {
    const double lo = small_float_to_double(static_cast<uint16_t>(b), l.format);
    const double hi = small_float_to_double(static_cast<uint16_t>(b + 1), l.format);
    const double mid = (lo + hi) / 2;  // exact in double
    const uint32_t even = b % 2 == 0 ? b : b + 1;
    for (uint32_t sign : {0u, static_cast<uint32_t>(l.sign)}) {
      const double s = sign ? -1.0 : 1.0;
      expect(s * mid, sign | even, "midpoint");
      expect(s * std::nextafter(mid, 0.0), sign | b, "below midpoint");
      expect(s * std::nextafter(mid, INFINITY), sign | (b + 1), "above midpoint");
    }
  }

  const double overflow = l.largest_value + l.largest_ulp / 2;  // tie: "even" is infinity
  for (uint32_t sign : {0u, static_cast<uint32_t>(l.sign)}) {
    const double s = sign ? -1.0 : 1.0;
    expect(s * l.largest_value, sign | l.largest, "largest");
    expect(s * overflow, sign | l.infinity, "largest + ulp/2");
    expect(s * std::nextafter(overflow, 0.0), sign | l.largest, "just below largest + ulp/2");
    expect(s * std::nextafter(overflow, INFINITY), sign | l.infinity, "above largest + ulp/2");
    expect(s * (l.largest_value + l.largest_ulp), sign | l.infinity, "largest + ulp");
    expect(s * DBL_MAX, sign | l.infinity, "DBL_MAX");
    expect(s * INFINITY, sign | l.infinity, "infinity");
    expect(s * 0.0, sign, "zero");
    expect(s * l.smallest_value / 2, sign, "smallest / 2");
    expect(s * std::nextafter(l.smallest_value / 2, INFINITY), sign | 1, "just above smallest / 2");
    expect(s * l.smallest_value * 0.75, sign | 1, "smallest * 3/4");
    expect(s * l.smallest_value * 1.5, sign | 2, "smallest * 3/2 (tie to even)");
    expect(s * l.smallest_value * 2.5, sign | 2, "smallest * 5/2 (tie to even)");
    expect(s * DBL_MIN, sign, "DBL_MIN");
    expect(s * std::ldexp(1.0, -1074), sign, "smallest double");
  }

  for (double nan : {std::nan(""), -std::nan(""), std::nan("0x5"), -std::nan("0x12345")}) {
    const uint16_t got = encode(nan);
    if (!is_nan_pattern(got, l) || ((got & l.sign) != 0) != std::signbit(nan))
      bad.add("NaN " + show(nan) + ": got " + hex(got));
  }
  INFO(bad.first);
  REQUIRE(bad.count == 0);
}

}  // namespace

TEST_CASE("float16 oracle sanity: _Float16 rounds double directly, not through float", "[half]") {
  // 1 + 2^-11 + 2^-40 is above the midpoint 1 + 2^-11; through float it would become the
  // midpoint itself and then round to 1.
  CHECK(float16_oracle_encode(1.0 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)) == 0x3C01);
  CHECK(float16_oracle_encode(1.0 + std::ldexp(1.0, -11)) == 0x3C00);
  CHECK(float16_oracle_decode(0x0001) == std::ldexp(1.0, -24));
  CHECK(float16_oracle_decode(0x7BFF) == 65504.0);
  CHECK(bfloat16_oracle_decode(0x3F80) == 1.0);
  CHECK(bfloat16_oracle_decode(0x0001) == std::ldexp(1.0, -133));
}

TEST_CASE("float16 decode: all 65536 patterns match _Float16", "[half]") {
  check_decode(layout(kFloat16Format), float16_oracle_decode);
}

TEST_CASE("bfloat16 decode: all 65536 patterns match the top half of a float32", "[half]") {
  check_decode(layout(kBFloat16Format), bfloat16_oracle_decode);
}

TEST_CASE("float16 encode: round trips, midpoints, overflow, underflow, NaN", "[half]") {
  check_encode_boundaries(layout(kFloat16Format));
}

TEST_CASE("bfloat16 encode: round trips, midpoints, overflow, underflow, NaN", "[half]") {
  check_encode_boundaries(layout(kBFloat16Format));
}

TEST_CASE("float16 encode: random doubles match _Float16 and the table search", "[half]") {
  const Layout l = layout(kFloat16Format);
  const std::vector<double> table = positive_table(l);
  std::mt19937_64 rng(16);
  Failures bad;
  long checked = 0;
  for (int i = 0; i < 2'000'000; ++i) {
    // Exponents from below half the smallest subnormal (2^-25) to past the largest (2^15).
    const double v = random_double(rng, -27, 17);
    const uint16_t got = small_float_from_double(v, kFloat16Format);
    const uint16_t want = float16_oracle_encode(v);
    if (got != want) bad.add(show(v) + ": got " + hex(got) + ", _Float16 " + hex(want));
    if (i % 8 == 0 && table_encode(v, l, table) != want)  // and the two oracles agree
      bad.add(show(v) + ": table search " + hex(table_encode(v, l, table)) + ", _Float16 " + hex(want));
    ++checked;
  }
  INFO(bad.first);
  CHECK(checked == 2'000'000);
  REQUIRE(bad.count == 0);
}

TEST_CASE("bfloat16 encode: random doubles match the table search", "[half]") {
  const Layout l = layout(kBFloat16Format);
  const std::vector<double> table = positive_table(l);
  std::mt19937_64 rng(1616);
  Failures bad;
  for (int i = 0; i < 2'000'000; ++i) {
    // Exponents from below half the smallest subnormal (2^-134) to past the largest (2^127).
    const double v = random_double(rng, -136, 129);
    const uint16_t got = small_float_from_double(v, kBFloat16Format);
    const uint16_t want = table_encode(v, l, table);
    if (got != want) bad.add(show(v) + ": got " + hex(got) + ", table " + hex(want));
  }
  INFO(bad.first);
  REQUIRE(bad.count == 0);
}

TEST_CASE("float16 and bfloat16: hand-picked values", "[half]") {
  using touchstone::bfloat16_from_double;
  using touchstone::float16_from_double;
  CHECK(float16_from_double(1.0).bits == 0x3C00);
  CHECK(float16_from_double(-2.0).bits == 0xC000);
  CHECK(float16_from_double(65504.0).bits == 0x7BFF);
  CHECK(float16_from_double(65519.999).bits == 0x7BFF);
  CHECK(float16_from_double(65520.0).bits == 0x7C00);
  CHECK(float16_from_double(std::ldexp(1.0, -14)).bits == 0x0400);     // smallest normal
  CHECK(float16_from_double(std::ldexp(1023.5, -24)).bits == 0x0400);  // tie carries into it
  CHECK(float16_from_double(0.1).bits == 0x2E66);
  CHECK(float16_from_double(-0.0).bits == 0x8000);
  CHECK(bfloat16_from_double(1.0).bits == 0x3F80);
  CHECK(bfloat16_from_double(1.0 + 1.0 / 256).bits == 0x3F80);  // tie, to even
  CHECK(bfloat16_from_double(1.0 + 3.0 / 256).bits == 0x3F82);  // tie, to even
  CHECK(bfloat16_from_double(0.1).bits == 0x3DCD);
  CHECK(bfloat16_from_double(3.3895313892515355e38).bits == 0x7F7F);   // largest
  CHECK(bfloat16_from_double(std::ldexp(511.0, 119)).bits == 0x7F80);  // largest + ulp/2
  CHECK(bfloat16_from_double(std::nextafter(std::ldexp(511.0, 119), 0.0)).bits == 0x7F7F);
  CHECK(to_double(touchstone::Float16{0x7E00}) != to_double(touchstone::Float16{0x7E00}));
}
