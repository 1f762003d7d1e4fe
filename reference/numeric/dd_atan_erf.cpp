// atan, asin, acos and erf in double-double (dd_functions.h), with their error arguments.
//
// eps = kOpError = 2^-102 bounds the relative error of one double-double operation
// (double_double.h); every table entry is computed once by MPFR at 300 bits and rounded
// to a double-double (relative error <= 2^-106, dd_mpfr.h). Each claimed bound is at
// least 2^6 times the estimate argued next to the code.
#include <mpfr.h>

#include <algorithm>
#include <cmath>

#include "reference/numeric/dd_functions.h"
#include "reference/numeric/dd_mpfr.h"

namespace touchstone::numeric::dd {

namespace {

constexpr int kAtanTerms = 8;     // atan d = d sum_{n=0..7} (-1)^n d^(2n) / (2n + 1)
constexpr int kErfSmallTerms = 8; // erf t = t sum_{n=0..7} (2/sqrt(pi)) (-t^2)^n / (n! (2n + 1))
constexpr int kErfCenters = 192;  // erf's Taylor expansions around c = j/32, j = 1..192
constexpr int kErfDegree = 16;    // each of degree 16 in h = t - c, |h| <= 1/64

struct Tables {
  DD atan_j[65];                // atan(j/64)
  DD atan_coef[kAtanTerms];     // (-1)^n / (2n + 1)
  DD half_pi, pi;
  DD erf_small[kErfSmallTerms];  // (2/sqrt(pi)) (-1)^n / (n! (2n + 1))
  DD erf_taylor[kErfCenters + 1][kErfDegree + 1];  // erf^(k)(j/32) / k!

