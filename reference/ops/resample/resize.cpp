// Resize-10, 11, 13, 18, 19 (resample_rules.h for the rules, resample_plan.h for the exact
// sampling):
// - 10: X and scales; nearest or linear; no coordinate mode: asymmetric (x / scale), the
//   nearest pick by floor (the text does not say: marked off an integer upscale's grid).
// - 11: roi, scales (empty when sizes is given), sizes; coordinate_transformation_mode,
//   nearest_mode, cubic (cubic_coeff_a), exclude_outside, extrapolation_value.
// - 13: roi and scales optional; tf_half_pixel_for_nn gone (refused, named); +bfloat16.
// - 18: axes, antialias, keep_aspect_ratio_policy.
// - 19: half_pixel_symmetric.
#include "reference/ops/resample/resample_ops.h"
#include "reference/ops/resample/resample_rules.h"

namespace touchstone::ops {

namespace resample {

NodePlan resize_plan(const Node& node, const Inputs& in, int since) {
  const Version v = resize_version(since);
  const Tensor& x = in[0];
  auto input = [&](size_t i) { return in.has(i) ? &in[i] : nullptr; };
  NodePlan p;
  p.options = read_options(node, v, x.dtype());
  const Tensor* roi = since >= 11 ? input(1) : nullptr;
  const Tensor* scales = input(since >= 11 ? 2 : 1);
  const Tensor* sizes = since >= 11 ? input(3) : nullptr;
  p.requests = read_requests(node, v, p.options, x.shape(), scales, sizes, roi);
  return p;
}

}  // namespace resample

namespace {

Tensors resize_node(const Node& node, const Inputs& in, int since) {
  const resample::NodePlan p = resample::resize_plan(node, in, since);
  return {resample::resample(node, in[0], p.requests, p.options)};
}

}  // namespace

Tensors resize_v10(const Node& node, const Inputs& in) { return resize_node(node, in, 10); }
Tensors resize_v11(const Node& node, const Inputs& in) { return resize_node(node, in, 11); }
Tensors resize_v13(const Node& node, const Inputs& in) { return resize_node(node, in, 13); }
Tensors resize_v18(const Node& node, const Inputs& in) { return resize_node(node, in, 18); }
Tensors resize_v19(const Node& node, const Inputs& in) { return resize_node(node, in, 19); }

}  // namespace touchstone::ops
