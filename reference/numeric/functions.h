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
// kExactResult. A zero approximation decides nothing either unless the formula proves it
// exact (kExactResult): a relative bound would, but a formula that adds terms of both
// signs bounds its error by the terms, and its zero may stand for a tiny value (or the
// other zero) that more precision resolves. If p reaches kMaxWorkingPrecision undecided,
// the approximation is rounded as it is (a zero too: the true value is then within the
// formula's bound of 0 at 4096 bits, far below any format's smallest subnormal, and only
// its sign is in question). That happens in two situations, both handled correctly: the result
// is exact but the formula could not tell (the approximation is then the exact value),
// or the result lies within 2^-4000 of a representable value (tanh or erf of a huge
// argument, exp or sin of a tiny one), where the approximation and the true value round
// to that same representable value. What would be wrong is a true value within 2^-4000
// of a midpoint between two representable values without being on it; for these
// functions on 64-bit inputs that is not known to occur (searches for the hardest cases
// of double functions find them within about 2^-120 relative). Formulas whose limits
// sit exactly on midpoints (e.g. -alpha in Elu for huge negative x) must avoid relying
// on this, as activations.cpp explains.
#pragma once
#include <mpfr.h>

#include <cmath>
#include <functional>
#include <optional>
#include <type_traits>

#include "reference/numeric/exact.h"
#include "reference/numeric/fast.h"

namespace touchstone::numeric {

inline constexpr int kExactResult = -1;
inline constexpr mpfr_prec_t kMaxWorkingPrecision = 4096;

using Formula = std::function<int(mpfr_ptr out)>;

// f rounded once to `format`, as the exact double of that value (NaN and ±inf pass).
double correctly_rounded(const Formula& f, FloatFormat format);

// The value `x` rounded once to `format` (round to nearest even, with the format's
// subnormals and overflow), as the exact double of the result. Interval evaluations
// (reference/ops/attention/) round both ends of an enclosure with it.
double round_to_format(mpfr_srcptr x, FloatFormat format);

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
using MpfrUnary = int (*)(mpfr_ptr, mpfr_srcptr, mpfr_rnd_t);
double unary_rounded(double x, MpfrUnary fn, FloatFormat format);

// f rounded once to T, fast: `fast(precision)` returns an Approximation (fast.h); when
// it decides the rounding to T that is the result, otherwise the MPFR formula `slow`
// (a Formula) decides. Both must describe the same real function.
template <class T, class Fast, class Slow>
T correctly_rounded_as(const Fast& fast, const Slow& slow) {
  if (fast_path_enabled()) {
    if (auto r = decide<T>(fast(float_format<T>().precision))) return *r;
    count_fallback();
  }
  return correctly_rounded_as<T>(Formula(slow));
}

// A real number rounded once to `format` by Ziv's two steps, as the exact double of the
// result: when the fast path is on, `fast()` (an Approximation, fast.h; or an already
// decided std::optional<double>) gives it if its interval decides the rounding, and a
// miss is counted as a fallback; otherwise the MPFR formula `slow` (a Formula) decides.
// `fast` is not called when the fast path is off. Both must describe the same number.
template <class Fast, class Slow>
double round_once(const Fast& fast, const Slow& slow, FloatFormat format) {
  if (fast_path_enabled()) {
    std::optional<double> r;
    if constexpr (std::is_same_v<std::invoke_result_t<const Fast&>, Approximation>) r = decide(fast(), format);
    else r = fast();
    if (r) return *r;
    count_fallback();
  }
  return correctly_rounded(Formula(slow), format);
}

// The MPFR function of a unary Fn (not kSigmoid, kSoftplus, kSoftsign: formulas).
MpfrUnary mpfr_function(Fn fn);

// The result C99 Annex F fixes for exp, log or sqrt at an input where the fast path has
// no approximation (an infinity, a zero, NaN, outside the domain), when it is one:
// exp(+inf) = +inf, exp(-inf) = +0; log(±0) = -inf, log(+inf) = +inf, log(x < 0) = NaN;
// sqrt(x < 0) = NaN; NaN gives NaN. MPFR's functions give the same values (its
// documentation follows Annex F; the exhaustive tests compare both routes), and
// correctly_rounded() returns them as the same doubles (NaN as the constant NAN), so the
// caller's narrow<T> gives the same bits either way. Otherwise nothing.
inline std::optional<double> special_value(Fn fn, double v) {
  if (std::isnan(v)) return (fn == Fn::kExp || fn == Fn::kLog || fn == Fn::kSqrt) ? std::optional(NAN) : std::nullopt;
  switch (fn) {
    case Fn::kExp:
      if (std::isinf(v)) return v > 0 ? INFINITY : 0.0;
      return std::nullopt;
    case Fn::kLog:
      if (v == 0) return -INFINITY;
      if (v < 0) return NAN;
      if (std::isinf(v)) return INFINITY;
      return std::nullopt;
    case Fn::kSqrt:
      if (v < 0) return NAN;
      return std::nullopt;
    default: return std::nullopt;
  }
}

// fn(x) rounded once to T: the fast path, then one correctly rounded MPFR call.
template <class T>
inline T rounded(Fn fn, T x) {
  const double v = widen(x);
  if (fast_path_enabled()) {
    // sqrt: IEEE's double sqrt is correctly rounded (the double result), and rounding it
    // again to p <= 24 bits is innocuous (53 >= 2p + 2, Figueroa 1995, as for + - * / in
    // exact.h); it is exact on ±0 and +inf.
    if (fn == Fn::kSqrt && v >= 0) return narrow<T>(std::sqrt(v));
    if (auto r = decide<T>(approximate(fn, v, float_format<T>().precision))) return *r;
    if (auto special = special_value(fn, v)) return narrow<T>(*special);
    count_fallback();
  }
  return narrow<T>(unary_rounded(v, mpfr_function(fn), float_format<T>()));
}

}  // namespace touchstone::numeric
