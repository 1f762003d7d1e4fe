// The smooth and clamped activations: Sigmoid, Softplus, Softsign, Elu, Selu, Celu,
// HardSigmoid, HardSwish — every version. Float types only.
//
// Each result is the exact real value of the op's formula on the exact input, with the
// exact float32 attribute values (alpha, beta, gamma as stored in the model; ONNX's
// defaults are float32 values too), rounded once to T (numeric/functions.h). Piecewise
// ops choose their branch by exact comparison. MPFR formulas avoid cancellation
// (expm1, log1p) and state their error slack.
//
// What ONNX leaves open, and the reference's answer:
// - NaN input to an op defined by cases (Elu, Selu) or by max/min (Celu, HardSigmoid,
//   HardSwish): the result is NaN, implementation-defined. Sigmoid, Softplus and
//   Softsign propagate NaN through their arithmetic, which is defined.
// - Softsign(±inf): the limit ±1 (x/(1+|x|) evaluated in IEEE arithmetic gives NaN);
//   implementation-defined. HardSwish(-inf): the limit -0 (IEEE gives -inf * 0 = NaN);
//   implementation-defined.
// - Celu with alpha 0, infinite or NaN divides by alpha: undefined; the result is the
//   formula evaluated in MPFR's extended reals (alpha = 0 gives Relu).
// - HardSwish-14 says alpha = 1/6: the reference uses the real number 1/6. ONNX's own
//   function body uses the float32 0.16666667; where that rounds differently the case is
//   marked implementation-defined.
// - Selu(±0) and Celu(-0): ONNX's formulas give Selu gamma (alpha e^0 - alpha) = gamma * (+0)
//   (+0, or -0 for a negative gamma) and Celu max(0, -0) + min(0, 0) = +0 (IEEE 754-2019's
//   maximum), whatever the sign of the zero x. ONNX does not say which zero max(0, -0) is,
//   so as for Relu(-0) the result at x = -0 is the formula's, marked implementation-defined.
// Zero results: Elu and Softsign keep the sign of a zero x (Selu and Celu: see above);
// HardSigmoid's clamp gives +0; HardSwish's zero has the sign of x (x * 0).
#include <algorithm>
#include <cmath>

#include "reference/ops/elementwise/activation_math.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

using numeric::Fn;
using numeric::MpfrValue;

// Beyond these the result no longer depends on x, after rounding (see each use).
constexpr double kFarNegative = -1000;  // e^-1000 < 2^-1442

bool is_nan(double v) { return std::isnan(v); }

// alpha * expm1(x) rounded once, for x < 0 and an exact double alpha (Elu, Selu).
// For x <= -1000 the value lies strictly between -alpha and -alpha(1 - 2^-1442): every
// rounding boundary of T other than -alpha itself is at least 2^-1100 |alpha| away (alpha
// has at most 48 bits), so x = -1000 rounds the same, and MPFR decides it within its
// 4096-bit limit. Slack 2: expm1 and the product each round once. expm1 of a negative t
// is a nonzero number well inside MPFR's exponent range, so a zero product means alpha is
// a zero, and the product is exact.
template <class T>
T scaled_expm1(double alpha, double x) {
  const double t = std::fmax(x, kFarNegative);
  auto fast = [&](int precision) {
    return numeric::scaled(numeric::approximate(Fn::kExpm1, t, precision), alpha, precision);
  };
  return numeric::correctly_rounded_as<T>(fast, [&](mpfr_ptr out) {
    MpfrValue a(64, alpha), v(64, t);
    mpfr_expm1(out, v, MPFR_RNDN);
    mpfr_mul(out, out, a, MPFR_RNDN);
    return mpfr_zero_p(out) ? numeric::kExactResult : 2;
  });
}

}  // namespace

