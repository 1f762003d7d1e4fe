// LpPool-1, 2 (11), 18, 22: each window's p-norm (sum |x|^p)^(1/p), the exact real value
// rounded once. Padding adds |0|^p = 0, so only the taps inside X take part.
//
// - 1: p a float (default 2.0). 2: p an int (default 2). 11: the auto_pad text.
//   18: ceil_mode and dilations. 22: bfloat16, and the ceil_mode window that would start in
//   the right padding named as dropped.
// - p = 1 is the exact sum of |x|, p = 2 the square root of the exact sum of squares
//   (numeric/exp_sums.h). Other p: Ziv's strategy (numeric/functions.h) on the formula
//   below; an integer p (or a float p of integer value) makes every |x|^p exact in MPFR, so
//   an exact result (3^3 + 4^3 + 5^3 = 6^3) is recognised.
// - Refused: p <= 0 (not a norm's order; the text leaves it undefined).
// - Special values: NaN in a window gives NaN; else an infinity gives +inf. A window with
//   no element of X gives +0.
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <deque>
#include <vector>

#include "reference/error.h"
#include "reference/numeric/accumulator.h"
#include "reference/numeric/exp_sums.h"
#include "reference/numeric/functions.h"
#include "reference/ops/pool/pool_ops.h"
#include "reference/ops/pool/pool_windows.h"

namespace touchstone::ops {

namespace pool {

namespace {

// (sum |v|^p)^(1/p) for finite v of which at least two are nonzero, rounded once.
// Working precision q = prec(out) + 112. Each term |v|^p rounds with relative error 2^-q
// (0 for an integer p: 64p bits hold it), the sum of n positive terms adds 2^-q more
// (mpfr_sum rounds once): the sum errs by 2 * 2^-q relative. An integer p: the root
// (rootn, correctly rounded into out) divides that by p: within 2^(1 - prec(out)). A real
// p: L = log(s) / p errs by 2/p * 2^-q from the sum and 3 |L| 2^-q from log, 1/p and the
// product, absolute, which exp(L) turns relative, plus its own rounding: the slack below.
double norm_of(const std::vector<double>& v, double p, numeric::FloatFormat format) {
  const bool integer_p = p == std::floor(p) && p <= 4096;
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) {
        constexpr int kExtra = 112;
        const mpfr_prec_t q = mpfr_get_prec(out) + kExtra;
        std::deque<numeric::MpfrValue> terms;
        std::vector<mpfr_ptr> pointers;
        bool exact = integer_p;
        for (double x : v) {
          numeric::MpfrValue ax(64, std::fabs(x));
          terms.emplace_back(integer_p ? static_cast<mpfr_prec_t>(64 * p) : q);
          if (integer_p) mpfr_pow_ui(terms.back(), ax, static_cast<unsigned long>(p), MPFR_RNDN);
          else mpfr_pow(terms.back(), ax, numeric::MpfrValue(64, p), MPFR_RNDN);
          pointers.push_back(terms.back());
        }
        numeric::MpfrValue sum(q);
        exact = mpfr_sum(sum, pointers.data(), pointers.size(), MPFR_RNDN) == 0 && exact;
        if (integer_p) {
          exact = mpfr_rootn_ui(out, sum, static_cast<unsigned long>(p), MPFR_RNDN) == 0 && exact;
          return exact ? numeric::kExactResult : 1;
        }
        numeric::MpfrValue log_s(q), inverse(q);
        mpfr_log(log_s, sum, MPFR_RNDN);
        mpfr_ui_div(inverse, 1, numeric::MpfrValue(64, p), MPFR_RNDN);
        mpfr_mul(log_s, log_s, inverse, MPFR_RNDN);
        mpfr_exp(out, log_s, MPFR_RNDN);
        const double amplified = 2 / p + 3 * std::fabs(mpfr_get_d(log_s, MPFR_RNDN)) + 1;
        return 2 + std::max(0, std::ilogb(amplified) + 1 - kExtra);
      },
      format);
}

// One window's p-norm: the special values, the cheap exact cases, else norm_of.
double window_norm(const std::vector<double>& v, double p, numeric::ExactAccumulator& acc,
                   numeric::FloatFormat format) {
  bool nan = false, inf = false;
  int nonzero = 0;
  double single = 0;
  for (double x : v) {
    nan = nan || std::isnan(x);
    inf = inf || std::isinf(x);
    if (x != 0) ++nonzero, single = std::fabs(x);
  }
  if (nan) return NAN;
  if (inf) return INFINITY;
  if (nonzero == 0) return 0.0;
  if (nonzero == 1) return single;  // (|x|^p)^(1/p) = |x|, already of the type
  acc.clear();
  if (p == 1) {
    for (double x : v) acc.add(std::fabs(x));
    return acc.rounded(format);
  }
  if (p == 2) {
    for (double x : v) acc.add_product(x, x);
    return numeric::sqrt_of_sum(acc, format);
  }
  return norm_of(v, p, format);
}

}  // namespace

double p_attribute(const Node& node, bool integer) {
  const double p = integer ? static_cast<double>(node.attr_int("p", 2)) : node.attr_float("p", 2.0f);
  if (!(p > 0)) invalid_model("p = " + std::to_string(p) + " is not a norm's order (p > 0)");
  return p;
}

Tensors lp_over(const Node& node, const Tensor& x, const PoolGeometry& g, double p) {
  node.record_terms(g.window_size());
  numeric::ExactAccumulator acc;
  auto norm = [&](const std::vector<double>& values, const WindowTaps&, numeric::FloatFormat format) {
    return window_norm(values, p, acc, format);
  };
  return {float_windows(x, g, "LpPool", norm)};
}

}  // namespace pool

namespace {

Tensors lp_pool(const Node& node, const Inputs& in, const pool::PoolRules& rules, bool integer_p) {
  const double p = pool::p_attribute(node, integer_p);
  const pool::PoolGeometry g = pool::pool_geometry(node, in[0].shape(), rules);
  return pool::lp_over(node, in[0], g, p);
}

}  // namespace

Tensors lp_pool_v1(const Node& node, const Inputs& in) { return lp_pool(node, in, {}, false); }
Tensors lp_pool_v2(const Node& node, const Inputs& in) { return lp_pool(node, in, {}, true); }
Tensors lp_pool_v18(const Node& node, const Inputs& in) {
  return lp_pool(node, in, {.ceil_mode = true, .dilations = true}, true);
}
Tensors lp_pool_v22(const Node& node, const Inputs& in) {
  return lp_pool(node, in, {.ceil_mode = true, .dilations = true, .dropped_window_named = true}, true);
}

}  // namespace touchstone::ops
