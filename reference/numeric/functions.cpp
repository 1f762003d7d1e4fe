#include "reference/numeric/functions.h"

#include <stdexcept>

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

}  // namespace

// Rounds `approx` (taken to decide the rounding, see the header) to the format.
double round_to_format(mpfr_srcptr approx, FloatFormat format) {
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

double correctly_rounded(const Formula& f, FloatFormat format) {
  for (mpfr_prec_t p = format.precision + 40;; p *= 2) {
    if (p > kMaxWorkingPrecision) p = kMaxWorkingPrecision;
    MpfrValue y(p);
    const int slack = f(y);
    if (mpfr_nan_p(y.get())) return NAN;
    if (mpfr_inf_p(y.get())) return mpfr_signbit(y.get()) ? -INFINITY : INFINITY;
    // A zero approximation is final only with a proof: kExactResult, or the last
    // precision (see the header). A formula bounded by its terms rather than by its
    // result (a sum of both signs, m + log1p(T) with m < 0) may round a tiny value, or
    // the other zero, to this one.
    if (mpfr_zero_p(y.get())) {
      if (slack == kExactResult || p == kMaxWorkingPrecision) return mpfr_signbit(y.get()) ? -0.0 : 0.0;
      continue;
    }
    // The rounding to nearest at `precision` bits is decided when the truncation to one
    // more bit is (the idiom of MPFR's own functions).
    if (slack == kExactResult || p == kMaxWorkingPrecision ||
        mpfr_can_round(y, p - slack, MPFR_RNDN, MPFR_RNDZ, format.precision + 1))
      return round_to_format(y, format);
  }
}

double unary_rounded(double x, MpfrUnary fn, FloatFormat format) {
  return correctly_rounded(
      [&](mpfr_ptr out) {
        MpfrValue in(64, x);
        // One correctly rounded MPFR call: error at most half an ulp of `out` (slack 1);
        // an exact result (ternary 0) needs no further precision.
        return fn(out, in, MPFR_RNDN) == 0 ? kExactResult : 1;
      },
      format);
}

MpfrUnary mpfr_function(Fn fn) {
  switch (fn) {
    case Fn::kExp: return mpfr_exp;
    case Fn::kExpm1: return mpfr_expm1;
    case Fn::kLog: return mpfr_log;
    case Fn::kSqrt: return mpfr_sqrt;
    case Fn::kSin: return mpfr_sin;
    case Fn::kCos: return mpfr_cos;
    case Fn::kTan: return mpfr_tan;
    case Fn::kAsin: return mpfr_asin;
    case Fn::kAcos: return mpfr_acos;
    case Fn::kAtan: return mpfr_atan;
    case Fn::kSinh: return mpfr_sinh;
    case Fn::kCosh: return mpfr_cosh;
    case Fn::kTanh: return mpfr_tanh;
    case Fn::kAsinh: return mpfr_asinh;
    case Fn::kAcosh: return mpfr_acosh;
    case Fn::kAtanh: return mpfr_atanh;
    case Fn::kErf: return mpfr_erf;
    case Fn::kSigmoid:
    case Fn::kSoftplus:
    case Fn::kSoftsign: break;
  }
  throw std::logic_error("mpfr_function: a formula, not one MPFR function");
}

}  // namespace touchstone::numeric
