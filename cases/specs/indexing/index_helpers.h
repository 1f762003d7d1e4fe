// Helpers of the indexing-family case specs: index tensors from int64 values (int64
// extremes included), random in-range indices, and the sweep of every allowed type pair.
#pragma once
#include "cases/specs/core/exact_helpers.h"

namespace touchstone::cases::indexing {

using namespace exact;

// An int32 or int64 tensor holding `values` (each must fit the type).
inline Tensor index_tensor(DType dtype, const Shape& shape, const std::vector<int64_t>& values) {
  Tensor t(dtype, shape);
  if (static_cast<int64_t>(values.size()) != t.size()) throw std::logic_error("index_tensor: wrong value count");
  for (size_t i = 0; i < values.size(); ++i) {
    if (dtype == DType::kInt32) t.data<int32_t>()[i] = static_cast<int32_t>(values[i]);
    else t.data<int64_t>()[i] = values[i];
  }
  return t;
}

// Random indices along a dimension of size s: in [0, s-1], or [-s, s-1] when `negative`.
inline Tensor random_indices(Rng& rng, DType dtype, const Shape& shape, int64_t s, bool negative) {
  std::vector<int64_t> v(static_cast<size_t>(element_count(shape)));
  for (auto& x : v) x = rng.integer(negative ? -s : 0, s - 1);
  return index_tensor(dtype, shape, v);
}

// Values for data tensors: the type's special values where it has them (numbers,
// strings), else random ones, reshaped to `shape` by repetition.
inline Tensor data_tensor(Rng& rng, DType dtype, const Shape& shape) { return any_tensor(rng, dtype, shape); }

// The same elements under another shape of the same size.
inline Tensor reshaped(const Tensor& t, const Shape& shape) {
  Tensor out(t.dtype(), shape);
  visit_dtype(t.dtype(), [&]<class T>() {
    auto src = t.data<T>();
    auto dst = out.data<T>();
    for (size_t i = 0; i < src.size(); ++i) dst[i] = src[i];
  });
  return out;
}

inline Attrs axis_attr(int64_t axis) { return {make_attr("axis", axis)}; }

inline bool has_specials(DType t) { return is_float_dtype(t) || is_integer_dtype(t) || t == DType::kString; }

}  // namespace touchstone::cases::indexing
