// The exact arithmetic of the quantization family, written once: every element of every type
// these ops read as the exact double it is, a quotient x / scale as an exact rational, its
// rounding half to even, and one rounding of an exact value to any float output (float8 and
// float4 included) without a double rounding.
#pragma once
#include <gmpxx.h>

#include <cmath>
#include <cstdint>

#include "reference/dtype.h"
#include "reference/minifloat.h"
#include "reference/numeric/exact.h"

namespace touchstone::ops::quant {

// Every value of the types these ops take is exactly a double.
template <class T>
double exact_of(T v) {
  if constexpr (is_small_int<T>) {
    return static_cast<double>(v.value);
  } else if constexpr (is_real_float<T> || is_minifloat<T>) {
    return numeric::widen(v);
  } else {
    return static_cast<double>(v);
  }
}

// q rounded to the nearest integer, ties to even.
mpz_class round_half_even(const mpq_class& q);

// Whether q lies exactly halfway between two integers.
bool is_half_integer(const mpq_class& q);

// q rounded to a double "to odd" (toward zero, then the last bit set when inexact): rounded
// again to any format of at most 51 bits (float, float16, bfloat16, float8, float4) it gives
// q correctly rounded once. q must lie within double's normal range or be 0.
double odd_double(const mpq_class& q);

// The exact product a * b (finite doubles) rounded to odd, as odd_double.
double odd_product(double a, double b);

// An exact value rounded once to the float type T: float, float16, bfloat16, or a float8 /
// float4 type (`saturate` as Cast's tables: out-of-range values give the largest finite value
// instead of inf/NaN).
template <class T>
T rounded_to(double odd, bool saturate) {
  if constexpr (is_minifloat<T>) {
    return minifloat_from<T>(odd, saturate);
  } else {
    return numeric::narrow<T>(odd);
  }
}

}  // namespace touchstone::ops::quant
