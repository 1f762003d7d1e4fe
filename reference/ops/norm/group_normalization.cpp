// GroupNormalization-18 and 21: X (N, C, D1, ..., Dn) split into num_groups groups of C /
// num_groups channels; each (instance, group) is standardized over its channels and spatial
// positions, y = scale * (x - mean) / sqrt(var + epsilon) + bias (group_standardize.h: exact,
// rounded once). num_groups divides C (refused otherwise).
// - 18 (deprecated by ONNX 1.21: models may not use it; its kernel keeps what ONNX 1.18-1.20
//   defined, for the behaviour diff): scale and bias of shape (num_groups), one per group.
// - 21: scale and bias of shape (C), one per channel; stash_type names stage one's precision.
#include <string>

#include "reference/error.h"
#include "reference/ops/core/axes.h"
#include "reference/ops/norm/norm_ops.h"
#include "reference/ops/norm/group_standardize.h"

namespace touchstone::ops {

norm::Plan norm::group_normalization_plan(const Node& node, const Inputs& in, bool per_channel) {
  const Tensor& x = in[0];
  const Shape& s = x.shape();
  if (s.size() < 2) invalid_model("X is (N, C, D1, ..., Dn): rank 2 or more, got " + shape_to_string(s));
  const int64_t c = s[1], groups = node.attr_int("num_groups", 0);
  if (groups < 1 || c % groups != 0)
    invalid_model("num_groups " + std::to_string(groups) + " does not divide the " + std::to_string(c) + " channels");
  const int64_t width = per_channel ? c : groups;
  const std::string shape_rule = per_channel ? "(C) = (" + std::to_string(c) + ") from version 21"
                                             : "(num_groups) = (" + std::to_string(groups) + ") in version 18";
  for (size_t k : {size_t{1}, size_t{2}})
    if (in[k].shape() != Shape{width})
      invalid_model(std::string(k == 1 ? "scale " : "bias ") + shape_to_string(in[k].shape()) + " is not of shape " + shape_rule);
  int64_t spatial = 1;
  for (size_t d = 2; d < s.size(); ++d) spatial *= s[d];
  const int64_t per_group = c / groups;
  core::AxesSplit split = core::split_over({s[0], groups, per_group * spatial}, {false, false, true});
  Plan plan;
  plan.bases = std::move(split.bases);
  plan.offsets = std::move(split.offsets);
  plan.epsilon = node.attr_float("epsilon", 1e-5f);
  plan.scale_at.resize(static_cast<size_t>(x.size()));
  for (int64_t i = 0; i < x.size(); ++i) {
    const int64_t channel = i / spatial % c;
    plan.scale_at[i] = per_channel ? channel : channel / per_group;
  }
  plan.bias_at = plan.scale_at;
  return plan;
}

namespace {

Tensors group_normalization(const Node& node, const Inputs& in, bool per_channel) {
  const norm::Plan plan = norm::group_normalization_plan(node, in, per_channel);
  return {norm::standardize(node, in[0], &in[1], &in[2], plan, in[0].dtype(), false, in[0].dtype()).y};
}

}  // namespace

Tensors group_normalization_v18(const Node& node, const Inputs& in) { return group_normalization(node, in, false); }

Tensors group_normalization_v21(const Node& node, const Inputs& in) {
  norm::stash_dtype(node, {DType::kFloat, DType::kFloat16, DType::kDouble, DType::kBFloat16},
                    "stash_type names a floating-point type (1 float, 10 float16, 11 double, 16 bfloat16)");
  return group_normalization(node, in, true);
}

}  // namespace touchstone::ops
