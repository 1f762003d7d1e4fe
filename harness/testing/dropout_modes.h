// touchstone-fault-backend's Dropout modes (dropout_modes.cpp, issue 26): Dropout in training
// mode answered with other random draws, honestly or with one rule of the text broken.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

// dropout-redrawn        another honest draw (its own seeded source): must pass the property
// dropout-keep-all       training drops nothing: Y = X, mask all true
// dropout-unscaled       the kept elements not scaled by 1 / (1 - ratio)
// dropout-mask-flipped   the mask says the opposite of the output
// dropout-ratio-ignored  ratio read as its default 0.5 (drawn and scaled by it)
bool is_dropout_mode(const std::string& mode);
// Replaces a single-node Dropout case's outputs in training mode (ratio above 0); leaves
// any other case (and one the reference cannot read) as it is.
void redrop(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing
