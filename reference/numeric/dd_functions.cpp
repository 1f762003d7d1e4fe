#include "reference/numeric/dd_functions.h"

#include <mpfr.h>

#include <cmath>

#include "reference/numeric/dd_mpfr.h"

// Error arguments. eps = kOpError = 2^-102 bounds the relative error of one
// double-double operation (double_double.h); every constant below is computed once by
// MPFR at 300 bits and rounded to a double-double (relative error <= 2^-106).

namespace touchstone::numeric::dd {

namespace {

constexpr int kExpTerms = 11;   // exp(r) = 1 + r q(r), q = sum_{n=1..11} r^(n-1)/n!
constexpr int kAtanhTerms = 10; // 2 atanh(s) = 2s sum_{n=0..9} s^(2n)/(2n+1)
constexpr int kSinTerms = 14;   // sin r = r sum_{n=0..13} (-1)^n r^(2n)/(2n+1)!
constexpr int kCosTerms = 15;   // cos r = sum_{n=0..14} (-1)^n r^(2n)/(2n)!

struct Tables {
  DD exp2_j[64];      // 2^(j/64)
  DD log_c[64];       // log(1 + j/64)
  DD ln2;             // log 2
  double exp_c[3];    // log(2)/64 = c0 + c1 + c2 (+ < 2^-133): c0, c1 on 37 bits
  double half_pi[4];  // pi/2 = p0 + p1 + p2 + p3 (+ < 2^-151): p0..p2 on 33 bits
  DD inv_factorial[2 * kCosTerms + 2];  // 1/n!
  DD inv_odd[kAtanhTerms];              // 1/(2n+1)

