// touchstone-fault-backend's string mode (string_modes.cpp, issue 29): StringSplit answered by
// the reference, then every empty substring dropped from each element's list (re-padded,
// recounted), as a backend that groups adjacent delimiters (or tokenizes) would.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

// split-drop-empty   StringSplit's empty substrings dropped
bool is_string_mode(const std::string& mode);
// Rewrites a single-node StringSplit case's outputs (Y, Z); leaves any other case as it is.
void restring(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing
