// Per-element error bounds of a case, computed by the oracle from the case's inputs: the
// element-bound function of the op's judging contract (cases/judging.h; the functions and
// their derivations beside the specs, cases/specs/reduce/bounds.h). Nothing here knows an
// op by name: the contract in the op's spec row decides.
#pragma once
#include <string>
#include <vector>

#include "harness/backend.h"
#include "harness/compare.h"
#include "reference/tensor.h"

namespace touchstone::harness {

// Whether the contract of `op` takes its per-element bounds from element_bounds (otherwise
// from the term magnitudes, oracle.h).
bool has_element_bounds(const std::string& op);

// Per output, per element, the allowed |a - e| (+inf: vacuous) for a case whose contract
// has an element-bound function, from its inputs; `expected` are the oracle's outputs.
// Empty when the case is not a single node of such an op, its inputs cannot be read or are
// not floats, or the function cannot judge it (the comparator then falls back).
std::vector<std::vector<double>> element_bounds(const CaseFiles& files, const std::vector<Tensor>& expected);

// The property check of a case whose contract judges its outputs by a property (random
// ops, cases/judging.h PropertyFn), bound to its single node and inputs; empty when the case
// is not such a node or its inputs cannot be read (the values are then compared exactly).
PropertyCheck property_check(const CaseFiles& files);

}  // namespace touchstone::harness
