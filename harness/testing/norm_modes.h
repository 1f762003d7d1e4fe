// touchstone-fault-backend's LayerNormalization modes (norm_modes.cpp, issue 26): stage one
// of ONNX's function body (mean, variance, 1/sqrt, the normalized value) computed in a given
// precision, stage two (times Scale, plus B) in T, each step rounded as IEEE arithmetic would.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

// ln-stash-float   stage one in float32, as stash_type 1 asks (honest: within the bound)
// ln-stash-half    stage one in float16 whatever stash_type says (too little precision)
bool is_norm_mode(const std::string& mode);
// Replaces a single-node LayerNormalization case's outputs (Y, and Mean/InvStdDev when the
// case has them) by the mode's; leaves other cases (and refusals) as they are.
void renormalize(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing
