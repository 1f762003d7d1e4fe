// touchstone-fault-backend's quantization mode (quant_modes.cpp, issue 27): QuantizeLinear
// answered by the reference, except that a quotient x / y_scale exactly halfway between two
// integers is rounded half away from zero (C's round) instead of to even.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

// quant-round-away   ties of x / y_scale rounded away from zero (integer outputs)
bool is_quant_mode(const std::string& mode);
// Rewrites a single-node QuantizeLinear case's integer output at its tie elements; leaves any
// other case as it is.
void requantize(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing
