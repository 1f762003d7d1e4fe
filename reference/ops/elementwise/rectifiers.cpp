// The piecewise-linear activations: Relu, LeakyRelu, PRelu, ThresholdedRelu, Shrink —
// every version.
//
// Branches are chosen by exact comparison of the input with the (exact float32)
// attribute; a product or sum with an attribute or slope is the exact real value rounded
// once to T. Integer results are exact.
//
// What ONNX leaves open, and the reference's answer:
// - NaN input to an op defined by cases or max (Relu, LeakyRelu, PRelu): NaN,
//   implementation-defined. ThresholdedRelu and Shrink say "otherwise, 0", which covers
//   NaN: the result is +0, defined.
// - PRelu with an integer slope: overflow of slope * x is undefined; the result wraps.
// - PRelu-1/6's slope: the text only says a one-element slope is shared; the reference
//   accepts a one-element slope or one of X's shape, and refuses other shapes.
// - Shrink with lambd < 0: both "x < -lambd" and "x > lambd" hold for some x; the first
//   case wins, implementation-defined.
// - Shrink on integers with a non-integer bias: the real x ± bias truncated toward zero,
//   implementation-defined; outside the type (or a NaN/infinite bias) undefined, and the
//   result saturates (NaN gives 0).
// Zero results: Relu gives +0 for every x <= 0 (the 0 of max(0, x)); LeakyRelu and
// PRelu keep x for x >= 0, so -0 stays -0; ThresholdedRelu's and Shrink's 0 is +0.
#include <cstdint>

#include <cmath>
#include <limits>

#include "reference/ops/elementwise/activation_math.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

// long double holds every int64/uint64 and every float32 exactly, so comparisons of an
// integer element with a float attribute are exact.
static_assert(std::numeric_limits<long double>::digits >= 64);

template <class T>
bool is_nan_element(T v) {
  if constexpr (is_real_float<T>) return std::isnan(numeric::widen(v));
  else return false;
}

template <class T>
T zero() {
  if constexpr (is_real_float<T>) return numeric::narrow<T>(0.0);
  else return T{0};
}

// slope * x for x < 0, x otherwise (PRelu's and LeakyRelu's rule).
struct Leak {
  const Node& node;
  template <class T>
  T operator()(T x, T slope) const {
    if constexpr (is_real_float<T>) {
      if (is_nan_element(x)) node.mark(Semantics::kImplementationDefined, kNanCases);
      return numeric::widen(x) < 0 ? numeric::mul(slope, x) : x;
    } else if constexpr (std::is_signed_v<T>) {
      if (x >= 0) return x;
      T r;
      if (__builtin_mul_overflow(slope, x, &r))
        node.mark(Semantics::kUndefined, "integer overflow of slope * x (the result wraps)");
      return r;
    } else {
      return x;  // unsigned: never below 0
    }
  }
};

}  // namespace

// Relu-1, 6, 13, 14: max(0, x). 6 drops consumed_inputs, 13 adds bfloat16, 14 the
// signed integers.
Tensors relu_v1(const Node& node, const Inputs& in) {
  return {map_unary(in[0], [&]<class T>(T x) -> T {
    if (is_nan_element(x)) {
      node.mark(Semantics::kImplementationDefined, kNanCases);
      return x;
    }
    if constexpr (is_real_float<T>) {
      const double v = numeric::widen(x);
      // max(0, -0): ONNX does not say which zero; IEEE 754-2019's maximum gives +0, as
      // does the reference, but IEEE 754-2008's maxNum (and many SIMD max instructions)
      // may return either.
      if (v == 0 && std::signbit(v))
        node.mark(Semantics::kImplementationDefined, "Relu of -0 (the result is +0)");
      return v > 0 ? x : zero<T>();
    } else {
      return x > 0 ? x : zero<T>();
    }
  })};
}

// LeakyRelu-1, 6, 16: alpha x for x < 0, x for x >= 0. 6 drops consumed_inputs, 16 adds
// bfloat16. alpha x is rounded once (MPFR product of exact operands).
Tensors leaky_relu_v1(const Node& node, const Inputs& in) {
  const double alpha = node.attr_float("alpha", 0.01f);
  return {map_float(in[0], [&]<class T>(T x) -> T {
    const double v = numeric::widen(x);
    if (std::isnan(v)) node.mark(Semantics::kImplementationDefined, kNanCases);
    return v < 0 ? exact_op_rounded<T>(alpha, v, mpfr_mul) : x;
  })};
}

