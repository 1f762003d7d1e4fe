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

// The exact double of a float16 or bfloat16 value.
template <class T>
double widen_small(T x) {
  constexpr Layout l = layout<T>();
  const uint64_t sign = static_cast<uint64_t>(x.bits >> 15) << 63;
  const int exponent = (x.bits >> l.mantissa_bits) & ((1 << (15 - l.mantissa_bits)) - 1);
  const uint64_t fraction = x.bits & ((1u << l.mantissa_bits) - 1);
  if (exponent == (1 << (15 - l.mantissa_bits)) - 1)  // inf, NaN
    return from(sign | (uint64_t{0x7FF} << 52) | (fraction << (52 - l.mantissa_bits)));
  if (exponent == 0) {  // zero, subnormal: fraction * 2^(1 - bias - M), exact
    const double m = static_cast<double>(fraction) * from(static_cast<uint64_t>(1023 + 1 - l.bias - l.mantissa_bits) << 52);
    return sign ? -m : m;
  }
  return from(sign | (static_cast<uint64_t>(exponent - l.bias + 1023) << 52) | (fraction << (52 - l.mantissa_bits)));
}

// d (a finite double with 2^-960 <= |d| <= 2^960) rounded to nearest-even to T, as the
// bit pattern; nothing when the result is below T's smallest normal/2^(M-1) (a value
// with fewer than 2 significant bits left, rare: the caller uses the general path).
template <class T>
std::optional<uint16_t> round_small(double d) {
  constexpr Layout l = layout<T>();
  const uint64_t b = of(d);
  const uint64_t sign = b >> 63;
  uint64_t m = b & ~(uint64_t{1} << 63);
  const int e = static_cast<int>(m >> 52) - 1023;
  const int min_exponent = 1 - l.bias;
  int keep = l.mantissa_bits;  // fraction bits kept
  if (e < min_exponent) keep -= min_exponent - e;
  if (keep < 1) return std::nullopt;
  // Round to nearest even on the bit pattern: a carry may run into the exponent.
  const int shift = 52 - keep;
  m += (uint64_t{1} << (shift - 1)) - 1 + ((m >> shift) & 1);
  m &= ~((uint64_t{1} << shift) - 1);
  const int re = static_cast<int>(m >> 52) - 1023;
  const int max_exponent = l.bias;
  uint32_t encoded;
  if (re > max_exponent) {
    encoded = static_cast<uint32_t>((1 << (15 - l.mantissa_bits)) - 1) << l.mantissa_bits;  // infinity
  } else if (re < min_exponent) {
    // Subnormal in T: value / 2^(min_exponent - M), an integer below 2^M.
    const double v = from(m) * from(static_cast<uint64_t>(1023 - (min_exponent - l.mantissa_bits)) << 52);
    encoded = static_cast<uint32_t>(v);
  } else {
    encoded = (static_cast<uint32_t>(re + l.bias) << l.mantissa_bits) |
              static_cast<uint32_t>((m >> (52 - l.mantissa_bits)) & ((1u << l.mantissa_bits) - 1));
  }
  return static_cast<uint16_t>((sign << 15) | encoded);
}

// The next double away from (or toward) zero, for finite nonzero d.
inline double away_from_zero(double d) { return from(of(d) + 1); }
inline double toward_zero(double d) { return from(of(d) - 1); }

}  // namespace touchstone::numeric::bits
