#include "reference/numeric/functions.h"

namespace touchstone::numeric {

namespace {

// Restores MPFR's exponent range when it leaves scope.
class RangeGuard {
 public:
  RangeGuard() : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {}
  ~RangeGuard() {
    mpfr_set_emin(emin_);
    mpfr_set_emax(emax_);
  }

 private:
  mpfr_exp_t emin_, emax_;
};

// Rounds `approx` (taken to decide the rounding, see the header) to the format.
double round_to_format(mpfr_ptr approx, FloatFormat format) {
  MpfrValue result(format.precision);
  int ternary = mpfr_set(result, approx, MPFR_RNDN);
  {
    RangeGuard guard;
    mpfr_set_emin(format.min_exponent - format.precision + 2);
    mpfr_set_emax(format.max_exponent + 1);
    ternary = mpfr_check_range(result, ternary, MPFR_RNDN);
    mpfr_subnormalize(result, ternary, MPFR_RNDN);
  }
  return mpfr_get_d(result, MPFR_RNDN);
}

}  // namespace

double correctly_rounded(const Formula& f, FloatFormat format) {
  for (mpfr_prec_t p = format.precision + 40;; p *= 2) {
    if (p > kMaxWorkingPrecision) p = kMaxWorkingPrecision;
    MpfrValue y(p);
    const int slack = f(y);
    if (mpfr_nan_p(y.get())) return NAN;
    if (mpfr_inf_p(y.get())) return mpfr_signbit(y.get()) ? -INFINITY : INFINITY;
    if (mpfr_zero_p(y.get())) return mpfr_signbit(y.get()) ? -0.0 : 0.0;
    // The rounding to nearest at `precision` bits is decided when the truncation to one
    // more bit is (the idiom of MPFR's own functions).
    if (slack == kExactResult || p == kMaxWorkingPrecision ||
        mpfr_can_round(y, p - slack, MPFR_RNDN, MPFR_RNDZ, format.precision + 1))
      return round_to_format(y, format);
  }
}

double unary_rounded(double x, int (*fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), FloatFormat format) {
  return correctly_rounded(
      [&](mpfr_ptr out) {
        MpfrValue in(64, x);
        // One correctly rounded MPFR call: error at most half an ulp of `out` (slack 1);
        // an exact result (ternary 0) needs no further precision.
        return fn(out, in, MPFR_RNDN) == 0 ? kExactResult : 1;
      },
      format);
}

}  // namespace touchstone::numeric
