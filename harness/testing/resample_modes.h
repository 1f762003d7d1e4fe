// touchstone-fault-backend's resampling mode (resample_modes.cpp, issue 27): Resize recomputed
// by the reference from the node with one coordinate rule broken.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

// resize-pytorch-for-half   pytorch_half_pixel where half_pixel is asked (named or by default,
//                           Resize-11 and later): the two differ only on an axis resized to
//                           one element (from more than one)
bool is_resample_mode(const std::string& mode);
// Replaces a single-node Resize case's outputs by the reference's answer to the rewritten
// node; leaves a case the mode does not touch (or cannot run) as it is.
void reresample(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing
