// Elementwise real functions — every version: Acos, Asin, Atan, Cos, Sin, Tan (7);
// Acosh, Asinh, Atanh, Cosh, Sinh (9); Tanh, Exp, Log, Sqrt, Reciprocal (1, 6, 13);
// Erf (9, 13).
//
// Each float result is the exact f(x) rounded once to the input's type
// (numeric::rounded: a fast approximation when it decides the rounding, else one
// correctly rounded MPFR call), so subnormals, overflow to ±inf
// (Exp, Sinh, Cosh, Tan never reaches it) and signed zeros are those of the exact value.
// Reciprocal is one correctly rounded division (numeric/exact.h). Special values are
// IEEE 754's / C99 Annex F's, which MPFR follows: NaN in gives NaN; outside the domain
// NaN (Acos/Asin/Atanh of |x| > 1, Acosh of x < 1, Log and Sqrt of x < 0, the circular
// functions of ±inf); at its edges Atanh(±1) = ±inf, Log(±0) = -inf, Sqrt(-0) = -0,
// Reciprocal(±0) = ±inf.
//
// Versions: 1 (Tanh, Exp, Log, Sqrt, Reciprocal) has the legacy `consumed_inputs`
// attribute, accepted and ignored; 6 removed it; 13 added bfloat16. The executor checks
// attributes and types, so every version of an op shares one kernel.
//
// Erf-9 also admits integer types (Erf-13 did too in ONNX 1.12's registry, but ONNX 1.23's
// text, which the schema table follows, lists float types only), and ONNX does not say how the real
// erf(x), which lies in (-1, 1) for every integer x != 0, becomes an integer. The
// reference truncates toward zero (as a numpy astype of the real result would): the
// result is 0 for every integer input, implementation-defined for x != 0.
#include <cmath>
#include <stdexcept>
#include <type_traits>

#include "reference/numeric/functions.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/elementwise/elementwise_ops.h"

namespace touchstone::ops {

namespace {

using numeric::Fn;

// f(x) for a float x: the exact value rounded once to x's type.
struct Rounded {
  Fn function;
  template <class T>
  T operator()(T x) const {
    if constexpr (is_real_float<T>) {
      return numeric::rounded(function, x);
    } else {
      throw std::logic_error("float function on an integer type");  // the schema check prevents it
    }
  }
};

Tensors rounded(const Inputs& in, Fn function) { return {map_unary(in[0], Rounded{function})}; }

struct ErfOf {
  const Node& node;
  template <class T>
  T operator()(T x) const {
    if constexpr (is_real_float<T>) {
      return Rounded{Fn::kErf}(x);
    } else {
      if (x != 0)
        node.mark(Semantics::kImplementationDefined,
                  "Erf of a nonzero integer: the real result in (-1, 1) truncated toward zero (0)");
      return 0;
    }
  }
};

// Sqrt of a float or double: IEEE 754's square root is correctly rounded in the type
// itself. Below zero and NaN take numeric::rounded (its NaN bits, not the hardware's).
struct SqrtOf {
  bool fast = numeric::fast_path_enabled();
  template <class T>
  T operator()(T x) const {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      if (fast && x >= 0) return std::sqrt(x);
    }
    return Rounded{Fn::kSqrt}(x);
  }
};

struct ReciprocalOf {
  template <class T>
  T operator()(T x) const {
    if constexpr (is_real_float<T>) {
      return numeric::div(numeric::narrow<T>(1.0), x);
    } else {
      throw std::logic_error("Reciprocal on an integer type");  // the schema check prevents it
    }
  }
};

}  // namespace

// Acos-7, Asin-7, Atan-7, Cos-7, Sin-7, Tan-7: float16, float, double.
Tensors acos_v7(const Node&, const Inputs& in) { return rounded(in, Fn::kAcos); }
Tensors asin_v7(const Node&, const Inputs& in) { return rounded(in, Fn::kAsin); }
Tensors atan_v7(const Node&, const Inputs& in) { return rounded(in, Fn::kAtan); }
Tensors cos_v7(const Node&, const Inputs& in) { return rounded(in, Fn::kCos); }
Tensors sin_v7(const Node&, const Inputs& in) { return rounded(in, Fn::kSin); }
Tensors tan_v7(const Node&, const Inputs& in) { return rounded(in, Fn::kTan); }

// Acosh-9, Asinh-9, Atanh-9, Cosh-9, Sinh-9: float16, float, double.
Tensors acosh_v9(const Node&, const Inputs& in) { return rounded(in, Fn::kAcosh); }
Tensors asinh_v9(const Node&, const Inputs& in) { return rounded(in, Fn::kAsinh); }
Tensors atanh_v9(const Node&, const Inputs& in) { return rounded(in, Fn::kAtanh); }
Tensors cosh_v9(const Node&, const Inputs& in) { return rounded(in, Fn::kCosh); }
Tensors sinh_v9(const Node&, const Inputs& in) { return rounded(in, Fn::kSinh); }

// Tanh, Exp, Log, Sqrt, Reciprocal -1 (consumed_inputs ignored), -6, -13 (+bfloat16).
Tensors tanh_v1(const Node&, const Inputs& in) { return rounded(in, Fn::kTanh); }
Tensors exp_v1(const Node&, const Inputs& in) { return rounded(in, Fn::kExp); }
Tensors log_v1(const Node&, const Inputs& in) { return rounded(in, Fn::kLog); }
Tensors sqrt_v1(const Node&, const Inputs& in) { return {map_unary(in[0], SqrtOf{})}; }
Tensors reciprocal_v1(const Node&, const Inputs& in) { return {map_unary(in[0], ReciprocalOf{})}; }

// Erf-9: numeric types (integers truncate, see above). Erf-13: +bfloat16.
Tensors erf_v9(const Node& node, const Inputs& in) { return {map_unary(in[0], ErfOf{node})}; }

}  // namespace touchstone::ops
