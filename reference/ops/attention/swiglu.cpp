// SwiGLU-28: Y = Swish_alpha(A) * B = A B / (1 + e^(-alpha A)), A and B of one shape (no
// broadcasting: other shapes refused), alpha a float attribute (default 1). Each element is
// the exact real value rounded once (numeric/functions.h): t = alpha a exact (77 bits),
// then a b / (1 + e^-t) in MPFR. Cut-offs: for t >= 1100 the sigmoid is 1 within e^-1100
// (2^-1586), so the result is a b rounded once; for t <= -3000, |a b| e^t < 2^-1500 even
// for double b and the smallest float32 alpha (|a| <= 3000 2^149), so the result is a zero
// of the sign of a b.
// Special values: NaN propagates; where Swish's limit is needed (an infinite a, or an
// infinite alpha) the reference takes Swish-24's answer (its kernel's rules: the limit,
// implementation-defined) times b in IEEE arithmetic, and inf * 0 there is NaN (marked).
#include <cmath>

#include "reference/numeric/functions.h"
#include "reference/ops/attention/attention_ops.h"
#include "reference/ops/norm/standardize.h"

namespace touchstone::ops {

namespace {

using numeric::MpfrValue;

// Swish_alpha(a) * b where a, b or alpha is not finite: IEEE arithmetic on Swish's limits.
double swiglu_special(const Node& node, double a, double b, double alpha) {
  if (std::isnan(a) || std::isnan(b) || std::isnan(alpha)) return NAN;
  double gate;
  if (std::isinf(a) || std::isinf(alpha)) {
    node.mark(Semantics::kImplementationDefined, "SwiGLU with an infinite gate or alpha (Swish's limit times B)");
    if (a == 0) gate = NAN;
    else gate = alpha * a > 0 ? a : alpha == 0 ? a / 2 : std::copysign(0.0, a);
  } else {
    gate = a / (1 + std::exp(-alpha * a));
  }
  const double y = gate * b;
  if (std::isnan(y)) node.mark(Semantics::kImplementationDefined, "SwiGLU: an infinite factor times a zero (NaN)");
  return y;
}

double swiglu_element(const Node& node, double a, double b, double alpha, numeric::FloatFormat f) {
  if (!std::isfinite(a) || !std::isfinite(b) || !std::isfinite(alpha)) return swiglu_special(node, a, b, alpha);
  MpfrValue t(128), ab(128);
  mpfr_set_d(t, alpha, MPFR_RNDN);
  mpfr_mul_d(t, t, a, MPFR_RNDN);  // exact
  mpfr_set_d(ab, a, MPFR_RNDN);
  mpfr_mul_d(ab, ab, b, MPFR_RNDN);  // exact (106 bits)
  if (mpfr_zero_p(ab.get())) return std::copysign(0.0, a) * std::copysign(1.0, b);  // ±0 times a positive gate
  if (mpfr_cmp_si(t, -3000) <= 0) return mpfr_signbit(ab.get()) ? -0.0 : 0.0;
  if (mpfr_cmp_si(t, 1100) >= 0) return numeric::round_to_format(ab, f);
  return numeric::correctly_rounded(
      [&](mpfr_ptr out) {
        MpfrValue minus_t(128);
        mpfr_neg(minus_t, t, MPFR_RNDN);
        int inexact = mpfr_exp(out, minus_t, MPFR_RNDN);
        inexact |= mpfr_add_ui(out, out, 1, MPFR_RNDN);
        inexact |= mpfr_div(out, ab, out, MPFR_RNDN);
        // e^-t rounds (u), 1 + e adds u (condition below 1), the division u: slack 2. At
        // t = 0 every step is exact: a b / 2.
        return inexact == 0 ? numeric::kExactResult : 2;
      },
      f);
}

}  // namespace

Tensors swiglu_v28(const Node& node, const Inputs& in) {
  if (in[0].shape() != in[1].shape())
    invalid_model(node.op_version() + ": A and B have identical shapes (no broadcasting)");
  const double alpha = node.attr_float("alpha", 1.0f);
  const std::vector<double> a = norm::doubles_of(in[0]), b = norm::doubles_of(in[1]);
  const numeric::FloatFormat f = norm::format_of(in[0].dtype());
  std::vector<double> y(a.size());
  for (size_t i = 0; i < a.size(); ++i) y[i] = swiglu_element(node, a[i], b[i], alpha, f);
  return {norm::tensor_of(in[0].dtype(), in[0].shape(), y)};
}

}  // namespace touchstone::ops
