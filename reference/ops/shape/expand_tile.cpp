// Expand and Tile: repeating elements.
//
// Expand-8, 13 (+bfloat16): the input broadcast with the int64 1-D `shape` by the numpy
// (multidirectional) rule - a 1 in `shape` keeps the input's dimension, `shape` may have a
// lower rank than the input, and the output has the broadcast shape. Negative
// dimensions and shapes the rule rejects are refused.
//
// Tile-1 (float types): inputs `tiles` and `axis`, both typed T like the input (the text
// declares an int64 T1 but types these inputs T): one element each, whole numbers; the
// input is repeated `tiles` times along the non-negative `axis`.
// Tile-6, 13 (+bfloat16): `repeats`, an int64 1-D tensor with one non-negative entry per
// input dimension; output dimension i is d_i * repeats_i, and reads input index i mod d_i.
#include "reference/broadcast.h"
#include "reference/ops/core/index_space.h"
#include "reference/ops/shape/shape_ops.h"
#include "reference/ops/shape/core.h"

namespace touchstone::ops {

namespace {

Tensor tiled(const Tensor& x, const std::vector<int64_t>& repeats) {
  const Shape& dims = x.shape();
  Shape out;
  for (size_t d = 0; d < dims.size(); ++d) out.push_back(dims[d] * repeats[d]);
  const auto strides = core::strides_of(dims);
  check_tensor_budget(x.dtype(), out);  // the output, before the scratch it is built from
  const auto charge = scratch_for<int64_t>(element_count(out), "an index map");
  std::vector<int64_t> src(static_cast<size_t>(element_count(out)));
  core::for_each_index(out, [&](int64_t flat, const std::vector<int64_t>& idx) {
    int64_t f = 0;
    for (size_t d = 0; d < idx.size(); ++d) f += (idx[d] % dims[d]) * strides[d];
    src[static_cast<size_t>(flat)] = f;
  });
  return shape::gather(x, out, src);
}

int64_t one_value(const Tensor& t, const std::string& what) {
  if (t.size() != 1) invalid_model(what + " must hold exactly one element, got shape " + shape_to_string(t.shape()));
  return shape::whole_values(t, what)[0];
}

}  // namespace

// Expand, every version.
Tensors expand_v8(const Node&, const Inputs& in) {
  const auto dims = shape::int_list(in[1], "shape");
  for (int64_t d : dims)
    if (d < 0) invalid_model("shape " + shape::list_to_string(dims) + " holds a negative dimension");
  const BroadcastPlan plan = multidirectional_broadcast({in[0].shape(), Shape(dims.begin(), dims.end())});
  check_tensor_budget(in[0].dtype(), plan.out);  // the output, before the scratch it is built from
  const auto charge = scratch_for<int64_t>(element_count(plan.out), "an index map");
  std::vector<int64_t> src(static_cast<size_t>(element_count(plan.out)));
  for_each_broadcast<1>(plan, [&](int64_t i, const std::array<int64_t, 1>& k) { src[static_cast<size_t>(i)] = k[0]; });
  return {shape::gather(in[0], plan.out, src)};
}

// Tile-1: one axis, `tiles` copies.
Tensors tile_v1(const Node&, const Inputs& in) {
  const int64_t tiles = one_value(in[1], "tiles"), axis_value = one_value(in[2], "axis");
  if (in[0].rank() == 0) invalid_model("a scalar (rank 0) has no axis to tile along");
  const int64_t axis =
      core::normalize_axis(axis_value, in[0].rank(), core::Negative::kRefused, "axis", core::AxisWording::kRankR);
  if (tiles < 0) invalid_model("tiles " + std::to_string(tiles) + " is negative");
  std::vector<int64_t> repeats(static_cast<size_t>(in[0].rank()), 1);
  repeats[static_cast<size_t>(axis)] = tiles;
  return {tiled(in[0], repeats)};
}

// Tile-6, 13: one repeat count per dimension.
Tensors tile_v6(const Node&, const Inputs& in) {
  const auto repeats = shape::int_list(in[1], "repeats");
  if (static_cast<int64_t>(repeats.size()) != in[0].rank())
    invalid_model("repeats " + shape::list_to_string(repeats) + " has " + std::to_string(repeats.size()) +
                  " entries; it needs one per input dimension (" + std::to_string(in[0].rank()) + ")");
  for (int64_t r : repeats)
    if (r < 0) invalid_model("repeats " + shape::list_to_string(repeats) + " holds a negative count");
  return {tiled(in[0], repeats)};
}

}  // namespace touchstone::ops
