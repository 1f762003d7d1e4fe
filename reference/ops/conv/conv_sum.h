// The sum both convolutions compute, written once: every output element is the bias plus
// the products X * W over its taps, summed exactly and rounded once (conv_sum.cpp).
//
// A plan says which taps each output position has: (offset within one image of X, offset
// within one kernel of W) pairs, the same for every batch item and channel; how channels
// split into groups; and where W keeps (group, output channel, input channel):
//   Y[n, g*Mg + m, o] = B[g*Mg + m] + sum_{c < Cg} sum_{tap of o} X[n, g*Cg + c, tap.x] * W[g*w_group + m*w_out + c*w_in + tap.w]
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "reference/node.h"
#include "reference/ops/core/index_space.h"

namespace touchstone::ops::conv {

struct Tap {
  int64_t x = 0, w = 0;
};

struct ConvPlan {
  int64_t batch = 0, groups = 1;
  int64_t in_per_group = 0, out_per_group = 0;  // Cg, Mg
  int64_t in_image = 0, kernel_volume = 0;      // elements of one (n, c) image of X, of one kernel
  int64_t w_group = 0, w_out = 0, w_in = 0;     // W's strides per group, output and input channel
  Shape out_shape;                              // (N, M, out...)
  std::vector<std::vector<Tap>> taps;           // per output position (row-major over out's spatial dims)
};

// The taps of every output position: tap k of output o reads X at input(d, o[d], k[d]) along
// each axis d (-1: none, outside X or between strides).
template <class F>
std::vector<std::vector<Tap>> taps_of(const Shape& in_spatial, const Shape& out_spatial, const Shape& kernel,
                                      const F& input) {
  std::vector<std::vector<Tap>> taps(static_cast<size_t>(core::product_of(out_spatial)));
  const Shape x_strides = core::strides_of(in_spatial), out_strides = core::strides_of(out_spatial),
              k_strides = core::strides_of(kernel);
  core::for_each_window(out_spatial, kernel, [&](const core::Index& o, const core::Index& k) {
    Tap t;
    for (size_t d = 0; d < o.size(); ++d) {
      const int64_t i = input(d, o[d], k[d]);
      if (i < 0) return;
      t.x += i * x_strides[d];
    }
    t.w = core::ravel(k, k_strides);
    taps[static_cast<size_t>(core::ravel(o, out_strides))].push_back(t);
  });
  return taps;
}

// The channel counts of X (N, C, ...), W and B checked against `group`, shared by both ops:
// Conv's W is (M, C/group, k...), ConvTranspose's (`transpose`) (C, M/group, k...). Fills
// the plan's channel fields and (N, M) of its output shape; refusals name the rule broken.
// `bias`: B's shape when given.
void plan_channels(const Node& node, const Shape& x, const Shape& w, const std::optional<Shape>& bias, bool transpose,
                   ConvPlan& plan);

// Conv's whole plan (conv.cpp), shared with ConvInteger and QLinearConv (../quant/): the
// channels, the window rules with the kernel from W, every output position's taps.
// `same_keeps_input_text`: Conv-1's SAME text (marked where a stride is above 1).
ConvPlan conv_plan(const Node& node, const Shape& x, const Shape& w, const std::optional<Shape>& bias,
                   bool same_keeps_input_text);

// Y of X's type and the plan's shape; records the number of terms (Cg x kernel volume,
// +1 for the bias) for the judging contract.
Tensor convolve(const Node& node, const Inputs& in, const ConvPlan& plan);

}  // namespace touchstone::ops::conv
