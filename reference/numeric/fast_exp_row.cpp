#include "reference/numeric/fast_exp_row.h"

#include <cmath>

#include "reference/numeric/dd_functions.h"

namespace touchstone::numeric {

// The bounds, with u = 2^-53, eps = kOpError (a double-double operation's relative error:
// the exact result of the operation on its operands times 1 + d, |d| < eps), B = the
// relative error of one exp (kLibmBound or dd::kExpBound).
//
// 1. d_i = x_i - m is exact as two_sum's hi + lo (or overflows to -inf: a tail term).
//    libm takes exp(hi): exp(hi + lo) / exp(hi) = exp(lo) with |lo| <= u |hi| <= 2^-43
//    (|d| <= 700), so each term errs by at most B + 1.01 |lo|; the double-double exp
//    takes hi + lo itself (B). The terms with d_i below kTailStart (-700 for libm:
//    e^-700 < 2^-1009, above it exp is normal; -665 for double-double, dd::exp's
//    domain: e^-665 < 2^-959) are left out; together they add at most `tail_` to T.
// 2. T~ sums n positive terms in double-double: each addition errs by eps relative to a
//    partial sum, which is at most T~ (positive terms), so |T~ - sum of terms| <= n eps T~;
//    with step 1, |T~ - T| <= (B' + n eps)(1 + 2^-30) T~ + tail_ (B' the largest term
//    bound; second-order products are far below the factor 2^-30).
// 3. L = log1p(T): log1p' = 1 / (1 + t) <= 1 and log1p t >= t / (1 + t), so a relative
//    error r of T~ gives at most r (1 + 2^-30) log1p(T~) and the tail at most tail_.
//    libm's log1p takes T~.hi (|T~.lo| <= u T~.hi: add u to r) and adds kLibmBound;
//    dd::log1p takes T~ and adds kLog1pBound (below 2^-800 it is not used).
// 4. Every further step is a double-double operation (2 eps |result| absolute: |hi + lo|
//    <= |hi| (1 + u)), and every bound is computed in double from positive terms: the
//    factor 1 + 2^-20 (kMargin) covers its roundings and the second-order terms.
namespace {

constexpr double kUnit = 0x1p-53;
constexpr double kMargin = 1 + 0x1p-20;
constexpr double kEps = dd::kOpError;

double tail_start(int precision) { return precision <= 24 ? -700 : -665; }
double tail_term(int precision) { return precision <= 24 ? 0x1p-1009 : 0x1p-959; }

Approximation approximation(dd::DD v, double error) { return {v.hi, v.lo, error * kMargin}; }

}  // namespace

FastExpRow::FastExpRow(std::span<const double> x, int precision) : precision_(precision) {
  if (!(precision == 8 || precision == 11 || precision == 24 || precision == 53)) return;
  if (x.size() >= (size_t{1} << 30)) return;
  size_t k = x.size();
  for (size_t i = 0; i < x.size(); ++i) {
    if (std::isnan(x[i]) || x[i] == INFINITY) return;
    if (x[i] != -INFINITY && (k == x.size() || x[i] > x[k])) k = i;
  }
  if (k == x.size()) return;  // no finite value
  max_ = x[k];
  double term_bound = 0, tails = 0, terms = 0;
  for (size_t i = 0; i < x.size(); ++i) {
    if (i == k || x[i] == -INFINITY) continue;  // the largest (exp 0 = 1, the 1 of log1p); exp(-inf) = 0
    const dd::DD d = dd::two_sum(x[i], -max_);
    if (!(d.hi >= tail_start(precision))) {
      ++tails;
      continue;
    }
    if (libm()) {
      others_ = dd::add(others_, d.hi == 0 ? 1.0 : std::exp(d.hi));
      term_bound = std::max(term_bound, kLibmBound + 1.01 * std::fabs(d.lo));
    } else {
      if (d.hi != 0 && std::fabs(d.hi) < 0x1p-900) return;  // below dd::exp's argued range
      const auto e = d.hi == 0 ? std::optional<dd::DD>(dd::DD{1, 0}) : dd::exp(d);
      if (!e) return;
      others_ = dd::add(others_, *e);
      term_bound = dd::kExpBound;
    }
    ++terms;
  }
  tail_ = tails * tail_term(precision);
  others_error_ = (term_bound + terms * kEps) * (1 + 0x1p-30);
  if (others_.hi == 0) {
    log_ = {0, 0};
    log_error_ = tail_;
  } else if (libm()) {
    log_ = {std::log1p(others_.hi), 0};
    log_error_ = (others_error_ + kUnit + kLibmBound) * (1 + 0x1p-30) * log_.hi + tail_;
  } else {
    if (others_.hi < 0x1p-800) return;
    const auto l = dd::log1p(others_);
    if (!l) return;
    log_ = *l;
    log_error_ = (others_error_ + dd::kLog1pBound) * (1 + 0x1p-30) * std::fabs(log_.hi) + tail_;
  }
  log_error_ *= kMargin;
  available_ = true;
}

Approximation FastExpRow::log_sum_exp() const {
  if (!available_) return {};
  const dd::DD r = dd::add(dd::DD{max_, 0}, log_);
  return approximation(r, log_error_ + 2 * kEps * std::fabs(r.hi));
}

Approximation FastExpRow::log_softmax(double x_i) const {
  if (!available_) return {};
  const dd::DD y = dd::sub(dd::two_sum(x_i, -max_), log_);
  return approximation(y, log_error_ + 2 * kEps * std::fabs(y.hi));
}

Approximation FastExpRow::weighted_loss(double x_i, double w) const {
  if (!available_) return {};
  const dd::DD z = dd::sub(log_, dd::two_sum(x_i, -max_));
  const double z_error = log_error_ + 2 * kEps * std::fabs(z.hi);
  // two_prod's split and an exact error term: both factors and the product in range.
  const double product = std::fabs(z.hi * w);
  if (!(std::fabs(z.hi) <= 0x1p900 && std::fabs(w) <= 0x1p900)) return {};
  if (product != 0 && !(product >= 0x1p-900)) return {};
  const dd::DD t = dd::mul(z, w);
  return approximation(t, z_error * std::fabs(w) * kMargin + 2 * kEps * std::fabs(t.hi));
}

std::optional<double> FastExpRow::softmax(double x_i, FloatFormat format) const {
  if (!available_ || format.precision != precision_) return std::nullopt;
  const dd::DD d = dd::two_sum(x_i, -max_);
  if (!(d.hi >= tail_start(precision_))) {
    // 0 < softmax_i < e^-700 < 2^-1009: +0 in every format of at most 24 bits (each
    // smallest subnormal is above 2^-150); float64 has subnormals there.
    if (libm()) return 0.0;
    return std::nullopt;
  }
  dd::DD e{1, 0};
  double e_bound = 0;
  if (d.hi != 0) {
    if (libm()) {
      e = {std::exp(d.hi), 0};
      e_bound = kLibmBound + 1.01 * std::fabs(d.lo);
    } else {
      if (std::fabs(d.hi) < 0x1p-900) return std::nullopt;
      const auto v = dd::exp(d);
      if (!v) return std::nullopt;
      e = *v;
      e_bound = dd::kExpBound;
    }
  }
  // S = 1 + T >= 1: T~'s error (others_error_ T~ + tail_) is at most
  // (others_error_ + tail_) S; the addition and the quotient err by 2 eps each.
  const dd::DD s = dd::add(others_, 1.0);
  const dd::DD p = dd::div(e, s);
  const double bound = (e_bound + others_error_ + tail_ + 4 * kEps) * kMargin;
  return decide(with_relative_error(p, bound), format);
}

}  // namespace touchstone::numeric