// PRelu-1, PRelu-6: slope * x for x < 0. The slope has one element (shared) or X's shape.
Tensors prelu_v1(const Node& node, const Inputs& in) {
  const Shape& x = in[0].shape();
  const Shape& slope = in[1].shape();
  if (element_count(slope) != 1 && slope != x)
    invalid_model("slope " + shape_to_string(slope) + " must have one element or X's shape " +
                  shape_to_string(x) + " (unidirectional broadcasting of slope came in PRelu-7)");
  const BroadcastPlan plan = unidirectional_broadcast(x, element_count(slope) == 1 ? Shape{} : slope);
  // A one-element slope of any rank reads element 0: the plan of a scalar slope.
  return {map_binary(plan, in[0], in[1], Leak{node})};
}

// PRelu-7, 9, 16: slope broadcast to X unidirectionally. 9 adds int32/int64/uint32/
// uint64, 16 bfloat16.
Tensors prelu_v7(const Node& node, const Inputs& in) {
  return {map_binary(unidirectional_broadcast(in[0].shape(), in[1].shape()), in[0], in[1], Leak{node})};
}

// ThresholdedRelu-10: x for x > alpha, 0 otherwise (NaN included).
Tensors thresholded_relu_v10(const Node& node, const Inputs& in) {
  const double alpha = node.attr_float("alpha", 1.0f);
  return {map_float(in[0], [&]<class T>(T x) -> T { return numeric::widen(x) > alpha ? x : zero<T>(); })};
}

namespace {

// x ± bias for an integer x: the exact real value (at most 64 + 277 bits, exact at 400)
// truncated toward zero, saturated to T.
template <class T>
T shift_integer(const Node& node, T x, double bias, bool plus) {
  if (std::isnan(bias)) {
    node.mark(Semantics::kUndefined, "Shrink on integers with a NaN bias (the result is 0)");
    return 0;
  }
  if (bias != std::trunc(bias))
    node.mark(Semantics::kImplementationDefined,
              "Shrink on integers with a non-integer bias (the result truncates toward zero)");
  numeric::MpfrValue v(400), b(64, bias);
  if constexpr (std::is_signed_v<T>) mpfr_set_sj(v, x, MPFR_RNDN);
  else mpfr_set_uj(v, x, MPFR_RNDN);
  if (plus) mpfr_add(v, v, b, MPFR_RNDN);
  else mpfr_sub(v, v, b, MPFR_RNDN);
  mpfr_trunc(v, v);
  using L = std::numeric_limits<T>;
  numeric::MpfrValue lo(64), hi(64);
  mpfr_set_sj(lo, static_cast<intmax_t>(L::min()), MPFR_RNDN);
  mpfr_set_uj(hi, static_cast<uintmax_t>(L::max()), MPFR_RNDN);
  const bool low = mpfr_cmp(v, lo) < 0, high = mpfr_cmp(v, hi) > 0;
  if (low || high) {
    node.mark(Semantics::kUndefined, "Shrink result outside the integer type (the result saturates)");
    return low ? L::min() : L::max();
  }
  if constexpr (std::is_signed_v<T>) return static_cast<T>(mpfr_get_sj(v, MPFR_RNDZ));
  else return static_cast<T>(mpfr_get_uj(v, MPFR_RNDZ));
}

}  // namespace

// Shrink-9: x + bias for x < -lambd, x - bias for x > lambd, 0 otherwise (NaN included).
// Every numeric type; float results are the exact sum rounded once.
Tensors shrink_v9(const Node& node, const Inputs& in) {
  const double bias = node.attr_float("bias", 0.0f);
  const double lambd = node.attr_float("lambd", 0.5f);
  return {map_unary(in[0], [&]<class T>(T x) -> T {
    long double v;
    if constexpr (is_real_float<T>) v = numeric::widen(x);
    else v = static_cast<long double>(x);
    const bool below = v < -static_cast<long double>(lambd);
    const bool above = v > static_cast<long double>(lambd);
    if (below && above)
      node.mark(Semantics::kImplementationDefined,
                "Shrink with lambd < 0, where both cases hold (the first, x + bias, applies)");
    if (!below && !above) return zero<T>();
    if constexpr (is_real_float<T>) {
      return exact_op_rounded<T>(numeric::widen(x), bias, below ? mpfr_add : mpfr_sub);
    } else {
      return shift_integer(node, x, bias, below);
    }
  })};
}

}  // namespace touchstone::ops
