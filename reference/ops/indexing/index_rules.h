// The rules the indexing ops share, named once: an axis attribute in [-r, r-1], an index
// value along a dimension (non-negative before opset 11, [-s, s-1] from 11), index
// tensors read as int64, row-major strides, and the element loop over any type.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "reference/node.h"

namespace touchstone::ops::indexing {

// `axis` (an attribute named `what`) of a tensor of rank `rank`, in [0, rank-1]. With
// `negative_allowed`, [-rank, -1] counts from the back; otherwise a negative value is
// refused (the op-version's text gives no meaning to it).
inline int64_t normalize_axis(const Node& node, int64_t axis, int64_t rank, bool negative_allowed,
                              const std::string& what = "axis") {
  const int64_t lo = negative_allowed ? -rank : 0;
  if (rank == 0 || axis < lo || axis > rank - 1)
    invalid_model(node.op_version() + ": " + what + " " + std::to_string(axis) + " is outside [" + std::to_string(lo) +
                  ", " + std::to_string(rank - 1) + "] for rank " + std::to_string(rank));
  return axis < 0 ? axis + rank : axis;
}

// An index value along a dimension of size `size`, resolved to [0, size-1]. From opset 11
// (`negative_allowed`) [-size, -1] counts from the back; an index outside the allowed range
// is refused: ONNX says "it is an error if any of the index values are out of bounds".
inline int64_t resolve_index(const Node& node, int64_t index, int64_t size, bool negative_allowed,
                             const std::string& where) {
  const int64_t lo = negative_allowed ? -size : 0;
  if (index < lo || index > size - 1)
    invalid_model(node.op_version() + ": " + where + " = " + std::to_string(index) + " is outside [" +
                  std::to_string(lo) + ", " + std::to_string(size - 1) + "] for a dimension of size " +
                  std::to_string(size) + (negative_allowed || index >= 0 ? "" : " (negative indices only from opset 11)") +
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

// Row-major strides of a shape (in elements).
inline Shape strides_of(const Shape& shape) {
  Shape s(shape.size(), 1);
  for (size_t i = shape.size(); i-- > 1;) s[i - 1] = s[i] * shape[i];
  return s;
}

// The multi-index of flat element `flat` in `shape`.
inline Shape unravel(int64_t flat, const Shape& shape) {
  Shape idx(shape.size(), 0);
  for (size_t i = shape.size(); i-- > 0;) {
    if (shape[i] == 0) return idx;
    idx[i] = flat % shape[i];
    flat /= shape[i];
  }
  return idx;
}

inline int64_t product_of(const Shape& shape, size_t from = 0, size_t to = SIZE_MAX) {
  int64_t p = 1;
  for (size_t i = from; i < shape.size() && i < to; ++i) p *= shape[i];
  return p;
}

// out[j] = in[i] for every (i, j) the caller lists, in any element type: copy(f) calls
// f(copy_one) where copy_one(i, j) copies one element.
template <class F>
void copy_elements(const Tensor& in, Tensor& out, const F& f) {
  visit_dtype(in.dtype(), [&]<class T>() {
    auto src = in.data<T>();
    auto dst = out.data<T>();
    f([&](int64_t i, int64_t j) { dst[static_cast<size_t>(j)] = src[static_cast<size_t>(i)]; });
  });
}

}  // namespace touchstone::ops::indexing
