// The spec table of the shape and data-movement family: one row per op, its recipe, what it
// sweeps and its judging contract (cases/judging.h; exact when absent). spec_table() joins the
// families' tables (../spec_table.cpp).
#include "cases/specs/shape/shape_cases.h"

namespace touchstone::cases {

namespace {

// Range: a backend may add delta repeatedly (ONNX's function body does); with start and
// delta of one sign each addition errs by at most half an ulp of the element it produces,
// so element i is within i/2 ulps. The case specs keep n <= 64 where the steps round.
constexpr int kRangeUlps = 32;

}  // namespace

const std::vector<SpecEntry>& shape_spec_table() {
  static const std::vector<SpecEntry> table = {
      //  domain  op     recipe                    what it sweeps
      {"", "CenterCropPad", center_crop_pad_cases, "crop and pad per axis (odd differences), axes subsets, int32/int64 shape, every T, refusals"},
      {"", "Concat", concat_cases, "axis 0..r-1 (negative from 11), 1-3 inputs, empty inputs, rank 6, v1 default axis, shape/rank/axis refusals"},
      {"", "Constant", constant_cases, "value of every type (scalar, empty), sparse_value (11), value_* forms (12), exactly-one and type refusals"},
      {"", "ConstantOfShape", constant_of_shape_cases, "every value type, scalar/empty shapes, special values, default value, negative/type refusals"},
      {"", "DepthToSpace", depth_space_cases, "blocksizes 1-3, DCR and CRD (11+), empty, rank/divisibility/blocksize/mode refusals"},
      {"", "Expand", expand_cases, "numpy broadcast both ways, lower-rank and empty shapes, zero dims, rank 6, refusals"},
      {"", "EyeLike", eye_like_cases, "every (input, dtype) pair, k inside and beyond the matrix, rank and dtype refusals"},
      {"", "Flatten", flatten_cases, "axis 0..r (negative from 11), scalar, empty, axis refusals"},
      {"", "Pad", pad_cases, "each mode per version (wrap 19), negative pads, axes (18), wide reflect/wrap, Pad-1 paddings readings, refusals"},
      {"", "Range", range_cases, "spec examples, empty ranges, rounding steps, integer extremes, delta 0 / non-finite / non-scalar refusals", Judging::ulp(kRangeUlps)},
      {"", "Reshape", reshape_cases, "spec examples, 0 copies, -1 inferred, allowzero (14), scalar/empty, every refusal rule"},
      {"", "Shape", shape_op_cases, "ranks 0-6 and empty, start/end clamping (15) incl. INT64 sentinels"},
      {"", "Size", size_cases, "ranks 0-6 and empty, every type"},
      {"", "Slice", slice_cases, "spec examples, clamping, negative steps, INT64 sentinels, int32 indices, negative axes (11), refusals"},
      {"", "SpaceToDepth", depth_space_cases, "as DepthToSpace, inverse direction"},
      {"", "Split", split_cases, "equal parts, sizes by attribute/input per version, zero-size parts, num_outputs uneven (18), refusals"},
      {"", "Squeeze", squeeze_cases, "axes absent/given (attribute, input from 13), negative (11), refusals"},
      {"", "Tile", tile_cases, "Tile-1 tiles/axis inputs, repeats per dimension (6), zeros, rank 6, refusals"},
      {"", "Transpose", transpose_cases, "every permutation of rank 3, default perm, scalar, empty, rank 6, perm refusals"},
      {"", "Trilu", trilu_cases, "upper/lower, k absent/positive/negative/beyond/INT64 extremes, batches, refusals"},
      {"", "Unsqueeze", unsqueeze_cases, "axes in output rank, unsorted, negative (11), input axes (13), refusals"},
  };
  return table;
}

}  // namespace touchstone::cases
