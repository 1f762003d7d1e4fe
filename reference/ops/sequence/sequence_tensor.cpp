// The sequence ops that join a sequence into one tensor and cut a tensor into a sequence,
// every element moved bit for bit (value kernels).
//
// ConcatFromSequence-11: the sequence's tensors joined along `axis` (required) as Concat
// joins them (same rank, same dimensions except along the axis); new_axis=1 stacks them
// along a new axis instead (each tensor gains a dimension of 1 at `axis`, whose range is
// then [-r-1, r], r the tensors' rank; scalars may be stacked). ONNX gives an empty
// sequence no output shape: the reference refuses it (a backend that runs it is judged
// divergent, not failed).
// SplitToSequence-11 (24: +bfloat16): `input` cut along `axis` (default 0, [-r, r-1]) by
// `split`: a scalar s > 0 gives parts of s with the last one what remains (smaller); a 1-D
// list gives parts of those sizes, which must sum to the dimension; absent, parts of 1,
// and keepdims=0 (only then) removes the split axis from each part. The text says both
// that split's entries "must be positive" and "must be >= 0": a 0 in the list gives an
// empty part, marked implementation-defined.
#include <numeric>
#include <string>

#include "reference/model_builder.h"
#include "reference/ops/core/axes.h"
#include "reference/ops/core/index_space.h"
#include "reference/ops/sequence/sequence_ops.h"
#include "reference/ops/shape/core.h"
#include "reference/ops/shape/shape_ops.h"

namespace touchstone::ops {

namespace {

// The part of `x` of `size` elements along `axis` starting at `start`.
Tensor split_part(const Tensor& x, int64_t axis, int64_t start, int64_t size) {
  const core::AxisSplit v = core::split_at(x.shape(), axis);
  Shape s = x.shape();
  s[static_cast<size_t>(axis)] = size;
  std::vector<int64_t> src;
  src.reserve(static_cast<size_t>(v.outer * size * v.inner));
  for (int64_t o = 0; o < v.outer; ++o)
    for (int64_t k = 0; k < size; ++k)
      for (int64_t i = 0; i < v.inner; ++i) src.push_back(v.at(o, start + k, i));
  return shape::gather(x, s, src);
}

// The part sizes `split` asks for along a dimension of `dim` elements (checked).
std::vector<int64_t> split_sizes_of(const Node& node, const Tensor& split, int64_t dim) {
  if (split.rank() > 1)
    invalid_model("split has shape " + shape_to_string(split.shape()) + "; it must be a scalar or a 1-D tensor");
  const std::vector<int64_t> v = shape::int_values(split, "split");
  if (split.rank() == 0) {
    const int64_t s = v.front();
    if (s <= 0) invalid_model("split " + std::to_string(s) + " is a scalar that is not positive; a part size must be > 0");
    std::vector<int64_t> sizes(static_cast<size_t>(dim / s), s);
    if (dim % s != 0) sizes.push_back(dim % s);
    return sizes;
  }
  for (int64_t s : v) {
    if (s < 0) invalid_model("split " + shape::list_to_string(v) + " holds a negative size");
    if (s == 0)
      node.mark(Semantics::kImplementationDefined,
                "split holds 0: the text says split's entries are positive and also >= 0; the reference gives an empty part");
  }
  const int64_t sum = std::accumulate(v.begin(), v.end(), int64_t{0});
  if (sum != dim)
    invalid_model("split " + shape::list_to_string(v) + " sums to " + std::to_string(sum) + ", not the size " +
                  std::to_string(dim) + " of the split axis");
  return v;
}

}  // namespace

// ConcatFromSequence-11.
Values concat_from_sequence_v11(const Node& node, const ValueInputs& in) {
  const auto& items = in[0].items();
  if (items.empty())
    invalid_model("input_sequence is empty: ONNX gives no output shape (nor rank) for concatenating no tensors");
  if (!node.has_attr("axis")) invalid_model("the attribute axis is required");
  const int64_t new_axis = node.attr_int("new_axis", 0);
  if (new_axis != 0 && new_axis != 1) invalid_model("new_axis " + std::to_string(new_axis) + " is not 0 or 1");
  int64_t axis = node.attr_int("axis", 0);
  std::vector<Tensor> parts = items;
  if (new_axis == 1) {  // stack: each tensor gains a 1 at the axis, whose range is [-r-1, r]
    const int64_t r = items.front().rank();
    axis = core::normalize_axis(axis, r + 1, core::Negative::kAllowed, "axis (new_axis=1: [-r-1, r])",
                                core::AxisWording::kRange);
    for (auto& t : parts) {
      if (t.rank() != r)
        invalid_model("the tensors have ranks " + std::to_string(r) + " and " + std::to_string(t.rank()) +
                      "; stacking needs one shape");
      Shape s = t.shape();
      s.insert(s.begin() + axis, 1);
      t = shape::with_shape(t, s);
    }
  }
  std::vector<const Tensor*> ptrs;
  for (const auto& t : parts) ptrs.push_back(&t);
  onnx::NodeProto concat;
  concat.set_op_type("Concat");
  *concat.add_attribute() = make_attr("axis", axis);
  SemanticsRecord record;
  return {concat_v11(Node(concat, "Concat-11", record), Inputs(ptrs)).front()};
}

// SplitToSequence-11 and 24.
Values split_to_sequence_v11(const Node& node, const ValueInputs& in) {
  const Tensor& x = in[0].tensor();
  if (x.rank() == 0) invalid_model("input is a scalar (rank 0): it has no axis to split along");
  const int64_t axis = core::normalize_axis(node.attr_int("axis", 0), x.rank(), core::Negative::kAllowed, "axis",
                                            core::AxisWording::kRankR);
  const int64_t dim = x.shape()[static_cast<size_t>(axis)];
  const bool listed = in.has(1);
  const std::vector<int64_t> sizes = listed ? split_sizes_of(node, in[1].tensor(), dim) : std::vector<int64_t>(static_cast<size_t>(dim), 1);
  const int64_t keepdims = node.attr_int("keepdims", 1);
  if (keepdims != 0 && keepdims != 1) invalid_model("keepdims " + std::to_string(keepdims) + " is not 0 or 1");
  std::vector<Tensor> parts;
  int64_t start = 0;
  for (int64_t size : sizes) {
    Tensor part = split_part(x, axis, start, size);
    start += size;
    if (!listed && keepdims == 0) {
      Shape s = part.shape();
      s.erase(s.begin() + axis);
      part = shape::with_shape(part, s);
    }
    parts.push_back(std::move(part));
  }
  return {Value::sequence(x.dtype(), std::move(parts))};
}

}  // namespace touchstone::ops
