#include "reference/numeric/fast.h"

#include <atomic>

#include "reference/numeric/dd_functions.h"

namespace touchstone::numeric {

namespace {

std::atomic<unsigned long long> fallbacks{0};

using dd::DD;
constexpr double eps = dd::kOpError;

// A value far below any rounding boundary near v's magnitude: |true - v| <= 2^-900.
Approximation nearly(double v) { return {v, 0, 0x1p-900}; }

// x / (1 + |x|): the denominator exact (two_sum), one division: eps (any target).
Approximation softsign(double x) {
  if (!(std::fabs(x) >= 0x1p-900 && std::fabs(x) <= 0x1p900)) return {};
  return with_relative_error(dd::div({x, 0}, dd::two_sum(1.0, std::fabs(x))), eps);
}

// libm in double, for targets of at most 24 bits. Each call errs by at most kLibmBound
// (relative); an IEEE operation by 2^-53. Compositions:
// - sigmoid 1 / (1 + e^-x): the sum damps e's error (by e / (1 + e) < 1) and rounds, the
//   quotient rounds: under kLibmBound + 2^-52, claimed 2^-39.
// - softplus log1p(e^x): log1p's relative condition number e / ((1 + e) log1p(e)) is
//   below 1 for e > 0, so e's error passes at most as is; log1p adds its own: 2^-39.
Approximation with_libm(Fn fn, double x) {
  const double b = kLibmBound;
  switch (fn) {
    case Fn::kExp: return with_relative_error(std::exp(x), b);
    case Fn::kExpm1: return with_relative_error(std::expm1(x), b);
    case Fn::kLog: return with_relative_error(std::log(x), b);
    case Fn::kSqrt: return with_relative_error(std::sqrt(x), 0x1p-52);  // IEEE: correctly rounded
    case Fn::kSin: return with_relative_error(std::sin(x), b);
    case Fn::kCos: return with_relative_error(std::cos(x), b);
    case Fn::kTan: return with_relative_error(std::tan(x), b);
    case Fn::kAsin: return with_relative_error(std::asin(x), b);
    case Fn::kAcos: return with_relative_error(std::acos(x), b);
    case Fn::kAtan: return with_relative_error(std::atan(x), b);
    case Fn::kSinh: return with_relative_error(std::sinh(x), b);
    case Fn::kCosh: return with_relative_error(std::cosh(x), b);
    case Fn::kTanh: return with_relative_error(std::tanh(x), b);
    case Fn::kAsinh: return with_relative_error(std::asinh(x), b);
    case Fn::kAcosh: return with_relative_error(std::acosh(x), b);
    case Fn::kAtanh: return with_relative_error(std::atanh(x), b);
    case Fn::kErf: return with_relative_error(std::erf(x), b);
    case Fn::kSigmoid: return with_relative_error(1 / (1 + std::exp(-x)), 0x1p-39);
    case Fn::kSoftplus: return with_relative_error(std::log1p(std::exp(x)), 0x1p-39);
    case Fn::kSoftsign: {
      // x / (1 + |x|) in double, for targets of at most 24 bits: the sum and the quotient
      // each round once (relative errors d1, d2 below u = 2^-53), so the result is the
      // real value times (1 + d2) / (1 + d1), within 2u / (1 - u) (just over 2^-52) of it,
      // relative; claimed 2^-51. No overflow or subnormal: the inputs are float16,
      // bfloat16 or float values (|x| <= 2^128) and the quotient lies in [2^-150, 1).
      // The double-double form below serves float64 targets; zeros go to MPFR.
      if (x == 0) return {};
      return with_relative_error(x / (1 + std::fabs(x)), 0x1p-51);
    }
  }
  return {};
}

// sinh, cosh, tanh for t = |x| > 0 (the callers restore the sign).
// - sinh t = (E + E / (E + 1)) / 2 with E = expm1(t): E / (E + 1) has relative condition
//   number 1 / (E + 1) <= 1 in E, and the terms are positive: kExpm1Bound + 3 eps.
// - cosh t = (e + 1 / e) / 2: kExpBound + 3 eps.
// - tanh t = E / (E + 2) with E = expm1(2t): condition number 2 / (E + 2) <= 1:
//   kExpm1Bound + 2 eps. For t >= 20, 1 - tanh t = 2 / (e^2t + 1) < 2^-56.
Approximation hyperbolic(Fn fn, double t) {
  if (fn == Fn::kCosh) {
    const auto e = dd::exp({t, 0});
    if (!e) return {};
    return with_relative_error(dd::mul(dd::add(*e, dd::div({1, 0}, *e)), 0.5), 0x1p-89);
  }
  if (fn == Fn::kTanh && t >= 20) return {1, 0, 0x1p-56};
  const auto e = dd::expm1(fn == Fn::kTanh ? 2 * t : t);
  if (!e) return {};
  if (fn == Fn::kTanh) return with_relative_error(dd::div(*e, dd::add(*e, 2.0)), 0x1p-81);
  return with_relative_error(dd::mul(dd::add(*e, dd::div(*e, dd::add(*e, 1.0))), 0.5), 0x1p-81);
}

// The inverse hyperbolic functions through log1p of a positive argument a, whose
// relative error passes to the result at most as is (the condition number
// a / ((1 + a) log1p(a)) is below 1); a is computed from exact sums and products with
// at most 6 operations: kLog1pBound + 6 eps, claimed 2^-83.
// - asinh t = log1p(t + t^2 / (1 + sqrt(1 + t^2)))
// - acosh x = log1p((x - 1) + sqrt((x - 1)(x + 1)))
// - atanh t = log1p(2t / (1 - t)) / 2
Approximation inverse_hyperbolic(Fn fn, double t) {
  DD a;
  if (fn == Fn::kAsinh) {
    if (!(t >= 0x1p-400 && t <= 0x1p400)) return {};
    const DD t2 = dd::two_prod(t, t);
    const DD s = dd::sqrt(dd::add(t2, 1.0));
    a = dd::add(dd::div(t2, dd::add(s, 1.0)), t);
  } else if (fn == Fn::kAcosh) {
    if (!(t > 1 && t <= 0x1p400)) return {};
    const DD d = dd::two_sum(t, -1.0);
    a = dd::add(d, dd::sqrt(dd::mul(d, dd::two_sum(t, 1.0))));
  } else {
    if (!(t < 1)) return {};
    a = dd::div({2 * t, 0}, dd::two_sum(1.0, -t));
  }
  auto l = dd::log1p(a);
  if (!l) return {};
  return with_relative_error(fn == Fn::kAtanh ? dd::mul(*l, 0.5) : *l, 0x1p-83);
}

Approximation odd(Approximation a, bool negative) {
  if (negative) {
    a.hi = -a.hi;
    a.lo = -a.lo;
  }
  return a;
}

// Double-double, for float64 targets; |x| >= 2^-900 (no subnormal intermediates).
Approximation with_double_double(Fn fn, double x) {
  if (!(std::fabs(x) >= 0x1p-900)) return {};
  const double t = std::fabs(x);
  switch (fn) {
    case Fn::kExp: return from(dd::exp({x, 0}), dd::kExpBound);
    case Fn::kExpm1:
      if (x < -665) return nearly(-1);
      return from(dd::expm1(x), dd::kExpm1Bound);
    case Fn::kLog: return from(dd::log(x), dd::kLogBound);
    case Fn::kSqrt:
      if (!(x > 0 && x <= 0x1p900)) return {};
      return with_relative_error(dd::sqrt({x, 0}), dd::kSqrtBound);
    case Fn::kSin: return from(dd::sin(x), dd::kSinCosBound);
    case Fn::kCos: return from(dd::cos(x), dd::kSinCosBound);
    case Fn::kTan: return from(dd::tan(x), 2 * dd::kSinCosBound + 2 * eps);
    case Fn::kSinh:
    case Fn::kTanh: return odd(hyperbolic(fn, t), x < 0);
    case Fn::kCosh: return hyperbolic(fn, t);
    case Fn::kAsinh:
    case Fn::kAtanh: return odd(inverse_hyperbolic(fn, t), x < 0);
    case Fn::kAcosh: return inverse_hyperbolic(fn, x);
    case Fn::kSigmoid: {
      // 1 / (1 + e^-x): kExpBound + 2 eps. For x > 665, 1 - sigmoid(x) < e^-x < 2^-959.
      if (x > 665) return nearly(1);
      const auto e = dd::exp({-x, 0});
      if (!e) return {};
      return with_relative_error(dd::div({1, 0}, dd::add(*e, 1.0)), 0x1p-89);
    }
    case Fn::kSoftplus: {
      // log1p(e^x): as for the libm formula, kExpBound + kLog1pBound. For x > 665 the
      // result is x + log1p(e^-x) with 0 < log1p(e^-x) < 2^-959.
      if (x > 665) return nearly(x);
      const auto e = dd::exp({x, 0});
      if (!e) return {};
      return from(dd::log1p(*e), 0x1p-83);
    }
    case Fn::kSoftsign: return softsign(x);
    case Fn::kAsin: return from(dd::asin(x), dd::kAsinAcosBound);
    case Fn::kAcos: return from(dd::acos(x), dd::kAsinAcosBound);
    case Fn::kAtan: return from(dd::atan(x), dd::kAtanBound);
    case Fn::kErf:
      // From 6 up, 0 < 1 - erf|x| < 2^-55 (dd_functions.h).
      if (t >= 6) return {std::copysign(1.0, x), 0, 0x1p-55};
      return from(dd::erf(x), dd::kErfBound);
  }
  return {};
}

}  // namespace

unsigned long long fallback_count() { return fallbacks.load(std::memory_order_relaxed); }
void count_fallback() { fallbacks.fetch_add(1, std::memory_order_relaxed); }

Approximation approximate(Fn fn, double x, int precision) {
  if (!std::isfinite(x)) return {};
  if (precision <= 24) return with_libm(fn, x);
  if (precision <= 53) return with_double_double(fn, x);
  return {};
}

// Negative bases only with an integer exponent below 2^53 (then the sign is that of
// (-1)^y); 0, NaN and infinities go to MPFR (Annex F's special cases).
// Double-double: log|x| (kLogBound) times y (eps) is within 665 (2^-88 + eps) < 2^-78.6
// of y log|x| when |y log|x|| <= 665, which exp turns into a relative error below
// 2^-78.5, plus exp's own kExpBound: claimed 2^-77.
Approximation approximate_pow(double x, double y, int precision) {
  if (!std::isfinite(x) || !std::isfinite(y) || x == 0) return {};
  bool negative = false;
  if (x < 0) {
    if (!(std::fabs(y) < 0x1p53 && std::floor(y) == y)) return {};
    negative = std::fmod(y, 2.0) != 0;
  }
  const double t = std::fabs(x);
  if (precision <= 24) return odd(with_relative_error(std::pow(t, y), kLibmBound), negative);
  if (precision > 53) return {};
  const auto l = dd::log(t);
  if (!l) return {};
  const DD a = dd::mul(*l, y);
  return odd(from(dd::exp(a), 0x1p-77), negative);
}

Approximation scaled(const Approximation& v, double alpha, int precision) {
  if (!v.available() || !std::isfinite(alpha) || alpha == 0 || std::fabs(alpha) > 0x1p60 ||
      std::fabs(alpha) < 0x1p-60)
    return {};
  if (precision <= 24 && v.lo == 0) {
    // One double product (libm's approximations have no low part): it rounds by at most
    // 2^-53 |p|, claimed 2^-52 |p| on top of the scaled error.
    const double p = v.hi * alpha;
    return {p, 0, std::fabs(alpha) * v.error * (1 + 0x1p-50) + 0x1p-52 * std::fabs(p)};
  }
  const DD p = dd::mul(DD{v.hi, v.lo}, alpha);
  return {p.hi, p.lo, std::fabs(alpha) * v.error * (1 + 0x1p-50) + 2 * eps * std::fabs(p.hi)};
}

}  // namespace touchstone::numeric
