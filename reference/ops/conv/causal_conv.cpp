// CausalConvWithState-27 (its text: Changelog.md): a depthwise causal 1-D convolution with a
// carried state. With k the kernel size, each (batch b, channel c) row of `input` (length L)
// is appended to the k - 1 values of past_state (zeros when absent): the sequence
// s = past ++ input of length k - 1 + L. Then
//   output[b, c, t]        = bias[c] + sum_{j < k} weight[c, 0, j] * s[t + j]   (t < L)
//   present_state[b, c, i] = s[L + i]                                           (i < k - 1)
// so output t looks at input positions t - k + 1 .. t (the causal window; Conv with group = C
// and a left pad of k - 1 gives the same), and present_state is the last k - 1 values of s,
// which reach into past_state when L < k - 1 (as the text says). The sum is exact, the bias
// inside it, rounded once; n = k (+1 with bias) is recorded for the bound.
//
// activation "silu" and "swish" (the text names both for the same function; Swish-24's alpha
// is not an attribute here, so alpha = 1): y = s sigmoid(s) = s / (1 + e^-s) of the exact sum
// s, rounded once (numeric/functions.h, as Swish-24 computes it). Where s is past +-1100 the
// result no longer depends on e^-s after rounding: for s >= 1100 of fewer than 1522
// significant bits, s (1 - e) with 0 < e < 2^-1586 rounds as s minus a nudge below s's last
// bit does (the reference rounds that; a longer s goes through MPFR); for s <= -1100 it is -0. What ONNX leaves open: s = -inf (IEEE's -inf * 0 = NaN; the
// reference gives the limit -0, implementation-defined). The activation changes the
// backends' bound (cases/specs/conv/conv_bounds.cpp), not the reference's exactness.
// Refused (the rule named): input or weight not rank 3; weight not (C, 1, k) with k >= 1;
// bias not (C); past_state not (N, C, k - 1); an activation other than silu, swish, none.
#include <cmath>

#include "reference/error.h"
#include "reference/numeric/accumulator.h"
#include "reference/numeric/functions.h"
#include "reference/ops/conv/conv_ops.h"

