// The self-gated activations x * g(x): Mish-18, Mish-22 (+bfloat16), Gelu-20 (both
// `approximate` forms), Swish-24. Float types only.
//
// Each result is the exact real value of the formula the op's text writes, on the exact
// input (and Swish's exact float32 alpha), rounded once to T (numeric/functions.h):
// - Mish: x tanh(ln(1 + e^x)), the text's own composition, which is well conditioned;
// - Gelu "none": x/2 (1 + erf(x/sqrt 2)), evaluated as x/2 erfc(-x/sqrt 2) (the same real
//   number, without the cancellation of 1 + erf for x < 0);
// - Gelu "tanh": x/2 (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3))), evaluated as
//   x / (1 + e^(-2z)) with z the tanh argument (1 + tanh z = 2 / (1 + e^(-2z))). The
//   constants are read as the text writes them: sqrt(2/pi) the real number and 0.044715
//   the exact decimal 44715/10^6 — not float32 roundings of them. An implementation with
//   float32 constants (0.7978846f, 0.044715f) is off by up to about 3e-8 relatively,
//   which a float64 comparison sees;
// - Swish: x sigmoid(alpha x) = x / (1 + e^(-alpha x)), alpha the float32 attribute.
// Beyond the cut-offs stated at each kernel the result no longer depends on x after
// rounding (x itself, or a zero with x's sign), so MPFR is not asked.
//
// What ONNX leaves open, and the reference's answer:
// - an infinite x where the IEEE evaluation of the formula gives inf * 0 = NaN (Mish and
//   Gelu at -inf; Swish where alpha x -> -inf, or alpha = 0): the limit (a zero with x's
//   sign; for Swish with alpha = 0, x/2 = x), implementation-defined.
// - Swish with an infinite alpha at x = ±0: alpha x is inf * 0; the result is NaN, undefined.
// Everything else is the formula: NaN propagates; ±0 gives ±0 (x times a positive gate,
// as the IEEE evaluation of each formula also gives); a negative result too small for T
// rounds to -0.
#include <cmath>

#include "reference/ops/elementwise/activation_math.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

using numeric::MpfrValue;

constexpr const char* kInfinityLimit =
    "an infinite input where the IEEE evaluation of the formula gives inf * 0 = NaN (the result is the limit)";

template <class T>
T signed_zero(double x) {
  return numeric::narrow<T>(std::signbit(x) ? -0.0 : 0.0);
}

}  // namespace

// Mish-18 (float16, float, double), Mish-22 (+bfloat16): x tanh(softplus(x)).
// Cut-offs: for x >= 64, 1 - tanh(softplus x) < 2e^(-2x) < 2^-183, far below half an ulp of
// x in any format, so the result is x; for x <= -800, |mish x| <= |x| e^x < 2^-1144 (tanh s
// <= s <= e^x), below half the smallest double subnormal, so the result is -0.
Tensors mish_v18(const Node& node, const Inputs& in) {
  return {map_float(in[0], [&]<class T>(T v) -> T {
    const double x = numeric::widen(v);
    if (std::isnan(x) || x == 0 || x >= 64) return v;  // NaN; ±0 tanh(ln 2) = ±0; +inf tanh(inf) = +inf
    if (x == -INFINITY) {
      node.mark(Semantics::kImplementationDefined, kInfinityLimit);
      return numeric::narrow<T>(-0.0);
    }
    if (x <= -800) return numeric::narrow<T>(-0.0);
    return numeric::correctly_rounded_as<T>([&](mpfr_ptr out) {
      MpfrValue vx(64, x);
      mpfr_exp(out, vx, MPFR_RNDN);
      mpfr_log1p(out, out, MPFR_RNDN);
      mpfr_tanh(out, out, MPFR_RNDN);
      mpfr_mul(out, out, vx, MPFR_RNDN);
      // exp rounds (u); log1p's condition number e/((1+e) log1p e) and tanh's 2s/sinh 2s
      // are below 1, each call adds u, and the product u: under 4u + O(u^2), slack 3.
      return 3;
    });
  })};
}

