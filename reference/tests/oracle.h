// Independent oracles for tests of float results: MPFR values, and rounding of a wide
// value to each target format by routines written for the tests only (never
// reference/numeric or reference/half). See test_numeric.cpp for how they are checked.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

// After <cstdint>: MPFR declares its intmax_t functions (mpfr_set_sj, ...) only then.
#include <gmp.h>
#include <mpfr.h>

#include "reference/numeric/exact.h"

namespace touchstone::oracle {

namespace num = touchstone::numeric;
using touchstone::BFloat16;
using touchstone::Float16;

// ---------------------------------------------------------------------------------------
// MPFR values and the independent rounders.

class Big {
 public:
  explicit Big(mpfr_prec_t precision) { mpfr_init2(v_, precision); }
  ~Big() { mpfr_clear(v_); }
  Big(const Big&) = delete;
  Big& operator=(const Big&) = delete;
  operator mpfr_ptr() { return v_; }
  mpfr_ptr get() { return v_; }

 private:
  mpfr_t v_;
};

// Target format: `precision` significant bits; normal numbers 1.f * 2^e with
// min_exponent <= e <= max_exponent.
struct Format {
  int precision;
  int min_exponent;
  int max_exponent;
};
// Written from the IEEE 754 / bfloat16 definitions, not taken from exact.h.
template <class T>
constexpr Format format_of() {
  if constexpr (std::is_same_v<T, Float16>)
    return {11, -14, 15};
  else if constexpr (std::is_same_v<T, BFloat16>)
    return {8, -126, 127};
  else if constexpr (std::is_same_v<T, float>)
    return {24, -126, 127};
  else
    return {53, -1022, 1023};
}
static_assert(std::numeric_limits<float>::digits == 24 && std::numeric_limits<float>::min_exponent == -125 &&
              std::numeric_limits<float>::max_exponent == 128);
static_assert(std::numeric_limits<double>::digits == 53 &&
              std::numeric_limits<double>::min_exponent == -1021 &&
              std::numeric_limits<double>::max_exponent == 1024);

// `v` (any precision) rounded to nearest-even in `f`; `ternary` is the sign of v - exact.
inline double round_scaled(mpfr_ptr v, int ternary, Format f) {
  if (mpfr_nan_p(v)) return NAN;
  const bool negative = mpfr_signbit(v);
  if (mpfr_inf_p(v)) return negative ? -INFINITY : INFINITY;
  if (mpfr_zero_p(v)) return negative ? -0.0 : 0.0;
  const int error_sign = negative ? -ternary : ternary;  // sign of |v| - |exact|
  // |v| = 0.1b... * 2^E: its leading bit weighs 2^(E-1). The last bit kept weighs 2^q.
  const long lead = static_cast<long>(mpfr_get_exp(v)) - 1;
  const long q = std::max(lead, static_cast<long>(f.min_exponent)) - (f.precision - 1);
  Big scaled(mpfr_get_prec(v)), fraction(mpfr_get_prec(v));
  mpfr_abs(scaled, v, MPFR_RNDN);
  mpfr_mul_2si(scaled, scaled, -q, MPFR_RNDN);  // exact
  mpz_t n;
  mpz_init(n);
  mpfr_get_z(n, scaled, MPFR_RNDZ);
  mpfr_frac(fraction, scaled, MPFR_RNDN);  // exact
  int side = mpfr_cmp_d(fraction, 0.5);
  if (side == 0) side = -error_sign;  // on the midpoint: the exact value is on the other side of v
  if (side > 0 || (side == 0 && mpz_odd_p(n))) mpz_add_ui(n, n, 1);
  double m;
  if (mpz_sgn(n) == 0)
    m = 0;
  else if (q + static_cast<long>(mpz_sizeinbase(n, 2)) - 1 > f.max_exponent)
    m = INFINITY;
  else
    m = std::ldexp(mpz_get_d(n), static_cast<int>(q));  // n <= 2^precision: exact
  mpz_clear(n);
  return negative ? -m : m;
}

// Exact decoding of the inputs, without reference/half.cpp.
inline double decode_float16(uint16_t bits) {
  _Float16 h;
  std::memcpy(&h, &bits, 2);
  return static_cast<double>(h);
}
inline double decode_bfloat16(uint16_t bits) {
  const uint32_t word = static_cast<uint32_t>(bits) << 16;
  float f;
  std::memcpy(&f, &word, 4);
  return static_cast<double>(f);
}

// All finite non-negative values of a 16-bit format, in order (index = bit pattern), and
// the value just past the largest (2^(emax+1)), which stands for infinity.
struct Table {
  std::vector<double> values;
  double beyond;
};
template <class T>
inline const Table& table_of() {
  static const Table table = [] {
    Table t;
    const bool half = std::is_same_v<T, Float16>;
    for (uint32_t b = 0; b <= (half ? 0x7BFFu : 0x7F7Fu); ++b)
      t.values.push_back(half ? decode_float16(static_cast<uint16_t>(b))
                              : decode_bfloat16(static_cast<uint16_t>(b)));
    t.beyond = half ? 65536.0 : std::ldexp(1.0, 128);
    return t;
  }();
  return table;
}

inline double round_by_table(mpfr_ptr v, int ternary, const Table& t) {
  if (mpfr_nan_p(v)) return NAN;
  const bool negative = mpfr_signbit(v);
  const double s = negative ? -1.0 : 1.0;
  if (mpfr_inf_p(v)) return s * INFINITY;
  if (mpfr_zero_p(v)) return s * 0.0;
  const int error_sign = negative ? -ternary : ternary;
  Big a(mpfr_get_prec(v));
  mpfr_abs(a, v, MPFR_RNDN);
  size_t lo = 0, hi = t.values.size();  // values[lo] <= a < values[hi] (or beyond)
  while (hi - lo > 1) {
    const size_t mid = lo + (hi - lo) / 2;
    if (mpfr_cmp_d(a, t.values[mid]) >= 0)
      lo = mid;
    else
      hi = mid;
  }
  if (mpfr_cmp_d(a, t.values[lo]) == 0) return s * t.values[lo];
  const double midpoint = (t.values[lo] + (hi < t.values.size() ? t.values[hi] : t.beyond)) / 2;
  int side = mpfr_cmp_d(a, midpoint);
  if (side == 0) side = -error_sign;
  const size_t pick = side < 0 ? lo : side > 0 ? hi : (lo % 2 == 0 ? lo : hi);
  return s * (pick < t.values.size() ? t.values[pick] : INFINITY);
}

// ---------------------------------------------------------------------------------------
// Values of every element type, by our own means.

template <class T>
inline double value_of(T x) {
  if constexpr (std::is_same_v<T, Float16>)
    return decode_float16(x.bits);
  else if constexpr (std::is_same_v<T, BFloat16>)
    return decode_bfloat16(x.bits);
  else
    return static_cast<double>(x);
}

template <class T>
void set_exact(mpfr_ptr out, T x) {  // `out` has 64 bits or more
  if constexpr (touchstone::is_real_float<T>)
    mpfr_set_d(out, value_of(x), MPFR_RNDN);
  else if constexpr (std::is_signed_v<T>)
    mpfr_set_sj(out, x, MPFR_RNDN);
  else
    mpfr_set_uj(out, x, MPFR_RNDN);
}

template <class T>
inline T from_bits(uint64_t bits) {
  if constexpr (touchstone::is_small_float<T>) {
    return T{static_cast<uint16_t>(bits)};
  } else if constexpr (std::is_floating_point_v<T>) {
    T x;
    if constexpr (sizeof(T) == 4) {
      const auto b = static_cast<uint32_t>(bits);
      std::memcpy(&x, &b, 4);
    } else {
      std::memcpy(&x, &bits, 8);
    }
    return x;
  } else {
    return static_cast<T>(bits);
  }
}

// Some value of T near `d` (for making inputs; not necessarily the nearest).
template <class T>
inline T near_value(double d) {
  if constexpr (std::is_same_v<T, Float16>) {
    const _Float16 h = static_cast<_Float16>(d);
    uint16_t b;
    std::memcpy(&b, &h, 2);
    return {b};
  } else if constexpr (std::is_same_v<T, BFloat16>) {
    const float f = static_cast<float>(d);
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return {static_cast<uint16_t>(b >> 16)};
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(d);
  } else {
    return static_cast<T>(d);  // callers keep d in range
  }
}

// T holding exactly `d`, if it can.
template <class T>
inline std::optional<T> exactly(double d) {
  if constexpr (touchstone::is_real_float<T>) {
    const T x = near_value<T>(d);
    const double back = value_of(x);
    if (std::isnan(d) ? std::isnan(back) : (back == d && std::signbit(back) == std::signbit(d))) return x;
    return std::nullopt;
  } else {
    using L = std::numeric_limits<T>;
    const double limit = std::ldexp(1.0, L::digits);  // 2^63 for int64, 2^64 for uint64
    if (!std::isfinite(d) || std::trunc(d) != d) return std::nullopt;
    if (d >= limit || (L::is_signed ? d < -limit : d < 0)) return std::nullopt;
    return static_cast<T>(d);
  }
}

template <class T>
inline const char* type_name() {
  if constexpr (std::is_same_v<T, Float16>)
    return "float16";
  else if constexpr (std::is_same_v<T, BFloat16>)
    return "bfloat16";
  else if constexpr (std::is_same_v<T, float>)
    return "float";
  else if constexpr (std::is_same_v<T, double>)
    return "double";
  else if constexpr (std::is_same_v<T, int8_t>)
    return "int8";
  else if constexpr (std::is_same_v<T, int16_t>)
    return "int16";
  else if constexpr (std::is_same_v<T, int32_t>)
    return "int32";
  else if constexpr (std::is_same_v<T, int64_t>)
    return "int64";
  else if constexpr (std::is_same_v<T, uint8_t>)
    return "uint8";
  else if constexpr (std::is_same_v<T, uint16_t>)
    return "uint16";
  else if constexpr (std::is_same_v<T, uint32_t>)
    return "uint32";
  else
    return "uint64";
}

inline std::string show(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v << " (" << std::hexfloat << v << ")";
  return s.str();
}

template <class T>
inline std::string show_input(T x) {
  if constexpr (touchstone::is_real_float<T>)
    return show(value_of(x));
  else
    return std::to_string(x);
}

// Same value and sign of zero; NaN matches any NaN.
inline bool same_result(double got, double want) {
  if (std::isnan(want)) return std::isnan(got);
  return got == want && std::signbit(got) == std::signbit(want);
}

// The oracle's answer for a wide MPFR value `v` (with its ternary value) in T's format.
template <class T>
double round_to(mpfr_ptr v, int ternary) {
  if constexpr (std::is_same_v<T, Float16> || std::is_same_v<T, BFloat16>) {
    return round_by_table(v, ternary, table_of<T>());
  } else {
    return round_scaled(v, ternary, format_of<T>());
  }
}

}  // namespace touchstone::oracle
