// MeanVarianceNormalization-9 and 13: Y = (X - E[X]) / sqrt(E[(X - E[X])^2]) over `axes`
// (default [0, 2, 3]: per channel of an NCHW tensor), the population variance, no epsilon
// (the text's formula; standardize.h: exact, rounded once). A constant group is 0/0: NaN,
// implementation-defined (ONNX's function body adds 1e-9 to the standard deviation and gives
// 0 there). 13 adds bfloat16; its function body's ReduceMean-13 accepts negative axes, while
// 9's (ReduceMean-1) does not define them: the reference counts them from the back in both,
// and marks them implementation-defined in 9. Axes out of range or repeated are refused.
#include <string>

#include "reference/error.h"
#include "reference/ops/core/axes.h"
#include "reference/ops/norm/norm_ops.h"
#include "reference/ops/norm/group_standardize.h"

namespace touchstone::ops {

norm::Plan norm::mean_variance_normalization_plan(const Node& node, const Inputs& in, int version) {
  const Tensor& x = in[0];
  const auto rank = static_cast<int64_t>(x.rank());
  const std::vector<int64_t> axes = node.has_attr("axes") ? node.attr_ints("axes") : std::vector<int64_t>{0, 2, 3};
  std::vector<bool> reduced(static_cast<size_t>(rank), false);
  for (int64_t a : axes) {
    if (a < 0 && version < 13)
      node.mark(Semantics::kImplementationDefined, "a negative axis in MeanVarianceNormalization-9 (counted from the back)");
    const int64_t k = core::normalize_axis(a, rank, core::Negative::kAllowed, "axis");
    if (reduced[static_cast<size_t>(k)]) invalid_model("axis " + std::to_string(k) + " is listed twice in axes");
    reduced[static_cast<size_t>(k)] = true;
  }
  core::AxesSplit split = core::split_over(x.shape(), reduced);
  Plan plan;
  plan.bases = std::move(split.bases);
  plan.offsets = std::move(split.offsets);
  return plan;
}

namespace {

Tensors mean_variance_normalization(const Node& node, const Inputs& in, int version) {
  const norm::Plan plan = norm::mean_variance_normalization_plan(node, in, version);
  return {norm::standardize(node, in[0], nullptr, nullptr, plan, in[0].dtype(), false, in[0].dtype()).y};
}

}  // namespace

Tensors mean_variance_normalization_v9(const Node& node, const Inputs& in) {
  return mean_variance_normalization(node, in, 9);
}
Tensors mean_variance_normalization_v13(const Node& node, const Inputs& in) {
  return mean_variance_normalization(node, in, 13);
}

}  // namespace touchstone::ops
