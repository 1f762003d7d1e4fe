// The rules the indexing ops share, named once: an index value along a dimension
// (non-negative before opset 11, [-s, s-1] from 11) and index tensors read as int64. The
// axis rule, strides, the [outer, length, inner] split and the element copy are the
// kernels' shared core (ops/core/), named here for the indexing kernels.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "reference/node.h"
#include "reference/ops/core/axes.h"
#include "reference/ops/core/copy.h"
#include "reference/ops/core/index_space.h"

namespace touchstone::ops::indexing {

using core::AxisSplit;
using core::copy_elements;
using core::Negative;
using core::normalize_axis;
using core::product_of;
using core::split_at;
using core::strides_of;
using core::unravel;

// An index value along a dimension of size `size`, resolved to [0, size-1]. From opset 11
// (`negative_allowed`) [-size, -1] counts from the back; an index outside the allowed range
// is refused: ONNX says "it is an error if any of the index values are out of bounds".
inline int64_t resolve_index(int64_t index, int64_t size, bool negative_allowed, const std::string& where) {
  const int64_t lo = negative_allowed ? -size : 0;
  if (index < lo || index > size - 1)
    invalid_model(where + " = " + std::to_string(index) + " is outside [" + std::to_string(lo) + ", " +
                  std::to_string(size - 1) + "] for a dimension of size " + std::to_string(size) +
                  (negative_allowed || index >= 0 ? "" : " (negative indices only from opset 11)") +
                  " (out-of-bounds indices are an error)");
  return index < 0 ? index + size : index;
}

// The values of an int32 or int64 index tensor, as int64.
inline std::vector<int64_t> index_values(const Tensor& t) {
  std::vector<int64_t> out;
  out.reserve(static_cast<size_t>(t.size()));
  if (t.dtype() == DType::kInt32) {
    for (int32_t v : t.data<int32_t>()) out.push_back(v);
  } else {
    for (int64_t v : t.data<int64_t>()) out.push_back(v);
  }
  return out;
}

}  // namespace touchstone::ops::indexing
