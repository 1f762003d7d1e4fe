// touchstone-fault-backend's quantization modes (quant_modes.cpp, issue 27): QuantizeLinear
// answered by the reference, except that a quotient x / y_scale exactly halfway between two
// integers is rounded half away from zero (C's round) instead of to even; QLinearMatMul and
// QLinearConv requantized in float32 (honest up to the marked elements), or with exact ties
// rounded half away from zero.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

// quant-round-away     QuantizeLinear: ties of x / y_scale rounded away from zero (integer outputs)
// qlinear-float32      QLinearMatMul, QLinearConv: the reference's exact sums, requantized in
//                      float32 as a backend would: fl(fl(S) * fl(fl(a_scale * b_scale) / y_scale)),
//                      nearbyint, + zero point, saturated (float8 y: the float32 sum q + zp
//                      rounded to it once, saturating)
// qlinear-round-away   QLinearMatMul, QLinearConv: exact, but an exact tie q = k + 1/2 rounded
//                      half away from zero (integer outputs)
bool is_quant_mode(const std::string& mode);
// Rewrites a single-node QuantizeLinear (QLinearMatMul, QLinearConv) case's output by the
// mode; leaves any other case as it is.
void requantize(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing
