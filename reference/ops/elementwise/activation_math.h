// Helpers shared by the activation kernels (activations.cpp, rectifiers.cpp): float-only
// elementwise maps, exact sums and products of an element with a float attribute rounded
// once, and the mark for a NaN input that an op's cases do not cover.
#pragma once
// <cstdint> before MPFR: it declares its intmax_t functions (mpfr_set_sj, ...) only then.
#include <cstdint>

#include <cmath>
#include <stdexcept>

#include "reference/numeric/functions.h"
#include "reference/ops/core/elementwise.h"

namespace touchstone::ops {

// Y[i] = f(X[i]) where X is a float tensor (the schema admits only float types).
template <class F>
Tensor map_float(const Tensor& x, const F& f) {
  return map_unary(x, [&]<class T>(T v) -> T {
    if constexpr (is_real_float<T>) {
      return f(v);
    } else {
      throw std::logic_error("float-only activation on an integer type");  // the schema check prevents it
    }
  });
}

// An exact MPFR value (any precision) rounded once to T.
template <class T>
T round_exact(mpfr_srcptr v) {
  return numeric::correctly_rounded_as<T>([&](mpfr_ptr out) {
    // One rounding of an exact value: half an ulp of `out` (slack 1), or exact.
    return mpfr_set(out, v, MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
  });
}

// a op b for exact doubles a and b, rounded once to T (op: mpfr_add, mpfr_sub, mpfr_mul).
template <class T>
T exact_op_rounded(double a, double b, int (*op)(mpfr_ptr, mpfr_srcptr, mpfr_srcptr, mpfr_rnd_t)) {
  // Fast path: the exact sum or product as a double-double (numeric/fast.h).
  auto exact = [&](int) {
    if (op == mpfr_mul) return numeric::exact_product(a, b);
    if (op == mpfr_add) return numeric::exact_sum(a, b);
    if (op == mpfr_sub) return numeric::exact_sum(a, -b);
    return numeric::Approximation{};
  };
  return numeric::correctly_rounded_as<T>(exact, [&](mpfr_ptr out) {
    numeric::MpfrValue x(64, a), y(64, b);
    // One correctly rounded MPFR operation on exact operands: slack 1, or exact.
    return op(out, x, y, MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
  });
}

inline constexpr const char* kNanCases =
    "NaN input, which none of the op's cases (x < 0, x >= 0, max, min) covers (the result is NaN)";

}  // namespace touchstone::ops
