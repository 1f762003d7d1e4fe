// Pow — every version.
//
// Pow-1: limited broadcast (`broadcast`/`axis`), base and exponent of one float type.
// Pow-7: numpy broadcasting. Pow-12: integer bases (int32, int64) and an exponent of a
// type of its own (T1). Pow-13 adds bfloat16 bases, Pow-15 bfloat16 exponents; the
// executor checks the types, so 7 through 15 share one kernel.
//
// Float bases: the exact x^y rounded once (MPFR), special values as C99 Annex F says.
// Integer bases, which ONNX leaves largely open:
// - integer exponent >= 0: the exact power; overflow is undefined and wraps.
// - integer exponent < 0: the real result truncated toward zero (0 unless |x| = 1);
//   undefined, as numpy refuses it and ONNX says nothing; 0^negative is 0.
// - float exponent: the exact real x^y truncated toward zero; implementation-defined
//   unless the exponent is a non-negative integer value; NaN or a result outside the
//   type is undefined and gives 0.
#include <cmath>
#include <limits>

#include "reference/numeric/exact.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

constexpr const char* kOverflow = "integer overflow (the result wraps)";

// x^n for n >= 0 by repeated squaring, wrapping; marks overflow.
template <class T>
T integer_power(const Node& node, T x, uint64_t n) {
  T result = 1;
  bool overflow = false;
  while (n > 0) {
    if (n & 1) overflow |= __builtin_mul_overflow(result, x, &result);
    n >>= 1;
    if (n > 0) overflow |= __builtin_mul_overflow(x, x, &x);
  }
  if (overflow) node.mark(Semantics::kUndefined, kOverflow);
  return result;
}

struct Power {
  const Node& node;

  template <class T, class U>
  T operator()(T x, U y) const {
    if constexpr (is_real_float<T>) {
      return numeric::pow(x, y);
    } else if constexpr (is_integer<U>) {
      if constexpr (std::is_signed_v<U>) {
        if (y < 0) return negative_exponent(x, y);
      }
      return integer_power(node, x, static_cast<uint64_t>(y));
    } else {
      return float_exponent(x, numeric::widen(y));
    }
  }

  // x^y for y < 0: exactly 1 or -1 when |x| = 1, else a fraction that truncates to 0.
  template <class T, class U>
  T negative_exponent(T x, U y) const {
    if (x == 1) return 1;
    if constexpr (std::is_signed_v<T>) {
      if (x == -1) return (y % 2 == 0) ? 1 : -1;
    }
    node.mark(Semantics::kUndefined,
              "integer base to a negative integer power (the result truncates toward zero)");
    return 0;
  }

  template <class T>
  T float_exponent(T x, double y) const {
    auto r = numeric::pow_truncated(numeric::exact_value(x), numeric::exact_value(y));
    if (!r || *r < std::numeric_limits<T>::min() || *r > std::numeric_limits<T>::max()) {
      node.mark(Semantics::kUndefined,
                "integer base to a float power: NaN or out of the type's range (the result is 0)");
      return 0;
    }
    if (!(y >= 0 && std::floor(y) == y))
      node.mark(Semantics::kImplementationDefined,
                "integer base to a non-integer or negative float power (truncated toward zero)");
    return static_cast<T>(*r);
  }
};

}  // namespace

// Pow-1: limited broadcast.
Tensors pow_v1(const Node& node, const Inputs& in) {
  return {map_binary_mixed(limited_plan(node, in), in[0], in[1], Power{node})};
}

// Pow-7, 12, 13, 15: numpy broadcasting; the types the executor admits differ.
Tensors pow_v7(const Node& node, const Inputs& in) {
  return {map_binary_mixed(multidirectional_plan(in), in[0], in[1], Power{node})};
}

}  // namespace touchstone::ops
