// touchstone-fault-backend's tree mode (tree_modes.cpp, issue 29): the tree ensembles
// (TreeEnsembleRegressor, TreeEnsembleClassifier, TreeEnsemble) answered by the reference
// with every BRANCH_LEQ node rewritten as BRANCH_LT, as a backend that tests x < threshold
// where the text says x <= threshold would: it differs exactly where an x equals a
// BRANCH_LEQ threshold on its path.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "reference/tensor.h"

namespace touchstone::testing {

// tree-branch-lt   BRANCH_LEQ evaluated as '<'
bool is_tree_mode(const std::string& mode);
// Reruns a single-node tree-ensemble case with the rewritten node; leaves any other case.
void retree(const std::string& mode, const harness::CaseFiles& files, std::vector<Tensor>& outputs);

}  // namespace touchstone::testing