// Sigmoid-1, 6, 13: 1 / (1 + e^-x); 6 drops consumed_inputs, 13 adds bfloat16.
// sigmoid(0) = 1/2 is the only exact value (e^-x is transcendental for x != 0); for
// x >= 64 the value is within 2^-92 of 1 and rounds to 1; for x <= -1100 it is below
// 2^-1586 and rounds to +0.
Tensors sigmoid_v1(const Node&, const Inputs& in) {
  return {map_float(in[0], [&]<class T>(T v) -> T {
    const double x = numeric::widen(v);
    if (x == 0) return numeric::narrow<T>(0.5);
    if (x >= 64) return numeric::narrow<T>(1.0);
    if (x <= -1100) return numeric::narrow<T>(0.0);
    auto fast = [&](int precision) { return numeric::approximate(Fn::kSigmoid, x, precision); };
    return numeric::correctly_rounded_as<T>(fast, [&](mpfr_ptr out) {
      MpfrValue minus_x(64, -x);
      mpfr_exp(out, minus_x, MPFR_RNDN);
      mpfr_add_ui(out, out, 1, MPFR_RNDN);
      mpfr_ui_div(out, 1, out, MPFR_RNDN);
      // e^-x rounds (u), 1 + e^-x adds u and damps e^-x's error by e^-x/(1+e^-x) < 1,
      // 1/s adds u: under 3u + O(u^2) in all, slack 2.
      return 2;
    });
  })};
}

// Softplus-1: ln(e^x + 1). For x > 2^20, softplus(x) - x = ln(1 + e^-x) < e^-x is far
// below half an ulp of x, so the result is x; for x < -2^20 the value is below e^x and
// rounds to +0.
Tensors softplus_v1(const Node&, const Inputs& in) {
  return {map_float(in[0], [&]<class T>(T v) -> T {
    const double x = numeric::widen(v);
    if (x > 0x1p20) return v;
    if (x < -0x1p20) return numeric::narrow<T>(0.0);
    auto fast = [&](int precision) { return numeric::approximate(Fn::kSoftplus, x, precision); };
    return numeric::correctly_rounded_as<T>(fast, [&](mpfr_ptr out) {
      MpfrValue vx(64, x);
      mpfr_exp(out, vx, MPFR_RNDN);
      mpfr_log1p(out, out, MPFR_RNDN);
      // e^x rounds (u); log1p's condition number e/((1+e) log1p(e)) is below 1 for
      // e > 0; log1p rounds (u): under 2u + O(u^2), slack 2.
      return 2;
    });
  })};
}

