// touchstone-fault-backend's summation modes (sum_modes.cpp): ReduceSum, MatMul, Gemm and
// Einsum recomputed in another order or precision, or with a term dropped.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

bool is_sum_mode(const std::string& mode);
// Replaces a single-node ReduceSum, MatMul, Gemm or Einsum case's float output (the
// reference's) by the mode's sums; leaves other cases as they are.
void resum(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing
