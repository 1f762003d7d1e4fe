// Inline bit-level conversions for float16 and bfloat16, for the fast path's inner loop
// (reference/half.cpp has the reference conversions; test_fast_path.cpp checks these
// against them for every 16-bit pattern and millions of doubles).
#pragma once
#include <cstdint>
#include <cstring>
#include <optional>
#include <type_traits>

#include "reference/dtype.h"

namespace touchstone::numeric::bits {

struct Layout {
  int mantissa_bits;  // stored fraction bits
  int bias;
};
template <class T>
constexpr Layout layout() {
  if constexpr (std::is_same_v<T, Float16>) return {10, 15};
  else return {7, 127};
}

inline uint64_t of(double d) {
  uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}
inline double from(uint64_t b) {
  double d;
  std::memcpy(&d, &b, 8);
  return d;
}

// The exact double of a float16 or bfloat16 value, without branches (a select of three
// candidates): a normal value's fields, moved to double's and rebiased; a subnormal's
// (or zero's) fraction as an integer times 2^(1 - bias - M), exact (an integer below
// 2^M, a power of two); infinities and NaN keep their fraction bits. (No arithmetic on
// double subnormals, which cost a microcode assist on x86.)
template <class T>
inline double widen_small(T x) {
  constexpr Layout l = layout<T>();
  constexpr uint64_t all_ones = (uint64_t{1} << (15 - l.mantissa_bits)) - 1;  // exponent of inf/NaN
  const uint64_t sign = static_cast<uint64_t>(x.bits >> 15) << 63;
  const uint64_t magnitude = x.bits & 0x7FFFu;
  const uint64_t exponent = magnitude >> l.mantissa_bits;
  const uint64_t moved = magnitude << (52 - l.mantissa_bits);
  const uint64_t normal = moved + (static_cast<uint64_t>(1023 - l.bias) << 52);
  const double fraction_weight = from(static_cast<uint64_t>(1023 + 1 - l.bias - l.mantissa_bits) << 52);
  const uint64_t tiny = of(static_cast<double>(static_cast<int64_t>(magnitude)) * fraction_weight);
  const uint64_t special = (uint64_t{0x7FF} << 52) | (moved & ((uint64_t{1} << 52) - 1));
  uint64_t r = exponent == 0 ? tiny : normal;
  r = exponent == all_ones ? special : r;
  return from(sign | r);
}

// round_small's rare case: a result below T's smallest normal (see below).
template <class T>
[[gnu::noinline]] std::optional<uint16_t> round_small_below_normal(double d);

// d (a double with |d| >= 2^-960, not NaN; infinities and everything beyond T's range
// give T's infinity) rounded to nearest-even to T, as the bit pattern; nothing when the
// result is below T's smallest normal/2^(M-1) (a value with fewer than 2 significant
// bits left, rare: the caller uses the general path).
// Round to nearest even on the bit pattern: add half an ulp of T less one, plus the
// last kept bit, then cut; a carry may run into the exponent (up to infinity).
template <class T>
inline std::optional<uint16_t> round_small(double d) {
  constexpr Layout l = layout<T>();
  constexpr int min_exponent = 1 - l.bias, max_exponent = l.bias;
  constexpr uint32_t infinity = ((1u << (15 - l.mantissa_bits)) - 1) << l.mantissa_bits;
  const uint64_t b = of(d);
  const uint64_t sign = b >> 63;
  uint64_t m = b & ~(uint64_t{1} << 63);
  const int e = static_cast<int>(m >> 52) - 1023;
  if (e < min_exponent) [[unlikely]] return round_small_below_normal<T>(d);
  // A normal T (or overflow): a fixed cut.
  constexpr int shift = 52 - l.mantissa_bits;
  m += (uint64_t{1} << (shift - 1)) - 1 + ((m >> shift) & 1);
  const int re = static_cast<int>(m >> 52) - 1023;
  uint32_t encoded = (static_cast<uint32_t>(re + l.bias) << l.mantissa_bits) |
                     static_cast<uint32_t>((m >> shift) & ((1u << l.mantissa_bits) - 1));
  if (re > max_exponent) encoded = infinity;
  return static_cast<uint16_t>((sign << 15) | encoded);
}

template <class T>
std::optional<uint16_t> round_small_below_normal(double d) {
  constexpr Layout l = layout<T>();
  constexpr int min_exponent = 1 - l.bias;
  const uint64_t b = of(d);
  const uint64_t sign = b >> 63;
  uint64_t m = b & ~(uint64_t{1} << 63);
  const int e = static_cast<int>(m >> 52) - 1023;
  const int keep = l.mantissa_bits - (min_exponent - e);  // fraction bits kept
  if (keep < 1) return std::nullopt;
  const int shift = 52 - keep;
  m += (uint64_t{1} << (shift - 1)) - 1 + ((m >> shift) & 1);
  m &= ~((uint64_t{1} << shift) - 1);
  const int re = static_cast<int>(m >> 52) - 1023;
  uint32_t encoded;
  if (re < min_exponent) {
    // Subnormal in T: value / 2^(min_exponent - M), an integer below 2^M.
    const double v = from(m) * from(static_cast<uint64_t>(1023 - (min_exponent - l.mantissa_bits)) << 52);
    encoded = static_cast<uint32_t>(v);
  } else {  // rounded up to T's smallest normal
    encoded = (static_cast<uint32_t>(re + l.bias) << l.mantissa_bits) |
              static_cast<uint32_t>((m >> (52 - l.mantissa_bits)) & ((1u << l.mantissa_bits) - 1));
  }
  return static_cast<uint16_t>((sign << 15) | encoded);
}

// The next double away from (or toward) zero, for finite nonzero d.
inline double away_from_zero(double d) { return from(of(d) + 1); }
inline double toward_zero(double d) { return from(of(d) - 1); }

}  // namespace touchstone::numeric::bits
