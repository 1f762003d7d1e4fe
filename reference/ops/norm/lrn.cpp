// LRN-1, LRN-13: Y[n, c, d] = X[n, c, d] / (bias + alpha / size * square_sum[n, c, d])^beta,
// square_sum over channels max(0, c - floor((size - 1) / 2)) .. min(C - 1, c + ceil((size - 1) / 2)).
// 13 adds bfloat16.
//
// Exact, rounded once: the square sum is exact (numeric/accumulator.h), the base
// (bias size + alpha square_sum) / size and its real power beta (any float, 0.75 by
// default) are evaluated in MPFR by Ziv's strategy, so the non-integer power is exact too.
// What ONNX leaves open (marked implementation-defined; the answer given): a base <= 0
// (negative bias or alpha: pow of a negative or zero, C99's pow as IEEE double), and NaN or
// infinities in the window (the double formula's IEEE answer).
#include <cmath>
#include <string>

#include "reference/ops/norm/norm_ops.h"
#include "reference/ops/norm/standardize.h"

namespace touchstone::ops {

namespace {

// size alone is an integer; alpha, bias and beta are the attributes' floats.
struct LrnAttributes {
  int64_t size = 0;
  double alpha = 0, beta = 0, bias = 0;
};

// x / (base)^beta with base = (bias size + alpha S) / size, S exact in `square_sum`.
// The base errs by 2 2^-p relative (the sum of the two exact products, the division),
// which pow turns into 2|beta| 2^-p; pow and the quotient add 2^-p each:
// (2|beta| + 2) 2^-p (1 + o(1)) < 2^(slack - p) with slack = ceil(log2(2|beta| + 2)) + 1.
double lrn_value(double x, mpfr_srcptr square_sum, const LrnAttributes& a, numeric::FloatFormat format) {
  numeric::MpfrValue size(64), bias(64, a.bias), alpha(64, a.alpha), beta(64, a.beta), bias_size(2), alpha_sum(2);
  mpfr_set_si(size, a.size, MPFR_RNDN);
  norm::exact_product(bias_size, bias, size);
  norm::exact_product(alpha_sum, alpha, square_sum);
  const int slack = static_cast<int>(std::ceil(std::log2(2 * std::fabs(a.beta) + 2))) + 1;
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) {
        const mpfr_prec_t p = mpfr_get_prec(out);
        numeric::MpfrValue base(p), power(p);
        int inexact = mpfr_add(base, bias_size, alpha_sum, MPFR_RNDN);
        inexact |= mpfr_div(base, base, size, MPFR_RNDN);
        inexact |= mpfr_pow(power, base, beta, MPFR_RNDN);
        inexact |= mpfr_d_div(out, x, power, MPFR_RNDN);
        return inexact == 0 ? numeric::kExactResult : slack;
      },
      format);
}

// The base's sign: bias size + alpha S, exactly.
int base_sign(mpfr_srcptr square_sum, const LrnAttributes& a) {
  numeric::MpfrValue size(64), bias(64, a.bias), alpha(64, a.alpha), bias_size(2), alpha_sum(2), base(64);
  mpfr_set_si(size, a.size, MPFR_RNDN);
  norm::exact_product(bias_size, bias, size);
  norm::exact_product(alpha_sum, alpha, square_sum);
  mpfr_add(base, bias_size, alpha_sum, MPFR_RNDN);  // a correctly rounded sum keeps the exact sign
  return mpfr_sgn(base.get());
}

}  // namespace

Tensors lrn_v1(const Node& node, const Inputs& in) {
  const Shape& shape = in[0].shape();
  if (shape.size() < 2) invalid_model("X is (N, C, D1, ..., Dk), rank 2 or more, got rank " + std::to_string(shape.size()));
  LrnAttributes a;
  a.size = node.attr_int("size", 0);
  if (a.size < 1) invalid_model("size is the number of channels to sum over, at least 1, got " + std::to_string(a.size));
  a.alpha = node.attr_float("alpha", 1e-4f);
  a.beta = node.attr_float("beta", 0.75f);
  a.bias = node.attr_float("bias", 1.0f);
  const int64_t channels = shape[1];
  int64_t outer = shape[0], inner = 1;
  for (size_t d = 2; d < shape.size(); ++d) inner *= shape[d];
  const int64_t before = (a.size - 1) / 2, after = a.size - 1 - before;  // floor and ceil of (size - 1) / 2
  node.record_terms(std::min(a.size, channels));
  const std::vector<double> x = norm::doubles_of(in[0]);
  const auto format = norm::format_of(in[0].dtype());
  std::vector<double> y(x.size());
  numeric::ExactAccumulator acc;
  numeric::MpfrValue square_sum(2);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t c = 0; c < channels; ++c)
      for (int64_t i = 0; i < inner; ++i) {
        const int64_t e = (o * channels + c) * inner + i;
        acc.clear();
        for (int64_t k = std::max<int64_t>(0, c - before); k <= std::min(channels - 1, c + after); ++k) {
          const double v = x[(o * channels + k) * inner + i];
          acc.add_product(v, v);
        }
        double window_sum = 0;
        if (acc.is_nan() || acc.is_inf() || !std::isfinite(x[e])) {
          node.mark(Semantics::kImplementationDefined, "NaN or infinity in a channel window (IEEE's answer)");
          window_sum = acc.rounded(numeric::float_format<double>());
          y[e] = x[e] / std::pow(a.bias + a.alpha / static_cast<double>(a.size) * window_sum, a.beta);
          continue;
        }
        acc.exact(square_sum);
        if (base_sign(square_sum, a) <= 0) {
          node.mark(Semantics::kImplementationDefined, "bias + alpha / size * square_sum <= 0: pow of a negative or zero base");
          window_sum = mpfr_get_d(square_sum, MPFR_RNDN);
          y[e] = x[e] / std::pow(a.bias + a.alpha / static_cast<double>(a.size) * window_sum, a.beta);
          continue;
        }
        y[e] = lrn_value(x[e], square_sum, a, format);
      }
  return {norm::tensor_of(in[0].dtype(), shape, y)};
}

}  // namespace touchstone::ops
