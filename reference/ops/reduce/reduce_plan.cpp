#include "reference/ops/reduce/reduce_plan.h"

#include <string>

#include "reference/ops/core/axes.h"

namespace touchstone::ops::reduce {

namespace {

std::vector<int64_t> axes_of(const Node& node, const Inputs& in, AxesFrom from) {
  if (from == AxesFrom::kAttribute) return node.attr_ints("axes");
  if (!in.has(1)) return {};
  const Tensor& axes = in[1];
  if (axes.rank() != 1) invalid_model("axes must be a 1-D tensor, got shape " + shape_to_string(axes.shape()));
  auto d = axes.data<int64_t>();
  return {d.begin(), d.end()};
}

}  // namespace

Plan plan_reduction(const Node& node, const Inputs& in, AxesFrom from, bool negative_axes) {
  const Shape& shape = in[0].shape();
  const auto rank = static_cast<int64_t>(shape.size());
  const std::vector<int64_t> listed = axes_of(node, in, from);
  const bool keepdims = node.attr_int("keepdims", 1) != 0;
  const bool noop = from == AxesFrom::kInput && node.attr_int("noop_with_empty_axes", 0) != 0;

  std::vector<bool> reduced(static_cast<size_t>(rank), listed.empty() && !noop);
  for (int64_t a : listed) {
    const int64_t k = core::normalize_axis(a, rank, negative_axes ? core::Negative::kAllowed : core::Negative::kRefused,
                                           "axis", core::AxisWording::kRangeVersion);
    if (reduced[static_cast<size_t>(k)]) invalid_model("axis " + std::to_string(k) + " is listed twice in axes");
    reduced[static_cast<size_t>(k)] = true;
  }

  Plan plan;
  plan.empty_axes_noop = listed.empty() && noop;
  for (int64_t i = 0; i < rank; ++i)
    if (!reduced[i] || keepdims) plan.out.push_back(reduced[i] ? 1 : shape[i]);
  core::AxesSplit split = core::split_over(shape, reduced);
  plan.bases = std::move(split.bases);
  plan.offsets = std::move(split.offsets);
  return plan;
}

}  // namespace touchstone::ops::reduce
