// The fast path of correctly rounded functions (Ziv's strategy, first step in hardware).
//
// A function is first approximated in double or double-double with an error bound
// (an Approximation: the real value lies within `error` of hi + lo). If every real
// number in that interval rounds to the same value of the target format, that value is
// the correctly rounded result (rounding to nearest is monotonic), and it is returned.
// Otherwise (the interval holds a rounding boundary, e.g. the exact result is a
// midpoint; or no approximation is available) the caller falls back to MPFR
// (functions.h), which decides every case. So the fast path can only make the result
// faster, never different — provided the error bounds hold; README.md argues them.
//
// Targets of at most 24 bits (float16, bfloat16, float) use libm's double functions
// with a claimed relative error of 2^-40 (kLibmBound); float64 targets use the
// double-double functions of dd_functions.h.
#pragma once
#include <atomic>
#include <cmath>
#include <cstring>
#include <optional>
#include <type_traits>

#include "reference/numeric/double_double.h"
#include "reference/numeric/exact.h"
#include "reference/numeric/small_float_bits.h"

namespace touchstone::numeric {

// Whether the fast path is tried (default on). Off, every value comes from MPFR: the
// benchmark and the tests compare the two. (Inline: it is read once per element.)
namespace detail {
inline std::atomic<bool> fast_path{true};
}
inline bool fast_path_enabled() { return detail::fast_path.load(std::memory_order_relaxed); }
inline void set_fast_path(bool enabled) { detail::fast_path.store(enabled, std::memory_order_relaxed); }
// How many times the fast path was tried and left the value to MPFR (for tests).
unsigned long long fallback_count();
void count_fallback();

// The relative error claimed for one call of glibc's double functions: glibc documents
// at most a few ulps (2^-52 each) for those used here; 2^-40 is over 500 times that.
inline constexpr double kLibmBound = 0x1p-40;

// The real value lies in [hi + lo - error, hi + lo + error]; error < 0: none available.
struct Approximation {
  double hi = 0;
  double lo = 0;
  double error = -1;
  bool available() const { return error >= 0; }
};

// v approximates a real y with |v - y| <= bound |y| (bound <= 2^-30).
inline Approximation with_relative_error(dd::DD v, double bound) {
  return {v.hi, v.lo, bound * std::fabs(v.hi) * (1 + 0x1p-20)};
}
inline Approximation with_relative_error(double v, double bound) { return with_relative_error(dd::DD{v, 0}, bound); }
inline Approximation from(const std::optional<dd::DD>& v, double bound) {
  return v ? with_relative_error(*v, bound) : Approximation{};
}

// The value every real of the approximation's interval rounds to in T, if there is one.
// Only intervals around 2^-960 <= |hi| <= 2^960 are decided, where double has neither
// subnormals nor overflow (so no step below loses accuracy); others go to MPFR.
template <class T>
inline std::optional<T> decide(const Approximation& a) {
  const double magnitude = std::fabs(a.hi);
  if (!a.available() || !(magnitude >= 0x1p-960 && magnitude <= 0x1p960)) return std::nullopt;
  if (!(std::fabs(a.lo) + a.error <= 0x1p-20 * magnitude)) return std::nullopt;  // also NaN parts
  if constexpr (std::is_same_v<T, double>) {
    // hi is the result if the interval lies strictly between the midpoints around hi:
    // lo + error < up and error - lo < down. Both sums are computed with a relative
    // rounding error below 2^-53, which the factor 1 + 2^-50 covers (the products
    // round too, by less than the margin left).
    const double up = (std::nextafter(a.hi, INFINITY) - a.hi) * 0.5;  // exact
    const double down = (a.hi - std::nextafter(a.hi, -INFINITY)) * 0.5;
    if ((a.lo + a.error) * (1 + 0x1p-50) < up && (a.error - a.lo) * (1 + 0x1p-50) < down) return a.hi;
    return std::nullopt;
  } else {
    // The interval lies within hi -+ reach; the end points are rounded and then moved one
    // double outward, so they enclose it (reach <= 2^-20 |hi|: both have hi's sign).
    // Rounding to T is monotonic: equal end results mean one result for the interval.
    const double reach = (std::fabs(a.lo) + a.error) * (1 + 0x1p-50);
    double low = a.hi - reach, high = a.hi + reach;
    low = low > 0 ? bits::toward_zero(low) : bits::away_from_zero(low);
    high = high > 0 ? bits::away_from_zero(high) : bits::toward_zero(high);
    if constexpr (is_small_float<T>) {
      const auto r_low = bits::round_small<T>(low), r_high = bits::round_small<T>(high);
      if (r_low && r_high) {
        if (*r_low == *r_high) return T{*r_low};
        return std::nullopt;
      }
    }
    // float (a correctly rounded hardware conversion), or a tiny 16-bit result.
    const T r_low = narrow<T>(low), r_high = narrow<T>(high);
    if (std::memcmp(&r_low, &r_high, sizeof(T)) == 0) return r_low;
    return std::nullopt;
  }
}

// decide<T> for the T of `format`, as the exact double of the result.
inline std::optional<double> decide(const Approximation& a, FloatFormat format) {
  auto as_double = [](const auto& r) { return r ? std::optional<double>(widen(*r)) : std::nullopt; };
  switch (format.precision) {
    case 11: return as_double(decide<Float16>(a));
    case 8: return as_double(decide<BFloat16>(a));
    case 24: return as_double(decide<float>(a));
    case 53: return as_double(decide<double>(a));
    default: return std::nullopt;
  }
}

// The functions with a fast path.
enum class Fn {
  kExp, kExpm1, kLog, kSqrt,
  kSin, kCos, kTan, kAsin, kAcos, kAtan,
  kSinh, kCosh, kTanh, kAsinh, kAcosh, kAtanh,
  kErf, kSigmoid, kSoftplus, kSoftsign,
};

// fn(x), good enough to decide most roundings to `precision` bits (<= 24: libm; 53:
// double-double). Inputs without a fast path (NaN, ±inf, zeros of the function, ranges
// a function does not cover) give no approximation.
Approximation approximate(Fn fn, double x, int precision);

// x^y for finite x and y, likewise (y enters as a double only when it is one exactly).
Approximation approximate_pow(double x, double y, int precision);

// a + b and a * b exactly (error 0), while the result stays between 2^-960 and 2^960
// (a Veltkamp split needs |a|, |b| < 2^996; a NaN part is refused by decide).
inline Approximation exact_sum(double a, double b) {
  const dd::DD s = dd::two_sum(a, b);
  return {s.hi, s.lo, 0};
}
inline Approximation exact_product(double a, double b) {
  if (!(std::fabs(a) < 0x1p990 && std::fabs(b) < 0x1p990)) return {};
  const dd::DD p = dd::two_prod(a, b);
  return {p.hi, p.lo, 0};
}

// softsign x / (1 + |x|) rounded to T (float16, bfloat16, float: p <= 24 bits) straight
// from IEEE double arithmetic, where that is proved right; nothing elsewhere (the caller
// then uses the interval of approximate(Fn::kSoftsign, ...)).
// Lemma: let x = X 2^a (X an integer, |X| < 2^p), a >= p - 52 and |x| < 2^(52 - p).
// Then d = 1 + |x| is exact in double (its bits span 2^a up to 2^(a + p) or up to 1:
// at most 53), and the double quotient fl(x / d) rounds to the same p-bit value as the
// real q = x / d. For a second rounding to go wrong, fl(q) must be a midpoint m of the
// p-bit grid with q != m, so |q - m| <= 2^(E - 53) where 2^E <= |q| < 2^(E + 1). But m is
// a multiple of 2^(E - p), so x - m d is a nonzero multiple of 2^(min(a, 0) + E - p),
// and |q - m| = |x - m d| / d >= 2^(min(a, 0) + E - p) / d, which exceeds 2^(E - 53)
// when d < 2^(53 - p + min(a, 0)): for a <= 0, d < 1 + 2^(a + p) <= 2^(a + 53 - p)
// (as a + 52 - p >= 0 and 2p <= 52); for a > 0, d < 2^(52 - p) + 1 <= 2^(53 - p).
// (When q = m exactly, fl(q) = m and both round it to even.) The quotient is neither
// subnormal nor infinite in double. For x of T, |x| >= 2^(2p - 53) gives
// a = exponent(x) - (p - 1) >= p - 52: every nonzero float16 qualifies (2^-31), bfloat16
// from 2^-37, float from 2^-5; and |x| < 2^(52 - p): 2^41, 2^44, 2^28. A zero gives
// itself (x / 1, exact).
template <class T>
std::optional<T> softsign_direct(double x) {
  constexpr int p = float_format<T>().precision;
  static_assert(2 * p <= 52, "the lemma needs 2p <= 52");
  constexpr double low = [] {  // 2^(2p - 53)
    double v = 1;
    for (int k = 0; k < 53 - 2 * p; ++k) v /= 2;
    return v;
  }();
  constexpr double high = [] {  // 2^(52 - p)
    double v = 1;
    for (int k = 0; k < 52 - p; ++k) v *= 2;
    return v;
  }();
  const double t = std::fabs(x);
  if (x == 0 || (t >= low && t < high)) return narrow<T>(x / (1 + t));
  return std::nullopt;
}

// alpha * v for an approximation v and an exact double alpha: the error scales, and the
// product adds one rounding (double) or eps (double-double) relative to the result.
Approximation scaled(const Approximation& v, double alpha, int precision);

}  // namespace touchstone::numeric
