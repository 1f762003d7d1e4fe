// An element-bound function's view of its case as the reference's kernels see it: the node
// and its inputs (absent optional inputs as nullptr), so a bound can reuse a kernel's plan
// (reduction_plan, deform_plan) instead of re-deriving the op's geometry. The one definition
// is cases/judging.h's BoundNode; NodeView is its older name in the specs.
#pragma once
#include "cases/judging.h"

namespace touchstone::cases {

using NodeView = BoundNode;

}  // namespace touchstone::cases
