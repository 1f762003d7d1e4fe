// Interval arithmetic over MPFR (enclosure.h).
#include "reference/ops/recurrent/enclosure.h"

#include <utility>

namespace touchstone::ops::recurrent {

Enclosure::Enclosure(mpfr_prec_t p) {
  mpfr_init2(lo_, p);
  mpfr_init2(hi_, p);
  mpfr_set_zero(lo_, 1);
  mpfr_set_zero(hi_, 1);
}

Enclosure::Enclosure(mpfr_prec_t p, double exact) : Enclosure(p) { set(exact); }

Enclosure::Enclosure(Enclosure&& other) noexcept {
  *lo_ = *other.lo_;
  *hi_ = *other.hi_;
  other.owns_ = false;
}

Enclosure::Enclosure(const Enclosure& other) : Enclosure(other.precision()) { *this = other; }

Enclosure& Enclosure::operator=(const Enclosure& other) {
  if (this == &other) return *this;
  mpfr_set(lo_, other.lo_, MPFR_RNDD);
  mpfr_set(hi_, other.hi_, MPFR_RNDU);
  return *this;
}

Enclosure::~Enclosure() {
  if (!owns_) return;
  mpfr_clear(lo_);
  mpfr_clear(hi_);
}

void Enclosure::set(double exact) {
  mpfr_set_d(lo_, exact, MPFR_RNDD);
  mpfr_set_d(hi_, exact, MPFR_RNDU);
}

void Enclosure::add_product(double a, double b) {
  mpfr_t t;
  mpfr_init2(t, 2 * 53 + 2);  // holds the product exactly
  mpfr_set_d(t, a, MPFR_RNDN);
  mpfr_mul_d(t, t, b, MPFR_RNDN);
  mpfr_add(lo_, lo_, t, MPFR_RNDD);
  mpfr_add(hi_, hi_, t, MPFR_RNDU);
  mpfr_clear(t);
}

void Enclosure::add_product(const Enclosure& e, double v) {
  mpfr_t t;
  mpfr_init2(t, precision());
  const bool flip = v < 0;
  mpfr_mul_d(t, flip ? e.hi_ : e.lo_, v, MPFR_RNDD);
  mpfr_add(lo_, lo_, t, MPFR_RNDD);
  mpfr_mul_d(t, flip ? e.lo_ : e.hi_, v, MPFR_RNDU);
  mpfr_add(hi_, hi_, t, MPFR_RNDU);
  mpfr_clear(t);
}

void Enclosure::add(double v) {
  mpfr_add_d(lo_, lo_, v, MPFR_RNDD);
  mpfr_add_d(hi_, hi_, v, MPFR_RNDU);
}

void Enclosure::add(const Enclosure& e) {
  mpfr_add(lo_, lo_, e.lo_, MPFR_RNDD);
  mpfr_add(hi_, hi_, e.hi_, MPFR_RNDU);
}

void multiply(Enclosure& out, const Enclosure& a, const Enclosure& b) {
  const mpfr_prec_t p = out.precision();
  Enclosure r(p);
  mpfr_t t;
  mpfr_init2(t, p);
  mpfr_set_inf(r.lo(), 1);
  mpfr_set_inf(r.hi(), -1);
  for (mpfr_srcptr x : {a.lo(), a.hi()})
    for (mpfr_srcptr y : {b.lo(), b.hi()}) {
      mpfr_mul(t, x, y, MPFR_RNDD);
      mpfr_min(r.lo(), r.lo(), t, MPFR_RNDD);
      mpfr_mul(t, x, y, MPFR_RNDU);
      mpfr_max(r.hi(), r.hi(), t, MPFR_RNDU);
    }
  mpfr_clear(t);
  // A NaN end or 0 x inf: NaN, as IEEE gives (mpfr_min/max would skip it).
  bool nan = false;
  for (mpfr_srcptr x : {a.lo(), a.hi()})
    for (mpfr_srcptr y : {b.lo(), b.hi()})
      nan |= mpfr_nan_p(x) || mpfr_nan_p(y) || (mpfr_inf_p(x) && mpfr_zero_p(y)) || (mpfr_zero_p(x) && mpfr_inf_p(y));
  if (nan) mpfr_set_nan(r.lo()), mpfr_set_nan(r.hi());
  out = r;
}

void one_minus(Enclosure& out, const Enclosure& a) {
  Enclosure r(out.precision());
  mpfr_ui_sub(r.lo(), 1, a.hi(), MPFR_RNDD);
  mpfr_ui_sub(r.hi(), 1, a.lo(), MPFR_RNDU);
  out = r;
}

void clamp(Enclosure& x, double threshold) {
  for (mpfr_ptr end : {x.lo(), x.hi()}) {
    if (mpfr_cmp_d(end, threshold) > 0) mpfr_set_d(end, threshold, MPFR_RNDN);  // a float: exact
    if (mpfr_cmp_d(end, -threshold) < 0) mpfr_set_d(end, -threshold, MPFR_RNDN);
  }
}

namespace {

// An increasing function applied end by end: lo rounded down, hi rounded up.
template <class F>
void increasing(Enclosure& x, F f) {
  f(x.lo(), x.lo(), MPFR_RNDD);
  f(x.hi(), x.hi(), MPFR_RNDU);
}

void times_exact(Enclosure& x, double v) {
  Enclosure r(x.precision());
  r.add_product(x, v);
  x = r;
}

void sigmoid_end(mpfr_ptr out, mpfr_srcptr x, mpfr_rnd_t r) {
  const mpfr_rnd_t away = r == MPFR_RNDD ? MPFR_RNDU : MPFR_RNDD;  // 1/(1 + e^-x): the denominator the other way
  mpfr_neg(out, x, MPFR_RNDN);
  mpfr_exp(out, out, away);
  mpfr_add_ui(out, out, 1, away);
  mpfr_ui_div(out, 1, out, r);
}

void softsign_end(mpfr_ptr out, mpfr_srcptr x, mpfr_rnd_t r) {
  mpfr_t d;
  mpfr_init2(d, mpfr_get_prec(out));
  // x / (1 + |x|): a smaller result from a larger denominator when x >= 0, a smaller one when x < 0.
  const bool larger = (r == MPFR_RNDD) == (mpfr_sgn(x) >= 0);
  mpfr_abs(d, x, MPFR_RNDN);
  mpfr_add_ui(d, d, 1, larger ? MPFR_RNDU : MPFR_RNDD);
  mpfr_div(out, x, d, r);
  mpfr_clear(d);
}

void softplus_end(mpfr_ptr out, mpfr_srcptr x, mpfr_rnd_t r) {
  mpfr_exp(out, x, r);
  mpfr_log1p(out, out, r);
}

// The hull of x's image under a function increasing or decreasing on each side of the kink
// k, where `left(e)` / `right(e)` evaluate an enclosure on each side; both sides' limits at k
// are included by evaluating the pieces on [lo, k] and [k, hi].
template <class Left, class Right>
void piecewise(Enclosure& x, double k, Left left, Right right) {
  const bool below = mpfr_cmp_d(x.lo(), k) < 0, above = mpfr_cmp_d(x.hi(), k) >= 0;
  Enclosure a(x), b(x);
  if (below) {
    if (above) mpfr_set_d(a.hi(), k, MPFR_RNDN);
    left(a);
  }
  if (above) {
    if (below) mpfr_set_d(b.lo(), k, MPFR_RNDN);
    right(b);
  }
  if (below && above) {
    mpfr_min(x.lo(), a.lo(), b.lo(), MPFR_RNDD);
    mpfr_max(x.hi(), a.hi(), b.hi(), MPFR_RNDU);
  } else {
    x = below ? a : b;
  }
}

void hard_sigmoid(Enclosure& x, double alpha, double beta) {
  times_exact(x, alpha);
  x.add(beta);
  for (mpfr_ptr end : {x.lo(), x.hi()}) {
    if (mpfr_sgn(end) < 0) mpfr_set_zero(end, 1);
    if (mpfr_cmp_ui(end, 1) > 0) mpfr_set_ui(end, 1, MPFR_RNDN);
  }
}

}  // namespace

void activate(Enclosure& x, const Activation& f) {
  using A = Activation;
  auto zero = [](Enclosure& e) { e.set(0); };
  auto identity = [](Enclosure&) {};
  switch (f.kind) {
    case A::kRelu: return piecewise(x, 0, zero, identity);
    case A::kTanh: return increasing(x, mpfr_tanh);
    case A::kSigmoid: return increasing(x, sigmoid_end);
    case A::kAffine:
      times_exact(x, f.alpha);
      return x.add(f.beta);
    case A::kLeakyRelu: return piecewise(x, 0, [&](Enclosure& e) { times_exact(e, f.alpha); }, identity);
    case A::kThresholdedRelu: return piecewise(x, f.alpha, zero, identity);
    case A::kScaledTanh:
      times_exact(x, f.beta);
      increasing(x, mpfr_tanh);
      return times_exact(x, f.alpha);
    case A::kHardSigmoid: return hard_sigmoid(x, f.alpha, f.beta);
    case A::kElu:
      return piecewise(
          x, 0,
          [&](Enclosure& e) {
            increasing(e, mpfr_expm1);
            times_exact(e, f.alpha);
          },
          identity);
    case A::kSoftsign: return increasing(x, softsign_end);
    case A::kSoftplus: return increasing(x, softplus_end);
  }
}

}  // namespace touchstone::ops::recurrent
