#include "reference/minifloat.h"

#include <cmath>

namespace touchstone {

namespace {
bool is_fnuz(MiniFloatKind k) { return k == MiniFloatKind::kE4M3FNUZ || k == MiniFloatKind::kE5M2FNUZ; }

int sign_shift(const MiniFloatFormat& f) { return f.exponent_bits + f.mantissa_bits; }

// Bit patterns of the largest finite magnitude and (where it exists) +infinity.
uint8_t max_pattern(MiniFloatKind kind) {
  switch (kind) {
    case MiniFloatKind::kE4M3FN: return 0x7E;    // 0.1111.110 (0.1111.111 is NaN)
    case MiniFloatKind::kE4M3FNUZ: return 0x7F;  // 0.1111.111
    case MiniFloatKind::kE5M2: return 0x7B;      // 0.11110.11 (exponent 11111 is inf/NaN)
    case MiniFloatKind::kE5M2FNUZ: return 0x7F;  // 0.11111.11
    case MiniFloatKind::kE2M1: return 0x7;       // 0.11.1
    case MiniFloatKind::kE8M0: return 0xFE;
  }
  return 0;
}

// The NaN a format gives for a NaN of sign `negative`.
uint8_t nan_pattern(MiniFloatKind kind, bool negative) {
  switch (kind) {
    case MiniFloatKind::kE4M3FN: return negative ? 0xFF : 0x7F;
    case MiniFloatKind::kE5M2: return negative ? 0xFE : 0x7E;  // quiet: top mantissa bit set
    case MiniFloatKind::kE4M3FNUZ: case MiniFloatKind::kE5M2FNUZ: return 0x80;
    case MiniFloatKind::kE8M0: return 0xFF;
    case MiniFloatKind::kE2M1: return negative ? 0xF : 0x7;  // no NaN: ±6
  }
  return 0;
}
}  // namespace

MiniFloatFormat minifloat_format(MiniFloatKind kind) {
  switch (kind) {
    case MiniFloatKind::kE4M3FN: return {4, 3, 7, false, true, true, true};
    case MiniFloatKind::kE4M3FNUZ: return {4, 3, 8, false, true, false, true};
    case MiniFloatKind::kE5M2: return {5, 2, 15, true, true, true, true};
    case MiniFloatKind::kE5M2FNUZ: return {5, 2, 16, false, true, false, true};
    case MiniFloatKind::kE2M1: return {2, 1, 1, false, false, true, true};
    case MiniFloatKind::kE8M0: return {8, 0, 127, false, true, false, false};
  }
  return {};
}

double minifloat_to_double(uint8_t bits, MiniFloatKind kind) {
  const MiniFloatFormat f = minifloat_format(kind);
  if (kind == MiniFloatKind::kE8M0) return bits == 0xFF ? NAN : std::ldexp(1.0, bits - 127);
  if (is_fnuz(kind) && bits == 0x80) return NAN;
  const bool negative = (bits >> sign_shift(f)) & 1;
  const unsigned exponent_max = (1u << f.exponent_bits) - 1, mantissa_mask = (1u << f.mantissa_bits) - 1;
  const unsigned exponent = (bits >> f.mantissa_bits) & exponent_max, mantissa = bits & mantissa_mask;
  double magnitude;
  if (kind == MiniFloatKind::kE4M3FN && exponent == exponent_max && mantissa == mantissa_mask) {
    magnitude = NAN;
  } else if (kind == MiniFloatKind::kE5M2 && exponent == exponent_max) {
    magnitude = mantissa == 0 ? INFINITY : NAN;
  } else if (exponent == 0) {  // zero or subnormal: mantissa * 2^(1 - bias - M)
    magnitude = std::ldexp(mantissa, 1 - f.bias - f.mantissa_bits);
  } else {
    magnitude = std::ldexp(mantissa | (mantissa_mask + 1), static_cast<int>(exponent) - f.bias - f.mantissa_bits);
  }
  return negative ? -magnitude : magnitude;
}

double minifloat_max(MiniFloatKind kind) { return minifloat_to_double(max_pattern(kind), kind); }

uint8_t minifloat_from_double(double value, MiniFloatKind kind, bool saturate) {
  if (kind == MiniFloatKind::kE8M0) return e8m0_from_double(value, E8M0Rounding::kNearest, saturate);
  const MiniFloatFormat f = minifloat_format(kind);
  const bool negative = std::signbit(value);
  if (std::isnan(value)) return nan_pattern(kind, negative);
  const uint8_t sign = negative ? static_cast<uint8_t>(1u << sign_shift(f)) : 0;
  const uint8_t zero = f.has_negative_zero ? sign : 0;
  auto overflow = [&]() -> uint8_t {
    if (saturate || kind == MiniFloatKind::kE2M1) return sign | max_pattern(kind);
    if (f.has_infinity) return sign | static_cast<uint8_t>(((1u << f.exponent_bits) - 1) << f.mantissa_bits);
    return nan_pattern(kind, negative);
  };
  const double magnitude = std::fabs(value);
  if (std::isinf(magnitude)) return overflow();
  if (magnitude == 0) return zero;

  // Round on the grid of the binade (or of the subnormals below the smallest normal),
  // with the exponent unbounded above; then compare with the largest finite value.
  int binade;
  std::frexp(magnitude, &binade);  // magnitude = m * 2^binade, 0.5 <= m < 1
  const int e = binade - 1, min_exponent = 1 - f.bias;
  const int quantum = (e < min_exponent ? min_exponent : e) - f.mantissa_bits;
  const double steps = std::rint(std::ldexp(magnitude, -quantum));  // ties to even
  const double rounded = std::ldexp(steps, quantum);
  if (rounded > minifloat_max(kind)) return overflow();
  if (rounded == 0) return zero;
  if (rounded < std::ldexp(1.0, min_exponent)) return sign | static_cast<uint8_t>(steps);  // subnormal
  int rounded_binade;
  std::frexp(rounded, &rounded_binade);
  const int re = rounded_binade - 1;
  const auto mantissa = static_cast<unsigned>(std::ldexp(rounded, f.mantissa_bits - re)) - (1u << f.mantissa_bits);
  return sign | static_cast<uint8_t>((static_cast<unsigned>(re + f.bias) << f.mantissa_bits) | mantissa);
}

uint8_t e8m0_from_double(double value, E8M0Rounding mode, bool saturate) {
  if (std::isnan(value)) return 0xFF;
  const double x = std::fabs(value);
  const uint8_t high = saturate ? 0xFE : 0xFF, low = saturate ? 0x00 : 0xFF;
  if (x > std::ldexp(1.0, 127)) return high;  // +inf too
  if (x < std::ldexp(1.0, -127)) return low;  // 0 too
  int binade;
  std::frexp(x, &binade);
  int k = binade - 1;  // 2^k <= x < 2^(k+1)
  const bool exact = x == std::ldexp(1.0, k);
  switch (mode) {
    case E8M0Rounding::kUp: k += exact ? 0 : 1; break;
    case E8M0Rounding::kDown: break;
    case E8M0Rounding::kNearest: k += x >= std::ldexp(1.5, k) ? 1 : 0; break;
  }
  return static_cast<uint8_t>(k + 127);
}

}  // namespace touchstone
