// The spec table of the quantization family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h). spec_table() joins the families' tables (../spec_table.cpp).
#include "cases/specs/quant/quant_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& quant_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "ConvInteger", integer_conv_cases, "per (x, w): Conv's windows (pads, strides, dilations, group, depthwise, SAME_UPPER/LOWER, VALID with kernel_shape, 1-D, 3-D), zero points drawn, per output channel, absent; zero input channels; 255^2 terms past int32 (overflow); channel and zero-point shape refusals", Judging::exact()},
      {"", "DequantizeLinear", dequantize_linear_cases, "every x type with every scale type (y follows it; output_dtype float for float8e8m0 scales), random, no zero point, the type's special values, per axis (13), blocked (21), output_dtype (23; each y type, tagged output:<type>); zero point shape, axis, block_size and output_dtype refusals", Judging::ulp(1)},
      {"", "DynamicQuantizeLinear", dynamic_quantize_linear_cases, "random, ties of y and of the zero point (y_scale 1), only positive / only negative x, all zero, one element, -0 and a subnormal"},
      {"", "QLinearConv", integer_conv_cases, "ConvInteger's sweep per (x, w, y) with float scales, w's per output channel, an int32 bias (and none), saturation, ties (multiplier 1/2 exact in float32), a near tie (1/3, 3, 2: marked with float32 scales); channel, scale and zero-point shape refusals", Judging::exact()},
      {"", "QLinearMatMul", qlinear_matmul_cases, "per (a, scale, b, y) types: MatMul's shapes, per row/column parameters (vector and N-D), K = 0, saturation, ties (multiplier 1/2 exact in float32), a near tie (marked with float32 scales), 255^2 terms past int32; every one of 21's 648 type combinations at least one case, the full sweep on 8-bit integers with each scale type and on float8 with float; shape refusals", Judging::exact()},
      {"", "QuantizeLinear", quantize_linear_cases, "every x type with every output type: ties x / 2 = k + 1/2 of both signs, exact multiples, saturation, +-inf and +-0, per axis (13), blocked on either axis (21), float8 saturate=0 (19), output_dtype (21), each y_scale type with every (x, y) pair and precision (23); zero point shape, axis, scale length, block_size, 2-D scale and output_dtype refusals"},
  };
  return table;
}

}  // namespace touchstone::cases
