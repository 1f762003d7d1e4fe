// FourierSum (fourier_sum.h): the exact coefficients, the cosines at a working precision
// and Ziv's loop over the enclosure of the sum.
//
// Error bounds at working precision p (u = 2^-p):
// - cos(pi q), q = a/(2n) in (0, 1/2): q rounds once (|dq| <= u q <= u/2), cos's slope is
//   at most pi (pi u/2 < 2u), and mpfr_cospi rounds once more (u): |c^ - c| <= 3u.
// - A c^ rounded to p bits: |A||c^ - c| + |A c^| u <= 5u |A|.
// - mpfr_sum rounds the sum once (u |s| when inexact), the division by the divisor once more.
// So the exact value lies in [s - E, s + E] with E = 5u sum|A| + (the roundings' u|s|); when
// both ends round to one value of the format, that is the answer, else p doubles.
// At kCapPrecision bits an enclosure that still holds 0 is an identity of the cosines (a
// true zero: the sum's irrational coefficients do not vanish, but the cosines are linearly
// dependent over the rationals, as in 1 + 2 cos(2 pi/5) + 2 cos(4 pi/5) = 0); a nonzero
// value there would be below 2E < 2^-2000 (sum|A| < n 2^2048), which rounds to zero in every
// format, so +0 is right up to the sign of a zero. An enclosure away from 0 that is still
// undecided there (a true value exactly on a midpoint that no finite precision shows as
// exact) takes the rounding of its centre: not known to occur.
#include "reference/ops/signal/fourier_sum.h"

#include <cmath>
#include <cstdlib>

