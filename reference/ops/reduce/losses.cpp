// NegativeLogLikelihoodLoss (12, 13, 22) and SoftmaxCrossEntropyLoss (12, 13).
//
// input/scores (N, C, d1..dk), target/labels (N, d1..dk) of int32/int64, optional weight
// (C). Sample j of class c = target[j] loses -y[j][c] * weight[c] (weight 1 without it),
// where y is the input (NLL) or LogSoftmax of the scores along C (SCE); 0 when target[j]
// equals ignore_index. reduction: none (the losses), sum, mean = sum of losses / sum of
// the applied weights (weight[c] of every sample not ignored; 1 each without weight - the
// attribute's text for NLL, and what the function bodies of both give with ignore_index).
// An ignored sample's loss is "zero" in both texts, which fix no sign: the reference gives
// -0 (the sign ONNX's function body gives: Neg of the zero it puts in place of the ignored
// input) and marks the sign open (implementation-defined) wherever it reaches the output:
// an ignored sample's loss with reduction none, a sum or mean that is a zero with an
// ignored sample among its terms.
// SoftmaxCrossEntropyLoss's mean without weights is ambiguous once a sample is ignored:
// its reduction attribute divides "by the number of elements in the output" (every
// sample) and its text's ReduceMean(L) likewise, but its function body divides by the
// samples not ignored (ReduceSum(W) with W 1 for them, 0 for the ignored), as NLL's text
// and body both do. The reference follows the function body and marks those cases
// implementation-defined.
// Versions: NLL 13 only marks differentiability, 22 adds bfloat16; SCE 13 adds bfloat16.
// A target outside [0, C) that is not ignore_index is refused ("shall be in range").
//
// Exact, rounded once: NLL's sums of products are exact (numeric/accumulator.h) and the
// mean's quotient of two exact sums correctly rounded. SCE's losses are transcendental:
// each -LogSoftmax is evaluated in MPFR with a bound on its error and the sum (or the
// quotient) is rounded once by Ziv's strategy (numeric/functions.h).
// Both try a fast path first (numeric/fast.h): SCE's losses from each row's FastExpRow
// (double with libm, or double-double for float64) summed in double-double with a bound
// on every rounding, NLL's mean as a quotient of the two sums rounded to double; where
// the bound cannot decide the rounding, the MPFR path above does, so the results are
// those of MPFR alone (the tests compare both, reference/tests/reduce/test_loss_fast_path.cpp).
// What ONNX leaves open (implementation-defined): a mean whose applied weights sum to
// zero (every target ignored: 0/0 = NaN, as the formula gives); scores holding NaN or
// +inf, or a row of only -inf (that row's log-probabilities and loss are NaN), or -inf at
// the target's class (the loss is +inf).
#include <algorithm>
#include <bit>
#include <cmath>
#include <optional>
#include <span>
#include <vector>

#include "reference/numeric/accumulator.h"
#include "reference/numeric/exp_sums.h"
#include "reference/numeric/fast_exp_row.h"
#include "reference/numeric/functions.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/reduce/reduce_ops.h"