  Tables() {
    mpfr_t v, t;
    mpfr_init2(v, 300);
    mpfr_init2(t, 300);
    // x split into pieces of `bits` bits each (the last one a double).
    auto split_into = [&](mpfr_t x, double* out, int count, int bits) {
      mpfr_set(v, x, MPFR_RNDN);
      for (int i = 0; i < count; ++i) {
        mpfr_set(t, v, MPFR_RNDN);
        mpfr_prec_round(t, i + 1 < count ? bits : 53, MPFR_RNDN);
        out[i] = mpfr_get_d(t, MPFR_RNDN);  // exact
        mpfr_sub(v, v, t, MPFR_RNDN);       // exact at 300 bits
      }
    };
    mpfr_t x;
    mpfr_init2(x, 300);
    for (int j = 0; j < 64; ++j) {
      mpfr_set_si(x, j, MPFR_RNDN);
      mpfr_div_ui(x, x, 64, MPFR_RNDN);
      mpfr_exp2(x, x, MPFR_RNDN);
      exp2_j[j] = from_mpfr(x);
      mpfr_set_si(x, 64 + j, MPFR_RNDN);
      mpfr_div_ui(x, x, 64, MPFR_RNDN);
      mpfr_log(x, x, MPFR_RNDN);
      log_c[j] = from_mpfr(x);
    }
    mpfr_const_log2(x, MPFR_RNDN);
    ln2 = from_mpfr(x);
    mpfr_div_ui(x, x, 64, MPFR_RNDN);
    split_into(x, exp_c, 3, 37);
    mpfr_const_pi(x, MPFR_RNDN);
    mpfr_div_ui(x, x, 2, MPFR_RNDN);
    split_into(x, half_pi, 4, 33);
    for (int n = 0; n < 2 * kCosTerms + 2; ++n) {
      mpfr_fac_ui(x, n, MPFR_RNDN);
      mpfr_ui_div(x, 1, x, MPFR_RNDN);
      inv_factorial[n] = from_mpfr(x);
    }
    for (int n = 0; n < kAtanhTerms; ++n) {
      mpfr_set_ui(x, 1, MPFR_RNDN);
      mpfr_div_ui(x, x, 2 * n + 1, MPFR_RNDN);
      inv_odd[n] = from_mpfr(x);
    }
    mpfr_clears(v, t, x, static_cast<mpfr_ptr>(nullptr));
  }
};

const Tables& tables() {
  static const Tables instance;
  return instance;
}

// The argument reduction of exp: a = k log(2)/64 + r, |r| <= 2^-7.
// r is a + (-k c0) [exact, two_sum] + (-k c1) [k c1 exact: |k| < 2^16, c1 on 37 bits]
// + (-k c2) [|k c2| < 2^-64, rounded: < 2^-117] + a.lo. The partial sums stay below
// 2^-6, so the three additions err by < 3 eps 2^-6; the split of log(2)/64 errs by
// < 2^16 2^-133. In all |r - exact r| < 2^-107, a relative error of e^r below 2^-106.
struct ExpReduced {
  int k;
  DD r;
  DD q;  // e^r = 1 + r q
};
ExpReduced reduce_exp(DD a) {
  const Tables& tb = tables();
  const double k = std::nearbyint(a.hi * 92.332482616893656);  // 64 / log(2)
  DD r = two_sum(a.hi, -k * tb.exp_c[0]);
  r = add(r, -k * tb.exp_c[1]);
  r = add(r, -k * tb.exp_c[2]);
  r = add(r, a.lo);
  // Horner on q: the terms fall by |r| / n <= 2^-8 per step, so each step's error eps
  // relative to its partial sum reaches q damped by that factor: under 2.1 eps from the
  // operations, 10 2^-106 from the coefficients; the series' tail r^11/12! < 2^-112.
  DD q = tb.inv_factorial[kExpTerms];
  for (int n = kExpTerms - 1; n >= 1; --n) q = add(mul(q, r), tb.inv_factorial[n]);
  return {static_cast<int>(k), r, q};
}

// 2 atanh(s) = log((1 + s) / (1 - s)) for |s| <= 2^-5.9: z = s^2 <= 2^-11.8, the tail
// after 10 terms is below z^10 < 2^-118 relative. Error: s's own, plus z (2 eps), Horner
// (about 2 eps: the terms fall by 2^-11), the final product (eps): under 6 eps.
DD two_atanh(DD s) {
  const Tables& tb = tables();
  const DD z = mul(s, s);
  DD p = tb.inv_odd[kAtanhTerms - 1];
  for (int n = kAtanhTerms - 2; n >= 0; --n) p = add(mul(p, z), tb.inv_odd[n]);
  return mul(mul(p, s), 2.0);
}

}  // namespace

// e^a = 2^m 2^(j/64) e^r with k = 64 m + j: the reduction and the series err by under
// 2^-106 + 2.5 eps, the table entry by 2^-106, the two final operations by 2 eps: under
// 5 eps = 2^-99.7 in all, and kExpBound = 2^-90.
std::optional<DD> exp(DD a) {
  if (!(std::fabs(a.hi) <= 665)) return std::nullopt;
  const ExpReduced e = reduce_exp(a);
  const DD er = add(mul(e.q, e.r), 1.0);
  const int j = e.k & 63, m = (e.k - j) / 64;
  return scale(mul(tables().exp2_j[j], er), m);
}

// For k = 0 (|x| < log(2)/128) e^x - 1 = r q with r = x: under 4 eps. Otherwise
// |x| >= 0.0054 and (e^x) - 1 turns exp's relative error B into at most
// B e^x / |e^x - 1| <= 186 B, plus one addition: under 2^-82.4.
std::optional<DD> expm1(double x) {
  if (x < -665) return DD{-1, 0};  // -1 + e^x with e^x < 2^-959: callers allow for it
  if (!(x <= 665)) return std::nullopt;
  const ExpReduced e = reduce_exp({x, 0});
  if (e.k == 0) return mul(e.q, e.r);
  const int j = e.k & 63, m = (e.k - j) / 64;
  const DD ex = scale(mul(tables().exp2_j[j], add(mul(e.q, e.r), 1.0)), m);
  return add(ex, -1.0);
}

// Near 1 (|x - 1| < 2^-5): log x = 2 atanh((x - 1)/(x + 1)); x - 1 and x + 1 are exact
// (Sterbenz; two_sum), the quotient errs by eps: under 7 eps. Elsewhere x = 2^m y with
// y in [1, 2), c = 1 + j/64 <= y < c + 1/64, and log x = m log 2 + log c +
// 2 atanh((y - c)/(y + c)) with y - c exact and |s| <= 2^-7. The absolute errors: m log 2
// (2^-106 + eps) |m| 0.7, log c 2^-106, the two additions eps each of partial sums below
// |m| 0.7 + 0.7, the series 7 eps of at most 2^-6: under 5 eps (|m| + 1). There
// |log x| >= 2^-5.05 (m = 0 or -1) or |log x| >= 0.69 (|m| - 1/2) otherwise: relative
// error under 2^-94 in every case, and kLogBound = 2^-88.
std::optional<DD> log(double x) {
  if (!(x > 0 && x < INFINITY)) return std::nullopt;
  const Tables& tb = tables();
  if (std::fabs(x - 1) < 0x1p-5) return two_atanh(div(DD{x - 1, 0}, two_sum(x, 1.0)));
  int m = 0;
  if (x < 0x1p-1000) {
    x *= 0x1p100;
    m = -100;
  }
  int e;
  const double y = 2 * std::frexp(x, &e);  // y in [1, 2)
  m += e - 1;
  const int j = static_cast<int>((y - 1) * 64);
  const double c = 1 + j / 64.0;
  const DD series = two_atanh(div(DD{y - c, 0}, two_sum(y, c)));
  return add(add(mul(tb.ln2, static_cast<double>(m)), tb.log_c[j]), series);
}

// Small |a| (< 2^-5): log(1 + a) = 2 atanh(a / (2 + a)), |s| <= 2^-5.9; the sum and the
// quotient add 2 eps to two_atanh's 6. Otherwise w = 1 + a (eps) and log(w.hi + w.lo) =
// log(w.hi) + w.lo / w.hi - t^2/2... with t = w.lo / w.hi <= 2^-53: the dropped term is
// below 2^-107, w's error eps gives eps absolute; |log w| >= 2^-5.05, so the relative
// error is under kLogBound + 2^5.05 (2 eps + 2^-107) < 2^-84.
std::optional<DD> log1p(DD a) {
  if (!(a.hi > -1)) return std::nullopt;
  if (std::fabs(a.hi) < 0x1p-5) return two_atanh(div(a, add(a, 2.0)));
  const DD w = add(a, 1.0);
  auto l = log(w.hi);
  if (!l) return std::nullopt;
  return add(*l, w.lo / w.hi);
}

// x = k pi/2 + r, |k| < 2^20 and |r| <= pi/4 (1 + 2^-40): r = x + (-k p0) [exact,
// two_sum] + (-k p1) + (-k p2) [exact products: 20 + 33 bits] + (-k p3) [< 2^-78,
// rounded: < 2^-131]; the split of pi/2 errs by < 2^20 2^-151. The partial sums are
// below |r| + 2^-45, so with |r| >= 2^-30 (or k = 0, r = x exactly) r's relative error
// is under 3 eps (1 + 2^-15) + 2^-100 < 2^-99.
// sin r = r S(r^2), cos r = C(r^2) with |r^2| <= 0.62: the tails are below 2^-112 and
// 2^-118; Horner's steps err by eps each, relative to partial sums that the alternating
// terms keep below 2 |result|: under 60 eps = 2^-96 each. kSinCosBound = 2^-88.
namespace {

struct Reduced {
  long long quadrant;
  DD r, z;  // z = r^2
};
std::optional<Reduced> reduce_half_pi(double x) {
  if (!(std::fabs(x) <= 0x1p20) || x == 0) return std::nullopt;
  const Tables& tb = tables();
  const double k = std::nearbyint(x * 0.63661977236758134);  // 2 / pi
  DD r = two_sum(x, -k * tb.half_pi[0]);
  r = add(r, -k * tb.half_pi[1]);
  r = add(r, -k * tb.half_pi[2]);
  r = add(r, -k * tb.half_pi[3]);
  if (k != 0 && std::fabs(r.hi) < 0x1p-30) return std::nullopt;
  return Reduced{static_cast<long long>(k) & 3, r, mul(r, r)};
}

// Horner with alternating signs: p_n = c_n - z p_(n+1).
DD sin_series(const Reduced& a) {
  const Tables& tb = tables();
  DD p = tb.inv_factorial[2 * kSinTerms - 1];
  for (int n = kSinTerms - 2; n >= 0; --n) p = sub(tb.inv_factorial[2 * n + 1], mul(p, a.z));
  return mul(p, a.r);
}
DD cos_series(const Reduced& a) {
  const Tables& tb = tables();
  DD p = tb.inv_factorial[2 * kCosTerms - 2];
  for (int n = kCosTerms - 2; n >= 0; --n) p = sub(tb.inv_factorial[2 * n], mul(p, a.z));
  return p;
}

}  // namespace

std::optional<DD> sin(double x) {
  const auto a = reduce_half_pi(x);
  if (!a) return std::nullopt;
  const DD v = a->quadrant % 2 == 0 ? sin_series(*a) : cos_series(*a);
  return a->quadrant >= 2 ? neg(v) : v;
}

std::optional<DD> cos(double x) {
  const auto a = reduce_half_pi(x);
  if (!a) return std::nullopt;
  const DD v = a->quadrant % 2 == 0 ? cos_series(*a) : sin_series(*a);
  return a->quadrant == 1 || a->quadrant == 2 ? neg(v) : v;
}

std::optional<DD> tan(double x) {
  const auto a = reduce_half_pi(x);
  if (!a) return std::nullopt;
  const DD s = sin_series(*a), c = cos_series(*a);
  return a->quadrant % 2 == 0 ? div(s, c) : neg(div(c, s));
}

// s = fl(sqrt(a.hi)) with relative error <= 2^-53; one Newton correction
// (a - s^2) / (2 s), where a.hi - s^2 is exact (Sterbenz) and the rest errs by 2^-52 of
// a quantity below 2^-52 a: quadratic term 2^-107, rounding 2^-105: under eps.
DD sqrt(DD a) {
  const double s = std::sqrt(a.hi);
  const DD p = two_prod(s, s);
  const double t = (((a.hi - p.hi) - p.lo) + a.lo) / (2 * s);
  return fast_two_sum(s, t);
}

}  // namespace touchstone::numeric::dd
