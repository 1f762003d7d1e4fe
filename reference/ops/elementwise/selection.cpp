// Identity, Where, Clip — ops that pick one of their input values; results are exact by
// construction (Clip-1/6 round a float attribute bound once to the output type).
//
// Identity-1, 13 (+bfloat16), 14 (+sequences), 16 (+optionals): a copy of the input. The
// reference carries tensors only, so 14 and 16 are partial (sequence and optional values
// are refused as not implemented when a model is loaded or run).
//
// Where-9, 16 (+bfloat16): numpy broadcasting over condition, X and Y (any element type).
//
// Clip: Y = Min(max, Max(X, min)), with strict comparisons (an X equal to a bound is X).
// - Clip-1, 6: min and max are float attributes, used exactly; a bound chosen as the
//   result is rounded once to T (float16 with min=0.1). Clip-1 also has consumed_inputs.
// - Clip-11 (float types), 12 (+integers), 13 (+bfloat16): min and max are optional
//   scalar inputs of type T; a bound that is not a scalar (shape ()) is refused.
// What ONNX leaves open, and the reference's answer (implementation-defined each):
// - min > max before Clip-13: every element becomes max, which Clip-13 then writes down
//   (defined there).
// - an absent bound imposes nothing: ±inf (and, for Clip-1/6 with an absent attribute,
//   anything beyond ±FLT_MAX) pass unchanged, whereas "defaults to numeric_limits::max()"
//   (or Clip-6's attribute default FLT_MAX) would clip them to the largest finite value.
// - NaN in X gives NaN; a NaN bound makes every element NaN.
// - X and a bound that are zeros of opposite sign: X (Max/Min of ±0 is unspecified).
#include <cfloat>
#include <cmath>
#include <optional>

#include "reference/numeric/exact.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

constexpr const char* kMinAboveMax = "Clip with min > max (every element becomes max)";

// Bounds as exact doubles (float T) or as T's own values (integer T).
template <class B>
struct Bounds {
  std::optional<B> lo, hi;
  double absent_limit = DBL_MAX;  // beyond this magnitude, an absent bound's reading matters
  bool order_defined = false;     // Clip-13 writes down that min > max gives max
};

template <class T>
void clip_floats(const Node& node, std::span<const T> x, std::span<T> y, const Bounds<double>& b) {
  const bool nan_bound = (b.lo && std::isnan(*b.lo)) || (b.hi && std::isnan(*b.hi));
  if (nan_bound && !x.empty()) node.mark(Semantics::kImplementationDefined, "Clip with a NaN bound (the result is NaN)");
  if (b.lo && b.hi && *b.lo > *b.hi && !x.empty() && !b.order_defined)
    node.mark(Semantics::kImplementationDefined, kMinAboveMax);
  for (size_t i = 0; i < x.size(); ++i) {
    const double v = numeric::widen(x[i]);
    if (nan_bound) {
      y[i] = numeric::narrow<T>(NAN);
      continue;
    }
    if (std::isnan(v)) {
      node.mark(Semantics::kImplementationDefined, "Clip of NaN (the result is NaN)");
      y[i] = x[i];
      continue;
    }
    if ((!b.lo && v < -b.absent_limit) || (!b.hi && v > b.absent_limit))
      node.mark(Semantics::kImplementationDefined,
                "Clip without a bound on the side of an infinite or out-of-float-range value (it passes unchanged)");
    double r = v;
    if (b.lo && r < *b.lo) r = *b.lo;
    if (b.hi && r > *b.hi) r = *b.hi;
    if (r == v && r == 0 && ((b.lo && *b.lo == 0 && std::signbit(*b.lo) != std::signbit(v)) ||
                             (b.hi && *b.hi == 0 && std::signbit(*b.hi) != std::signbit(v))))
      node.mark(Semantics::kImplementationDefined, "Clip of a zero at a bound that is a zero of the other sign (X)");
    y[i] = r == v ? x[i] : numeric::narrow<T>(r);
  }
}

