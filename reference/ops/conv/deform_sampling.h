// DeformConv's geometry and sampling, written once for its kernel (deform_conv.cpp) and the
// backends' bound (cases/specs/conv/conv_bounds.cpp).
//
// Layouts (the text's shapes; the order inside the channel dim is that of the papers and of
// torchvision's deform_conv2d, which the text's (N, offset_group * kH * kW * 2, oH, oW) abbreviates):
//   offset[n, (g * K + k) * r + d, o...]  the shift along spatial axis d of tap k (row-major over
//                                         the kernel, K taps) of offset group g at output o;
//   mask[n, g * K + k, o...]              that tap's factor.
// Input channel c belongs to offset group c / (C / offset_group).
//
// The sampling point of tap k at output o along axis d: p = o * stride - pad_begin + k *
// dilation + offset (an integer plus a float, exact). Bilinear interpolation reads the 2^r
// corners floor(p) and floor(p) + 1 along each axis, weighted (1 - f) and f (f = p -
// floor(p)); a corner outside the image reads zero (the text: "Sampling locations outside of
// the padded input tensor gives zero" - the padding is zeros too). With the offset's integer
// part q and fraction r = offset - q (exact, |r| < 1, the sign of offset): for r >= 0 the low
// corner is base + q, weights (1 - r, r); for r < 0 it is base + q - 1, weights (-r, 1 + r).
// So the weights are a = |r| and 1 - a, both exact.
#pragma once
#include <cmath>
#include <cstdint>

#include "reference/node.h"
#include "reference/ops/pool/pool_geometry.h"

namespace touchstone::ops::conv {

struct DeformPlan {
  pool::PoolGeometry g;  // X's spatial axes, the kernel and Y's spatial shape (Conv's NOTSET rule)
  int64_t batch = 0, channels = 0, out_channels = 0, groups = 1, offset_groups = 1;
  int64_t rank = 0, taps = 0, out_image = 0, in_image = 0;  // r, K, one output's and one X image's elements
};

// The plan, or a refusal naming the rule broken (X, W, offset, B, mask shapes; group,
// offset_group; the window attributes as Conv's).
DeformPlan deform_plan(const Node& node, const Inputs& in);

// One axis of a sampling point: the low corner and the weight a = |r| of the high corner
// (`swapped`: a weighs the low corner, 1 - a the high one). `outside`: no corner can lie
// inside (a non-finite or huge offset).
struct AxisSample {
  int64_t low = 0;
  double a = 0;
  bool swapped = false, outside = false;
  double weight(bool high) const { return (high != swapped) ? a : 1 - a; }  // rounded for 1 - a
};

inline AxisSample axis_sample(int64_t base, double offset) {
  AxisSample s;
  if (!std::isfinite(offset) || std::fabs(offset) > 0x1p40) {
    s.outside = true;
    return s;
  }
  const double q = std::trunc(offset), r = offset - q;  // both exact
  s.low = base + static_cast<int64_t>(q) - (r < 0 ? 1 : 0);
  s.a = std::fabs(r);
  s.swapped = r < 0;
  return s;
}

}  // namespace touchstone::ops::conv