namespace touchstone::ops {

namespace {

enum class Reduction { kNone, kSum, kMean };

// The shapes checked and the targets read: class[j] for sample j (-1: ignored).
struct Samples {
  int64_t n = 0, c = 0, d = 1;  // sample j = (i, k) reads input at i*C*D + class*D + k
  Shape target_shape;
  std::vector<int64_t> cls;
  Reduction reduction = Reduction::kMean;
  int64_t x_index(int64_t j, int64_t c_) const { return (j / d) * c * d + c_ * d + j % d; }
};

Samples samples_of(const Node& node, const Inputs& in) {
  const Tensor &x = in[0], &t = in[1];
  Samples s;
  if (x.rank() < 2) invalid_model("the input must be (N, C) or (N, C, d1, ..., dk), got " + shape_to_string(x.shape()));
  s.n = x.shape()[0];
  s.c = x.shape()[1];
  for (size_t k = 2; k < x.shape().size(); ++k) s.d *= x.shape()[k];
  s.target_shape = x.shape();
  s.target_shape.erase(s.target_shape.begin() + 1);
  if (t.shape() != s.target_shape)
    invalid_model("the target must be (N, d1, ..., dk) = " + shape_to_string(s.target_shape) + " for input " +
                  shape_to_string(x.shape()) + ", got " + shape_to_string(t.shape()));
  if (in.has(2) && in[2].shape() != Shape{s.c})
    invalid_model("the weight must be a 1-D tensor of size C = " + std::to_string(s.c) + ", got " +
                  shape_to_string(in[2].shape()));
  const std::string r = node.attr_string("reduction", "mean");
  if (r == "none") s.reduction = Reduction::kNone;
  else if (r == "sum") s.reduction = Reduction::kSum;
  else if (r == "mean") s.reduction = Reduction::kMean;
  else invalid_model("reduction '" + r + "' is not one of none, sum, mean");
  const std::optional<int64_t> ignore = node.attr_opt_int("ignore_index");
  visit_dtype(t.dtype(), [&]<class I>() {
    if constexpr (std::is_same_v<I, int32_t> || std::is_same_v<I, int64_t>) {
      for (I v : t.data<I>()) {
        const auto target = static_cast<int64_t>(v);
        if (ignore && target == *ignore) {
          s.cls.push_back(-1);
        } else if (target < 0 || target >= s.c) {
          invalid_model("target value " + std::to_string(target) + " is outside [0, C) = [0, " +
                        std::to_string(s.c) + ")" + (ignore ? " and is not ignore_index" : "") +
                        " (target values shall be in range)");
        } else {
          s.cls.push_back(target);
        }
      }
    } else {
      throw std::logic_error("loss target of a non-index type");  // the schema check prevents it
    }
  });
  // Terms per output: every sample (ignored ones too) for sum and mean, one for none.
  node.record_terms(s.reduction == Reduction::kNone ? 1 : static_cast<int64_t>(s.cls.size()));
  return s;
}

// The applied weight of sample j (0 if ignored).
template <class T>
double applied_weight(const Samples& s, const Inputs& in, int64_t j) {
  if (s.cls[j] < 0) return 0;
  return in.has(2) ? numeric::widen(in[2].data<T>()[s.cls[j]]) : 1.0;
}

// S / W rounded once, for exact S and W (either may be NaN, inf or zero: IEEE's quotient).
double quotient(mpfr_ptr s, mpfr_ptr w, numeric::FloatFormat format) {
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) { return mpfr_div(out, s, w, MPFR_RNDN) == 0 ? numeric::kExactResult : 1; }, format);
}

// The fast path of S / W for targets of at most 24 bits: S and W each rounded once to
// double (relative error 2^-53 each, in double's normal range), their quotient in
// double-double (eps): (1 + 2^-53) / (1 - 2^-53) - 1 < 2^-52 (1 + 2^-52), plus eps.
// float64 targets need more than 2^-52: they go to MPFR, without counting a fallback.
std::optional<double> fast_quotient(numeric::ExactAccumulator& s, numeric::ExactAccumulator& w,
                                    numeric::FloatFormat format) {
  if (format.precision > 24 || !numeric::fast_path_enabled()) return std::nullopt;
  const double sd = s.rounded(numeric::float_format<double>()), wd = w.rounded(numeric::float_format<double>());
  auto in_range = [](double v) { return std::fabs(v) >= 0x1p-900 && std::fabs(v) <= 0x1p900; };
  std::optional<double> r;
  if (in_range(sd) && in_range(wd))
    r = numeric::decide(numeric::with_relative_error(numeric::dd::div({sd, 0}, {wd, 0}), 0x1p-52 + 0x1p-100), format);
  if (!r) numeric::count_fallback();
  return r;
}

// The fast path of SCE's finite losses (fast_exp_row.h): each sample's -LogSoftmax * w
// as an Approximation, summed in double-double. Each addition errs by eps relative to its
// result (at most 2 eps |acc.hi| absolute); the terms' bounds add up; the bound's own
// roundings (n positive additions in double, n < 2^30) are covered by 1 + 2^-20.
numeric::Approximation approximate_sum(const std::vector<numeric::Approximation>& terms) {
  if (terms.size() >= (size_t{1} << 30)) return {};
  numeric::dd::DD acc{0, 0};
  double error = 0;
  for (const auto& t : terms) {
    if (!t.available()) return {};
    acc = numeric::dd::add(acc, numeric::dd::DD{t.hi, t.lo});
    error += t.error + 2 * numeric::dd::kOpError * std::fabs(acc.hi);
  }
  return {acc.hi, acc.lo, error * (1 + 0x1p-20)};
}

// sum / W for W the exact sum of the applied weights: W rounded once to double (2^-53
// relative, in double's normal range) moves the quotient by at most 2^-52 |q|, the
// sum's error is divided by |W| >= |W~| (1 - 2^-53), the division errs by eps.
numeric::Approximation approximate_mean(const numeric::Approximation& sum, numeric::ExactAccumulator& weights) {
  if (!sum.available()) return {};
  const double w = weights.rounded(numeric::float_format<double>());
  if (!(std::fabs(w) >= 0x1p-900 && std::fabs(w) <= 0x1p900 && std::fabs(sum.hi) <= 0x1p900)) return {};
  const numeric::dd::DD q = numeric::dd::div({sum.hi, sum.lo}, {w, 0});
  const double error = sum.error / std::fabs(w) * (1 + 0x1p-52) + std::fabs(q.hi) * (0x1p-52 + 2 * numeric::dd::kOpError);
  return {q.hi, q.lo, error * (1 + 0x1p-20)};
}

void mark_empty_mean(const Node& node, numeric::ExactAccumulator& weights) {
  if (weights.is_zero())
    node.mark(Semantics::kImplementationDefined, "a mean whose applied weights sum to zero (every target ignored: NaN)");
}

constexpr const char* kUnweightedMean =
    "a mean without weights over ignored samples: the text divides by the number of elements, the function body by "
    "the samples not ignored (the reference follows the function body)";

constexpr const char* kIgnoredZero =
    "the zero loss of an ignored sample, whose sign the text does not fix (the result is -0, as the function body "
    "gives), in the output";

// Marks an ignored sample's zero in the output: its own loss (reduction none), or a sum or
// mean that is a zero with ignored samples among its terms (their signs may decide it).
void mark_ignored_zero(const Node& node, const Samples& s, bool zero_total) {
  const bool any_ignored = std::find(s.cls.begin(), s.cls.end(), -1) != s.cls.end();
  if (any_ignored && (s.reduction == Reduction::kNone || zero_total))
    node.mark(Semantics::kImplementationDefined, kIgnoredZero);
}

// -LogSoftmax(row)[c] * w for the samples of one output element, summed, at out's precision
// with its slack (numeric/functions.h). Every sample's row is finite except -inf entries
// other than at c (the callers take the other specials). Per sample, at q bits: the sum T
// of the exps but the largest's (exp 0 = 1) within 2^(2-q) relative (each exp within
// 2^(1-q)), so L = log(1 + T) = log1p(T) within 2^(3-q) |L| (log1p passes T's relative
// error at most as is; a dominant score's tiny L keeps its digits); d = x_c - max within
// 2^-(q+16) |d|; L - d and the product by w round once each. The bound is absolute (terms
// of both signs may cancel: a zero sum proves nothing), but when no step rounded (every
// loss an exact 0 - c the largest and the others -inf - or a weight 0) the sum is exact.
struct SceTerm {
  std::vector<double> row;
  double x_c, w;
};

int sce_sum(const std::vector<SceTerm>& terms, mpfr_ptr out) {
  const mpfr_prec_t p = mpfr_get_prec(out);
  const mpfr_prec_t q = p + 24 + static_cast<mpfr_prec_t>(std::bit_width(terms.size()));
  std::vector<__mpfr_struct> t(terms.size());
  std::vector<mpfr_ptr> pointers;
  double budget = 0;  // in units of 2^-q
  bool inexact = false;  // whether any step rounded (a zero weight's loss does not count)
  numeric::MpfrValue sum(q), log_sum(q), d(q + 16), e(q), nl(q);
  for (size_t j = 0; j < terms.size(); ++j) {
    const auto& r = terms[j];
    size_t k = 0;  // one index of the largest
    for (size_t i = 0; i < r.row.size(); ++i)
      if (r.row[i] > r.row[k]) k = i;
    const double max = r.row[k];
    bool rounded = false;
    std::vector<__mpfr_struct> exps(r.row.size());
    std::vector<mpfr_ptr> ep;
    for (size_t i = 0; i < r.row.size(); ++i) {
      mpfr_init2(&exps[i], q);
      if (r.row[i] == -INFINITY || i == k) {
        mpfr_set_zero(&exps[i], 1);
      } else {
        rounded |= mpfr_set_d(d, r.row[i], MPFR_RNDN) != 0;
        rounded |= mpfr_sub_d(d, d, max, MPFR_RNDN) != 0;
        rounded |= mpfr_exp(&exps[i], d, MPFR_RNDN) != 0;
      }
      ep.push_back(&exps[i]);
    }
    rounded |= mpfr_sum(sum, ep.data(), ep.size(), MPFR_RNDN) != 0;
    for (auto& x : exps) mpfr_clear(&x);
    rounded |= mpfr_log1p(log_sum, sum, MPFR_RNDN) != 0;
    rounded |= mpfr_set_d(d, r.x_c, MPFR_RNDN) != 0;
    rounded |= mpfr_sub_d(d, d, max, MPFR_RNDN) != 0;
    rounded |= mpfr_sub(nl, log_sum, d, MPFR_RNDN) != 0;
    mpfr_init2(&t[j], q);
    const bool product_rounded = mpfr_mul_d(&t[j], nl, r.w, MPFR_RNDN) != 0;
    inexact |= (rounded && r.w != 0) || product_rounded;  // 0 times the loss is exact
    pointers.push_back(&t[j]);
    const double l = std::fabs(mpfr_get_d(log_sum, MPFR_RNDN)), dd = std::fabs(mpfr_get_d(d, MPFR_RNDN)),
                 n = std::fabs(mpfr_get_d(nl, MPFR_RNDN));
    budget += std::fabs(r.w) * (8 * l + dd + 2 * n);
  }
  inexact |= mpfr_sum(out, pointers.data(), pointers.size(), MPFR_RNDN) != 0;
  for (auto& x : t) mpfr_clear(&x);
  if (!inexact) return numeric::kExactResult;
  // Absolute error below 2^-q * budget + 2^-p |out|: in units of 2^-p, and as a slack.
  const double y = std::fabs(mpfr_get_d(out, MPFR_RNDN));
  const double total = std::ldexp(budget, -static_cast<int>(q - p)) + y;
  if (!(y > 0)) return 64;  // a zero decides nothing (correctly_rounded asks for more precision)
  if (!std::isfinite(total)) return 4;
  return static_cast<int>(std::ceil(std::log2(total / y))) + 1;
}

// SoftmaxCrossEntropyLoss's samples read once: log_prob written, each ignored or special
// sample's loss taken (written with reduction none), the finite losses kept for the one
// rounding of each output.
struct SceSamples {
  std::vector<SceTerm> finite;                // the finite losses' rows, for the MPFR formula
  std::vector<int64_t> finite_sample;         // their samples
  std::vector<numeric::Approximation> fast;   // each finite loss on the fast path (when on)
  double special_sum = 0;                     // the special losses, in IEEE arithmetic (NaN, inf)
  bool any_special = false;
  numeric::ExactAccumulator weights;          // the applied weights
};

template <class T>
SceSamples sce_samples(const Node& node, const Samples& s, const Inputs& in, std::span<T> lp, std::span<T> yd) {
  constexpr auto format = numeric::float_format<T>();
  auto xd = in[0].data<T>();
  const bool try_fast = numeric::fast_path_enabled();
  std::vector<double> row(static_cast<size_t>(s.c)), out(static_cast<size_t>(s.c));
  SceSamples l;
  for (int64_t j = 0; j < static_cast<int64_t>(s.cls.size()); ++j) {
    bool special = false, all_neg_inf = true;
    for (int64_t c = 0; c < s.c; ++c) {
      row[c] = numeric::widen(xd[s.x_index(j, c)]);
      special |= std::isnan(row[c]) || row[c] == INFINITY;
      all_neg_inf &= row[c] == -INFINITY;
    }
    if (special || (all_neg_inf && s.c > 0))
      node.mark(Semantics::kImplementationDefined, "NaN or +inf in a row of scores, or a row of only -inf (NaN)");
    const numeric::FastExpRow fast_row = try_fast ? numeric::FastExpRow(row, format.precision) : numeric::FastExpRow();
    numeric::softmax(row, true, format, out, fast_row);  // log_prob
    for (int64_t c = 0; c < s.c; ++c) lp[s.x_index(j, c)] = numeric::narrow<T>(out[c]);
    if (s.cls[j] < 0) {
      if (s.reduction == Reduction::kNone) yd[j] = numeric::narrow<T>(-0.0);
      continue;
    }
    const double w = applied_weight<T>(s, in, j);
    l.weights.add(w);
    const double x_c = row[s.cls[j]];
    if (special || all_neg_inf || x_c == -INFINITY) {
      if (!special && !all_neg_inf)
        node.mark(Semantics::kImplementationDefined, "-inf at the target's class (the loss is +inf)");
      const double loss = (special || all_neg_inf ? NAN : INFINITY) * w;
      if (s.reduction == Reduction::kNone) yd[j] = numeric::narrow<T>(loss);
      l.special_sum += loss;
      l.any_special = true;
      continue;
    }
    l.finite.push_back({row, x_c, w});
    l.finite_sample.push_back(j);
    if (try_fast) l.fast.push_back(fast_row.weighted_loss(x_c, w));
  }
  return l;
}

// The reduction of the finite losses, each output rounded once (numeric::round_once):
// none - each loss; sum - their sum; mean - the sum over the applied weights' exact sum.
template <class T>
void sce_reduce(const Node& node, const Samples& s, bool has_weight, SceSamples& l, std::span<T> yd) {
  constexpr auto format = numeric::float_format<T>();
  auto fast_loss = [&](size_t k) { return k < l.fast.size() ? l.fast[k] : numeric::Approximation{}; };
  if (s.reduction == Reduction::kNone) {
    mark_ignored_zero(node, s, false);
    for (size_t k = 0; k < l.finite.size(); ++k)
      yd[l.finite_sample[k]] = numeric::narrow<T>(numeric::round_once(
          [&] { return fast_loss(k); }, [&](mpfr_ptr o) { return sce_sum({l.finite[k]}, o); }, format));
    return;
  }
  double total;
  if (s.reduction == Reduction::kMean) {
    mark_empty_mean(node, l.weights);
    if (!has_weight && std::find(s.cls.begin(), s.cls.end(), -1) != s.cls.end())
      node.mark(Semantics::kImplementationDefined, kUnweightedMean);
  }
  if (l.any_special) {
    numeric::MpfrValue w(2);
    l.weights.exact(w);
    total = s.reduction == Reduction::kSum ? l.special_sum : l.special_sum / mpfr_get_d(w, MPFR_RNDN);
  } else if (s.reduction == Reduction::kSum) {
    total = numeric::round_once([&] { return approximate_sum(l.fast); },
                                [&](mpfr_ptr o) { return sce_sum(l.finite, o); }, format);
  } else {
    total = numeric::round_once(
        [&] { return approximate_mean(approximate_sum(l.fast), l.weights); },
        [&](mpfr_ptr o) {
          // The sum's slack, plus the quotient's rounding (W is exact).
          numeric::MpfrValue sum(mpfr_get_prec(o)), w(2);
          l.weights.exact(w);
          const int slack = sce_sum(l.finite, sum);
          const bool exact = mpfr_div(o, sum, w, MPFR_RNDN) == 0;
          if (slack == numeric::kExactResult) return exact ? numeric::kExactResult : 1;
          return slack + 1;
        },
        format);
  }
  mark_ignored_zero(node, s, total == 0);
  yd[0] = numeric::narrow<T>(total);
}

}  // namespace

