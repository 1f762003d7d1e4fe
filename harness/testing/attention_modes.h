// touchstone-fault-backend's Attention modes (attention_modes.cpp, issue 27): Y computed the
// way a backend would, every step rounded as IEEE arithmetic in the stated precision would.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

// attention-float          scores, softmax and the weighted sum in float32 (honest for
//                          float32 and narrower inputs: within the bound); LinearAttention's
//                          recurrence in float32
// attention-half-softmax   the same with the softmax (exp, sum, division) in float16,
//                          whatever softmax_precision says (too little for float);
//                          LinearAttention's state rounded to float16 at every step
// Attention, FlexAttention (its modifiers run by the reference's executor) and LinearAttention.
bool is_attention_mode(const std::string& mode);
// Replaces a single-node Attention, FlexAttention or LinearAttention case's outputs by the mode's; leaves other outputs, other cases
// and refusals as they are.
void reattend(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing
