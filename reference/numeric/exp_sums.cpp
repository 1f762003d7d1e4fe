#include "reference/numeric/exp_sums.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "reference/numeric/fast_exp_row.h"
#include "reference/numeric/functions.h"

namespace touchstone::numeric {

namespace {

// The slack (bits) of an approximation y with absolute error at most 2^-p * budget.
int slack_for(double budget, double y) {
  if (!(std::fabs(y) > 0)) return 64;  // cannot tell yet: ask for more precision
  // Beyond double's range (a difference of two huge values): |y| dominates the budget.
  if (!std::isfinite(budget) || !std::isfinite(y)) return 4;
  return static_cast<int>(std::ceil(std::log2(budget / std::fabs(y)))) + 1;
}

// The row's special cases, shared by log_sum_exp and softmax.
struct Row {
  bool nan = false, positive_inf = false;
  std::vector<double> finite;  // the finite values
  double max = -INFINITY;      // the largest finite value
  size_t max_index = 0;        // one index of it in `finite`
  explicit Row(std::span<const double> x) {
    for (double v : x) {
      if (std::isnan(v)) nan = true;
      else if (v == INFINITY) positive_inf = true;
      else if (v != -INFINITY) {
        if (finite.empty() || v > max) max_index = finite.size();
        finite.push_back(v);
        max = std::max(max, v);
      }
    }
  }
};

// T = sum exp(v - max) over the finite values but the largest (at max_index), at
// precision p: each term's relative error at most 2^(1-p) (exp rounded, v - max rounded
// at p + 16 bits), the sum's at most 2^(2-p) (positive terms). The sum of all is 1 + T,
// and log(1 + T) is taken as log1p(T): relative error at most 2^(3-p) (log1p passes its
// argument's relative error at most as is, and rounds once), so a row with one dominant
// value gets its tiny log-sum right (1 + T would round to 1 for T below 2^-p, making
// log_softmax of that value 0 instead of about -T).
void others_of_exps(const Row& row, mpfr_ptr sum) {
  const mpfr_prec_t p = mpfr_get_prec(sum);
  std::vector<__mpfr_struct> terms(row.finite.size());
  std::vector<mpfr_ptr> pointers;
  MpfrValue d(p + 16);
  for (size_t i = 0; i < row.finite.size(); ++i) {
    if (i == row.max_index) continue;
    mpfr_init2(&terms[i], p);
    mpfr_set_d(d, row.finite[i], MPFR_RNDN);
    mpfr_sub_d(d, d, row.max, MPFR_RNDN);
    mpfr_exp(&terms[i], d, MPFR_RNDN);
    pointers.push_back(&terms[i]);
  }
  mpfr_sum(sum, pointers.data(), pointers.size(), MPFR_RNDN);
  for (size_t i = 0; i < row.finite.size(); ++i)
    if (i != row.max_index) mpfr_clear(&terms[i]);
}

}  // namespace

double sqrt_of_sum(ExactAccumulator& acc, FloatFormat format) {
  MpfrValue total(2);
  acc.exact(total);
  return correctly_rounded([&](mpfr_ptr out) { return mpfr_sqrt(out, total, MPFR_RNDN) == 0 ? kExactResult : 1; },
                           format);
}

double log_of_sum(ExactAccumulator& acc, FloatFormat format) {
  MpfrValue total(2);
  acc.exact(total);
  return correctly_rounded([&](mpfr_ptr out) { return mpfr_log(out, total, MPFR_RNDN) == 0 ? kExactResult : 1; },
                           format);
}

double sum_divided(ExactAccumulator& acc, unsigned long n, FloatFormat format) {
  if ((n & (n - 1)) == 0) return acc.rounded_scaled(format, -std::countr_zero(n));  // exact scaling
  MpfrValue total(2);
  acc.exact(total);
  return correctly_rounded(
      [&](mpfr_ptr out) { return mpfr_div_ui(out, total, n, MPFR_RNDN) == 0 ? kExactResult : 1; }, format);
}

double log_sum_exp(std::span<const double> x, FloatFormat format) {
  const Row row(x);
  if (row.nan) return NAN;
  if (row.positive_inf) return INFINITY;
  if (row.finite.empty()) return -INFINITY;
  if (row.finite.size() == 1) return row.finite[0];  // log(exp(v)) = v exactly
  return round_once(
      [&] { return FastExpRow(x, format.precision).log_sum_exp(); },
      [&](mpfr_ptr out) {
        // log1p(T) is off by at most 2^(3-p) |L| (others_of_exps); adding max rounds once
        // more (2^-p |r|).
        const mpfr_prec_t p = mpfr_get_prec(out);
        MpfrValue sum(p), log_sum(p);
        others_of_exps(row, sum);
        mpfr_log1p(log_sum, sum, MPFR_RNDN);
        mpfr_add_d(out, log_sum, row.max, MPFR_RNDN);
        const double l = mpfr_get_d(log_sum, MPFR_RNDN), r = mpfr_get_d(out, MPFR_RNDN);
        return slack_for(8 * std::fabs(l) + 2 * std::fabs(r), r);
      },
      format);
}

void softmax(std::span<const double> x, bool log, FloatFormat format, std::span<double> out) {
  if (!fast_path_enabled()) return softmax(x, log, format, out, FastExpRow());
  softmax(x, log, format, out, FastExpRow(x, format.precision));
}

void softmax(std::span<const double> x, bool log, FloatFormat format, std::span<double> out, const FastExpRow& fast) {
  const Row row(x);
  if (row.nan || row.positive_inf || row.finite.empty()) {
    std::fill(out.begin(), out.end(), NAN);
    return;
  }
  const bool all_equal = std::all_of(row.finite.begin(), row.finite.end(), [&](double v) { return v == row.max; });
  const auto k = static_cast<unsigned long>(row.finite.size());
  // The sum of exponentials 1 + T and its log log1p(T), recomputed only when the working
  // precision changes: within 2^(2-p) and 2^(3-p) relative (others_of_exps).
  mpfr_prec_t cached_precision = 0;
  MpfrValue sum(2), log_sum(2);
  auto sum_at = [&](mpfr_prec_t p) {
    if (p == cached_precision) return;
    mpfr_set_prec(sum, p);
    mpfr_set_prec(log_sum, p);
    others_of_exps(row, sum);
    mpfr_log1p(log_sum, sum, MPFR_RNDN);
    mpfr_add_ui(sum, sum, 1, MPFR_RNDN);
    cached_precision = p;
  };
  // Every finite value the same: 1/k, or -log k (k = 1: exactly 0).
  auto equal_row = [&](mpfr_ptr y) {
    MpfrValue kv(64, static_cast<double>(k));
    if (!log) return mpfr_ui_div(y, 1, kv, MPFR_RNDN) == 0 ? kExactResult : 1;
    const int t = mpfr_log(y, kv, MPFR_RNDN);
    mpfr_neg(y, y, MPFR_RNDN);
    return t == 0 ? kExactResult : 1;
  };
  for (size_t i = 0; i < x.size(); ++i) {
    const double v = x[i];
    if (v == -INFINITY) {
      out[i] = log ? -INFINITY : 0.0;
      continue;
    }
    auto fast_value = [&] { return log ? decide(fast.log_softmax(v), format) : fast.softmax(v, format); };
    auto general = [&](mpfr_ptr y) {
      const mpfr_prec_t p = mpfr_get_prec(y);
      sum_at(p);
      MpfrValue d(p + 16);
      mpfr_set_d(d, v, MPFR_RNDN);
      mpfr_sub_d(d, d, row.max, MPFR_RNDN);
      if (!log) {
        // exp(d) within 2^(1-p), the sum 1 + T within 2^(2-p) plus the rounding of the
        // addition (2^-p), the quotient's rounding 2^-p: under 2^(4-p) in all.
        MpfrValue e(p);
        mpfr_exp(e, d, MPFR_RNDN);
        mpfr_div(y, e, sum, MPFR_RNDN);
        return 4;
      }
      // d - log(sum): d off by 2^-(p+16)|d|, log(sum) by 2^(3-p) |L|, and the difference
      // rounds once (2^-p |y|).
      mpfr_sub(y, d, log_sum, MPFR_RNDN);
      const double l = mpfr_get_d(log_sum, MPFR_RNDN), r = mpfr_get_d(y, MPFR_RNDN);
      return slack_for(8 * std::fabs(l) + std::fabs(v - row.max) + std::fabs(r), r);
    };
    out[i] = all_equal ? round_once(fast_value, equal_row, format) : round_once(fast_value, general, format);
  }
}

double product(std::span<const double> x, FloatFormat format) {
  bool nan = false, inf = false, zero = false, negative = false;
  for (double v : x) {
    nan |= std::isnan(v);
    inf |= std::isinf(v);
    zero |= v == 0;
    negative ^= std::signbit(v);
  }
  if (nan || (inf && zero)) return NAN;
  if (inf) return negative ? -INFINITY : INFINITY;
  if (zero) return negative ? -0.0 : 0.0;
  // n roundings of relative error 2^-p each: (1 + 2^-p)^n - 1 < 2^(ceil(log2 n) + 1 - p)
  // while n < 2^(p-1); exact when no multiplication rounded.
  const int slack = static_cast<int>(std::ceil(std::log2(static_cast<double>(std::max<size_t>(x.size(), 1))))) + 1;
  return correctly_rounded(
      [&](mpfr_ptr out) {
        mpfr_set_ui(out, 1, MPFR_RNDN);
        bool exact = true;
        for (double v : x) exact &= mpfr_mul_d(out, out, v, MPFR_RNDN) == 0;
        return exact ? kExactResult : slack;
      },
      format);
}

}  // namespace touchstone::numeric
