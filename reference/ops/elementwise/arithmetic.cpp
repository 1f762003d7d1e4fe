// Add, Sub, Mul, Div — every version.
//
// Versions 1 and 6 broadcast by the limited rule (`broadcast`/`axis`); 7 and later by
// numpy's. 6, 13 and 14 only widened the types, which the executor checks, so they
// share their predecessor's kernel. Float results are correctly rounded (numeric/exact.h).
//
// What ONNX leaves open, and the reference's answer:
// - integer overflow: undefined; the result wraps (two's complement).
// - integer division by zero: undefined; the result is 0.
// - integer division with operands of different signs and a remainder: implementation-
//   defined (C truncates toward zero, numpy's floor division rounds down); the result
//   truncates toward zero.
#include <limits>

#include "reference/numeric/exact.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

constexpr const char* kOverflow = "integer overflow (the result wraps)";

struct Plus {
  const Node& node;
  template <class T>
  T operator()(T a, T b) const {
    if constexpr (is_integer<T>) {
      T r;
      if (__builtin_add_overflow(a, b, &r)) node.mark(Semantics::kUndefined, kOverflow);
      return r;
    } else {
      return numeric::add(a, b);
    }
  }
};

struct Minus {
  const Node& node;
  template <class T>
  T operator()(T a, T b) const {
    if constexpr (is_integer<T>) {
      T r;
      if (__builtin_sub_overflow(a, b, &r)) node.mark(Semantics::kUndefined, kOverflow);
      return r;
    } else {
      return numeric::sub(a, b);
    }
  }
};

struct Times {
  const Node& node;
  template <class T>
  T operator()(T a, T b) const {
    if constexpr (is_integer<T>) {
      T r;
      if (__builtin_mul_overflow(a, b, &r)) node.mark(Semantics::kUndefined, kOverflow);
      return r;
    } else {
      return numeric::mul(a, b);
    }
  }
};

struct Divide {
  const Node& node;
  template <class T>
  T operator()(T a, T b) const {
    if constexpr (is_integer<T>) {
      if (b == 0) {
        node.mark(Semantics::kUndefined, "integer division by zero (the result is 0)");
        return 0;
      }
      if constexpr (std::is_signed_v<T>) {
        if (a == std::numeric_limits<T>::min() && b == -1) {
          node.mark(Semantics::kUndefined, kOverflow);
          return a;
        }
        if ((a < 0) != (b < 0) && a % b != 0)
          node.mark(Semantics::kImplementationDefined,
                    "integer division of operands of different signs (the result truncates toward zero)");
      }
      return static_cast<T>(a / b);
    } else {
      return numeric::div(a, b);
    }
  }
};

}  // namespace

// Add-1, Add-6: limited broadcast. Add-7 and later: numpy broadcasting.
Tensors add_v1(const Node& node, const Inputs& in) {
  return {map_binary(limited_plan(node, in), in[0], in[1], Plus{node})};
}
Tensors add_v7(const Node& node, const Inputs& in) {
  return {map_binary(multidirectional_plan(in), in[0], in[1], Plus{node})};
}

// Sub-1, Sub-6: limited broadcast. Sub-7 and later: numpy broadcasting.
Tensors sub_v1(const Node& node, const Inputs& in) {
  return {map_binary(limited_plan(node, in), in[0], in[1], Minus{node})};
}
Tensors sub_v7(const Node& node, const Inputs& in) {
  return {map_binary(multidirectional_plan(in), in[0], in[1], Minus{node})};
}

// Mul-1, Mul-6: limited broadcast. Mul-7 and later: numpy broadcasting.
Tensors mul_v1(const Node& node, const Inputs& in) {
  return {map_binary(limited_plan(node, in), in[0], in[1], Times{node})};
}
Tensors mul_v7(const Node& node, const Inputs& in) {
  return {map_binary(multidirectional_plan(in), in[0], in[1], Times{node})};
}

// Div-1, Div-6: limited broadcast. Div-7 and later: numpy broadcasting.
Tensors div_v1(const Node& node, const Inputs& in) {
  return {map_binary(limited_plan(node, in), in[0], in[1], Divide{node})};
}
Tensors div_v7(const Node& node, const Inputs& in) {
  return {map_binary(multidirectional_plan(in), in[0], in[1], Divide{node})};
}

}  // namespace touchstone::ops