// NegativeLogLikelihoodLoss-12, 13 (float16, float, double), 22 (+bfloat16).
Tensors negative_log_likelihood_loss_v12(const Node& node, const Inputs& in) {
  const Samples s = samples_of(node, in);
  const Tensor& x = in[0];
  const auto count = static_cast<int64_t>(s.cls.size());
  Tensor y(x.dtype(), s.reduction == Reduction::kNone ? s.target_shape : Shape{});
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      auto xd = x.data<T>();
      auto yd = y.data<T>();
      constexpr auto format = numeric::float_format<T>();
      if (s.reduction == Reduction::kNone) {
        mark_ignored_zero(node, s, false);
        for (int64_t j = 0; j < count; ++j)
          yd[j] = s.cls[j] < 0 ? numeric::narrow<T>(-0.0) : numeric::narrow<T>(-(numeric::widen(xd[s.x_index(j, s.cls[j])]) *
                                                             applied_weight<T>(s, in, j)));
        return;
      }
      numeric::ExactAccumulator losses, weights;
      for (int64_t j = 0; j < count; ++j) {
        if (s.cls[j] < 0) continue;
        const double w = applied_weight<T>(s, in, j);
        losses.add_product(-numeric::widen(xd[s.x_index(j, s.cls[j])]), w);
        weights.add(w);
      }
      mark_ignored_zero(node, s, losses.is_zero() && (s.reduction == Reduction::kSum || !weights.is_zero()));
      if (s.reduction == Reduction::kSum) {
        yd[0] = losses.result<T>();
        return;
      }
      mark_empty_mean(node, weights);
      if (auto q = fast_quotient(losses, weights, format)) {
        yd[0] = numeric::narrow<T>(*q);
        return;
      }
      numeric::MpfrValue sum(2), total(2);
      losses.exact(sum);
      weights.exact(total);
      yd[0] = numeric::narrow<T>(quotient(sum, total, format));
    } else {
      throw std::logic_error("NegativeLogLikelihoodLoss on a non-float type");  // the schema check prevents it
    }
  });
  return {std::move(y)};
}

// SoftmaxCrossEntropyLoss-12 (float16, float, double), 13 (+bfloat16): the losses
// -LogSoftmax(scores)[c] * w, reduced. Second output: log_prob = LogSoftmax(scores) along
// C, each element rounded once.
Tensors softmax_cross_entropy_loss_v12(const Node& node, const Inputs& in) {
  const Samples s = samples_of(node, in);
  const Tensor& x = in[0];
  Tensor y(x.dtype(), s.reduction == Reduction::kNone ? s.target_shape : Shape{});
  Tensor log_prob(x.dtype(), x.shape());
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      SceSamples losses = sce_samples<T>(node, s, in, log_prob.data<T>(), y.data<T>());
      sce_reduce<T>(node, s, in.has(2), losses, y.data<T>());
    } else {
      throw std::logic_error("SoftmaxCrossEntropyLoss on a non-float type");  // the schema check prevents it
    }
  });
  return {std::move(y), std::move(log_prob)};
}

}  // namespace touchstone::ops
