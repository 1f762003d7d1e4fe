// Reshape, Flatten, Squeeze, Unsqueeze: the same elements in the same order under a new
// shape; the versions differ in where the new shape comes from and which axes are legal.
//
// Reshape-1: the shape is the attribute `shape` (and consumed_inputs, ignored).
// Reshape-5, 13 (+bfloat16): the shape is the second input (int64, 1-D).
// Reshape-14, 19, 21, 23, 24, 25 (types widened): `allowzero`.
// The shape's rules, every version: at most one -1 (inferred from the element count); 0
// copies the input's dimension at the same index (with allowzero=1: a literal 0); no
// value below -1; the element counts must agree.
// Refused: a 0 that copies from beyond the input's rank; a -1 whose other dimensions hold
// no elements (the -1 cannot be determined: ONNX forbids it outright with allowzero=1, and
// with a copied 0 it is equally ambiguous); two -1s.
// Open: allowzero other than 0 and 1 (the reference treats any non-zero as set,
// implementation-defined).
//
// Flatten-1 (float types), 9 (all types), 11 (negative axis), 13, 21, 23, 24, 25 (types):
// (d0*...*d(axis-1), d(axis)*...*d(r-1)); axis in [0, r] (from 11: [-r, r]).
//
// Squeeze-1 (axes attribute, non-negative), 11 (negative axes), 13 (axes an optional int64
// input), 21, 23, 24, 25 (types). Without axes every dimension of size 1 is removed. A
// squeezed dimension that is not 1 and duplicate axes are refused.
// Open: axes given but empty. ONNX's shape inference reads it as absent (squeeze every 1);
// the reference does the same and marks it implementation-defined when a 1 is removed.
//
// Unsqueeze-1 (axes attribute, non-negative), 11 (negative axes), 13 (axes a required int64
// input), 21, 23, 24, 25 (types). Axes count in the *output* rank (rank(data) + len(axes)).
#include <algorithm>

#include "reference/ops/shape/shape_ops.h"
#include "reference/ops/shape/core.h"

