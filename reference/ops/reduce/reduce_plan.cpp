#include "reference/ops/reduce/reduce_plan.h"

#include <string>

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
    const int64_t lowest = negative_axes ? -rank : 0;
    if (a < lowest || a >= rank)
      invalid_model("axis " + std::to_string(a) + " is outside [" + std::to_string(lowest) + ", " +
                    std::to_string(rank - 1) + "] for rank " + std::to_string(rank) +
                    (negative_axes ? "" : " (negative axes from version 11)"));
    const int64_t k = a < 0 ? a + rank : a;
    if (reduced[static_cast<size_t>(k)]) invalid_model("axis " + std::to_string(k) + " is listed twice in axes");
    reduced[static_cast<size_t>(k)] = true;
  }

  Plan plan;
  plan.empty_axes_noop = listed.empty() && noop;
  std::vector<int64_t> strides(static_cast<size_t>(rank), 1);
  for (int64_t i = rank - 2; i >= 0; --i) strides[i] = strides[i + 1] * shape[i + 1];
  Shape kept_dims, kept_strides, red_dims, red_strides;
  for (int64_t i = 0; i < rank; ++i) {
    if (reduced[i]) {
      red_dims.push_back(shape[i]);
      red_strides.push_back(strides[i]);
      if (keepdims) plan.out.push_back(1);
    } else {
      kept_dims.push_back(shape[i]);
      kept_strides.push_back(strides[i]);
      plan.out.push_back(shape[i]);
    }
  }
  // Row-major walks over the kept axes (bases) and the reduced axes (offsets).
  auto walk = [](const Shape& dims, const Shape& dim_strides, std::vector<int64_t>& out) {
    const int64_t count = element_count(dims);
    out.reserve(static_cast<size_t>(count));
    std::vector<int64_t> index(dims.size(), 0);
    for (int64_t n = 0; n < count; ++n) {
      int64_t flat = 0;
      for (size_t i = 0; i < dims.size(); ++i) flat += index[i] * dim_strides[i];
      out.push_back(flat);
      for (size_t i = dims.size(); i-- > 0;) {
        if (++index[i] < dims[i]) break;
        index[i] = 0;
      }
    }
  };
  walk(kept_dims, kept_strides, plan.bases);
  walk(red_dims, red_strides, plan.offsets);
  return plan;
}

}  // namespace touchstone::ops::reduce
