// touchstone-fault-backend's recurrent modes (recurrent_modes.cpp, issue 28): RNN, GRU and
// LSTM recomputed by the reference from the node with one rule broken.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

// recurrent-ignore-sequence-lens   sequence_lens dropped: every sequence runs seq_length steps
// gru-reset-swapped                GRU's linear_before_reset read the other way round (3+)
bool is_recurrent_mode(const std::string& mode);
// Replaces a single-node RNN/GRU/LSTM case's outputs by the reference's answer to the node the
// mode rewrote; leaves a case the mode does not touch (or cannot run) as it is.
void rerecur(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing
