// The exact arithmetic of the standardizing normalizations (standardize.h). Every formula
// below is a handful of MPFR operations on exact values, each correctly rounded at the
// working precision p (relative error 2^-p), with the slack it returns argued beside it; a
// formula whose every step was exact (ternary 0) says so (kExactResult), so exact midpoints
// are rounded as they are.
#include "reference/ops/norm/standardize.h"

#include <cmath>
#include <stdexcept>

namespace touchstone::ops::norm {

using numeric::MpfrValue;

std::vector<double> doubles_of(const Tensor& t) {
  std::vector<double> out;
  out.reserve(static_cast<size_t>(t.size()));
  visit_dtype(t.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>)
      for (const T& v : t.data<T>()) out.push_back(numeric::widen(v));
    else throw std::logic_error("a normalization read a non-float tensor");  // the schema check prevents it
  });
  return out;
}

Tensor tensor_of(DType dtype, const Shape& shape, const std::vector<double>& values) {
  Tensor out(dtype, shape);
  visit_dtype(dtype, [&]<class T>() {
    if constexpr (is_real_float<T>) {
      auto d = out.data<T>();
      for (size_t i = 0; i < values.size(); ++i) d[i] = numeric::narrow<T>(values[i]);
    } else {
      throw std::logic_error("a normalization wrote a non-float tensor");
    }
  });
  return out;
}

numeric::FloatFormat format_of(DType dtype) {
  return visit_dtype(dtype, [&]<class T>() -> numeric::FloatFormat {
    if constexpr (is_real_float<T>) return numeric::float_format<T>();
    else throw std::logic_error("a normalization on a non-float type");
  });
}

void exact_product(mpfr_ptr out, mpfr_srcptr a, mpfr_srcptr b) {
  mpfr_set_prec(out, mpfr_get_prec(a) + mpfr_get_prec(b));
  mpfr_mul(out, a, b, MPFR_RNDN);  // exact: the precision holds every bit of the product
}

namespace {

int sum_of(mpfr_ptr out, const std::vector<std::unique_ptr<MpfrValue>>& terms) {
  std::vector<mpfr_ptr> ptrs;
  for (const auto& t : terms) ptrs.push_back(t->get());
  return mpfr_sum(out, ptrs.data(), ptrs.size(), MPFR_RNDN);
}

std::unique_ptr<MpfrValue> product_term(mpfr_srcptr a, mpfr_srcptr b, bool negate) {
  auto t = std::make_unique<MpfrValue>(2);
  exact_product(*t, a, b);
  if (negate) mpfr_neg(*t, *t, MPFR_RNDN);
  return t;
}

std::unique_ptr<MpfrValue> exact_term(double v) { return std::make_unique<MpfrValue>(64, v); }

// (sum of exact terms) / divisor rounded once: the sum and the division each err by 2^-p
// relative (slack 2); exact when both are.
double quotient_of_sum(const std::vector<std::unique_ptr<MpfrValue>>& terms, mpfr_srcptr divisor,
                       numeric::FloatFormat format) {
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) {
        const int s = sum_of(out, terms);
        const int d = mpfr_div(out, out, divisor, MPFR_RNDN);
        return s == 0 && d == 0 ? numeric::kExactResult : 2;
      },
      format);
}

// 1 - momentum exactly (a float's bits lie within 2^127 .. 2^-149: 320 bits hold 1 - m).
std::unique_ptr<MpfrValue> one_minus(double momentum) {
  auto m = std::make_unique<MpfrValue>(320);
  MpfrValue mv(64, momentum);
  mpfr_ui_sub(*m, 1, mv, MPFR_RNDN);
  return m;
}

}  // namespace

Standardizer::Standardizer(double mean, double var, double epsilon) {
  mpfr_set_ui(a_, 1, MPFR_RNDN);
  mpfr_set_d(b_, mean, MPFR_RNDN);
  c_terms_.push_back(exact_term(var));
  c_terms_.push_back(exact_term(epsilon));
  MpfrValue c(64);
  sum_of(c, c_terms_);  // the sign of a correctly rounded sum is the exact sum's
  sign_ = mpfr_sgn(c.get());
}

Standardizer::Standardizer(numeric::ExactAccumulator& sum, numeric::ExactAccumulator& squares, int64_t n,
                           double epsilon) {
  MpfrValue s(2), q(2), count(64), count2(128), eps(64, epsilon);
  sum.exact(s);
  squares.exact(q);
  mpfr_set_si(count, n, MPFR_RNDN);
  mpfr_mul(count2, count, count, MPFR_RNDN);  // exact: n < 2^63
  mpfr_set_si(a_, n, MPFR_RNDN);
  mpfr_set_prec(b_, mpfr_get_prec(s));
  mpfr_set(b_, s, MPFR_RNDN);
  c_terms_.push_back(product_term(count, q, false));  // n Q
  c_terms_.push_back(product_term(s, s, true));       // -S^2
  c_terms_.push_back(product_term(eps, count2, false));  // epsilon n^2
  MpfrValue c(64);
  sum_of(c, c_terms_);
  sign_ = mpfr_sgn(c.get());
}

double Standardizer::degenerate(double x, double scale, double bias) const {
  // c <= 0: sqrt(c) is NaN or 0; the numerator's sign (and zero) is all that matters.
  if (sign_ < 0) return NAN;
  MpfrValue ax(mpfr_get_prec(a_) + 64), num(64);
  mpfr_mul_d(ax, a_, x, MPFR_RNDN);
  mpfr_sub(num, ax, b_, MPFR_RNDN);  // the sign of a correctly rounded difference is exact
  return mpfr_get_d(num, MPFR_RNDN) * scale / 0.0 + bias;
}

double Standardizer::apply(double x, double scale, double bias, numeric::FloatFormat format) const {
  if (sign_ <= 0) return degenerate(x, scale, bias);
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) {
        const mpfr_prec_t p = mpfr_get_prec(out);
        MpfrValue ax(mpfr_get_prec(a_) + 64), num(p), c(p), root(p), t(p);
        mpfr_mul_d(ax, a_, x, MPFR_RNDN);  // exact
        int inexact = mpfr_sub(num, ax, b_, MPFR_RNDN);
        if (mpfr_zero_p(num.get()) && inexact == 0)  // x is the mean: y = 0 * scale / root + B
          return mpfr_set_d(out, 0.0 * scale + bias, MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
        inexact |= mpfr_mul_d(num, num, scale, MPFR_RNDN);
        inexact |= sum_of(c, c_terms_);
        inexact |= mpfr_sqrt(root, c, MPFR_RNDN);
        inexact |= mpfr_div(t, num, root, MPFR_RNDN);
        inexact |= mpfr_add_d(out, t, bias, MPFR_RNDN);
        if (inexact == 0) return numeric::kExactResult;
        // t errs by at most 4.5 2^-p relative (numerator 2, c's 1 halved by sqrt, sqrt 1,
        // division 1), so the sum t + B by 5 2^-p |t| + 2^-p |y|: relative to y, below
        // 2^(e_t - e_y + 4 - p) when |t| >= |y|/2, else 2^(3 - p) + ... < 2^(4 - p).
        if (mpfr_zero_p(out)) return 4;  // decides nothing: more precision
        const long gap = static_cast<long>(mpfr_get_exp(t)) - static_cast<long>(mpfr_get_exp(out));
        return static_cast<int>(std::max(0L, gap) + 4);
      },
      format);
}

double running_mean(double input, double momentum, mpfr_srcptr sum, int64_t n, numeric::FloatFormat format) {
  // (input momentum n + S (1 - momentum)) / n
  MpfrValue count(64), in(64, input), mom(64, momentum), in_mom(128);
  mpfr_set_si(count, n, MPFR_RNDN);
  mpfr_mul(in_mom, in, mom, MPFR_RNDN);  // exact: 53 + 53 bits
  std::vector<std::unique_ptr<MpfrValue>> terms;
  terms.push_back(product_term(in_mom, count, false));
  const auto rest = one_minus(momentum);
  terms.push_back(product_term(sum, *rest, false));
  return quotient_of_sum(terms, count, format);
}

double running_var(double input, double momentum, mpfr_srcptr sum, mpfr_srcptr squares, int64_t n,
                   numeric::FloatFormat format) {
  // (input momentum n^2 + (n Q - S^2)(1 - momentum)) / n^2
  MpfrValue count(64), count2(128), in(64, input), mom(64, momentum), in_mom(128), nq(2), s2(2);
  mpfr_set_si(count, n, MPFR_RNDN);
  mpfr_mul(count2, count, count, MPFR_RNDN);
  mpfr_mul(in_mom, in, mom, MPFR_RNDN);
  exact_product(nq, count, squares);
  exact_product(s2, sum, sum);
  const auto rest = one_minus(momentum);
  std::vector<std::unique_ptr<MpfrValue>> terms;
  terms.push_back(product_term(in_mom, count2, false));
  terms.push_back(product_term(nq, *rest, false));
  terms.push_back(product_term(s2, *rest, true));
  return quotient_of_sum(terms, count2, format);
}

double population_var(mpfr_srcptr sum, mpfr_srcptr squares, int64_t n, numeric::FloatFormat format) {
  MpfrValue count(64), count2(128);
  mpfr_set_si(count, n, MPFR_RNDN);
  mpfr_mul(count2, count, count, MPFR_RNDN);
  std::vector<std::unique_ptr<MpfrValue>> terms;
  terms.push_back(product_term(count, squares, false));
  terms.push_back(product_term(sum, sum, true));
  return quotient_of_sum(terms, count2, format);
}

}  // namespace touchstone::ops::norm
