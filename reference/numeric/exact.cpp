#include "reference/numeric/exact.h"

#include <mpfr.h>

#include <cmath>

#include "reference/numeric/fast.h"

namespace touchstone::numeric {

namespace {

// An MPFR number that frees itself.
class Mpfr {
 public:
  explicit Mpfr(mpfr_prec_t precision) { mpfr_init2(value_, precision); }
  ~Mpfr() { mpfr_clear(value_); }
  Mpfr(const Mpfr&) = delete;
  Mpfr& operator=(const Mpfr&) = delete;
  mpfr_ptr get() { return value_; }

 private:
  mpfr_t value_;
};

// Sets `out` (64 bits or more of precision) to `v`, exactly.
void set_exact(mpfr_ptr out, const ExactValue& v) {
  switch (v.kind) {
    case ExactValue::kDouble: mpfr_set_d(out, v.d, MPFR_RNDN); break;
    case ExactValue::kSigned: mpfr_set_sj(out, v.i, MPFR_RNDN); break;
    case ExactValue::kUnsigned: mpfr_set_uj(out, v.u, MPFR_RNDN); break;
  }
}

// Restores MPFR's exponent range when it leaves scope.
class ExponentRangeGuard {
 public:
  ExponentRangeGuard() : emin_(mpfr_get_emin()), emax_(mpfr_get_emax()) {}
  ~ExponentRangeGuard() {
    mpfr_set_emin(emin_);
    mpfr_set_emax(emax_);
  }

 private:
  mpfr_exp_t emin_, emax_;
};

// v as a double, when it is one exactly.
std::optional<double> exact_double(const ExactValue& v) {
  switch (v.kind) {
    case ExactValue::kDouble: return v.d;
    case ExactValue::kSigned:
      if (v.i >= -(int64_t{1} << 53) && v.i <= (int64_t{1} << 53)) return static_cast<double>(v.i);
      return std::nullopt;
    case ExactValue::kUnsigned:
      if (v.u <= (uint64_t{1} << 53)) return static_cast<double>(v.u);
      return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

double pow_rounded(ExactValue x, ExactValue y, FloatFormat format) {
  // The fast path (fast.h) when it decides the rounding.
  if (fast_path_enabled() && x.kind == ExactValue::kDouble) {
    if (auto e = exact_double(y)) {
      if (auto r = decide(approximate_pow(x.d, *e, format.precision), format)) return *r;
    }
    count_fallback();
  }
  Mpfr base(64), exponent(64), result(format.precision);
  set_exact(base.get(), x);
  set_exact(exponent.get(), y);
  // Round once to the target precision in MPFR's wide exponent range, keeping the
  // ternary value (the sign of rounded - exact) ...
  int ternary = mpfr_pow(result.get(), base.get(), exponent.get(), MPFR_RNDN);
  {
    // ... then impose the target's exponent range. MPFR writes x = 0.1b..b * 2^E, one
    // more than the IEEE exponent; the smallest subnormal is 2^(min_exponent - p + 1).
    ExponentRangeGuard guard;
    mpfr_set_emin(format.min_exponent - format.precision + 2);
    mpfr_set_emax(format.max_exponent + 1);
    // Overflow to infinity, underflow, and rounding to the subnormal grid, each using
    // the ternary value so that no value is rounded twice.
    ternary = mpfr_check_range(result.get(), ternary, MPFR_RNDN);
    mpfr_subnormalize(result.get(), ternary, MPFR_RNDN);
  }
  return mpfr_get_d(result.get(), MPFR_RNDN);  // exact: the value is a double
}

std::optional<__int128> pow_truncated(ExactValue x, ExactValue y) {
  Mpfr base(64), exponent(64), result(256);
  set_exact(base.get(), x);
  set_exact(exponent.get(), y);
  // Rounding toward zero never crosses an integer of at most 64 bits (they are all
  // representable in 256 bits), so truncating the rounded value truncates the real one.
  mpfr_pow(result.get(), base.get(), exponent.get(), MPFR_RNDZ);
  if (mpfr_nan_p(result.get()) || mpfr_inf_p(result.get())) return std::nullopt;
  mpfr_trunc(result.get(), result.get());
  if (mpfr_sgn(result.get()) >= 0) {
    if (mpfr_cmp_d(result.get(), 18446744073709551616.0) >= 0) return std::nullopt;  // 2^64
    return static_cast<__int128>(mpfr_get_uj(result.get(), MPFR_RNDZ));
  }
  if (mpfr_cmp_d(result.get(), -9223372036854775808.0) < 0) return std::nullopt;  // -2^63
  return static_cast<__int128>(mpfr_get_sj(result.get(), MPFR_RNDZ));
}

}  // namespace touchstone::numeric
