// What QLinearMatMul and QLinearConv share (qlinear.cpp): every output element's exact
// accumulation S with the scales that serve it, and its requantization
//   y = saturate(round(a_scale * b_scale / y_scale * S + y_zero_point))
// with the multiplier the exact rational of the three float scales (no float arithmetic).
//
// Rounding: ties to even for int8/uint8 y (the texts); one rounding by Cast's rules with
// saturation for QLinearMatMul-21's float8 y (QuantizeLinear-19's default saturate = 1).
//
// Open (implementation-defined, marked): the texts write real arithmetic, implementations
// compute the multiplier and the product in float32. An element is marked where such a float32
// evaluation could round to another result: its exact value v = q + y_zero_point
// (q = multiplier * S) lies within delta = 2^-20 (|q| + |y_zero_point|) of a rounding boundary
// of y's type (v - delta and v + delta round apart), unless the plain float32 evaluation
// is exact at every step (a_scale * b_scale, its quotient by y_scale, S, the product, the
// zero point's addition all float32 values), which then lands on v itself. delta bounds any
// float32 evaluation with at most four roundings of relative error 2^-24 on q (the
// multiplier's two, S's conversion, the product) and one on the zero point's addition.
// Undefined (marked): a scale that is not finite or y_scale = 0 (y is the zero point); an
// integer accumulation outside int32 ("may overflow if and only if in 32 bits": it wraps);
// a non-finite float8 input (its sum taken as 0).
#pragma once
#include <gmpxx.h>

#include <vector>

#include "reference/node.h"

namespace touchstone::ops::quant {

struct QLinearSums {
  Shape out;
  DType y_type = DType::kUInt8;
  std::vector<mpq_class> sums;           // per output element, exact (an integer for integer inputs)
  std::vector<double> a_scale, b_scale;  // per output element: the two input scales (x and w for QLinearConv)
  double y_scale = 1, y_zero = 0;        // per tensor, exact
};

// QLinearMatMul-10/21's sums (qlinear_matmul.cpp) and QLinearConv-10's (integer_conv.cpp);
// the fault backend's requantization modes reuse them (harness/testing/quant_modes.cpp).
QLinearSums qlinear_matmul_sums(const Node& node, const Inputs& in);
QLinearSums qlinear_conv_sums(const Node& node, const Inputs& in);

// The output: each element requantized exactly, the open ones marked (above).
Tensor requantized(const Node& node, const QLinearSums& s);

// An exact integer accumulation as the int32 the texts accumulate in: wrapped (and marked
// undefined) outside int32.
int64_t int32_accumulation(const Node& node, int64_t exact);

// A per-tensor parameter (scalar or one element) of name `name`; refused otherwise.
void check_per_tensor(const Tensor& t, const char* name);

// Every element of `t` as its exact double.
std::vector<double> element_values(const Tensor& t);

}  // namespace touchstone::ops::quant
