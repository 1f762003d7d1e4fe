// The spec table of the convolution family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h). spec_table() joins the families' tables
// (../spec_table.cpp). Conv and ConvTranspose: a sum bound with no extra rounding, n = C/group x
// kernel volume, +1 with B (the terms the kernel reports).
#include "cases/specs/conv/conv_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& conv_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "Conv", conv_cases, "1-D/2-D/3-D, B, strides, pads, dilations, group and depthwise, auto_pad VALID/SAME_UPPER/SAME_LOWER with odd pads and stride, 512-term sums, empty batch and empty Y, specials, channel/group/bias/kernel refusals", Judging::sum()},
      {"", "ConvTranspose", conv_transpose_cases, "1-D/2-D/3-D, B, strides, output_padding, pads, dilations, group, output_shape (even, odd and negative total padding), SAME_UPPER/SAME_LOWER odd and even, VALID, empty batch, specials, refusals", Judging::sum()},
  };
  return table;
}

}  // namespace touchstone::cases
