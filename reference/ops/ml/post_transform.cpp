#include "reference/ops/ml/post_transform.h"

#include <mpfr.h>

#include <cmath>
#include <limits>

#include "reference/error.h"

namespace touchstone::ops::ml {

namespace {

float rounded(mpfr_srcptr v) {
  return static_cast<float>(numeric::round_to_format(v, numeric::float_format<float>()));
}

// 1 / (1 + exp(-s)): exp, the sum of positive terms and the reciprocal round once each
// (slack 3); s = 0 gives 1/2 exactly.
float logistic(mpfr_srcptr s) {
  if (mpfr_nan_p(s)) return std::numeric_limits<float>::quiet_NaN();
  if (mpfr_zero_p(s)) return 0.5f;
  return numeric::correctly_rounded_as<float>([&](mpfr_ptr out) {
    numeric::MpfrValue t(mpfr_get_prec(out) + 4);
    mpfr_neg(t, s, MPFR_RNDN);
    mpfr_exp(t, t, MPFR_RNDN);
    mpfr_add_ui(t, t, 1, MPFR_RNDN);
    mpfr_ui_div(out, 1, t, MPFR_RNDN);
    return 3;
  });
}

// 1 / sum_j exp(s_j - s_i) over the included j. Each difference is taken at q bits, q
// covering its size, so it is within 2^-(p+8) absolutely and its exp within 2^-(p+7)
// relatively; the sum of positive terms keeps that (n additions at q bits more), the
// reciprocal rounds once more: slack 2. Exact when every step is (equal scores, n a power
// of two).
float softmax_entry(size_t i, std::deque<numeric::MpfrValue>& s, const std::vector<bool>& included) {
  return numeric::correctly_rounded_as<float>([&](mpfr_ptr out) {
    const mpfr_prec_t p = mpfr_get_prec(out);
    long spread = 1;
    for (size_t j = 0; j < s.size(); ++j)
      if (included[j] && !mpfr_zero_p(s[j].get()) && mpfr_number_p(s[j].get()))
        spread = std::max(spread, static_cast<long>(mpfr_get_exp(s[j].get())) + 2);
    const mpfr_prec_t q = p + 16 + spread + static_cast<mpfr_prec_t>(std::log2(s.size() + 2.0));
    numeric::MpfrValue d(q), sum(q);
    mpfr_set_ui(sum, 0, MPFR_RNDN);
    bool inexact = false;
    for (size_t j = 0; j < s.size(); ++j) {
      if (!included[j]) continue;
      inexact |= mpfr_sub(d, s[j].get(), s[i].get(), MPFR_RNDN) != 0;
      inexact |= mpfr_exp(d, d, MPFR_RNDN) != 0;
      inexact |= mpfr_add(sum, sum, d, MPFR_RNDN) != 0;
    }
    inexact |= mpfr_ui_div(out, 1, sum, MPFR_RNDN) != 0;
    return inexact ? 2 : numeric::kExactResult;
  });
}

// Phi(m) compared with s: -1 when Phi(m) < s, 1 when Phi(m) > s, 0 when undecided at
// kMaxWorkingPrecision. Phi(m) = erfc(-m / sqrt 2) / 2, enclosed with directed roundings.
int compare_phi(double m, mpfr_srcptr s) {
  for (mpfr_prec_t prec = 64; prec <= numeric::kMaxWorkingPrecision; prec *= 2) {
    numeric::MpfrValue root_lo(prec), root_hi(prec), a(prec), b(prec), lo(prec), hi(prec), mv(64, m);
    mpfr_sqrt_ui(root_lo, 2, MPFR_RNDD);
    mpfr_sqrt_ui(root_hi, 2, MPFR_RNDU);
    mpfr_neg(mv, mv, MPFR_RNDN);  // exact
    // -m / sqrt 2 lies between the quotients by the two roots, each rounded outwards.
    mpfr_div(a, mv, root_lo, m > 0 ? MPFR_RNDD : MPFR_RNDU);
    mpfr_div(b, mv, root_hi, m > 0 ? MPFR_RNDU : MPFR_RNDD);
    // erfc decreases: the larger argument gives the lower bound.
    mpfr_ptr big = mpfr_cmp(a, b) > 0 ? a.get() : b.get(), small = big == a.get() ? b.get() : a.get();
    mpfr_erfc(lo, big, MPFR_RNDD);
    mpfr_erfc(hi, small, MPFR_RNDU);
    mpfr_div_2ui(lo, lo, 1, MPFR_RNDD);
    mpfr_div_2ui(hi, hi, 1, MPFR_RNDU);
    if (mpfr_cmp(hi, s) < 0) return -1;
    if (mpfr_cmp(lo, s) > 0) return 1;
  }
  return 0;
}

// The quantile of s in (0, 1) rounded once to float: Newton's method in MPFR for a guess,
// then the guess moved until Phi of the two midpoints around it brackets s.
float probit(mpfr_srcptr s) {
  numeric::MpfrValue r(256), phi(256), density(256), t(256);
  // The start: 0, or in the tails -+sqrt(-2 ln q), q = min(s, 1 - s), which lies beyond
  // the quantile (Phi(r) < phi(r)/|r| there); Newton's steps then close in from one side
  // after at most one overshoot (Phi is convex left of 0, concave right).
  mpfr_ui_sub(t, 1, s, MPFR_RNDN);
  const bool upper = mpfr_cmp_d(s, 0.5) > 0;
  if (mpfr_cmp_d(upper ? t.get() : s, 0.1) < 0) {
    mpfr_log(r, upper ? t.get() : s, MPFR_RNDN);
    mpfr_mul_si(r, r, -2, MPFR_RNDN);
    mpfr_sqrt(r, r, MPFR_RNDN);
    if (!upper) mpfr_neg(r, r, MPFR_RNDN);
  } else {
    mpfr_set_ui(r, 0, MPFR_RNDN);
  }
  for (int k = 0; k < 500; ++k) {
    mpfr_div_d(t, r, -std::sqrt(2.0), MPFR_RNDN);
    mpfr_erfc(phi, t, MPFR_RNDN);
    mpfr_div_2ui(phi, phi, 1, MPFR_RNDN);
    mpfr_sub(phi, phi, s, MPFR_RNDN);
    mpfr_sqr(density, r, MPFR_RNDN);
    mpfr_div_2ui(density, density, 1, MPFR_RNDN);
    mpfr_neg(density, density, MPFR_RNDN);
    mpfr_exp(density, density, MPFR_RNDN);
    mpfr_mul_d(density, density, 0.3989422804014327, MPFR_RNDN);  // 1/sqrt(2 pi), a guess only
    mpfr_div(phi, phi, density, MPFR_RNDN);
    mpfr_sub(r, r, phi, MPFR_RNDN);
    if (mpfr_zero_p(phi) || mpfr_get_exp(phi) < mpfr_get_exp(r) - 60) break;
  }
  float f = static_cast<float>(mpfr_get_d(r, MPFR_RNDN));
  for (int step = 0; step < 64; ++step) {
    const float below = std::nextafter(f, -INFINITY), above = std::nextafter(f, INFINITY);
    const double low_mid = (static_cast<double>(f) + below) / 2,
                 high_mid = (static_cast<double>(f) + above) / 2;
    if (compare_phi(low_mid, s) > 0) {
      f = below;
      continue;
    }  // s below Phi(low_mid)
    if (compare_phi(high_mid, s) < 0) {
      f = above;
      continue;
    }  // s above Phi(high_mid)
    return f;
  }
  throw std::logic_error("PROBIT: the bracket did not close");
}

}  // namespace

PostTransform post_transform_of(const Node& node) {
  const std::string name = node.attr_string("post_transform", "NONE");
  if (name == "NONE") return PostTransform::kNone;
  if (name == "LOGISTIC") return PostTransform::kLogistic;
  if (name == "SOFTMAX") return PostTransform::kSoftmax;
  if (name == "SOFTMAX_ZERO") return PostTransform::kSoftmaxZero;
  if (name == "PROBIT") return PostTransform::kProbit;
  invalid_model("post_transform '" + name + "' is not one of NONE, LOGISTIC, SOFTMAX, SOFTMAX_ZERO, PROBIT");
}

void transform_row(const Node& node, PostTransform transform, std::deque<numeric::MpfrValue>& scores,
                   float* out) {
  const size_t n = scores.size();
  switch (transform) {
    case PostTransform::kNone:
      for (size_t i = 0; i < n; ++i) out[i] = rounded(scores[i].get());
      return;
    case PostTransform::kLogistic:
      for (size_t i = 0; i < n; ++i) out[i] = logistic(scores[i].get());
      return;
    case PostTransform::kSoftmax:
    case PostTransform::kSoftmaxZero: {
      std::vector<bool> included(n, true);
      bool any_nan = false, any_inf = false;
      for (size_t i = 0; i < n; ++i) {
        any_nan |= mpfr_nan_p(scores[i].get()) != 0;
        any_inf |= mpfr_inf_p(scores[i].get()) != 0;
        if (transform == PostTransform::kSoftmaxZero) included[i] = !mpfr_zero_p(scores[i].get());
      }
      if (any_nan || any_inf) {
        node.mark(Semantics::kImplementationDefined,
                  "a softmax over a NaN or infinite score: the reference gives NaN");
        for (size_t i = 0; i < n; ++i) out[i] = std::numeric_limits<float>::quiet_NaN();
        return;
      }
      bool any = false;
      for (size_t i = 0; i < n; ++i) any |= included[i];
      if (!any && n > 0)
        node.mark(Semantics::kUndefined,
                  "SOFTMAX_ZERO of a row of zero scores divides 0 by 0; the reference gives NaN");
      for (size_t i = 0; i < n; ++i)
        out[i] = !any          ? std::numeric_limits<float>::quiet_NaN()
                 : included[i] ? softmax_entry(i, scores, included)
                               : 0.0f;
      return;
    }
    case PostTransform::kProbit:
      for (size_t i = 0; i < n; ++i) {
        mpfr_srcptr s = scores[i].get();
        if (mpfr_nan_p(s)) {
          out[i] = std::numeric_limits<float>::quiet_NaN();
          continue;
        }
        if (mpfr_sgn(s) < 0 || mpfr_cmp_ui(s, 1) > 0) {
          node.mark(
              Semantics::kUndefined,
              "PROBIT of a score outside [0, 1] (the normal quantile is undefined); the reference gives NaN");
          out[i] = std::numeric_limits<float>::quiet_NaN();
        } else if (mpfr_zero_p(s)) {
          out[i] = -INFINITY;
        } else if (mpfr_cmp_ui(s, 1) == 0) {
          out[i] = INFINITY;
        } else if (mpfr_cmp_d(s, 0.5) == 0) {
          out[i] = 0.0f;
        } else {
          out[i] = probit(s);
        }
      }
      return;
  }
}

size_t top_score(const Node& node, PostTransform transform, std::deque<numeric::MpfrValue>& scores) {
  auto key_less = [&](size_t a, size_t b) {
    if (transform == PostTransform::kSoftmaxZero) {
      const bool za = mpfr_zero_p(scores[a].get()), zb = mpfr_zero_p(scores[b].get());
      if (za != zb) return za;
    }
    return mpfr_less_p(scores[a].get(), scores[b].get()) != 0;
  };
  size_t best = 0;
  bool tie = false;
  for (size_t e = 1; e < scores.size(); ++e) {
    if (key_less(best, e))
      best = e, tie = false;
    else if (!key_less(e, best))
      tie = true;
  }
  if (tie)
    node.mark(Semantics::kImplementationDefined, "equal largest scores: the reference takes the first class");
  return best;
}

}  // namespace touchstone::ops::ml
