// float16 (IEEE binary16) and bfloat16 as storage types, with exact conversions:
// widening is exact, narrowing rounds once to nearest, ties to even, with
// subnormals, overflow to infinity and NaN as IEEE 754 says.
#pragma once
#include <cstdint>

namespace touchstone {

struct Float16 {
  uint16_t bits = 0;
  friend bool operator==(Float16, Float16) = default;
};
struct BFloat16 {
  uint16_t bits = 0;
  friend bool operator==(BFloat16, BFloat16) = default;
};

// Layout of a small binary floating-point format: 1 sign bit, then exponent, then mantissa.
struct SmallFloatFormat {
  int exponent_bits;
  int mantissa_bits;
};
inline constexpr SmallFloatFormat kFloat16Format{5, 10};
inline constexpr SmallFloatFormat kBFloat16Format{8, 7};

// Exact value of a bit pattern of the format.
double small_float_to_double(uint16_t bits, SmallFloatFormat format);
// `value` rounded once to the format (round to nearest, ties to even).
uint16_t small_float_from_double(double value, SmallFloatFormat format);

inline double to_double(Float16 h) { return small_float_to_double(h.bits, kFloat16Format); }
inline double to_double(BFloat16 h) { return small_float_to_double(h.bits, kBFloat16Format); }
inline Float16 float16_from_double(double v) { return {small_float_from_double(v, kFloat16Format)}; }
inline BFloat16 bfloat16_from_double(double v) {
  return {small_float_from_double(v, kBFloat16Format)};
}

}  // namespace touchstone
