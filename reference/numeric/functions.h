// Correctly rounded real functions: any formula MPFR can evaluate to a known relative
// error, rounded once to float16, bfloat16, float or double by Ziv's strategy.
//
// A Formula sets `out` (whose precision is the working precision p) to f(x) with a
// relative error of at most 2^(slack - p), and returns that slack (a small number of
// bits it may lose: 1 for one MPFR call, more for a composition — state why beside each
// formula). correctly_rounded() raises p until the approximation decides the rounding
// (mpfr_can_round), then rounds once, with subnormals and overflow of the target format.
//
// Exact results (sqrt(4), exp(0), ...) lie on a rounding boundary and can never be
// decided from an approximation; a formula that knows its result is exact returns
// kExactResult. If p reaches kMaxWorkingPrecision undecided, the approximation is taken
// as exact: for the formulas here, a result within 2^-4000 of a boundary without being
// on it does not occur for 64-bit inputs (exhaustive searches for the hardest cases of
// double functions find them within about 2^-120 relative).
#pragma once
#include <mpfr.h>

#include <functional>

#include "reference/numeric/exact.h"

namespace touchstone::numeric {

inline constexpr int kExactResult = -1;
inline constexpr mpfr_prec_t kMaxWorkingPrecision = 4096;

using Formula = std::function<int(mpfr_ptr out)>;

// f rounded once to `format`, as the exact double of that value (NaN and ±inf pass).
double correctly_rounded(const Formula& f, FloatFormat format);

template <class T>
T correctly_rounded_as(const Formula& f) {
  return narrow<T>(correctly_rounded(f, float_format<T>()));
}

// An MPFR variable that frees itself, for formulas.
class MpfrValue {
 public:
  explicit MpfrValue(mpfr_prec_t precision) { mpfr_init2(value_, precision); }
  MpfrValue(mpfr_prec_t precision, double exact) : MpfrValue(precision) { mpfr_set_d(value_, exact, MPFR_RNDN); }
  ~MpfrValue() { mpfr_clear(value_); }
  MpfrValue(const MpfrValue&) = delete;
  MpfrValue& operator=(const MpfrValue&) = delete;
  mpfr_ptr get() { return value_; }
  operator mpfr_ptr() { return value_; }

 private:
  mpfr_t value_;
};

// The common case: one MPFR function of one exact double, e.g. unary(x, mpfr_exp).
double unary_rounded(double x, int (*fn)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t), FloatFormat format);

}  // namespace touchstone::numeric
