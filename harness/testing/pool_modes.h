// touchstone-fault-backend's pooling modes (pool_modes.cpp, issue 26): MaxPool, AveragePool
// and LpPool recomputed by the reference from the node with one window rule broken.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

// pool-same-swapped   SAME_UPPER read as SAME_LOWER and back: the odd pad on the wrong side
// pool-no-count-pad   count_include_pad ignored (always 0)
// pool-keep-dropped   ceil_mode keeps the window that would start in the right padding
bool is_pool_mode(const std::string& mode);
// Replaces a single-node pooling case's outputs by the reference's answer to the node the
// mode rewrote; leaves a case the mode does not touch (or cannot run) as it is.
void repool(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing
