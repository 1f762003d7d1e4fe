// The numeric core: correctly rounded arithmetic for every float type.
//
// The contract (DESIGN.md): a float result is the exact real result of the operation
// on its exact inputs, rounded once to the output type, to nearest with ties to even,
// with subnormals, overflow to infinity and NaN as IEEE 754 says.
//
// How each operation meets it:
// - +, -, *, / on float16, bfloat16 and float are computed in double and rounded once
//   to the narrow type. Double has 53 bits, at least 2p+2 for p = 11, 8 and 24, so the
//   double result rounded again is the correctly rounded result (Figueroa, "When is
//   double rounding innocuous?", 1995). On double they are the hardware's IEEE ops.
// - pow tries the fast path (fast.h: an approximation with an error bound that decides
//   the rounding), else goes through MPFR at the target precision, with the target's
//   exponent range and subnormals emulated (mpfr_subnormalize), so it is rounded once.
#pragma once
#include <cmath>
#include <cstdint>
#include <optional>
#include <type_traits>

#include "reference/dtype.h"
#include "reference/numeric/small_float_bits.h"

namespace touchstone::numeric {

// Exact widening of any real float type (float16, bfloat16, float, double), and of the
// float8 and float4 types, to double.
template <class T>
inline double widen(T x) {
  if constexpr (is_small_float<T>) {
    return bits::widen_small(x);  // exact, inline (checked against to_double)
  } else if constexpr (is_minifloat<T>) {
    return to_double(x);
  } else {
    return static_cast<double>(x);
  }
}

// `v` rounded once to T (round to nearest, ties to even).
template <class T>
inline T narrow(double v) {
  if constexpr (is_small_float<T>) {
    // Inline bit rounding (checked against half.cpp's in the tests), infinities included;
    // zeros keep their sign. NaN and tiny values take half.cpp's general path.
    const double magnitude = v < 0 ? -v : v;
    if (magnitude >= 0x1p-960) {
      if (auto b = bits::round_small<T>(v)) return T{*b};
    }
    if (magnitude == 0) return T{static_cast<uint16_t>(std::signbit(v) ? 0x8000 : 0)};
  }
  if constexpr (std::is_same_v<T, Float16>) {
    return float16_from_double(v);
  } else if constexpr (std::is_same_v<T, BFloat16>) {
    return bfloat16_from_double(v);
  } else {
    return static_cast<T>(v);  // float: IEEE conversion, round to nearest even
  }
}

template <class T> T add(T a, T b) { return narrow<T>(widen(a) + widen(b)); }
template <class T> T sub(T a, T b) { return narrow<T>(widen(a) - widen(b)); }
template <class T> T mul(T a, T b) { return narrow<T>(widen(a) * widen(b)); }
template <class T> T div(T a, T b) { return narrow<T>(widen(a) / widen(b)); }

// An exact input to pow: every value of every numeric ONNX type fits one of these.
struct ExactValue {
  enum Kind { kDouble, kSigned, kUnsigned } kind;
  double d = 0;
  int64_t i = 0;
  uint64_t u = 0;
};
template <class T>
ExactValue exact_value(T x) {
  if constexpr (is_real_float<T>) {
    return {ExactValue::kDouble, widen(x), 0, 0};
  } else if constexpr (std::is_signed_v<T>) {
    return {ExactValue::kSigned, 0, static_cast<int64_t>(x), 0};
  } else {
    return {ExactValue::kUnsigned, 0, 0, static_cast<uint64_t>(x)};
  }
}

// Binary formats MPFR rounds to: precision (bits, with the implicit one), and the
// exponent range of normal numbers. For the float8/float4 types the range is their
// finite values' (MPFR would also allow the top patterns they use for NaN/inf: callers
// that round to them compare with minifloat_max).
struct FloatFormat {
  int precision;
  int min_exponent;  // exponent of the smallest normal, as in x = 1.f * 2^e
  int max_exponent;  // exponent of the largest finite
};
template <class T>
constexpr FloatFormat float_format() {
  if constexpr (std::is_same_v<T, Float16>) return {11, -14, 15};
  else if constexpr (std::is_same_v<T, BFloat16>) return {8, -126, 127};
  else if constexpr (std::is_same_v<T, float>) return {24, -126, 127};
  else if constexpr (std::is_same_v<T, Float8E4M3FN>) return {4, -6, 8};
  else if constexpr (std::is_same_v<T, Float8E4M3FNUZ>) return {4, -7, 7};
  else if constexpr (std::is_same_v<T, Float8E5M2>) return {3, -14, 15};
  else if constexpr (std::is_same_v<T, Float8E5M2FNUZ>) return {3, -15, 15};
  else if constexpr (std::is_same_v<T, Float4E2M1>) return {2, 0, 2};
  else if constexpr (std::is_same_v<T, Float8E8M0>) return {1, -127, 127};
  else return {53, -1022, 1023};
}

// x^y, correctly rounded to `format`, returned as the exact double of that value.
// Special values follow C99 Annex F / IEEE 754 pow (pow(x, ±0) = 1, pow(1, y) = 1, a
// negative base with a non-integer exponent is NaN, ...).
double pow_rounded(ExactValue x, ExactValue y, FloatFormat format);

template <class T, class Y>
T pow(T x, Y y) {
  return narrow<T>(pow_rounded(exact_value(x), exact_value(y), float_format<T>()));
}

// The real x^y truncated toward zero, for integer bases with a float exponent; empty
// when that is NaN or outside [-2^63, 2^64), so the caller can check its own type's range.
std::optional<__int128> pow_truncated(ExactValue x, ExactValue y);

}  // namespace touchstone::numeric