namespace touchstone::ops {

namespace {

using numeric::MpfrValue;

struct CausalShape {
  int64_t batch = 0, channels = 0, length = 0, kernel = 1;
};

CausalShape causal_shape(const Inputs& in) {
  const Shape &x = in[0].shape(), &w = in[1].shape();
  if (x.size() != 3) invalid_model("input is (batch_size, channels, length): rank 3, got rank " + std::to_string(x.size()));
  const CausalShape s{x[0], x[1], x[2], w.size() == 3 ? w[2] : 0};
  if (w.size() != 3 || w[0] != s.channels || w[1] != 1 || w[2] < 1)
    invalid_model("weight " + shape_to_string(w) + " must be (channels, 1, k) with channels " +
                  std::to_string(s.channels) + " and k at least 1 (depthwise)");
  if (in.has(2) && in[2].shape() != Shape{s.channels})
    invalid_model("bias " + shape_to_string(in[2].shape()) + " must be (channels) = (" + std::to_string(s.channels) + ")");
  if (in.has(3) && in[3].shape() != Shape{s.batch, s.channels, s.kernel - 1})
    invalid_model("past_state " + shape_to_string(in[3].shape()) + " must be (batch_size, channels, k - 1) = " +
                  shape_to_string({s.batch, s.channels, s.kernel - 1}));
  return s;
}

// An exact value rounded once to T (the formula only copies it).
template <class T>
T round_exact(mpfr_srcptr v) {
  return numeric::correctly_rounded_as<T>([&](mpfr_ptr out) {
    return mpfr_set(out, v, MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
  });
}

// silu(s) = s / (1 + e^-s) of the accumulator's exact sum, rounded once to T.
template <class T>
T silu_of_sum(const Node& node, numeric::ExactAccumulator& acc) {
  if (acc.is_nan()) return numeric::narrow<T>(NAN);
  if (acc.is_inf()) {
    const T total = acc.result<T>();
    if (numeric::widen(total) > 0) return total;
    node.mark(Semantics::kImplementationDefined, "silu of a sum of -inf (IEEE gives -inf * 0 = NaN; the limit is -0)");
    return numeric::narrow<T>(-0.0);
  }
  if (acc.is_zero()) return acc.result<T>();  // ±0 sigmoid(0) = ±0
  MpfrValue s(64);
  acc.exact(s);
  if (mpfr_cmp_si(s, -1100) <= 0) return numeric::narrow<T>(-0.0);
  const mpfr_prec_t bits = mpfr_min_prec(s);
  if (mpfr_cmp_si(s, 1100) >= 0 && bits + 64 < 1586) {
    // s (1 - e), 0 < s e < 2^(E - 1586) (s < 2^E): s less 2^(E - bits - 64) rounds the same, as no
    // number of bits + 63 bits or fewer (every rounding boundary of T) lies strictly between.
    MpfrValue nudged(bits + 66);
    mpfr_set(nudged, s, MPFR_RNDN);                                                       // exact
    MpfrValue nudge(2);
    mpfr_set_ui_2exp(nudge, 1, mpfr_get_exp(s) - bits - 64, MPFR_RNDN);
    mpfr_sub(nudged, nudged, nudge, MPFR_RNDN);  // exact at bits + 66 bits
    return round_exact<T>(nudged);
  }
  return numeric::correctly_rounded_as<T>([&](mpfr_ptr out) {
    MpfrValue minus_s(mpfr_get_prec(s));
    mpfr_neg(minus_s, s, MPFR_RNDN);
    mpfr_exp(out, minus_s, MPFR_RNDN);
    mpfr_add_ui(out, out, 1, MPFR_RNDN);
    mpfr_div(out, s, out, MPFR_RNDN);
    // e^-s rounds (u), 1 + e has condition number below 1 and adds u, the division u:
    // under 3u + O(u^2), slack 2 (s != 0: the result is transcendental, never exact).
    return 2;
  });
}

template <class T>
void causal_rows(const Node& node, const Inputs& in, const CausalShape& sh, bool silu, Tensor& y, Tensor& state) {
  const auto x = in[0].data<T>(), w = in[1].data<T>();
  const int64_t k = sh.kernel, len = sh.length;
  std::vector<T> seq(static_cast<size_t>(k - 1 + len));
  numeric::ExactAccumulator acc;
  for (int64_t row = 0; row < sh.batch * sh.channels; ++row) {
    const int64_t c = row % sh.channels;
    for (int64_t i = 0; i < k - 1; ++i) seq[i] = in.has(3) ? in[3].data<T>()[row * (k - 1) + i] : numeric::narrow<T>(0.0);
    for (int64_t t = 0; t < len; ++t) seq[k - 1 + t] = x[row * len + t];
    for (int64_t t = 0; t < len; ++t) {
      acc.clear();
      if (in.has(2)) acc.add(numeric::widen(in[2].data<T>()[c]));
      for (int64_t j = 0; j < k; ++j) acc.add_product_of(w[c * k + j], seq[t + j]);
      y.data<T>()[row * len + t] = silu ? silu_of_sum<T>(node, acc) : acc.result<T>();
    }
    for (int64_t i = 0; i < k - 1; ++i) state.data<T>()[row * (k - 1) + i] = seq[len + i];
  }
}

}  // namespace

Tensors causal_conv_with_state_v27(const Node& node, const Inputs& in) {
  const CausalShape sh = causal_shape(in);
  const std::string activation = node.attr_string("activation", "none");
  if (activation != "none" && activation != "silu" && activation != "swish")
    invalid_model("activation '" + activation + "' is not one of 'silu', 'swish', 'none'");
  node.record_terms(sh.kernel + (in.has(2) ? 1 : 0));
  Tensor y(in[0].dtype(), in[0].shape()), state(in[0].dtype(), {sh.batch, sh.channels, sh.kernel - 1});
  visit_dtype(in[0].dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) causal_rows<T>(node, in, sh, activation != "none", y, state);
    else throw std::logic_error("CausalConvWithState on a non-float type");  // the schema check prevents it
  });
  return {y, state};
}

}  // namespace touchstone::ops
