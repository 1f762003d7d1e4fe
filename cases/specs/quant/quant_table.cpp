// The spec table of the quantization family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h). spec_table() joins the families' tables (../spec_table.cpp).
#include "cases/specs/quant/quant_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& quant_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "DequantizeLinear", dequantize_linear_cases, "every x type with every scale type (y follows it; output_dtype float for float8e8m0 scales), random, no zero point, the type's special values, per axis (13), blocked (21), output_dtype (23; each y type, tagged output:<type>); zero point shape, axis, block_size and output_dtype refusals", Judging::ulp(1)},
      {"", "DynamicQuantizeLinear", dynamic_quantize_linear_cases, "random, ties of y and of the zero point (y_scale 1), only positive / only negative x, all zero, one element, -0 and a subnormal"},
      {"", "QuantizeLinear", quantize_linear_cases, "every x type with every output type: ties x / 2 = k + 1/2 of both signs, exact multiples, saturation, +-inf and +-0, per axis (13), blocked on either axis (21), float8 saturate=0 (19), output_dtype (21), each y_scale type with every (x, y) pair and precision (23); zero point shape, axis, scale length, block_size, 2-D scale and output_dtype refusals"},
  };
  return table;
}

}  // namespace touchstone::cases
