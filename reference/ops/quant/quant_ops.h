// The quantization family (reference/ops/quant/README.md): QuantizeLinear, DequantizeLinear,
// DynamicQuantizeLinear, QLinearConv, QLinearMatMul, ConvInteger (MatMulInteger lives in linalg); one kernel
// per version whose rules differ (`<op>_v<since>`), versions that only widened the types share the previous
// kernel in the catalog.
#pragma once
#include "reference/node.h"

namespace touchstone::ops {

// quantize_linear.cpp: QuantizeLinear-10 (per tensor), 13 (per axis), 19 (float8 outputs,
// `saturate`), 21 (blocked, `output_dtype`, 4-bit), 23 (`precision`, float4e2m1; 24, 25 share
// it); exact quotients rounded half to even. DynamicQuantizeLinear-11.
Tensors quantize_linear_v10(const Node& node, const Inputs& in);
Tensors quantize_linear_v13(const Node& node, const Inputs& in);
Tensors quantize_linear_v19(const Node& node, const Inputs& in);
Tensors quantize_linear_v21(const Node& node, const Inputs& in);
Tensors quantize_linear_v23(const Node& node, const Inputs& in);
Tensors dynamic_quantize_linear_v11(const Node& node, const Inputs& in);

// dequantize_linear.cpp: DequantizeLinear-10 (per tensor), 13 (per axis), 19 (float8 x, y of
// x_scale's type), 21 (blocked, 4-bit), 23 (`output_dtype`, float4e2m1; 24, 25 share it);
// (x - x_zero_point) * x_scale exact, rounded once.
Tensors dequantize_linear_v10(const Node& node, const Inputs& in);
Tensors dequantize_linear_v13(const Node& node, const Inputs& in);
Tensors dequantize_linear_v19(const Node& node, const Inputs& in);
Tensors dequantize_linear_v21(const Node& node, const Inputs& in);
Tensors dequantize_linear_v23(const Node& node, const Inputs& in);

// qlinear_matmul.cpp: QLinearMatMul-10 (21 shares it: float16/bfloat16 scales, float8):
// (a - a_zero_point) matmul (b - b_zero_point) exact, requantized exactly (qlinear.h).
Tensors qlinear_matmul_v10(const Node& node, const Inputs& in);

// integer_conv.cpp: ConvInteger-10 (exact int32) and QLinearConv-10 (+ int32 bias, requantized
// exactly): Conv-11's windows over zero-point-shifted 8-bit integers.
Tensors conv_integer_v10(const Node& node, const Inputs& in);
Tensors qlinear_conv_v10(const Node& node, const Inputs& in);

}  // namespace touchstone::ops
