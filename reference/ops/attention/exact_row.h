// One query row of Attention evaluated exactly: the scores s_j = softcap(scale * q.k_j) +
// bias_j, the weights softmax(s) and the output sum_j softmax(s)_j v_j, each value asked
// for the exact real number rounded once to the format asked for.
//
// How (interval arithmetic with Ziv's strategy): the dot products q.k_j are exact (the
// exact accumulator); at a working precision p every later step is computed twice, rounded
// down and up (MPFR's directed roundings: scale = 1/sqrt(head_size) by mpfr_rec_sqrt,
// softcap c tanh(x / c) is increasing in x, exp is increasing, sums and products take the
// end points by sign), so the true value lies in [lo, hi]. When lo and hi round to the same
// value that is the answer; otherwise p doubles. Exact values give lo = hi once p holds
// them (a scale that is a power of 4's root, a zero dot product, equal scores whose
// weights are exactly 1), so exact midpoints are rounded as they are. The softmax is taken
// relative to a reference key r of the largest score: w_j = exp(s_j - s_r), with
// s_j - s_r = scale (q.k_j - q.k_r) + (bias_j - bias_r) computed from the exact
// difference of the dot products (without softcap), and w_j = 1 exactly when key j's dot
// product and bias equal r's. The output is N_v / D with N_v = sum_j w_j v_j, D = sum_j w_j.
//
// The one result an enclosure cannot decide is a true value on a midpoint of the format
// that is not exact at any precision. With distinct algebraic score differences (no
// softcap), Lindemann-Weierstrass makes the weights linearly independent over the
// algebraic numbers, so a rational output needs every group of keys with equal scores to
// have the same mean value; output() checks that case exactly (the common mean, rounded
// once) when 256 bits have not decided. Past 2048 bits the lower end's rounding is taken.
#pragma once
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "reference/numeric/functions.h"
#include "reference/ops/attention/attention_plan.h"

namespace touchstone::ops::attention {

// A real number's enclosure [lo, hi] at one precision.
struct Enclosure {
  mpfr_t lo, hi;
  explicit Enclosure(mpfr_prec_t p) {
    mpfr_init2(lo, p);
    mpfr_init2(hi, p);
  }
  ~Enclosure() {
    mpfr_clear(lo);
    mpfr_clear(hi);
  }
  Enclosure(const Enclosure&) = delete;
  Enclosure& operator=(const Enclosure&) = delete;
};

class ExactRow {
 public:
  ExactRow(const Plan& plan, int64_t b, int64_t h, int64_t i);

  // Every key is disallowed (bias -inf): Y's row and mode 3's row are zeros (the text).
  bool fully_masked() const { return allowed_.empty(); }
  // NaN or inf among the row's q, keys, values or finite biases: the caller marks it and
  // the values come from a plain long double evaluation.
  bool special() const { return special_; }

  // qk_matmul_output's element j: mode 0 scale q.k_j, 1 after softcap, 2 plus the bias
  // (-inf where disallowed), 3 the softmax weight (0 in a fully masked row).
  double score(int64_t j, int64_t mode, numeric::FloatFormat f);
  // Y's element v.
  double output(int64_t v, numeric::FloatFormat f);

 private:
  void evaluate(mpfr_prec_t p);
  template <class Enclose>
  double decide(const Enclose& enclose, numeric::FloatFormat f, const std::function<std::optional<double>()>& exact_case);
  std::optional<double> common_mean(int64_t v, numeric::FloatFormat f) const;
  double plain_score(int64_t j, int64_t mode) const;
  double plain_output(int64_t v) const;

  const Plan& plan_;
  const double* q_;
  std::vector<const double*> keys_, values_;
  std::vector<double> bias_;
  std::vector<int64_t> allowed_;  // the keys not disallowed
  std::deque<numeric::MpfrValue> dots_;  // exact q.k_j
  std::vector<int64_t> group_;  // per key: the first key with the same dot product and bias
  int64_t ref_ = -1;
  bool special_ = false;
  mpfr_prec_t level_ = 0;  // the precision of the enclosures below
  std::unique_ptr<Enclosure> scale_, denominator_;
  std::deque<Enclosure> x_, t_, w_;  // scale * dot, after softcap, exp(s_j - s_r)
};

}  // namespace touchstone::ops::attention
