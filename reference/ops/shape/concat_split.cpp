// Concat and Split: joining tensors along an axis and cutting one apart.
//
// Concat-1: `axis` optional (default 1), float types. Concat-4: `axis` required, all types.
// Concat-11: negative axis in [-r, r-1]. Concat-13: +bfloat16. Every input must have the
// same rank (at least 1) and the same dimensions except along the axis.
//
// Split: the outputs' sizes along `axis` (default 0) come from, by version:
// - Split-1: the attribute `split`, or the optional second input (typed T, a float type:
//   whole numbers); giving both is refused;
// - Split-2: the attribute `split`; Split-11: the same, negative axis allowed;
// - Split-13: the optional int64 input `split`;
// - Split-18: the input `split` or the attribute `num_outputs` - exactly one of them. With
//   num_outputs n the parts have ceil(d/n) elements and the last one what remains (smaller,
//   possibly 0); when even the last part cannot be filled (d=5, n=4) the split is refused.
// Without sizes (before 18) the axis is cut into as many equal parts as there are outputs;
// a dimension that does not divide is refused. Sizes must be non-negative, one per output,
// and sum to the dimension.
#include <algorithm>
#include <numeric>

#include "reference/ops/core/index_space.h"
#include "reference/ops/shape/shape_ops.h"
#include "reference/ops/shape/core.h"

