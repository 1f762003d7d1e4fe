// One Attention row, exactly (exact_row.h has the method and why it is exact).
#include "reference/ops/attention/exact_row.h"

#include <algorithm>
#include <cmath>

#include "reference/numeric/accumulator.h"
#include "reference/numeric/exp_sums.h"

namespace touchstone::ops::attention {

namespace {

constexpr mpfr_prec_t kCommonMeanAt = 256;  // undecided at this precision: try the exact common mean
constexpr mpfr_prec_t kLastPrecision = 2048;

// The product of the enclosure e and the exact value v, into out (by v's sign).
void times_exact(Enclosure& out, const Enclosure& e, mpfr_srcptr v) {
  if (mpfr_sgn(v) >= 0) {
    mpfr_mul(out.lo, e.lo, v, MPFR_RNDD);
    mpfr_mul(out.hi, e.hi, v, MPFR_RNDU);
  } else {
    mpfr_mul(out.lo, e.hi, v, MPFR_RNDD);
    mpfr_mul(out.hi, e.lo, v, MPFR_RNDU);
  }
}

// out = a * b for enclosures (the extreme products of the end points).
void times(Enclosure& out, const Enclosure& a, const Enclosure& b) {
  const mpfr_prec_t p = mpfr_get_prec(out.lo);
  numeric::MpfrValue lo(p), hi(p), t(p);
  mpfr_set_inf(lo, 1);
  mpfr_set_inf(hi, -1);
  for (mpfr_srcptr x : {a.lo, a.hi})
    for (mpfr_srcptr y : {b.lo, b.hi}) {
      mpfr_mul(t, x, y, MPFR_RNDD);
      mpfr_min(lo, lo, t, MPFR_RNDD);
      mpfr_mul(t, x, y, MPFR_RNDU);
      mpfr_max(hi, hi, t, MPFR_RNDU);
    }
  mpfr_set(out.lo, lo, MPFR_RNDD);
  mpfr_set(out.hi, hi, MPFR_RNDU);
}

// |c| tanh(x / |c|) at the end point x, rounded in `r` (increasing in x).
void softcapped(mpfr_ptr out, mpfr_srcptr x, double c, mpfr_rnd_t r) {
  const double a = std::fabs(c);
  mpfr_div_d(out, x, a, r);
  mpfr_tanh(out, out, r);
  mpfr_mul_d(out, out, a, r);
}

std::optional<double> both_ends(const Enclosure& e, numeric::FloatFormat f) {
  const double a = numeric::round_to_format(e.lo, f), b = numeric::round_to_format(e.hi, f);
  if (a != b) return std::nullopt;
  if (a == 0 && std::signbit(a) != std::signbit(b)) return 0.0;  // a zero either way: +0
  return a;
}

}  // namespace

ExactRow::ExactRow(const Plan& plan, int64_t b, int64_t h, int64_t i) : plan_(plan), q_(plan.q_row(b, h, i)) {
  const int64_t hk = plan.kv_head_of(h);
  const double* bias = plan.bias_row(b, h, i);
  for (int64_t k = 0; k < plan.head_size; ++k) special_ |= !std::isfinite(q_[k]);
  group_.assign(static_cast<size_t>(plan.total), -1);
  for (int64_t j = 0; j < plan.total; ++j) {
    keys_.push_back(plan.key_row(b, hk, j));
    values_.push_back(plan.value_row(b, hk, j));
    bias_.push_back(bias[j]);
    numeric::ExactAccumulator acc;
    for (int64_t k = 0; k < plan.head_size; ++k) {
      acc.add_product(q_[k], keys_.back()[k]);
      special_ |= !std::isfinite(keys_.back()[k]);
    }
    dots_.emplace_back(64);
    acc.exact(dots_.back());
    if (bias[j] == -INFINITY) continue;
    special_ |= std::isnan(bias[j]) || bias[j] == INFINITY;
    for (int64_t v = 0; v < plan.v_head_size; ++v) special_ |= !std::isfinite(values_.back()[v]);
    allowed_.push_back(j);
    for (int64_t g : allowed_)
      if (group_[j] < 0 && mpfr_equal_p(dots_[g], dots_.back()) && bias_[g] == bias[j]) group_[j] = g;
  }
}

void ExactRow::evaluate(mpfr_prec_t p) {
  level_ = p;
  scale_ = std::make_unique<Enclosure>(p);
  if (plan_.scale) {
    mpfr_set_d(scale_->lo, *plan_.scale, MPFR_RNDD);
    mpfr_set_d(scale_->hi, *plan_.scale, MPFR_RNDU);
  } else {
    mpfr_set_si(scale_->lo, plan_.head_size, MPFR_RNDN);  // exact
    mpfr_rec_sqrt(scale_->hi, scale_->lo, MPFR_RNDU);
    mpfr_rec_sqrt(scale_->lo, scale_->lo, MPFR_RNDD);
  }
  x_.clear(), t_.clear(), w_.clear();
  for (int64_t j = 0; j < plan_.total; ++j) {
    times_exact(x_.emplace_back(p), *scale_, dots_[j]);
    Enclosure& t = t_.emplace_back(p);
    if (plan_.softcap != 0) {
      softcapped(t.lo, x_.back().lo, plan_.softcap, MPFR_RNDD);
      softcapped(t.hi, x_.back().hi, plan_.softcap, MPFR_RNDU);
    } else {
      mpfr_set(t.lo, x_.back().lo, MPFR_RNDD);
      mpfr_set(t.hi, x_.back().hi, MPFR_RNDU);
    }
  }
  if (ref_ < 0) {  // the key of the largest score (as doubles: only its choice matters)
    double best = -INFINITY;
    for (int64_t j : allowed_)
      if (const double s = mpfr_get_d(t_[j].lo, MPFR_RNDN) + bias_[j]; ref_ < 0 || s > best) best = s, ref_ = j;
  }
  denominator_ = std::make_unique<Enclosure>(p);
  mpfr_set_zero(denominator_->lo, 1);
  mpfr_set_zero(denominator_->hi, 1);
  Enclosure d(p);
  for (int64_t j = 0; j < plan_.total; ++j) {
    Enclosure& w = w_.emplace_back(p);
    if (bias_[j] == -INFINITY) {
      mpfr_set_zero(w.lo, 1), mpfr_set_zero(w.hi, 1);
      continue;
    }
    if (group_[j] == group_[ref_]) {  // the same score as the reference: exactly 1
      mpfr_set_ui(w.lo, 1, MPFR_RNDN), mpfr_set_ui(w.hi, 1, MPFR_RNDN);
    } else {
      if (plan_.softcap == 0) {  // scale (dot_j - dot_r), from the exact difference
        mpfr_sub(d.lo, dots_[j], dots_[ref_], MPFR_RNDD);
        mpfr_sub(d.hi, dots_[j], dots_[ref_], MPFR_RNDU);
        times(d, d, *scale_);
      } else {
        mpfr_sub(d.lo, t_[j].lo, t_[ref_].hi, MPFR_RNDD);
        mpfr_sub(d.hi, t_[j].hi, t_[ref_].lo, MPFR_RNDU);
      }
      mpfr_add_d(d.lo, d.lo, bias_[j], MPFR_RNDD);
      mpfr_sub_d(d.lo, d.lo, bias_[ref_], MPFR_RNDD);
      mpfr_add_d(d.hi, d.hi, bias_[j], MPFR_RNDU);
      mpfr_sub_d(d.hi, d.hi, bias_[ref_], MPFR_RNDU);
      mpfr_exp(w.lo, d.lo, MPFR_RNDD);
      mpfr_exp(w.hi, d.hi, MPFR_RNDU);
    }
    mpfr_add(denominator_->lo, denominator_->lo, w.lo, MPFR_RNDD);
    mpfr_add(denominator_->hi, denominator_->hi, w.hi, MPFR_RNDU);
  }
}

template <class Enclose>
double ExactRow::decide(const Enclose& enclose, numeric::FloatFormat f,
                        const std::function<std::optional<double>()>& exact_case) {
  for (mpfr_prec_t p = std::max<mpfr_prec_t>(64, f.precision + 32);; p *= 2) {
    if (p > level_) evaluate(p);
    Enclosure e(level_);
    enclose(e);
    if (auto r = both_ends(e, f)) return *r;
    if (level_ >= kCommonMeanAt && exact_case)
      if (auto r = exact_case()) return *r;
    if (level_ >= kLastPrecision) return numeric::round_to_format(e.lo, f);
  }
}

double ExactRow::score(int64_t j, int64_t mode, numeric::FloatFormat f) {
  if (special_) return plain_score(j, mode);
  if (mode == 3 && fully_masked()) return 0;
  if (mode >= 2 && bias_[j] == -INFINITY) return mode == 2 ? -INFINITY : 0.0;
  return decide(
      [&](Enclosure& e) {
        const Enclosure& src = mode == 0 ? x_[j] : mode == 1 ? t_[j] : mode == 2 ? t_[j] : w_[j];
        if (mode == 3) {
          mpfr_div(e.lo, src.lo, denominator_->hi, MPFR_RNDD);
          mpfr_div(e.hi, src.hi, denominator_->lo, MPFR_RNDU);
        } else {
          mpfr_add_d(e.lo, src.lo, mode == 2 ? bias_[j] : 0.0, MPFR_RNDD);
          mpfr_add_d(e.hi, src.hi, mode == 2 ? bias_[j] : 0.0, MPFR_RNDU);
        }
      },
      f, nullptr);
}

double ExactRow::output(int64_t v, numeric::FloatFormat f) {
  if (special_) return plain_output(v);
  if (fully_masked()) return 0;
  return decide(
      [&](Enclosure& e) {
        Enclosure n(level_), term(level_);
        mpfr_set_zero(n.lo, 1), mpfr_set_zero(n.hi, 1);
        for (int64_t j : allowed_) {
          numeric::MpfrValue value(64, values_[j][v]);
          times_exact(term, w_[j], value);
          mpfr_add(n.lo, n.lo, term.lo, MPFR_RNDD);
          mpfr_add(n.hi, n.hi, term.hi, MPFR_RNDU);
        }
        const Enclosure& d = *denominator_;  // positive: at least the reference's 1
        mpfr_div(e.lo, n.lo, mpfr_sgn(n.lo) >= 0 ? d.hi : d.lo, MPFR_RNDD);
        mpfr_div(e.hi, n.hi, mpfr_sgn(n.hi) >= 0 ? d.lo : d.hi, MPFR_RNDU);
      },
      f, [&] { return common_mean(v, f); });
}

// When every group of keys with equal scores has the same mean value, that mean is the
// output exactly (whatever the weights); rounded once.
std::optional<double> ExactRow::common_mean(int64_t v, numeric::FloatFormat f) const {
  std::vector<int64_t> leaders;
  for (int64_t j : allowed_)
    if (group_[j] == j) leaders.push_back(j);
  std::vector<numeric::ExactAccumulator> sums(leaders.size());
  std::vector<long> counts(leaders.size(), 0);
  for (int64_t j : allowed_) {
    const auto g = static_cast<size_t>(std::find(leaders.begin(), leaders.end(), group_[j]) - leaders.begin());
    sums[g].add(values_[j][v]);
    ++counts[g];
  }
  numeric::MpfrValue first(2), other(2), a(64), b(64);
  sums[0].exact(first);
  for (size_t g = 1; g < leaders.size(); ++g) {
    sums[g].exact(other);
    mpfr_set_prec(a, mpfr_get_prec(first) + 64);
    mpfr_set_prec(b, mpfr_get_prec(other) + 64);
    mpfr_mul_si(a, first, counts[g], MPFR_RNDN);  // exact
    mpfr_mul_si(b, other, counts[0], MPFR_RNDN);
    if (!mpfr_equal_p(a, b)) return std::nullopt;
  }
  return numeric::sum_divided(sums[0], static_cast<unsigned long>(counts[0]), f);
}

// NaN or inf in the row (implementation-defined): the textbook evaluation in long double.
double ExactRow::plain_score(int64_t j, int64_t mode) const {
  const long double scale = plan_.scale ? *plan_.scale : 1.0L / std::sqrt(static_cast<long double>(plan_.head_size));
  long double dot = 0;
  for (int64_t k = 0; k < plan_.head_size; ++k) dot += static_cast<long double>(q_[k]) * keys_[j][k];
  long double s = scale * dot;
  if (mode >= 1 && plan_.softcap != 0) s = std::fabs(plan_.softcap) * std::tanh(s / std::fabs(plan_.softcap));
  if (mode >= 2) s += bias_[j];
  if (mode < 3) return static_cast<double>(s);
  if (fully_masked() || bias_[j] == -INFINITY) return 0;
  long double total = 0;
  for (int64_t i : allowed_) total += std::exp(static_cast<long double>(plain_score(i, 2)) - plain_score(ref_ < 0 ? allowed_[0] : ref_, 2));
  return static_cast<double>(std::exp(s - plain_score(ref_ < 0 ? allowed_[0] : ref_, 2)) / total);
}

double ExactRow::plain_output(int64_t v) const {
  if (fully_masked()) return 0;
  long double y = 0;
  for (int64_t j : allowed_) y += static_cast<long double>(plain_score(j, 3)) * values_[j][v];
  return static_cast<double>(y);
}

}  // namespace touchstone::ops::attention
