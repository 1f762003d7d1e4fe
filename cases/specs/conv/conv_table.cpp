// The spec table of the convolution family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h). spec_table() joins the families' tables
// (../spec_table.cpp). Conv and ConvTranspose: a sum bound with no extra rounding, n = C/group x
// kernel volume, +1 with B (the terms the kernel reports). Col2Im: a sum bound over the most
// values landing on one element. DeformConv and CausalConvWithState: element bounds
// (conv_bounds.cpp), the offsets and the fused activation being no sum of |terms|.
#include "cases/specs/conv/conv_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& conv_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "CausalConvWithState", causal_conv_cases, "k 1 to 64, bias and past_state each with and without, activation none/silu/swish/default, a sequence shorter than k - 1, large silu sums, empty batch and sequence, specials, shape and activation refusals", Judging::element("causal-conv", causal_conv_element_bounds, 0, 0)},
      {"", "Col2Im", col2im_cases, "every type: 2-D/3-D overlapping blocks, strides+pads+dilations, the text's 10x20/9x18 example, a pure rearrangement, 9-deep overlap, no blocks (L = 0), empty batch, specials, block-count and attribute refusals", Judging::sum()},
      {"", "Conv", conv_cases, "1-D/2-D/3-D, B, strides, pads, dilations, group and depthwise, auto_pad VALID/SAME_UPPER/SAME_LOWER with odd pads and stride, 512-term sums, empty batch and empty Y, specials, channel/group/bias/kernel refusals", Judging::sum()},
      {"", "ConvTranspose", conv_transpose_cases, "1-D/2-D/3-D, B, strides, output_padding, pads, dilations, group, output_shape (even, odd and negative total padding), SAME_UPPER/SAME_LOWER odd and even, VALID, empty batch, specials, refusals", Judging::sum()},
      {"", "DeformConv", deform_conv_cases, "zero, fractional, integral and far offsets, mask, B, group, offset_group, strides/pads/dilations, kernel_shape, 1-D and 3-D, empty batch, specials, shape refusals (the n-D mask's '* n' among them)", Judging::element("deform-conv", deform_conv_element_bounds, 0, 0)},
  };
  return table;
}

}  // namespace touchstone::cases
