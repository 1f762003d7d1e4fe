#include "reference/half.h"

#include <cfenv>
#include <cmath>

namespace touchstone {

double small_float_to_double(uint16_t bits, SmallFloatFormat f) {
  const int bias = (1 << (f.exponent_bits - 1)) - 1;
  const uint32_t mantissa_mask = (1u << f.mantissa_bits) - 1;
  const uint32_t exponent_max = (1u << f.exponent_bits) - 1;
  const bool negative = (bits >> (f.exponent_bits + f.mantissa_bits)) & 1;
  const uint32_t exponent = (bits >> f.mantissa_bits) & exponent_max;
  const uint32_t mantissa = bits & mantissa_mask;
  double magnitude;
  if (exponent == exponent_max) {
    magnitude = mantissa == 0 ? INFINITY : NAN;
  } else if (exponent == 0) {  // zero or subnormal: mantissa * 2^(1 - bias - M)
    magnitude = std::ldexp(static_cast<double>(mantissa), 1 - bias - f.mantissa_bits);
  } else {
    magnitude = std::ldexp(static_cast<double>(mantissa | (mantissa_mask + 1)),
                           static_cast<int>(exponent) - bias - f.mantissa_bits);
  }
  return negative ? -magnitude : magnitude;
}

uint16_t small_float_from_double(double value, SmallFloatFormat f) {
  const int bias = (1 << (f.exponent_bits - 1)) - 1;
  const uint32_t exponent_max = (1u << f.exponent_bits) - 1;
  const uint32_t sign = std::signbit(value) ? 1u << (f.exponent_bits + f.mantissa_bits) : 0;
  const uint32_t infinity = exponent_max << f.mantissa_bits;
  if (std::isnan(value)) return static_cast<uint16_t>(sign | infinity | (1u << (f.mantissa_bits - 1)));
  const double magnitude = std::fabs(value);
  if (std::isinf(magnitude)) return static_cast<uint16_t>(sign | infinity);
  if (magnitude == 0) return static_cast<uint16_t>(sign);

  // The spacing of representable values around `magnitude` is 2^(e - M) for a normal
  // binade 2^e, and 2^(1 - bias - M) throughout the subnormal range.
  int binade;
  std::frexp(magnitude, &binade);  // magnitude = m * 2^binade, 0.5 <= m < 1
  const int e = binade - 1;
  const int quantum_exponent = (e < 1 - bias ? 1 - bias : e) - f.mantissa_bits;
  // Scaling by a power of two is exact; rint rounds to nearest even (the default mode).
  const double steps = std::rint(std::ldexp(magnitude, -quantum_exponent));
  // In the subnormal range the step count is the bit pattern itself (and 2^M carries
  // into the smallest normal). In a normal binade the leading 1 is implicit; a count
  // of 2^(M+1) carries into the next binade, and past the largest it becomes infinity.
  uint64_t encoded;
  if (e < 1 - bias) {
    encoded = static_cast<uint64_t>(steps);
  } else {
    encoded = (static_cast<uint64_t>(e + bias) << f.mantissa_bits) +
              (static_cast<uint64_t>(steps) - (1ull << f.mantissa_bits));
  }
  if (encoded >= infinity) encoded = infinity;
  return static_cast<uint16_t>(sign | encoded);
}

}  // namespace touchstone
