// Conv-1, 11, 22: Y = B + the sum over each window of X * W, exact and rounded once
// (conv_sum.h). The window rules are the pools' (pool/pool_geometry.h) with the kernel's
// spatial shape from W (kernel_shape, when given, must agree): explicit pads, auto_pad
// VALID and SAME_UPPER/SAME_LOWER (out = ceil(in / stride), total pad
// max(0, (out - 1) * stride + dk - in), the odd one at the end for UPPER and at the
// beginning for LOWER), dilations (dk = (k - 1) * dilation + 1), strides; group: X's C
// channels and W's M in `group` equal parts, W (M, C/group, k...), depthwise when
// group = C.
//
// - 1: SAME's text says "pad the input so that the output spatial size match the input",
//   which with a stride above 1 contradicts the ceil(in / stride) every implementation and
//   version 11's text give: the reference gives ceil(in / stride), marked
//   implementation-defined (shapes too) where a stride along a SAME axis is above 1.
// - 11: SAME's ceil(in / stride) stated; strides and dilations default to 1.
// - 22: +bfloat16 (shares 11's kernel).
#include "reference/ops/conv/conv_ops.h"
#include "reference/ops/conv/conv_sum.h"
#include "reference/ops/pool/pool_geometry.h"

namespace touchstone::ops {

namespace conv {

ConvPlan conv_plan(const Node& node, const Shape& x, const Shape& w, const std::optional<Shape>& bias,
                   bool same_keeps_input_text) {
  ConvPlan plan;
  plan_channels(node, x, w, bias, false, plan);
  const Shape kernel(w.begin() + 2, w.end());
  const pool::PoolGeometry g = pool::pool_geometry(node, x, {.dilations = true}, kernel);
  const std::string auto_pad = node.attr_string("auto_pad", "NOTSET");
  for (size_t d = 0; d < g.axes.size(); ++d)
    if (same_keeps_input_text && auto_pad.starts_with("SAME") && g.axes[d].stride > 1)
      node.mark(Semantics::kImplementationDefined,
                "auto_pad " + auto_pad + " with stride " + std::to_string(g.axes[d].stride) +
                    ": Conv-1's text keeps the input's size, implementations and Conv-11 ceil(in / stride) (the reference's)",
                true);
  plan.out_shape.insert(plan.out_shape.end(), g.out_spatial.begin(), g.out_spatial.end());
  plan.taps = taps_of(g.in_spatial, g.out_spatial, kernel, [&](size_t d, int64_t o, int64_t k) -> int64_t {
    const int64_t p = g.axes[d].position(o, k);
    return p >= 0 && p < g.axes[d].in ? p : -1;
  });
  return plan;
}

}  // namespace conv

namespace {

Tensors convolution(const Node& node, const Inputs& in, bool same_keeps_input_text) {
  const conv::ConvPlan plan = conv::conv_plan(node, in[0].shape(), in[1].shape(),
                                              in.has(2) ? std::optional(in[2].shape()) : std::nullopt,
                                              same_keeps_input_text);
  return {conv::convolve(node, in, plan)};
}

}  // namespace

Tensors conv_v1(const Node& node, const Inputs& in) { return convolution(node, in, true); }
Tensors conv_v11(const Node& node, const Inputs& in) { return convolution(node, in, false); }

}  // namespace touchstone::ops