  Tables() {
    mpfr_t x, g, h0, h1, h2, f;
    mpfr_inits2(300, x, g, h0, h1, h2, f, static_cast<mpfr_ptr>(nullptr));
    for (int j = 0; j <= 64; ++j) {
      mpfr_set_ui(x, j, MPFR_RNDN);
      mpfr_div_ui(x, x, 64, MPFR_RNDN);
      mpfr_atan(x, x, MPFR_RNDN);
      atan_j[j] = from_mpfr(x);
    }
    for (int n = 0; n < kAtanTerms; ++n) {
      mpfr_set_si(x, n % 2 ? -1 : 1, MPFR_RNDN);
      mpfr_div_ui(x, x, 2 * n + 1, MPFR_RNDN);
      atan_coef[n] = from_mpfr(x);
    }
    mpfr_const_pi(x, MPFR_RNDN);
    pi = from_mpfr(x);
    mpfr_div_2ui(x, x, 1, MPFR_RNDN);
    half_pi = from_mpfr(x);
    // g = 2 / sqrt(pi)
    mpfr_const_pi(g, MPFR_RNDN);
    mpfr_rec_sqrt(g, g, MPFR_RNDN);
    mpfr_mul_2ui(g, g, 1, MPFR_RNDN);
    mpfr_set_ui(f, 1, MPFR_RNDN);  // n!
    for (int n = 0; n < kErfSmallTerms; ++n) {
      if (n > 0) mpfr_mul_ui(f, f, n, MPFR_RNDN);
      mpfr_mul_ui(x, f, 2 * n + 1, MPFR_RNDN);
      mpfr_div(x, g, x, MPFR_RNDN);
      if (n % 2) mpfr_neg(x, x, MPFR_RNDN);
      erf_small[n] = from_mpfr(x);
    }
    // erf^(k)(c) = (2/sqrt(pi)) e^(-c^2) (-1)^(k-1) H_(k-1)(c) for k >= 1, with the
    // (physicists') Hermite polynomials H_0 = 1, H_1 = 2c, H_(n+1) = 2c H_n - 2n H_(n-1).
    // The recurrence at a rational c loses far fewer than the 300 - 110 spare bits.
    for (int j = 1; j <= kErfCenters; ++j) {
      mpfr_t c, w;
      mpfr_inits2(300, c, w, static_cast<mpfr_ptr>(nullptr));
      mpfr_set_ui(c, j, MPFR_RNDN);
      mpfr_div_ui(c, c, 32, MPFR_RNDN);
      mpfr_erf(x, c, MPFR_RNDN);
      erf_taylor[j][0] = from_mpfr(x);
      mpfr_sqr(w, c, MPFR_RNDN);
      mpfr_neg(w, w, MPFR_RNDN);
      mpfr_exp(w, w, MPFR_RNDN);
      mpfr_mul(w, w, g, MPFR_RNDN);  // erf'(c)
      mpfr_set_ui(h0, 1, MPFR_RNDN);
      mpfr_mul_2ui(h1, c, 1, MPFR_RNDN);
      mpfr_set_ui(f, 1, MPFR_RNDN);  // k!
      for (int k = 1; k <= kErfDegree; ++k) {
        mpfr_mul_ui(f, f, k, MPFR_RNDN);
        mpfr_mul(x, w, h0, MPFR_RNDN);  // h0 = H_(k-1)
        mpfr_div(x, x, f, MPFR_RNDN);
        if ((k - 1) % 2) mpfr_neg(x, x, MPFR_RNDN);
        erf_taylor[j][k] = from_mpfr(x);
        // H_(k+1) = 2c H_k - 2k H_(k-1): shift (h0, h1) to (H_k, H_(k+1)).
        mpfr_mul(h2, h1, c, MPFR_RNDN);
        mpfr_mul_2ui(h2, h2, 1, MPFR_RNDN);
        mpfr_mul_ui(x, h0, 2 * k, MPFR_RNDN);
        mpfr_sub(h2, h2, x, MPFR_RNDN);
        mpfr_swap(h0, h1);
        mpfr_swap(h1, h2);
      }
      mpfr_clears(c, w, static_cast<mpfr_ptr>(nullptr));
    }
    mpfr_clears(x, g, h0, h1, h2, f, static_cast<mpfr_ptr>(nullptr));
  }
};

const Tables& tables() {
  static const Tables instance;
  return instance;
}

// atan d for |d| <= 2^-6.9: z = d^2 <= 2^-13.8, the series' tail after 8 terms is below
// z^8 / 17 < 2^-114 relative. Horner's steps err by eps each relative to partial sums
// near 1/(2n+1), and reach the result damped by z: about 2 eps; the coefficients 2^-106,
// z's own error (times z/3) nothing, the final product eps: under 3.3 eps relative.
// For |d| below 2^-450, z and z p underflow; their absolute errors (< 2^-1074) against
// partial sums near 1 change nothing.
DD atan_series(DD d) {
  const Tables& tb = tables();
  const DD z = mul(d, d);
  DD p = tb.atan_coef[kAtanTerms - 1];
  for (int n = kAtanTerms - 2; n >= 0; --n) p = add(mul(p, z), tb.atan_coef[n]);
  return mul(p, d);
}

// atan u for a double-double 0 < u <= 1: c = j/64 nearest u, atan u = atan c +
// atan d with d = (u - c) / (1 + u c), |d| <= 2^-7 (1 + 2^-45). d errs by 4.1 eps (the
// subtraction, product, sum and quotient), which passes to atan d as is (d atan'(d) /
// atan(d) <= 1): with the series, 7.4 eps of |atan d|. For j >= 1, atan u >= atan(1/128)
// while atan c <= 2 atan u and |atan d| <= 1.01 atan u; with the table's 2^-106 and the
// last addition's eps the result errs by under 8.5 eps relative (j = 0: the series alone).
DD atan_unit(DD u) {
  const Tables& tb = tables();
  const int j = static_cast<int>(std::nearbyint(u.hi * 64));
  if (j == 0) return atan_series(u);
  const double c = j / 64.0;
  const DD d = div(add(u, -c), add(mul(u, c), 1.0));
  return add(tb.atan_j[j], atan_series(d));
}

// atan a for a double-double a > 0 (a.hi in [2^-900, 2^60)): for a > 1, pi/2 - atan(1/a).
// 1/a errs by eps, which moves atan(1/a) by at most eps (1/a) <= 1.28 eps atan(1/a);
// atan(1/a) <= pi/4 <= the result, so with pi/2's 2^-106 and the subtraction's eps the
// result errs by under 8.5 + 1.3 + 1 + 0.1 < 11 eps relative.
DD atan_positive(DD a) {
  if (a.hi <= 1) return atan_unit(a);
  return sub(tables().half_pi, atan_unit(div(DD{1, 0}, a)));
}

// sqrt((1 - t)(1 + t)) for 0 <= t < 1: both factors exact (two_sum), their product eps,
// the square root eps plus half its argument's: 1.5 eps relative.
DD sqrt_one_minus_square(double t) { return sqrt(mul(two_sum(1.0, -t), two_sum(1.0, t))); }

}  // namespace

// t = |x|. Below 2^60, atan_positive (11 eps). From 2^60, atan t = pi/2 - atan w with
// w = 1/t <= 2^-60, atan w = w within w^3/3 < 2^-181; fl(1/t) errs by 2^-53 w <= 2^-113
// (or by 2^-1074 when subnormal); with pi/2's 2^-106 and the addition's eps: under
// 2^-101 relative to a result above 1.57. kAtanBound = 2^-92 >= 2^6 * 11 eps.
std::optional<DD> atan(double x) {
  const double t = std::fabs(x);
  if (!(t >= 0x1p-900 && t <= 0x1.fffffffffffffp1023)) return std::nullopt;  // also NaN
  const DD r = t < 0x1p60 ? atan_positive({t, 0}) : add(tables().half_pi, -1 / t);
  return x < 0 ? neg(r) : r;
}

// asin t = atan(t / sqrt(1 - t^2)) for 0 < t < 1: the quotient errs by 1.5 eps + eps,
// which atan passes at most as is (a atan'(a) / atan(a) <= 1), plus atan_positive's
// 11 eps: under 14.5 eps = 2^-98.1. t / sqrt(1 - t^2) lies below 2^27 (t <= 1 - 2^-53).
std::optional<DD> asin(double x) {
  const double t = std::fabs(x);
  if (!(t >= 0x1p-900 && t < 1)) return std::nullopt;  // ±1 (±pi/2) and NaN go to MPFR
  const DD r = atan_positive(div(DD{t, 0}, sqrt_one_minus_square(t)));
  return x < 0 ? neg(r) : r;
}

// acos x:
// - |x| <= 1/2: pi/2 - asin x; |asin x| <= pi/6 and the result >= pi/3, so asin's
//   14.5 eps at most halves: with pi/2's 2^-106 and the subtraction's eps, under 9 eps.
// - 1/2 < x < 1: atan(sqrt(1 - x^2) / x): 2.5 eps for the argument, 11 for atan: 13.5 eps.
// - -1 < x < -1/2: pi - atan(sqrt(1 - x^2) / |x|), the atan at most pi/3 of a result of
//   at least 2pi/3: under 8 eps.
// kAsinAcosBound = 2^-91 >= 2^6 * 14.5 eps.
std::optional<DD> acos(double x) {
  const double t = std::fabs(x);
  if (!(t >= 0x1p-900 && t < 1)) return std::nullopt;  // acos(1) = +0, -1, NaN: MPFR
  const Tables& tb = tables();
  if (t <= 0.5) {
    const auto s = asin(x);
    return sub(tb.half_pi, *s);
  }
  const DD v = atan_positive(div(sqrt_one_minus_square(t), DD{t, 0}));
  return x > 0 ? v : sub(tb.pi, v);
}

// erf, odd; t = |x|:
// - t < 1/64: t Q(t^2) with Q's series cut after 8 terms (the tail is below 2^-115
//   relative), Horner damped by t^2 <= 2^-12: under 3.2 eps.
// - 1/64 <= t < 6: c = j/32 nearest t (1 <= j <= 192), h = t - c exact (Sterbenz:
//   c/2 <= t <= 2c), |h| <= 1/64, erf t = sum_{k=0..16} a_k h^k + R with
//   a_k = erf^(k)(c) / k!. Taylor's remainder R is erf^(17)(s) h^17 / 17! for some s;
//   erf^(17)(s) = (2/sqrt(pi)) (-1)^16 H_16(s) e^(-s^2), and Cramer's inequality
//   |H_n(s)| <= 1.0865 sqrt(2^n n!) e^(s^2/2) gives |erf^(17)| <= 1.44e9, so
//   |R| <= 1.44e9 2^-102 / 17! < 2^-119.9 (2^-114 of erf t >= erf(1/64) = 0.0176).
//   Horner with eps per operation errs by at most 33 eps sum |a_k h^k| (33 = 2 16 + 1
//   operations deep), the coefficients by 2^-106 of the same sum; sum |a_k h^k| <=
//   erf c + |erf'(c) h| + (the rest, < 2^-10 of it) < 3.1 erf t (the worst is j = 1,
//   t = 1/64). In all under 103 eps + 2^-104 + 2^-114 < 2^-95.2.
// - t >= 6: erf t = 1 - erfc t with 0 < erfc t <= e^(-t^2) / (t sqrt(pi)) < 2.2e-17
//   < 2^-55 (callers take 1 within 2^-55).
// kErfBound = 2^-89 >= 2^6 * 2^-95.2.
std::optional<DD> erf(double x) {
  const double t = std::fabs(x);
  if (!(t >= 0x1p-900 && t < 6)) return std::nullopt;  // tiny, 6 and above, NaN: the caller
  const Tables& tb = tables();
  DD r;
  if (t < 1.0 / 64) {
    const DD z = two_prod(t, t);  // below t = 2^-511 it underflows: an absolute 2^-1074 against Q near 1.13
    DD q = tb.erf_small[kErfSmallTerms - 1];
    for (int n = kErfSmallTerms - 2; n >= 0; --n) q = add(mul(q, z), tb.erf_small[n]);
    r = mul(q, t);
  } else {
    const int j = std::max(1, static_cast<int>(std::nearbyint(t * 32)));  // t = 1/64: j = 1
    const double h = t - j / 32.0;
    const DD* a = tb.erf_taylor[j];
    DD p = a[kErfDegree];
    for (int k = kErfDegree - 1; k >= 0; --k) p = add(mul(p, h), a[k]);
    r = p;
  }
  return x < 0 ? neg(r) : r;
}

}  // namespace touchstone::numeric::dd