namespace {

// Gelu "none": x/2 erfc(-x/sqrt 2). Cut-offs: for x >= 40, 1 - Phi(x) < e^-800 relative,
// so the result is x; for x <= -39, |x Phi(x)| < e^(-x^2/2)/sqrt(2 pi) < 2^-1097 (Mills'
// ratio), so the result is -0.
template <class T>
T gelu_erf(const Node& node, T v) {
  const double x = numeric::widen(v);
  if (std::isnan(x) || x == 0 || x >= 40) return v;  // NaN; ±0/2 (1 + 0) = ±0; +inf
  if (x == -INFINITY) {
    node.mark(Semantics::kImplementationDefined, kInfinityLimit);
    return numeric::narrow<T>(-0.0);
  }
  if (x <= -39) return numeric::narrow<T>(-0.0);
  return numeric::correctly_rounded_as<T>([&](mpfr_ptr out) {
    MpfrValue vx(64, x), t(mpfr_get_prec(out));
    mpfr_sqrt_ui(t, 2, MPFR_RNDN);
    mpfr_div(t, vx, t, MPFR_RNDN);
    mpfr_neg(t, t, MPFR_RNDN);
    mpfr_erfc(out, t, MPFR_RNDN);
    mpfr_mul(out, out, vx, MPFR_RNDN);
    mpfr_div_2ui(out, out, 1, MPFR_RNDN);  // exact
    // t = -x/sqrt 2 carries 2u; erfc's condition number is below 1/2 for t <= 0 and below
    // 2t^2 + 1 < 2^11 for 0 < t < 27.6; erfc and the product add u each: under
    // (2^12 + 2) u + O(u^2), slack 13.
    return 13;
  });
}

// Gelu "tanh": x / (1 + e^(-2z)), z = sqrt(2/pi) (x + 44715/10^6 x^3). Cut-offs: at |x| =
// 25, |2z| > 1154; for x >= 25 the result is x (relative deficit below e^-1154), for
// x <= -25 it is below 25 e^-1154 in magnitude: -0.
template <class T>
T gelu_tanh(const Node& node, T v) {
  const double x = numeric::widen(v);
  if (std::isnan(x) || x == 0 || x >= 25) return v;  // NaN; ±0; +inf
  if (x == -INFINITY) {
    node.mark(Semantics::kImplementationDefined, kInfinityLimit);
    return numeric::narrow<T>(-0.0);
  }
  if (x <= -25) return numeric::narrow<T>(-0.0);
  return numeric::correctly_rounded_as<T>([&](mpfr_ptr out) {
    const mpfr_prec_t p = mpfr_get_prec(out);
    MpfrValue vx(64, x), cube(256), w(p), c(p);
    mpfr_pow_ui(cube, vx, 3, MPFR_RNDN);       // exact: 159 bits at most
    mpfr_mul_ui(cube, cube, 44715, MPFR_RNDN);  // exact: 175 bits at most
    mpfr_div_ui(w, cube, 1000000, MPFR_RNDN);   // 0.044715 x^3
    mpfr_add(w, w, vx, MPFR_RNDN);              // x and x^3 share a sign: no cancellation
    mpfr_const_pi(c, MPFR_RNDN);
    mpfr_ui_div(c, 2, c, MPFR_RNDN);
    mpfr_sqrt(c, c, MPFR_RNDN);
    mpfr_mul(w, w, c, MPFR_RNDN);     // z
    mpfr_mul_si(w, w, -2, MPFR_RNDN);  // exact
    mpfr_exp(out, w, MPFR_RNDN);
    mpfr_add_ui(out, out, 1, MPFR_RNDN);
    mpfr_div(out, vx, out, MPFR_RNDN);
    // z carries under 6u (division and sum 2u, the constant 2.5u, the product u); e^(-2z)
    // amplifies that by |2z| < 1160 < 2^11 and adds u; 1 + e (condition below 1) and the
    // division add u each: under (6 * 2^11 + 3) u + O(u^2), slack 15.
    return 15;
  });
}

}  // namespace

// Gelu-20: approximate = "none" (default) or "tanh", anything else refused.
Tensors gelu_v20(const Node& node, const Inputs& in) {
  const std::string approximate = node.attr_string("approximate", "none");
  if (approximate != "none" && approximate != "tanh")
    invalid_model(node.op_version() + ": approximate must be \"none\" or \"tanh\", got \"" + approximate + "\"");
  const bool use_tanh = approximate == "tanh";
  return {map_float(in[0], [&]<class T>(T v) -> T { return use_tanh ? gelu_tanh(node, v) : gelu_erf(node, v); })};
}

// Swish-24: x sigmoid(alpha x), alpha a float attribute (default 1). With t = alpha x exact
// (77 bits): for t >= 1100 the result is x (e^-t < 2^-1586); for t <= -1100 it is a zero
// with x's sign, since |x| = |t|/|alpha| <= |t| 2^149 (a nonzero float32 alpha is at least
// 2^-149) and |y| <= |x| e^t <= 1100 * 2^149 e^-1100 < 2^-1428.
Tensors swish_v24(const Node& node, const Inputs& in) {
  const double alpha = node.attr_float("alpha", 1.0f);
  return {map_float(in[0], [&]<class T>(T v) -> T {
    const double x = numeric::widen(v);
    if (std::isnan(x)) return v;
    if (std::isnan(alpha)) return numeric::narrow<T>(NAN);
    if (std::isinf(x)) {
      // The limit: x where alpha x -> +inf (IEEE agrees: inf * 1), else x's signed zero, or
      // x/2 = x for alpha = 0 (IEEE gives inf * 0 = NaN for both).
      if (alpha * x > 0) return v;
      node.mark(Semantics::kImplementationDefined, kInfinityLimit);
      return alpha == 0 ? v : signed_zero<T>(x);
    }
    if (x == 0) {
      if (!std::isinf(alpha)) return v;  // ±0 sigmoid(0) = ±0
      node.mark(Semantics::kUndefined, "Swish with an infinite alpha at x = 0 (alpha x is inf * 0; the result is NaN)");
      return numeric::narrow<T>(NAN);
    }
    if (std::isinf(alpha)) return alpha * x > 0 ? v : signed_zero<T>(x);  // sigmoid(±inf) is 1 or 0
    MpfrValue t(128);
    mpfr_set_d(t, alpha, MPFR_RNDN);
    mpfr_mul_d(t, t, x, MPFR_RNDN);  // exact
    if (mpfr_cmp_si(t, 1100) >= 0) return v;
    if (mpfr_cmp_si(t, -1100) <= 0) return signed_zero<T>(x);
    return numeric::correctly_rounded_as<T>([&](mpfr_ptr out) {
      MpfrValue vx(64, x), minus_t(128);
      mpfr_neg(minus_t, t, MPFR_RNDN);
      int inexact = mpfr_exp(out, minus_t, MPFR_RNDN);
      inexact |= mpfr_add_ui(out, out, 1, MPFR_RNDN);
      inexact |= mpfr_div(out, vx, out, MPFR_RNDN);
      // e^-t rounds (u), 1 + e has condition number below 1 and adds u, the division u:
      // under 3u + O(u^2), slack 2. At t = 0 (alpha = 0) every step is exact: x/2.
      return inexact == 0 ? numeric::kExactResult : 2;
    });
  })};
}

}  // namespace touchstone::ops