namespace touchstone::ops {

namespace {

using shape::Negative;

Tensor concat_along(const Inputs& in, int64_t axis_attr, Negative negative) {
  const Tensor& first = in[0];
  if (first.rank() == 0) invalid_model("scalars (rank 0) cannot be concatenated; inputs need rank at least 1");
  const int64_t axis = core::normalize_axis(axis_attr, first.rank(), negative, "axis", core::AxisWording::kRankR);
  Shape out = first.shape();
  out[static_cast<size_t>(axis)] = 0;
  for (size_t k = 0; k < in.size(); ++k) {
    const Shape& s = in[k].shape();
    bool same = s.size() == out.size();
    for (size_t d = 0; same && d < s.size(); ++d) same = static_cast<int64_t>(d) == axis || s[d] == first.shape()[d];
    if (!same)
      invalid_model("input " + std::to_string(k) + " has shape " + shape_to_string(s) + ", input 0 " +
                    shape_to_string(first.shape()) + "; all inputs must have the same shape except along axis " +
                    std::to_string(axis));
    out[static_cast<size_t>(axis)] += s[static_cast<size_t>(axis)];
  }
  // Each output index reads input k at (index with the axis coordinate shifted).
  std::vector<int64_t> offsets;  // where each input starts along the axis
  int64_t at = 0;
  for (size_t k = 0; k < in.size(); ++k) {
    offsets.push_back(at);
    at += in[k].shape()[static_cast<size_t>(axis)];
  }
  Tensor result(first.dtype(), out);
  visit_dtype(first.dtype(), [&]<class T>() {
    auto to = result.data<T>();
    core::for_each_index(out, [&](int64_t flat, const std::vector<int64_t>& idx) {
      const int64_t a = idx[static_cast<size_t>(axis)];
      size_t k = static_cast<size_t>(std::upper_bound(offsets.begin(), offsets.end(), a) - offsets.begin()) - 1;
      const auto strides = core::strides_of(in[k].shape());
      int64_t s = 0;
      for (size_t d = 0; d < idx.size(); ++d)
        s += (static_cast<int64_t>(d) == axis ? a - offsets[k] : idx[d]) * strides[d];
      to[static_cast<size_t>(flat)] = in[k].data<T>()[static_cast<size_t>(s)];
    });
  });
  return result;
}

// The parts of `x` along `axis` with the given sizes (checked here).
Tensors split_sizes(const Tensor& x, int64_t axis, const std::vector<int64_t>& sizes, size_t outputs) {
  const int64_t dim = x.shape()[static_cast<size_t>(axis)];
  if (sizes.size() != outputs)
    invalid_model("split " + shape::list_to_string(sizes) + " has " + std::to_string(sizes.size()) +
                  " sizes for " + std::to_string(outputs) + " outputs; there must be one per output");
  for (int64_t s : sizes)
    if (s < 0) invalid_model("split " + shape::list_to_string(sizes) + " holds a negative size");
  if (std::accumulate(sizes.begin(), sizes.end(), int64_t{0}) != dim)
    invalid_model("split " + shape::list_to_string(sizes) + " sums to " +
                  std::to_string(std::accumulate(sizes.begin(), sizes.end(), int64_t{0})) + ", not dimension " +
                  std::to_string(axis) + "'s size " + std::to_string(dim));
  const auto strides = core::strides_of(x.shape());
  Tensors parts;
  int64_t start = 0;
  for (int64_t size : sizes) {
    Shape s = x.shape();
    s[static_cast<size_t>(axis)] = size;
    const auto charge = scratch_for<int64_t>(element_count(s), "an index map");
    std::vector<int64_t> src(static_cast<size_t>(element_count(s)));
    core::for_each_index(s, [&](int64_t flat, const std::vector<int64_t>& idx) {
      int64_t f = 0;
      for (size_t d = 0; d < idx.size(); ++d) f += (idx[d] + (static_cast<int64_t>(d) == axis ? start : 0)) * strides[d];
      src[static_cast<size_t>(flat)] = f;
    });
    parts.push_back(shape::gather(x, s, src));
    start += size;
  }
  return parts;
}

Tensors split_equal(const Tensor& x, int64_t axis, size_t outputs) {
  const int64_t dim = x.shape()[static_cast<size_t>(axis)], n = static_cast<int64_t>(outputs);
  if (dim % n != 0)
    invalid_model("without split sizes, dimension " + std::to_string(axis) + " of size " + std::to_string(dim) +
                  " must divide into " + std::to_string(n) + " equal parts (one per output)");
  return split_sizes(x, axis, std::vector<int64_t>(outputs, dim / n), outputs);
}

int64_t split_axis(const Node& node, const Tensor& x, Negative negative) {
  if (x.rank() == 0) invalid_model("a scalar (rank 0) cannot be split");
  return core::normalize_axis(node.attr_int("axis", 0), x.rank(), negative, "axis", core::AxisWording::kRankR);
}

size_t output_count(const Node& node) { return static_cast<size_t>(node.proto().output_size()); }

}  // namespace

// Concat-1: axis defaults to 1.
Tensors concat_v1(const Node& node, const Inputs& in) { return {concat_along(in, node.attr_int("axis", 1), Negative::kRefused)}; }

// Concat-4: axis required (the executor checks it is present).
Tensors concat_v4(const Node& node, const Inputs& in) { return {concat_along(in, node.attr_int("axis", 0), Negative::kRefused)}; }

// Concat-11, 13: negative axis allowed.
Tensors concat_v11(const Node& node, const Inputs& in) { return {concat_along(in, node.attr_int("axis", 0), Negative::kAllowed)}; }

// Split-1: sizes from the attribute or the second input, not both.
Tensors split_v1(const Node& node, const Inputs& in) {
  const int64_t axis = split_axis(node, in[0], Negative::kRefused);
  if (in.has(1) && node.has_attr("split")) invalid_model("split is given both as attribute and as input; give one");
  if (in.has(1)) return split_sizes(in[0], axis, shape::whole_values(in[1], "split"), output_count(node));
  if (node.has_attr("split")) return split_sizes(in[0], axis, node.attr_ints("split"), output_count(node));
  return split_equal(in[0], axis, output_count(node));
}

// Split-2: sizes from the attribute; Split-11 allows a negative axis.
Tensors split_v2(const Node& node, const Inputs& in) {
  const int64_t axis = split_axis(node, in[0], Negative::kRefused);
  if (node.has_attr("split")) return split_sizes(in[0], axis, node.attr_ints("split"), output_count(node));
  return split_equal(in[0], axis, output_count(node));
}

Tensors split_v11(const Node& node, const Inputs& in) {
  const int64_t axis = split_axis(node, in[0], Negative::kAllowed);
  if (node.has_attr("split")) return split_sizes(in[0], axis, node.attr_ints("split"), output_count(node));
  return split_equal(in[0], axis, output_count(node));
}

// Split-13: sizes from the optional input.
Tensors split_v13(const Node& node, const Inputs& in) {
  const int64_t axis = split_axis(node, in[0], Negative::kAllowed);
  if (in.has(1)) return split_sizes(in[0], axis, shape::int_list(in[1], "split"), output_count(node));
  return split_equal(in[0], axis, output_count(node));
}

// Split-18: the input split or num_outputs, exactly one.
Tensors split_v18(const Node& node, const Inputs& in) {
  const int64_t axis = split_axis(node, in[0], Negative::kAllowed);
  const bool has_n = node.has_attr("num_outputs");
  if (in.has(1) && has_n) invalid_model("either input split or attribute num_outputs may be given, not both");
  if (in.has(1)) return split_sizes(in[0], axis, shape::int_list(in[1], "split"), output_count(node));
  if (!has_n) invalid_model("either input split or attribute num_outputs must be given");
  const int64_t n = node.attr_int("num_outputs", 0);
  if (n < 1) invalid_model("num_outputs " + std::to_string(n) + " must be at least 1");
  if (static_cast<size_t>(n) != output_count(node))
    invalid_model("num_outputs " + std::to_string(n) + " differs from the node's " +
                  std::to_string(output_count(node)) + " outputs");
  const int64_t dim = in[0].shape()[static_cast<size_t>(axis)];
  const int64_t chunk = (dim + n - 1) / n, last = dim - chunk * (n - 1);
  if (last < 0)
    invalid_model("dimension " + std::to_string(axis) + " of size " + std::to_string(dim) + " cannot be split into " +
                  std::to_string(n) + " parts of ceil(" + std::to_string(dim) + "/" + std::to_string(n) + ") = " +
                  std::to_string(chunk) + " with a smaller last part (it would be " + std::to_string(last) + ")");
  std::vector<int64_t> sizes(static_cast<size_t>(n), chunk);
  sizes.back() = last;
  return split_sizes(in[0], axis, sizes, output_count(node));
}

}  // namespace touchstone::ops
