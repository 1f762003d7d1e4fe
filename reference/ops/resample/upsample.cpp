// Upsample-1, 7, 9, 10: the output length floor(in x scale), every scale at least 1; the
// coordinates asymmetric (x / scale, as Resize-10), nearest by floor (the example's
// replication; marked off an integer scale's grid, where the texts do not say how
// "nearest" rounds), linear between the two neighbours, clamped at the end.
// - 1 (experimental): X 4-D (N, C, H, W), height_scale and width_scale attributes, mode
//   nearest or bilinear; bool, int32, int64 and the float types.
// - 7: the scales attribute, one per axis of X, mode nearest or linear; every type.
// - 9: scales an input.
// - 10: deprecated (Resize-10 replaces it): every model refused.
#include "reference/ops/resample/resample_ops.h"
#include "reference/ops/resample/resample_rules.h"

namespace touchstone::ops {

namespace resample {

namespace {

std::vector<double> upsample_scales(const Node& node, const Inputs& in, int since) {
  if (since == 1) {
    if (in[0].rank() != 4) invalid_model("X is 4-D (N, C, H, W)");
    if (!node.has_attr("height_scale") || !node.has_attr("width_scale"))
      invalid_model("height_scale and width_scale are required");
    return {1.0, 1.0, node.attr_float("height_scale", 1), node.attr_float("width_scale", 1)};
  }
  std::vector<double> scales;
  if (since == 7) {
    for (const auto& a : node.proto().attribute())
      if (a.name() == "scales") scales.assign(a.floats().begin(), a.floats().end());
    return scales;
  }
  for (float s : in[1].data<float>()) scales.push_back(s);
  return scales;
}

}  // namespace

NodePlan upsample_plan(const Node& node, const Inputs& in, int since) {
  NodePlan p;
  p.options = read_options(node, upsample_version(since), in[0].dtype());
  p.requests = upsample_requests(in[0].shape(), upsample_scales(node, in, since));
  return p;
}

}  // namespace resample

namespace {

Tensors upsample_node(const Node& node, const Inputs& in, int since) {
  const resample::NodePlan p = resample::upsample_plan(node, in, since);
  return {resample::resample(node, in[0], p.requests, p.options)};
}

}  // namespace

Tensors upsample_v1(const Node& node, const Inputs& in) { return upsample_node(node, in, 1); }
Tensors upsample_v7(const Node& node, const Inputs& in) { return upsample_node(node, in, 7); }
Tensors upsample_v9(const Node& node, const Inputs& in) { return upsample_node(node, in, 9); }

Tensors upsample_v10(const Node& node, const Inputs&) {
  invalid_model(node.op_version() + " is deprecated: a model may not use it (Resize-10 replaces it)");
}

}  // namespace touchstone::ops
