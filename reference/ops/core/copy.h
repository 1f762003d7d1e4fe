// The one element copy of the data-movement kernels: out[j] = in[i] in any element type,
// copied as stored (NaN payloads, signed zeros, strings).
#pragma once
#include <cstddef>
#include <cstdint>

#include "reference/tensor.h"

namespace touchstone::ops::core {

// Calls f(copy) once, where copy(i, j) sets out[j] = in[i]; `in` and `out` share a dtype.
// The caller's loop lists the (i, j) pairs:
//   copy_elements(x, y, [&](auto copy) { for (...) copy(i, j); });
template <class F>
void copy_elements(const Tensor& in, Tensor& out, const F& f) {
  visit_dtype(in.dtype(), [&]<class T>() {
    auto src = in.data<T>();
    auto dst = out.data<T>();
    f([&](int64_t i, int64_t j) { dst[static_cast<size_t>(j)] = src[static_cast<size_t>(i)]; });
  });
}

}  // namespace touchstone::ops::core
