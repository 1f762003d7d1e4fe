// Transpose, DepthToSpace, SpaceToDepth: permutations of the axes (the latter two a
// reshape, a transpose and a reshape, as their text defines them).
//
// Transpose-1, 13 (+bfloat16), 21, 23, 24, 25 (types): `perm` (default: the axes reversed)
// must be a permutation of [0, r-1]; anything else (wrong length, a repeat, a value out of
// range, a negative value) is refused.
//
// DepthToSpace-1: `blocksize` b; input (N, C, H, W) with C divisible by b*b; DCR order:
//   (N, b, b, C/b², H, W) transposed by (0, 3, 4, 1, 5, 2) to (N, C/b², H*b, W*b).
// DepthToSpace-11 (+`mode`: DCR as above, or CRD):
//   (N, C/b², b, b, H, W) transposed by (0, 1, 4, 2, 5, 3); 13: +bfloat16.
// SpaceToDepth-1, 13 (+bfloat16): (N, C, H/b, b, W/b, b) transposed by (0, 3, 5, 1, 2, 4)
//   to (N, C*b*b, H/b, W/b); H and W divisible by b.
// Refused: a rank other than 4, b < 1, sizes not divisible, a mode other than DCR/CRD.
#include <algorithm>

#include "reference/ops/core/index_space.h"
#include "reference/ops/shape/shape_ops.h"
#include "reference/ops/shape/core.h"

namespace touchstone::ops {

namespace {

// `x`'s elements viewed under `view` (same count), transposed by `perm`, then given `out`.
Tensor permuted(const Tensor& x, const Shape& view, const std::vector<int64_t>& perm, const Shape& out) {
  const auto in_strides = core::strides_of(view);
  Shape t_shape;
  for (int64_t p : perm) t_shape.push_back(view[static_cast<size_t>(p)]);
  const auto charge = scratch_for<int64_t>(element_count(t_shape), "an index map");
  std::vector<int64_t> src(static_cast<size_t>(element_count(t_shape)));
  core::for_each_index(t_shape, [&](int64_t flat, const std::vector<int64_t>& idx) {
    int64_t s = 0;
    for (size_t d = 0; d < perm.size(); ++d) s += idx[d] * in_strides[static_cast<size_t>(perm[d])];
    src[static_cast<size_t>(flat)] = s;
  });
  return shape::gather(x, out, src);
}

struct Nchw {
  int64_t n, c, h, w, b;
};

Nchw nchw_of(const Node& node, const Tensor& x) {
  if (x.rank() != 4) invalid_model("the input must be 4-D (N, C, H, W), got shape " + shape_to_string(x.shape()));
  const int64_t b = node.attr_int("blocksize", 0);
  if (b < 1) invalid_model("blocksize " + std::to_string(b) + " must be at least 1");
  const Shape& s = x.shape();
  return {s[0], s[1], s[2], s[3], b};
}

Tensor depth_to_space(const Node& node, const Tensor& x, const std::string& mode) {
  const Nchw d = nchw_of(node, x);
  if (d.c % (d.b * d.b) != 0)
    invalid_model("C = " + std::to_string(d.c) + " is not divisible by blocksize² = " + std::to_string(d.b * d.b));
  const int64_t c = d.c / (d.b * d.b);
  const Shape out = {d.n, c, d.h * d.b, d.w * d.b};
  if (mode == "DCR") return permuted(x, {d.n, d.b, d.b, c, d.h, d.w}, {0, 3, 4, 1, 5, 2}, out);
  if (mode == "CRD") return permuted(x, {d.n, c, d.b, d.b, d.h, d.w}, {0, 1, 4, 2, 5, 3}, out);
  invalid_model("mode '" + mode + "' is neither DCR nor CRD");
}

}  // namespace

// Transpose, every version.
Tensors transpose_v1(const Node& node, const Inputs& in) {
  const int64_t r = in[0].rank();
  std::vector<int64_t> perm = node.attr_ints("perm");
  if (!node.has_attr("perm"))
    for (int64_t d = r - 1; d >= 0; --d) perm.push_back(d);
  if (static_cast<int64_t>(perm.size()) != r)
    invalid_model("perm " + shape::list_to_string(perm) + " has " + std::to_string(perm.size()) +
                  " entries; it must be a permutation of the " + std::to_string(r) + " axes");
  for (size_t i = 0; i < perm.size(); ++i) {
    if (perm[i] < 0 || perm[i] >= r)
      invalid_model("perm " + shape::list_to_string(perm) + " holds " + std::to_string(perm[i]) +
                    "; it must be a permutation of [0, " + std::to_string(r - 1) + "]");
    if (std::find(perm.begin(), perm.begin() + static_cast<std::ptrdiff_t>(i), perm[i]) != perm.begin() + static_cast<std::ptrdiff_t>(i))
      invalid_model("perm " + shape::list_to_string(perm) + " repeats axis " + std::to_string(perm[i]) +
                    "; it must be a permutation");
  }
  Shape out;
  for (int64_t p : perm) out.push_back(in[0].shape()[static_cast<size_t>(p)]);
  return {permuted(in[0], in[0].shape(), perm, out)};
}

// DepthToSpace-1: DCR only.
Tensors depth_to_space_v1(const Node& node, const Inputs& in) { return {depth_to_space(node, in[0], "DCR")}; }

// DepthToSpace-11, 13: `mode` DCR (default) or CRD.
Tensors depth_to_space_v11(const Node& node, const Inputs& in) {
  return {depth_to_space(node, in[0], node.attr_string("mode", "DCR"))};
}

// SpaceToDepth, every version.
Tensors space_to_depth_v1(const Node& node, const Inputs& in) {
  const Nchw d = nchw_of(node, in[0]);
  if (d.h % d.b != 0 || d.w % d.b != 0)
    invalid_model("H = " + std::to_string(d.h) + " and W = " + std::to_string(d.w) +
                  " must be divisible by blocksize " + std::to_string(d.b));
  return {permuted(in[0], {d.n, d.c, d.h / d.b, d.b, d.w / d.b, d.b}, {0, 3, 5, 1, 2, 4},
                   {d.n, d.c * d.b * d.b, d.h / d.b, d.w / d.b})};
}

}  // namespace touchstone::ops
