// touchstone-fault-backend's planted node fault (issue 30: "a test backend that wraps the
// reference and perturbs one node type is localized to that node type in every model that
// has it"). Mode perturb-<Op> (perturb-Sigmoid): every main-graph node of op type <Op> has
// its first output multiplied by 1 + 2^-8 (float and double outputs; others untouched), in
// a copy of the case's model the reference then runs. A one-node case of another op is
// answered exactly; a whole model that holds such a node deviates.
#pragma once
#include <filesystem>
#include <string>

#include "harness/backend.h"

namespace touchstone::testing {

bool is_perturb_mode(const std::string& mode);
// The case with its model replaced by the perturbed copy, written into `dir` (the output
// folder: the staged case is the runner's). A model with external data is not supported.
harness::CaseFiles perturbed_case(const std::string& mode, const harness::CaseFiles& files, const std::filesystem::path& dir);

}  // namespace touchstone::testing
