// An element-bound function's view of its case as the reference's kernels see it: the node
// and its inputs (absent optional inputs as nullptr), so a bound can reuse a kernel's plan
// (reduction_plan, deform_plan) instead of re-deriving the op's geometry.
#pragma once
#include <string>
#include <vector>

#include "cases/judging.h"
#include "reference/node.h"

namespace touchstone::cases {

struct NodeView {
  SemanticsRecord semantics;
  std::vector<const Tensor*> ptrs;
  Node node;
  Inputs inputs;
  explicit NodeView(const BoundCase& c)
      : ptrs(pointers(c)), node(c.node, c.node.op_type() + "-" + std::to_string(c.since_version), semantics),
        inputs(ptrs) {}
  static std::vector<const Tensor*> pointers(const BoundCase& c) {
    std::vector<const Tensor*> p;
    for (const auto& t : c.inputs) p.push_back(t ? &*t : nullptr);
    return p;
  }
};

}  // namespace touchstone::cases