namespace touchstone::ops::signal {

using numeric::MpfrValue;

namespace {

// a reduced to [0, n] with the sign of cos(pi a/(2n)) = sign * cos(pi r/(2n)).
std::pair<int64_t, int> reduce(int64_t a, int64_t n) {
  const int64_t period = 4 * n;
  a %= period;
  if (a < 0) a += period;
  if (a > 2 * n) a = period - a;      // cos is even
  if (a > n) return {2 * n - a, -1};  // cos(pi - t) = -cos t
  return {a, 1};
}

// The exact sum of two exact values (precision raised so that nothing rounds).
void exact_add(MpfrValue& out, mpfr_ptr a, mpfr_ptr b) {
  if (mpfr_zero_p(a)) return mpfr_set_prec(out, mpfr_get_prec(b)), void(mpfr_set(out, b, MPFR_RNDN));
  if (mpfr_zero_p(b)) return mpfr_set_prec(out, mpfr_get_prec(a)), void(mpfr_set(out, a, MPFR_RNDN));
  const mpfr_prec_t p =
      std::max(mpfr_get_prec(a), mpfr_get_prec(b)) + std::labs(mpfr_get_exp(a) - mpfr_get_exp(b)) + 2;
  mpfr_set_prec(out, p);
  mpfr_add(out, a, b, MPFR_RNDN);  // exact at this precision
}

}  // namespace

FourierSum::FourierSum(int64_t n) : n_(n), groups_(static_cast<size_t>(n + 1)) {}

void FourierSum::clear() {
  for (auto& g : groups_) g.clear();
}

void FourierSum::add(double x, double w, int64_t a) {
  const auto [r, sign] = reduce(a, n_);
  if (r == n_ || x == 0 || w == 0) return;  // cos(pi/2) = 0
  groups_[static_cast<size_t>(r)].push_back({sign * x, w});
}

const std::vector<std::unique_ptr<MpfrValue>>& FourierSum::cosines(mpfr_prec_t p) {
  auto& table = cosines_[p];
  if (!table.empty()) return table;
  for (int64_t a = 0; a <= n_; ++a) {
    auto c = std::make_unique<MpfrValue>(p);
    if (a == 0)
      mpfr_set_ui(*c, 1, MPFR_RNDN);
    else if (a == n_)
      mpfr_set_ui(*c, 0, MPFR_RNDN);
    else if (3 * a == 2 * n_)
      mpfr_set_d(*c, 0.5, MPFR_RNDN);
    else {
      MpfrValue q(p);
      mpfr_set_si(q, a, MPFR_RNDN);
      mpfr_div_si(q, q, 2 * n_, MPFR_RNDN);
      mpfr_cospi(*c, q, MPFR_RNDN);
    }
    table.push_back(std::move(c));
  }
  return table;
}

double FourierSum::rounded(int64_t divisor, numeric::FloatFormat format) {
  // The groups' exact coefficients; the rational cosines (1 at r = 0, 1/2 at 3r = 2n) folded
  // into one exact value.
  std::vector<std::pair<int64_t, std::unique_ptr<MpfrValue>>> irrational;
  MpfrValue rational(2);
  mpfr_set_ui(rational, 0, MPFR_RNDN);
  for (int64_t r = 0; r < n_; ++r) {
    const auto& g = groups_[static_cast<size_t>(r)];
    if (g.empty()) continue;
    accumulator_.clear();
    for (const auto& [x, w] : g) accumulator_.add_product(x, w);
    if (accumulator_.is_zero()) continue;
    auto A = std::make_unique<MpfrValue>(64);
    accumulator_.exact(*A);
    if (r == 0 || 3 * r == 2 * n_) {
      if (r != 0) mpfr_div_2ui(*A, *A, 1, MPFR_RNDN);  // exact
      MpfrValue sum(2);
      exact_add(sum, rational, *A);
      mpfr_set_prec(rational, mpfr_get_prec(sum));
      mpfr_set(rational, sum, MPFR_RNDN);
    } else {
      irrational.emplace_back(r, std::move(A));
    }
  }
  if (irrational.empty()) {  // an exact sum: one division, one rounding
    if (mpfr_zero_p(rational.get())) return 0.0;
    return numeric::correctly_rounded(
        [&](mpfr_ptr out) {
          return mpfr_div_si(out, rational, divisor, MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
        },
        format);
  }
  MpfrValue magnitude(64);  // sum |A|, rounded up
  mpfr_set_ui(magnitude, 0, MPFR_RNDN);
  for (const auto& [r, A] : irrational) {
    MpfrValue m(64);
    mpfr_abs(m, *A, MPFR_RNDU);
    mpfr_add(magnitude, magnitude, m, MPFR_RNDU);
  }
  for (mpfr_prec_t p = format.precision + 40;; p = std::min<mpfr_prec_t>(2 * p, kCapPrecision)) {
    const auto& c = cosines(p);
    std::vector<std::unique_ptr<MpfrValue>> products;
    std::vector<mpfr_ptr> terms;
    if (!mpfr_zero_p(rational.get())) terms.push_back(rational);
    for (const auto& [r, A] : irrational) {
      products.push_back(std::make_unique<MpfrValue>(p));
      mpfr_mul(*products.back(), *A, *c[static_cast<size_t>(r)], MPFR_RNDN);
      terms.push_back(*products.back());
    }
    MpfrValue s(p), e(64), t(64);
    const int inexact = mpfr_sum(s, terms.data(), terms.size(), MPFR_RNDN);
    mpfr_mul_ui(e, magnitude, 5, MPFR_RNDU);
    mpfr_mul_2si(e, e, -p, MPFR_RNDU);
    if (inexact != 0) {
      mpfr_abs(t, s, MPFR_RNDU);
      mpfr_mul_2si(t, t, -p, MPFR_RNDU);
      mpfr_add(e, e, t, MPFR_RNDU);
    }
    if (divisor != 1) {
      const int q_inexact = mpfr_div_si(s, s, divisor, MPFR_RNDN);
      mpfr_div_si(e, e, divisor, MPFR_RNDU);
      if (q_inexact != 0) {
        mpfr_abs(t, s, MPFR_RNDU);
        mpfr_mul_2si(t, t, -p, MPFR_RNDU);
        mpfr_add(e, e, t, MPFR_RNDU);
      }
    }
    MpfrValue lo(p + 64), hi(p + 64);
    mpfr_sub(lo, s, e, MPFR_RNDD);
    mpfr_add(hi, s, e, MPFR_RNDU);
    const double rl = numeric::round_to_format(lo, format), rh = numeric::round_to_format(hi, format);
    if (rl == rh && std::signbit(rl) == std::signbit(rh)) return rl;
    if (p >= kCapPrecision) {
      if (mpfr_sgn(lo.get()) <= 0 && mpfr_sgn(hi.get()) >= 0) return 0.0;
      return numeric::round_to_format(s, format);
    }
  }
}

}  // namespace touchstone::ops::signal
