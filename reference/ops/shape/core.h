// The shared rules of the shape and data-movement ops, each written once and named where
// an op uses it: lists of axes (duplicates refused), integer lists read from index
// tensors, and the one data-movement primitive (gather by flat index) over the shared
// element copy, so that every element type, present and future, is copied bit for bit.
// Single axes, strides and index walks are the kernels' shared core (ops/core/).
#pragma once
#include <string>
#include <vector>

#include "reference/node.h"
#include "reference/ops/core/axes.h"

namespace touchstone::ops::shape {

// out[i] = in[src[i]] for every i, or `fill`'s one element where src[i] < 0. Every element
// type is copied as it is stored (NaN payloads, signed zeros, strings).
Tensor gather(const Tensor& in, const Shape& out_shape, const std::vector<int64_t>& src, const Tensor* fill = nullptr);

// The same elements under another shape (Reshape, Flatten, Squeeze, Unsqueeze).
Tensor with_shape(const Tensor& in, const Shape& shape);

using core::Negative;

// Each axis of a list normalised by core::normalize_axis (worded kRankR, named
// "<what>[i]"); duplicates are refused.
std::vector<int64_t> normalize_axes(const std::vector<int64_t>& axes, int64_t rank, Negative negative,
                                    const std::string& what);

// The values of an integer tensor (any integer type, read exactly). `what` names it.
std::vector<int64_t> int_values(const Tensor& t, const std::string& what);

// The values of a 1-D integer tensor (refuses any other rank).
std::vector<int64_t> int_list(const Tensor& t, const std::string& what);

// The values of a tensor of any real type that must hold whole numbers (Tile-1's tiles
// and axis, Split-1's split input: their schema types them T, a float type).
std::vector<int64_t> whole_values(const Tensor& t, const std::string& what);

// "[1, -2, 3]".
std::string list_to_string(const std::vector<int64_t>& v);

// A tensor of one element and the given dtype, holding `value` (Pad's constant_value,
// Pad-1/2's float attribute rounded once to T).
Tensor scalar_like(DType dtype, double value);

}  // namespace touchstone::ops::shape

namespace touchstone::ops::shape {

// Refuses `dtype` for an output whose element type comes from an attribute (Constant's
// value, ConstantOfShape's value, EyeLike's dtype) when the op-version's type parameter
// `param` does not allow it. `what` names the attribute.
void check_output_type(const Node& node, std::string_view param, DType dtype, const std::string& what);

}  // namespace touchstone::ops::shape

namespace touchstone::ops::shape {

// out[p0, ..., pn] = x[coords[0][p0], ..., coords[n][pn]], or `fill` where any coordinate
// is -1 (Pad, CenterCropPad). The output's shape is the coords' lengths.
Tensor map_axes(const Tensor& x, const std::vector<std::vector<int64_t>>& coords, const Tensor* fill);

// The zero of a type (0, false, the empty string), as a scalar: the fill of Pad's
// default constant_value, CenterCropPad, Trilu.
Tensor zero_of(DType dtype);

}  // namespace touchstone::ops::shape
