// Which elements each output of a Reduce* op gathers, by the rules of each version:
//
// - axes as an attribute (every Reduce* before 18; ReduceSum before 13) or as an optional
//   int64 input (ReduceSum-13, the others from 18), with noop_with_empty_axes (from those
//   same versions): absent or empty axes reduce over every axis, unless
//   noop_with_empty_axes=1, which reduces over none (each output gathers one element, and
//   composite ops still apply their other steps: ReduceLogSum gives log x).
// - negative axes count from the back from version 11; version 1 allows [0, r-1] only.
// - an axis outside the range, or one named twice, is refused.
// - keepdims (default 1) keeps reduced axes as size 1, else drops them.
#pragma once
#include <cstdint>
#include <vector>

#include "reference/node.h"
#include "reference/ops/core/axes.h"

namespace touchstone::ops::reduce {

struct Plan {
  Shape out;                        // the output shape (keepdims applied)
  std::vector<int64_t> bases;       // per output element: flat input index of its first member
  std::vector<int64_t> offsets;     // per member: flat offset from the base (same for every output)
  bool empty_axes_noop = false;     // noop_with_empty_axes=1 met empty axes
};

enum class AxesFrom { kAttribute, kInput };

// `negative_axes`: whether [-r, -1] is accepted (version 11 and later).
Plan plan_reduction(const Node& node, const Inputs& in, AxesFrom from, bool negative_axes);

// The flat input indices an output gathers, appended to `members`.
inline void members_of(const Plan& plan, size_t output, std::vector<int64_t>& members) {
  members.clear();
  for (int64_t o : plan.offsets) members.push_back(plan.bases[output] + o);
}

// The plan the Reduce* kernel of `node`'s op-version uses (its version rules above: axes
// from the input from ReduceSum-13 and the others' 18, negative axes from 11).
Plan reduction_plan(const Node& node, const Inputs& in, int version);

// The rows Softmax, LogSoftmax and Hardmax of `version` normalize: 1 and 11 coerce the
// input to 2-D at `axis` (default 1; negative axes from 11), 13 takes one axis (default
// -1). Element k of row (o, i) is at rows.at(o, k, i). Refuses an axis outside
// the version's range.
using Rows = core::AxisSplit;
Rows softmax_rows(const Node& node, const Shape& shape, int version);

}  // namespace touchstone::ops::reduce