namespace touchstone::ops {

namespace {

using shape::Negative;

// The output shape that `spec` asks for, by the rules above.
Shape reshaped(const Shape& in, const std::vector<int64_t>& spec, bool allowzero) {
  Shape out(spec.size());
  int64_t inferred = -1, known = 1;
  bool has_zero = false;
  for (size_t i = 0; i < spec.size(); ++i) {
    const int64_t v = spec[i];
    if (v < -1) invalid_model("shape " + shape::list_to_string(spec) + ": dimension " + std::to_string(v) + " is below -1");
    if (v == -1) {
      if (inferred >= 0) invalid_model("shape " + shape::list_to_string(spec) + ": at most one dimension may be -1");
      inferred = static_cast<int64_t>(i);
      continue;
    }
    if (v == 0) has_zero = true;
    if (v == 0 && !allowzero) {
      if (i >= in.size())
        invalid_model("shape " + shape::list_to_string(spec) + ": 0 at index " + std::to_string(i) +
                      " copies a dimension beyond the input's rank " + std::to_string(in.size()));
      out[i] = in[i];
    } else {
      out[i] = v;
    }
    known *= out[i];
  }
  const int64_t count = element_count(in);
  if (inferred >= 0) {
    if (allowzero && has_zero)
      invalid_model("shape " + shape::list_to_string(spec) + ": with allowzero=1 the shape may not hold both 0 and -1");
    if (known == 0)
      invalid_model("shape " + shape::list_to_string(spec) + ": the -1 cannot be inferred when the other dimensions (" +
                    shape_to_string(out) + ") hold no elements (ambiguous)");
    if (count % known != 0)
      invalid_model("shape " + shape::list_to_string(spec) + ": " + std::to_string(count) +
                    " elements of input " + shape_to_string(in) + " do not divide into dimensions of " +
                    std::to_string(known));
    out[static_cast<size_t>(inferred)] = count / known;
  } else if (known != count) {
    invalid_model("shape " + shape::list_to_string(spec) + " gives " + shape_to_string(out) + " with " +
                  std::to_string(known) + " elements; the input " + shape_to_string(in) + " has " +
                  std::to_string(count) + " (the element counts must agree)");
  }
  return out;
}

Tensor flatten_at(const Tensor& x, int64_t axis) {
  const Shape& s = x.shape();
  int64_t outer = 1, inner = 1;
  for (int64_t d = 0; d < x.rank(); ++d) (d < axis ? outer : inner) *= s[static_cast<size_t>(d)];
  return shape::with_shape(x, {outer, inner});
}

Tensor squeeze_axes(const Node& node, const Tensor& x, const std::vector<int64_t>& given, bool given_empty,
                    Negative negative) {
  const Shape& s = x.shape();
  std::vector<int64_t> axes;
  if (given.empty()) {
    for (int64_t d = 0; d < x.rank(); ++d)
      if (s[static_cast<size_t>(d)] == 1) axes.push_back(d);
    if (given_empty && !axes.empty())
      node.mark(Semantics::kImplementationDefined,
                "Squeeze with axes given but empty (read as absent: every dimension of size 1 is removed)");
  } else {
    axes = shape::normalize_axes(given, x.rank(), negative, "axes");
    for (int64_t a : axes)
      if (s[static_cast<size_t>(a)] != 1)
        invalid_model("axis " + std::to_string(a) + " has size " + std::to_string(s[static_cast<size_t>(a)]) +
                      "; only dimensions of size 1 can be squeezed");
  }
  Shape out;
  for (int64_t d = 0; d < x.rank(); ++d)
    if (std::find(axes.begin(), axes.end(), d) == axes.end()) out.push_back(s[static_cast<size_t>(d)]);
  return shape::with_shape(x, out);
}

Tensor unsqueeze_axes(const Tensor& x, const std::vector<int64_t>& given, Negative negative) {
  const int64_t out_rank = x.rank() + static_cast<int64_t>(given.size());
  const auto axes = shape::normalize_axes(given, out_rank, negative, "axes (counted in the output rank)");
  Shape out;
  size_t next = 0;
  for (int64_t d = 0; d < out_rank; ++d) {
    if (std::find(axes.begin(), axes.end(), d) != axes.end()) out.push_back(1);
    else out.push_back(x.shape()[next++]);
  }
  return shape::with_shape(x, out);
}

}  // namespace

// Reshape-1: the new shape from the attribute `shape` (absent: a scalar).
Tensors reshape_v1(const Node& node, const Inputs& in) {
  return {shape::with_shape(in[0], reshaped(in[0].shape(), node.attr_ints("shape"), false))};
}

// Reshape-5, 13: the new shape from the second input; 0 copies a dimension.
Tensors reshape_v5(const Node&, const Inputs& in) {
  return {shape::with_shape(in[0], reshaped(in[0].shape(), shape::int_list(in[1], "shape"), false))};
}

// Reshape-14 and later: as Reshape-5, with allowzero=1 making a 0 a literal 0.
Tensors reshape_v14(const Node& node, const Inputs& in) {
  const int64_t allowzero = node.attr_int("allowzero", 0);
  if (allowzero != 0 && allowzero != 1)
    node.mark(Semantics::kImplementationDefined, "Reshape allowzero other than 0 or 1 (read as set)");
  return {shape::with_shape(in[0], reshaped(in[0].shape(), shape::int_list(in[1], "shape"), allowzero != 0))};
}

// Flatten-1, 9: axis in [0, r].
Tensors flatten_v1(const Node& node, const Inputs& in) {
  const int64_t axis = node.attr_int("axis", 1), r = in[0].rank();
  if (axis < 0) invalid_model("axis " + std::to_string(axis) + " is negative; negative axes are allowed only from opset 11");
  if (axis > r) invalid_model("axis " + std::to_string(axis) + " is outside [0, r] = [0, " + std::to_string(r) + "]");
  return {flatten_at(in[0], axis)};
}

// Flatten-11 and later: axis in [-r, r].
Tensors flatten_v11(const Node& node, const Inputs& in) {
  const int64_t axis = node.attr_int("axis", 1), r = in[0].rank();
  if (axis < -r || axis > r)
    invalid_model("axis " + std::to_string(axis) + " is outside [-r, r] = [" + std::to_string(-r) + ", " +
                  std::to_string(r) + "]");
  return {flatten_at(in[0], axis < 0 ? axis + r : axis)};
}

// Squeeze-1: non-negative axes attribute.
Tensors squeeze_v1(const Node& node, const Inputs& in) {
  const auto axes = node.attr_ints("axes");
  return {squeeze_axes(node, in[0], axes, node.has_attr("axes"), Negative::kRefused)};
}

// Squeeze-11: axes attribute, negative allowed.
Tensors squeeze_v11(const Node& node, const Inputs& in) {
  const auto axes = node.attr_ints("axes");
  return {squeeze_axes(node, in[0], axes, node.has_attr("axes"), Negative::kAllowed)};
}

// Squeeze-13 and later: axes an optional input.
Tensors squeeze_v13(const Node& node, const Inputs& in) {
  const auto axes = in.has(1) ? shape::int_list(in[1], "axes") : std::vector<int64_t>{};
  return {squeeze_axes(node, in[0], axes, in.has(1), Negative::kAllowed)};
}

// Unsqueeze-1: non-negative axes attribute, in the output rank.
Tensors unsqueeze_v1(const Node& node, const Inputs& in) {
  return {unsqueeze_axes(in[0], node.attr_ints("axes"), Negative::kRefused)};
}

// Unsqueeze-11: axes attribute, negative allowed.
Tensors unsqueeze_v11(const Node& node, const Inputs& in) {
  return {unsqueeze_axes(in[0], node.attr_ints("axes"), Negative::kAllowed)};
}

// Unsqueeze-13 and later: axes a required input.
Tensors unsqueeze_v13(const Node&, const Inputs& in) {
  return {unsqueeze_axes(in[0], shape::int_list(in[1], "axes"), Negative::kAllowed)};
}

}  // namespace touchstone::ops
