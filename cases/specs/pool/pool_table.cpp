// The spec table of the pooling family: one row per op, its recipe, what it sweeps and its
// judging contract (cases/judging.h; exact when absent). spec_table() joins the families'
// tables (../spec_table.cpp). AveragePool and GlobalAveragePool: the window sum and the
// division (n + 1); LpPool and GlobalLpPool: |x|^p and the root by a library pow within 4 ulps
// each (n + 16), one term too.
#include "cases/specs/pool/pool_cases.h"

namespace touchstone::cases {

const std::vector<SpecEntry>& pool_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "AveragePool", pool_cases, "1-D/2-D/3-D windows, strides, pads, auto_pad VALID/SAME_UPPER/SAME_LOWER with odd pads, ceil_mode (dropped window), count_include_pad, dilations by version, empty batch, specials, window refusals", Judging::sum(1)},
      {"", "GlobalAveragePool", global_pool_cases, "1-D/2-D/3-D, 64x64 windows, empty batch, specials, rank refusal", Judging::sum(1)},
      {"", "GlobalLpPool", global_pool_cases, "as GlobalAveragePool, p 1, 2, 3 (float in 1, int from 2), p refusal", Judging::sum(16, 1)},
      {"", "GlobalMaxPool", global_pool_cases, "as GlobalAveragePool"},
      {"", "LpPool", pool_cases, "1-D/2-D/3-D windows, strides, pads, auto_pad VALID/SAME_UPPER/SAME_LOWER with odd pads, ceil_mode (dropped window), dilations (18), p 1, 3, 4 (2.5 in 1), an exact cube root, p refusal", Judging::sum(16, 1)},
      {"", "MaxPool", pool_cases, "1-D/2-D/3-D windows, strides, pads, auto_pad VALID/SAME_UPPER/SAME_LOWER with odd pads, ceil_mode (dropped window), dilations (10), Indices in both storage orders (8), ties, int8/uint8 (12), storage_order refusal"},
      {"", "MaxRoiPool", max_roi_pool_cases, "rois over two images, uneven bins, bins larger than the roi, spatial_scale, a halfway coordinate, rois past and outside X (clipped, empty bins), x2 < x1, no rois, specials; X, rois, pooled_shape and batch_id refusals"},
      {"", "MaxUnpool", max_unpool_cases, "1-D/2-D/3-D, strides, pads, MaxPool-like indices, output_shape inferred and larger, strides absent (9) or default (11+), duplicate indices, empty batch, specials; rank, I shape, index range, output_shape refusals"},
  };
  return table;
}

}  // namespace touchstone::cases
