// Double-double arithmetic: a real number held as an unevaluated sum hi + lo of two
// doubles with |lo| <= ulp(hi) / 2, about 106 bits of significand.
//
// The error-free transformations (two_sum, two_prod) are exact; the others round. The
// error bounds are those proved by Joldes, Muller and Popescu, "Tight and rigorous
// error bounds for basic building blocks of double-word arithmetic" (ACM TOMS 44(2),
// 2017), with u = 2^-53: add (their Algorithm 6), add of a double (Algorithm 4), mul
// (the FMA-free form of their DWTimesDW), mul by a double (Algorithm 7) and div
// (Algorithm 17) each return the exact result of the operation on their operands
// times (1 + d) with |d| below 15u^2. The callers use one bound for all of them,
// kOpError = 2^-102 = 16u^2. They hold while no intermediate overflows or
// becomes subnormal: the callers keep every operand between 2^-900 and 2^900 in
// magnitude (or exactly zero).
//
// Products use Veltkamp's splitting rather than fma: exact without an FMA unit, and
// inlined (the build does not assume one).
#pragma once
#include <cmath>

namespace touchstone::numeric::dd {

inline constexpr double kOpError = 0x1p-102;

struct DD {
  double hi = 0;
  double lo = 0;
};

// a + b exactly (Knuth): any doubles, no overflow.
inline DD two_sum(double a, double b) {
  const double s = a + b;
  const double bb = s - a;
  const double e = (a - (s - bb)) + (b - bb);
  return {s, e};
}

// a + b exactly when |a| >= |b| (or a = 0) (Dekker).
inline DD fast_two_sum(double a, double b) {
  const double s = a + b;
  return {s, b - (s - a)};
}

// a = hi + lo with hi on 26 bits and lo on 26 bits (Veltkamp, |a| < 2^996).
inline DD split(double a) {
  const double t = 134217729.0 * a;  // 2^27 + 1
  const double hi = t - (t - a);
  return {hi, a - hi};
}

// a * b exactly (Dekker), while the product and its error stay normal.
inline DD two_prod(double a, double b) {
  const double p = a * b;
  const DD x = split(a), y = split(b);
  const double e = ((x.hi * y.hi - p) + x.hi * y.lo + x.lo * y.hi) + x.lo * y.lo;
  return {p, e};
}

inline DD add(DD x, DD y) {
  const DD s = two_sum(x.hi, y.hi);
  const DD t = two_sum(x.lo, y.lo);
  const DD v = fast_two_sum(s.hi, s.lo + t.hi);
  return fast_two_sum(v.hi, t.lo + v.lo);
}

inline DD add(DD x, double y) {
  const DD s = two_sum(x.hi, y);
  return fast_two_sum(s.hi, x.lo + s.lo);
}

inline DD neg(DD x) { return {-x.hi, -x.lo}; }
inline DD sub(DD x, DD y) { return add(x, neg(y)); }

inline DD mul(DD x, double y) {
  const DD c = two_prod(x.hi, y);
  return fast_two_sum(c.hi, x.lo * y + c.lo);
}

inline DD mul(DD x, DD y) {
  const DD c = two_prod(x.hi, y.hi);
  return fast_two_sum(c.hi, c.lo + (x.hi * y.lo + x.lo * y.hi));
}

inline DD div(DD x, DD y) {
  const double t = x.hi / y.hi;
  const DD r = mul(y, t);
  const double d = (x.hi - r.hi) + (x.lo - r.lo);
  return fast_two_sum(t, d / y.hi);
}

// x * 2^e, exact while the parts stay normal.
inline DD scale(DD x, int e) { return {std::ldexp(x.hi, e), std::ldexp(x.lo, e)}; }

}  // namespace touchstone::numeric::dd
