// Abs, Neg, Ceil, Floor, Round, Sign, IsInf, IsNaN — elementwise ops whose results are
// exact by construction: no rounding ever happens. Ceil, Floor and Round of a value of a
// binary float format are integers of that same format (a value of magnitude >= 2^(p-1) is
// already an integer; below it, the result is at most 2^(p-1)), so computing them on the
// exact double and narrowing back is exact. Abs and Neg of a float only touch the sign.
//
// Versions that only widened the types (Abs/Neg/Ceil/Floor-6 dropped consumed_inputs and,
// for Abs/Neg, added integers; -13 added bfloat16) share one kernel; the executor checks
// the types and attributes.
//
// What ONNX leaves open, and the reference's answer:
// - Abs and Neg of the most negative value of a signed integer type: undefined; the
//   result wraps (it is that value again).
// - Sign of NaN: implementation-defined; NaN (as numpy).
// - Sign of -0: implementation-defined (the spec says "0"); -0, the input itself.
#include <cmath>
#include <limits>

#include "reference/minifloat.h"
#include "reference/numeric/exact.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

constexpr const char* kWraps = "Abs or Neg of the most negative integer (the result wraps to itself)";

// Y[i] = p(X[i]) for a real float X; Y is bool.
template <class P>
Tensor map_float_predicate(const Tensor& x, const P& p) {
  Tensor out(DType::kBool, x.shape());
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      auto in = x.data<T>();
      auto y = out.data<bool>();
      for (size_t i = 0; i < in.size(); ++i) y[i] = p(numeric::widen(in[i]));
    } else if constexpr (is_minifloat<T>) {
      auto in = x.data<T>();
      auto y = out.data<bool>();
      for (size_t i = 0; i < in.size(); ++i) y[i] = p(to_double(in[i]));  // exact: every value fits a double
    } else {
      throw std::logic_error("map_float_predicate on a non-float type");  // the schema check prevents it
    }
  });
  return out;
}

// f applied to the exact double of a float; exact whenever f's result is in T's format.
template <class T, class F>
T on_double(T x, F f) {
  return numeric::narrow<T>(f(numeric::widen(x)));
}

struct Absolute {
  const Node& node;
  template <class T>
  T operator()(T x) const {
    if constexpr (is_real_float<T>) {
      return on_double(x, [](double v) { return std::fabs(v); });
    } else if constexpr (std::is_signed_v<T>) {
      if (x == std::numeric_limits<T>::min()) {
        node.mark(Semantics::kUndefined, kWraps);
        return x;
      }
      return x < 0 ? static_cast<T>(-x) : x;
    } else {
      return x;
    }
  }
};

struct Negate {
  const Node& node;
  template <class T>
  T operator()(T x) const {
    if constexpr (is_real_float<T>) {
      return on_double(x, [](double v) { return -v; });
    } else {
      if (x == std::numeric_limits<T>::min()) {  // signed only: Neg admits no unsigned type
        node.mark(Semantics::kUndefined, kWraps);
        return x;
      }
      return static_cast<T>(-x);
    }
  }
};

struct Signum {
  const Node& node;
  template <class T>
  T operator()(T x) const {
    if constexpr (is_real_float<T>) {
      const double v = numeric::widen(x);
      if (std::isnan(v)) {
        node.mark(Semantics::kImplementationDefined, "Sign of NaN (the result is NaN)");
        return x;
      }
      if (v == 0) {
        if (std::signbit(v)) node.mark(Semantics::kImplementationDefined, "Sign of -0 (the result is -0)");
        return x;
      }
      return numeric::narrow<T>(v > 0 ? 1.0 : -1.0);
    } else {
      return static_cast<T>(x > 0 ? 1 : (x < 0 ? -1 : 0));
    }
  }
};

// Ceil, Floor, Round: float types only (the schema admits no other).
template <double (*F)(double)>
struct ToIntegral {
  template <class T>
  T operator()(T x) const {
    if constexpr (is_real_float<T>) {
      return on_double(x, F);
    } else {
      throw std::logic_error("integral rounding of a non-float type");
    }
  }
};

double ceil_of(double v) { return std::ceil(v); }
double floor_of(double v) { return std::floor(v); }
// Half to even: nearbyint in the default rounding mode (round to nearest, ties to even),
// which the numeric core assumes throughout.
double round_half_even(double v) { return std::nearbyint(v); }

}  // namespace

// Abs-1 (consumed_inputs, float types), Abs-6 (all numeric types), Abs-13 (+bfloat16).
Tensors abs_v1(const Node& node, const Inputs& in) { return {map_unary(in[0], Absolute{node})}; }

// Neg-1 (consumed_inputs, float types), Neg-6 (+signed integers), Neg-13 (+bfloat16).
Tensors neg_v1(const Node& node, const Inputs& in) { return {map_unary(in[0], Negate{node})}; }

// Ceil-1 (consumed_inputs), 6, 13 (+bfloat16): float types; ceil(-0.5) is -0.
Tensors ceil_v1(const Node&, const Inputs& in) { return {map_unary(in[0], ToIntegral<ceil_of>{})}; }

// Floor-1 (consumed_inputs), 6, 13 (+bfloat16): float types; floor(-0) is -0.
Tensors floor_v1(const Node&, const Inputs& in) { return {map_unary(in[0], ToIntegral<floor_of>{})}; }

// Round-11: float16, float, double; halves to the even integer; round(-0.5) is -0.
Tensors round_v11(const Node&, const Inputs& in) { return {map_unary(in[0], ToIntegral<round_half_even>{})}; }

// Sign-9 (all numeric types), Sign-13 (+bfloat16): 1, -1 or 0 of the input's type.
Tensors sign_v9(const Node& node, const Inputs& in) { return {map_unary(in[0], Signum{node})}; }

// IsInf-10: float and double; detect_positive and detect_negative (default 1) choose which
// infinities are true. The two attributes are flags: values other than 0 and 1 are refused.
Tensors isinf_v10(const Node& node, const Inputs& in) {
  const int64_t positive = node.attr_int("detect_positive", 1), negative = node.attr_int("detect_negative", 1);
  for (auto [name, value] : {std::pair{"detect_positive", positive}, std::pair{"detect_negative", negative}})
    if (value != 0 && value != 1)
      invalid_model(std::string("attribute ") + name + " must be 0 or 1, got " + std::to_string(value));
  return {map_float_predicate(in[0], [&](double v) {
    return std::isinf(v) && (v > 0 ? positive == 1 : negative == 1);
  })};
}

// IsNaN-9 (float16, float, double), IsNaN-13 (+bfloat16). Output bool.
Tensors isnan_v9(const Node&, const Inputs& in) {
  return {map_float_predicate(in[0], [](double v) { return std::isnan(v); })};
}

}  // namespace touchstone::ops