template <class T>
void clip_integers(const Node& node, std::span<const T> x, std::span<T> y, const Bounds<T>& b) {
  if (b.lo && b.hi && *b.lo > *b.hi && !x.empty() && !b.order_defined)
    node.mark(Semantics::kImplementationDefined, kMinAboveMax);
  for (size_t i = 0; i < x.size(); ++i) {
    T r = x[i];
    if (b.lo && r < *b.lo) r = *b.lo;
    if (b.hi && r > *b.hi) r = *b.hi;
    y[i] = r;
  }
}

// The bound given as optional input `i` (Clip-11 and later), checked to be a scalar.
template <class T>
std::optional<T> bound_input(const Inputs& in, size_t i, const char* name) {
  if (!in.has(i)) return std::nullopt;
  if (in[i].rank() != 0)
    invalid_model(std::string(name) + " must be a scalar (a tensor of empty shape), got shape " +
                  shape_to_string(in[i].shape()));
  return in[i].data<T>()[0];
}

}  // namespace

// Identity-1, 13, 14, 16: the input tensor, unchanged.
Tensors identity_v1(const Node&, const Inputs& in) { return {in[0]}; }

// Where-9, 16: out[i] = condition[i] ? X[i] : Y[i], all three broadcast (numpy).
Tensors where_v9(const Node&, const Inputs& in) {
  const BroadcastPlan plan = multidirectional_broadcast({in[0].shape(), in[1].shape(), in[2].shape()});
  Tensor out(in[1].dtype(), plan.out);
  visit_dtype(in[1].dtype(), [&]<class T>() {
    auto c = in[0].data<bool>();
    auto x = in[1].data<T>();
    auto y = in[2].data<T>();
    auto z = out.data<T>();
    for_each_broadcast<3>(plan, [&](int64_t i, const std::array<int64_t, 3>& k) {
      z[i] = c[k[0]] ? x[k[1]] : y[k[2]];
    });
  });
  return {out};
}

// Clip-1, 6: bounds from the float attributes min and max (absent: no bound).
Tensors clip_v1(const Node& node, const Inputs& in) {
  Bounds<double> b;
  if (node.has_attr("min")) b.lo = node.attr_float("min", 0);
  if (node.has_attr("max")) b.hi = node.attr_float("max", 0);
  b.absent_limit = FLT_MAX;
  Tensor out(in[0].dtype(), in[0].shape());
  visit_dtype(in[0].dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      clip_floats<T>(node, in[0].data<T>(), out.data<T>(), b);
    } else {
      throw std::logic_error("Clip-1/6 of a non-float type");  // the schema check prevents it
    }
  });
  return {out};
}

namespace {

// Clip-11 and later: bounds from the optional scalar inputs min and max (absent: no bound).
Tensors clip_by_inputs(const Node& node, const Inputs& in, bool order_defined) {
  Tensor out(in[0].dtype(), in[0].shape());
  visit_dtype(in[0].dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      Bounds<double> b;
      if (auto lo = bound_input<T>(in, 1, "min")) b.lo = numeric::widen(*lo);
      if (auto hi = bound_input<T>(in, 2, "max")) b.hi = numeric::widen(*hi);
      b.order_defined = order_defined;
      clip_floats<T>(node, in[0].data<T>(), out.data<T>(), b);
    } else if constexpr (is_integer<T>) {
      Bounds<T> b;
      b.lo = bound_input<T>(in, 1, "min");
      b.hi = bound_input<T>(in, 2, "max");
      b.order_defined = order_defined;
      clip_integers<T>(node, in[0].data<T>(), out.data<T>(), b);
    } else {
      throw std::logic_error("Clip of a non-numeric type");  // the schema check prevents it
    }
  });
  return {out};
}

}  // namespace

// Clip-11 (float types), Clip-12 (+integers): min > max is implementation-defined (max).
Tensors clip_v11(const Node& node, const Inputs& in) { return clip_by_inputs(node, in, false); }

// Clip-13 (+bfloat16): its text says min > max gives max everywhere, so that is defined.
Tensors clip_v13(const Node& node, const Inputs& in) { return clip_by_inputs(node, in, true); }

}  // namespace touchstone::ops