// Softsign-1: x / (1 + |x|). 1 + |x| is computed exactly (1100 bits hold it for any
// double x), then one division rounds. ±inf gives ±1 (the limit), implementation-defined.
Tensors softsign_v1(const Node& node, const Inputs& in) {
  return {map_float(in[0], [&]<class T>(T v) -> T {
    const double x = numeric::widen(v);
    if (std::isinf(x)) {
      node.mark(Semantics::kImplementationDefined,
                "Softsign of an infinity (the result is the limit ±1; IEEE evaluation gives NaN)");
      return numeric::narrow<T>(x > 0 ? 1.0 : -1.0);
    }
    if constexpr (!std::is_same_v<T, double>) {  // IEEE arithmetic, where proved (numeric/fast.h)
      if (numeric::fast_path_enabled())
        if (auto r = numeric::softsign_direct<T>(x)) return *r;
    }
    auto fast = [&](int precision) { return numeric::approximate(Fn::kSoftsign, x, precision); };
    return numeric::correctly_rounded_as<T>(fast, [&](mpfr_ptr out) {
      MpfrValue vx(64, x), denominator(1100, std::fabs(x));
      mpfr_add_ui(denominator, denominator, 1, MPFR_RNDN);  // exact
      return mpfr_div(out, vx, denominator, MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
    });
  })};
}

// Elu-1, Elu-6: alpha (e^x - 1) for x < 0, x for x >= 0; 6 drops consumed_inputs.
Tensors elu_v1(const Node& node, const Inputs& in) {
  const double alpha = node.attr_float("alpha", 1.0f);
  return {map_float(in[0], [&]<class T>(T v) -> T {
    const double x = numeric::widen(v);
    if (is_nan(x)) node.mark(Semantics::kImplementationDefined, kNanCases);
    return x < 0 ? scaled_expm1<T>(alpha, x) : v;
  })};
}

// Selu-1, Selu-6: gamma (alpha e^x - alpha) for x <= 0, gamma x for x > 0. The defaults
// differ: Selu-1 has float32(1.6732) and float32(1.0507), Selu-6 the float32 values
// nearest the constants of Klambauer et al. gamma * alpha is exact in double (48 bits).
Tensors selu_with(const Node& node, const Inputs& in, float default_alpha, float default_gamma) {
  const double alpha = node.attr_float("alpha", default_alpha);
  const double gamma = node.attr_float("gamma", default_gamma);
  return {map_float(in[0], [&]<class T>(T v) -> T {
    const double x = numeric::widen(v);
    if (is_nan(x)) node.mark(Semantics::kImplementationDefined, kNanCases);
    if (x > 0) {
      // gamma (a float32 attribute) times x (at most 24 bits) is exact in double: at most
      // 48 bits, between 2^-298 and 2^256. Narrowing it rounds the exact product once.
      if constexpr (!std::is_same_v<T, double>) {
        if (numeric::fast_path_enabled() && std::isfinite(gamma) && std::isfinite(x))
          return numeric::narrow<T>(gamma * x);
      }
      return exact_op_rounded<T>(gamma, x, mpfr_mul);
    }
    if (x == 0 && !std::isnan(gamma)) {  // the formula's gamma * (+0) for either zero (see the top of the file)
      if (std::signbit(x)) node.mark(Semantics::kImplementationDefined, "Selu of -0 (the result is gamma * +0)");
      return numeric::narrow<T>(gamma * 0.0);
    }
    if (x < 0) return scaled_expm1<T>(gamma * alpha, x);
    return v;
  })};
}
Tensors selu_v1(const Node& node, const Inputs& in) { return selu_with(node, in, 1.6732f, 1.0507f); }
Tensors selu_v6(const Node& node, const Inputs& in) {
  return selu_with(node, in, 1.67326319217681884765625f, 1.05070102214813232421875f);
}

// Celu-12 (float only): max(0, x) + min(0, alpha (e^(x/alpha) - 1)). For alpha != 0 the
// second term has the sign of x, so the result is x for x >= 0 and alpha expm1(x/alpha)
// for x < 0.
Tensors celu_v12(const Node& node, const Inputs& in) {
  const double alpha = node.attr_float("alpha", 1.0f);
  if (!(std::isfinite(alpha) && alpha != 0))
    node.mark(Semantics::kUndefined, "Celu with alpha 0, infinite or NaN (the formula divides by alpha)");
  return {map_float(in[0], [&]<class T>(T v) -> T {
    const double x = numeric::widen(v);
    if (is_nan(x)) node.mark(Semantics::kImplementationDefined, kNanCases);
    if (x == 0 && std::signbit(x)) {  // max(0, -0) + min(0, 0): +0 (see the top of the file)
      node.mark(Semantics::kImplementationDefined, "Celu of -0 (the result is +0)");
      return numeric::narrow<T>(0.0);
    }
    if (!(x < 0)) return v;
    // x / alpha <= -1000 (tested exactly: 1000 alpha is exact in double): the result
    // rounds as at x / alpha = -1000, as in scaled_expm1.
    const bool far = alpha > 0 && x <= kFarNegative * alpha;
    return numeric::correctly_rounded_as<T>([&](mpfr_ptr out) {
      MpfrValue a(64, alpha), vx(64, x);
      MpfrValue t(mpfr_get_prec(out));
      if (far) mpfr_set_d(t, kFarNegative, MPFR_RNDN);
      else mpfr_div(t, vx, a, MPFR_RNDN);
      mpfr_expm1(out, t, MPFR_RNDN);
      mpfr_mul(out, out, a, MPFR_RNDN);
      // t rounds (u) and expm1 amplifies that by its condition number t e^t / expm1(t),
      // at most 1 for t < 0 and at most t + 1 for t > 0 (alpha < 0); expm1 and the
      // product add u each: under (2^E + 3) u + O(u^2) where |t| < 2^E. A zero is exact:
      // x / alpha is nonzero (-inf for alpha = 0), so expm1 is too, and only alpha = 0
      // makes the product a zero.
      if (mpfr_zero_p(out)) return numeric::kExactResult;
      const long e = mpfr_regular_p(t) ? static_cast<long>(mpfr_get_exp(t)) : 0;
      return 4 + static_cast<int>(std::max(0L, e));
    });
  })};
}

namespace {

// max(0, min(1, alpha x + beta)) computed exactly at 2600 bits: alpha x has at most 77
// bits between 2^1152 and 2^-1223, so the sum spans at most 2376 bits. NaN stays NaN.
void hard_sigmoid_exact(mpfr_ptr h, double alpha, double x, double beta) {
  MpfrValue a(64, alpha), vx(64, x), b(64, beta);
  mpfr_fma(h, a, vx, b, MPFR_RNDN);  // exact
  if (mpfr_nan_p(h)) return;
  if (mpfr_cmp_ui(h, 0) <= 0) mpfr_set_ui(h, 0, MPFR_RNDN);
  else if (mpfr_cmp_ui(h, 1) >= 0) mpfr_set_ui(h, 1, MPFR_RNDN);
}

constexpr mpfr_prec_t kHardPrecision = 2600;

}  // namespace

// HardSigmoid-1, HardSigmoid-6: max(0, min(1, alpha x + beta)); 6 drops consumed_inputs.
Tensors hard_sigmoid_v1(const Node& node, const Inputs& in) {
  const double alpha = node.attr_float("alpha", 0.2f);
  const double beta = node.attr_float("beta", 0.5f);
  return {map_float(in[0], [&]<class T>(T v) -> T {
    const double x = numeric::widen(v);
    if (is_nan(x)) node.mark(Semantics::kImplementationDefined, kNanCases);
    MpfrValue h(kHardPrecision);
    hard_sigmoid_exact(h, alpha, x, beta);
    return round_exact<T>(h);
  })};
}

// HardSwish-14: x max(0, min(1, x/6 + 1/2)), with the real 1/6. Between -3 and 3 the
// result is x (x + 3) / 6: x + 3 and the product are exact at 2600 bits (x + 3 needs at
// most 1077), then one division rounds.
Tensors hard_swish_v14(const Node& node, const Inputs& in) {
  constexpr double kOnnxAlpha = 0.16666667f;  // the float32 alpha of ONNX's function body
  return {map_float(in[0], [&]<class T>(T v) -> T {
    const double x = numeric::widen(v);
    if (is_nan(x)) {
      node.mark(Semantics::kImplementationDefined, kNanCases);
      return v;
    }
    if (x == -INFINITY) {
      node.mark(Semantics::kImplementationDefined,
                "HardSwish of -inf (the result is the limit -0; IEEE evaluation gives -inf * 0 = NaN)");
      return numeric::narrow<T>(-0.0);
    }
    T y;
    if (x <= -3) y = numeric::narrow<T>(-0.0);
    else if (x >= 3) y = v;
    else
      y = numeric::correctly_rounded_as<T>([&](mpfr_ptr out) {
        MpfrValue vx(64, x), p(kHardPrecision, x);
        mpfr_add_ui(p, p, 3, MPFR_RNDN);   // exact
        mpfr_mul(p, p, vx, MPFR_RNDN);     // exact
        return mpfr_div_ui(out, p, 6, MPFR_RNDN) == 0 ? numeric::kExactResult : 1;
      });
    // ONNX's expansion, HardSigmoid<alpha = 0.16666667, beta = 0.5>(x) * x, exactly.
    MpfrValue h(kHardPrecision), vx(64, x);
    hard_sigmoid_exact(h, kOnnxAlpha, x, 0.5);
    mpfr_mul(h, h, vx, MPFR_RNDN);  // exact: h has at most 1200 bits
    const T onnx = round_exact<T>(h);
    const double a = numeric::widen(y), b = numeric::widen(onnx);
    if (!(a == b && std::signbit(a) == std::signbit(b)))
      node.mark(Semantics::kImplementationDefined,
                "HardSwish's alpha: the real 1/6 and ONNX's float32 0.16666667 round differently here");
    return y;
  })};
}

}  // namespace touchstone::ops
