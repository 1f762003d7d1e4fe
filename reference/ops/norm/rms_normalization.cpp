// RMSNormalization-23: Y = X / sqrt(mean(X^2) + epsilon) * scale over the trailing axes
// [axis, r) (axis in [-r, r), default -1). X is T, scale and Y are V (any float types, not
// necessarily equal). scale is unidirectionally broadcast to X (the text; its input's doc says
// "broadcastable to the normalized shape": a scale that also varies over the leading axes is
// broadcastable to X only, implementation-defined). stash_type names stage one's precision (a
// float type); the reference gives the exact value (group_standardize.h).
#include "reference/ops/norm/norm_ops.h"
#include "reference/ops/norm/group_standardize.h"

namespace touchstone::ops {

norm::Plan norm::rms_normalization_plan(const Node& node, const Inputs& in) {
  Plan plan = trailing_rows(node, in[0].shape());
  plan.centered = false;
  plan.scale_at = broadcast_index(in[0].shape(), in[1].shape(), "scale");
  return plan;
}

Tensors rms_normalization_v23(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const Tensor& scale = in[1];
  const norm::Plan plan = norm::rms_normalization_plan(node, in);
  const size_t normalized_rank = x.shape().size() - static_cast<size_t>(plan.axis);
  if (scale.shape().size() > normalized_rank)
    for (size_t d = 0; d < scale.shape().size() - normalized_rank; ++d)
      if (scale.shape()[d] != 1)
        node.mark(Semantics::kImplementationDefined,
                  "scale varies over an axis before `axis`: broadcastable to X (the text) but not to the normalized shape (its input's doc)");
  norm::stash_dtype(node, {DType::kFloat, DType::kFloat16, DType::kDouble, DType::kBFloat16},
                    "stash_type names a floating-point type (1 float, 10 float16, 11 double, 16 bfloat16)");
  return {norm::standardize(node, x, &scale, nullptr, plan, scale.dtype(), false, scale.dtype()).y};
}

}  // namespace touchstone::ops
