// Slice: a strided sub-tensor along some axes.
//
// Slice-1: `starts`, `ends` (required) and `axes` (default [0, ..., len(starts)-1])
//   attributes; no steps; axes non-negative.
// Slice-10: starts, ends, axes, steps as inputs (int32 or int64, one type); negative
//   steps slice backward; axes non-negative (negative axes arrive in 11).
// Slice-11: negative axes in [-r, r-1]. Slice-13: +bfloat16.
// The effective start/end of each sliced axis (Slice-13's text, which states what the
// earlier versions' "a value beyond n represents n" means, and which the reference uses
// for all of them): a negative start or end has the dimension d added; then start is
// clamped to [0, d] (step > 0) or [0, d-1] (step < 0), end to [0, d] or [-1, d-1]. The
// INT64_MIN/INT64_MAX sentinels clamp without overflow (d is only ever added to a
// negative value; the element count is computed in 128 bits).
// Refused: starts/ends/axes/steps of different lengths, an axis out of range, a repeated
// axis, a step of 0 (which no version can slice by; Slice-11 and 13 say so), indices that
// are not 1-D.
#include <algorithm>

#include "reference/ops/core/index_space.h"
#include "reference/ops/shape/shape_ops.h"
#include "reference/ops/shape/core.h"

namespace touchstone::ops {

namespace {

using shape::Negative;

struct SliceArgs {
  std::vector<int64_t> starts, ends, axes, steps;
  bool has_axes = false, has_steps = false;
};

Tensor slice_with(const Tensor& x, const SliceArgs& a, Negative negative) {
  const int64_t r = x.rank();
  const size_t n = a.starts.size();
  if (a.ends.size() != n)
    invalid_model("starts " + shape::list_to_string(a.starts) + " and ends " + shape::list_to_string(a.ends) +
                  " must have the same length");
  if (a.has_axes && a.axes.size() != n)
    invalid_model("axes " + shape::list_to_string(a.axes) + " must have the length of starts (" + std::to_string(n) + ")");
  if (a.has_steps && a.steps.size() != n)
    invalid_model("steps " + shape::list_to_string(a.steps) + " must have the length of starts (" + std::to_string(n) + ")");
  std::vector<int64_t> axes = a.axes;
  if (!a.has_axes) {
    if (static_cast<int64_t>(n) > r)
      invalid_model("without axes, starts " + shape::list_to_string(a.starts) + " names more axes than the rank " +
                    std::to_string(r));
    for (size_t i = 0; i < n; ++i) axes.push_back(static_cast<int64_t>(i));
  }
  axes = shape::normalize_axes(axes, r, negative, "axes");
  const Shape& dims = x.shape();
  std::vector<int64_t> start(static_cast<size_t>(r), 0), step(static_cast<size_t>(r), 1);
  Shape out = dims;
  for (size_t i = 0; i < n; ++i) {
    const size_t ax = static_cast<size_t>(axes[i]);
    const int64_t d = dims[ax];
    const int64_t st = a.has_steps ? a.steps[i] : 1;
    if (st == 0) invalid_model("steps[" + std::to_string(i) + "] is 0; a step cannot be 0");
    int64_t s = a.starts[i], e = a.ends[i];
    if (s < 0) s += d;
    if (e < 0) e += d;
    __int128 count = 0;
    if (st > 0) {
      s = std::clamp<int64_t>(s, 0, d);
      e = std::clamp<int64_t>(e, 0, d);
      if (e > s) count = (static_cast<__int128>(e) - s + st - 1) / st;
    } else if (d > 0) {
      s = std::clamp<int64_t>(s, 0, d - 1);
      e = std::clamp<int64_t>(e, -1, d - 1);
      const __int128 back = -static_cast<__int128>(st);
      if (s > e) count = (static_cast<__int128>(s) - e + back - 1) / back;
    }
    start[ax] = s;
    step[ax] = st;
    out[ax] = static_cast<int64_t>(count);
  }
  const auto strides = core::strides_of(dims);
  const auto charge = scratch_for<int64_t>(element_count(out), "an index map");
  std::vector<int64_t> src(static_cast<size_t>(element_count(out)));
  core::for_each_index(out, [&](int64_t flat, const std::vector<int64_t>& idx) {
    int64_t f = 0;
    for (size_t d = 0; d < idx.size(); ++d) f += (start[d] + idx[d] * step[d]) * strides[d];
    src[static_cast<size_t>(flat)] = f;
  });
  return shape::gather(x, out, src);
}

}  // namespace

// Slice-1: attributes.
Tensors slice_v1(const Node& node, const Inputs& in) {
  SliceArgs a{node.attr_ints("starts"), node.attr_ints("ends"), node.attr_ints("axes"), {}, node.has_attr("axes"), false};
  return {slice_with(in[0], a, Negative::kRefused)};
}

namespace {

SliceArgs slice_inputs(const Inputs& in) {
  SliceArgs a;
  a.starts = shape::int_list(in[1], "starts");
  a.ends = shape::int_list(in[2], "ends");
  a.has_axes = in.has(3);
  if (a.has_axes) a.axes = shape::int_list(in[3], "axes");
  a.has_steps = in.has(4);
  if (a.has_steps) a.steps = shape::int_list(in[4], "steps");
  return a;
}

}  // namespace

// Slice-10: inputs, non-negative axes.
Tensors slice_v10(const Node&, const Inputs& in) { return {slice_with(in[0], slice_inputs(in), Negative::kRefused)}; }

// Slice-11, 13: inputs, negative axes allowed.
Tensors slice_v11(const Node&, const Inputs& in) { return {slice_with(in[0], slice_inputs(in), Negative::kAllowed)}; }

}  // namespace touchstone::ops
