// MaxPool-1, 8, 10 (11, 12), 22: the largest element of each window; padding never takes
// part ("maximum number of elements exclude pad"). Exact by nature.
//
// - 8: the optional Indices output (int64): the flat index of the chosen element in X
//   (N x C x D1 x ... x Dn), padding not counted; storage_order 1 makes the spatial part
//   column-major (the first spatial axis fastest), N and C still outermost, as ONNX's node
//   test maxpool_with_argmax_2d_precomputed_strides has it. The text says only "column
//   major": implementation-defined, marked.
// - 10: ceil_mode and dilations. 11: the auto_pad text. 12: int8/uint8. 22: bfloat16, and
//   the ceil_mode window that would start in the right padding named as dropped.
// What ONNX leaves open (marked implementation-defined, the answer given):
// - ties: the first maximum in window order (row-major over the kernel) gives the index;
//   -0 and +0 together: the first of them.
// - NaN in a window: the first NaN (and its index).
// - a window with no element of X (pads as large as the kernel): the type's lowest value
//   (-inf for floats), index -1.
#include <cmath>
#include <limits>

#include "reference/error.h"
#include "reference/numeric/exact.h"
#include "reference/ops/core/elementwise.h"
#include "reference/ops/pool/pool_ops.h"
#include "reference/ops/pool/pool_windows.h"

namespace touchstone::ops {

namespace pool {

namespace {

// The largest of one window's taps and its offset within the image (-1: empty window).
template <class T>
std::pair<T, int64_t> max_of_window(const Node& node, const T* image, const WindowTaps& w) {
  if (w.inside.empty()) {
    node.mark(Semantics::kImplementationDefined,
              "a window with no element of X (the type's lowest value, index -1)");
    if constexpr (is_real_float<T>) return {numeric::narrow<T>(-INFINITY), -1};
    else return {std::numeric_limits<T>::lowest(), -1};
  }
  int64_t at = w.inside.front();
  T best = image[at];
  for (int64_t offset : w.inside) {
    const T v = image[offset];
    if constexpr (is_real_float<T>) {
      const double b = numeric::widen(best), x = numeric::widen(v);
      if (std::isnan(b)) break;
      if (std::isnan(x)) {
        node.mark(Semantics::kImplementationDefined, "NaN in a window (the first NaN, and its index)");
        return {v, offset};
      }
      if (x == 0 && b == 0 && std::signbit(x) != std::signbit(b))
        node.mark(Semantics::kImplementationDefined, "-0 and +0 in one window (the first of them)");
      if (x > b) best = v, at = offset;
    } else {
      if (v > best) best = v, at = offset;
    }
  }
  if constexpr (is_real_float<T>)
    if (std::isnan(numeric::widen(best)))
      node.mark(Semantics::kImplementationDefined, "NaN in a window (the first NaN, and its index)");
  return {best, at};
}

}  // namespace

Tensors max_over(const Node& node, const Tensor& x, const PoolGeometry& g, IndexOrder order) {
  const std::vector<WindowTaps> windows = window_taps(g);
  const int64_t in_size = g.image_size(), out_size = g.out_image_size();
  Tensor y(x.dtype(), g.out_shape), indices(DType::kInt64, g.out_shape);
  if (order == IndexOrder::kColumnMajor && out_size > 0 && g.images > 0)
    node.mark(Semantics::kImplementationDefined,
              "storage_order 1: Indices column-major over the spatial dims, N and C outermost (the text says only "
              "\"column major\")");
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_numeric<T>) {
      auto xd = x.data<T>();
      auto yd = y.data<T>();
      auto id = indices.data<int64_t>();
      for (int64_t b = 0; b < g.images; ++b)
        for (int64_t o = 0; o < out_size; ++o) {
          const auto [value, at] = max_of_window(node, xd.data() + b * in_size, windows[static_cast<size_t>(o)]);
          yd[b * out_size + o] = value;
          const int64_t within = order == IndexOrder::kColumnMajor && at >= 0 ? column_major_offset(at, g.in_spatial) : at;
          id[b * out_size + o] = at < 0 ? -1 : b * in_size + within;
        }
    } else {
      throw std::logic_error("MaxPool on a non-numeric type");  // the schema check prevents it
    }
  });
  Tensors out;
  out.push_back(std::move(y));
  if (order != IndexOrder::kNone) out.push_back(std::move(indices));
  return out;
}

}  // namespace pool

namespace {

Tensors max_pool(const Node& node, const Inputs& in, const pool::PoolRules& rules, bool has_indices) {
  const pool::PoolGeometry g = pool::pool_geometry(node, in[0].shape(), rules);
  pool::IndexOrder order = pool::IndexOrder::kNone;
  if (has_indices && node.proto().output_size() > 1) {
    const int64_t storage = node.attr_int("storage_order", 0);
    if (storage != 0 && storage != 1)
      invalid_model("storage_order " + std::to_string(storage) + " is not 0 (row major) or 1 (column major)");
    order = storage == 1 ? pool::IndexOrder::kColumnMajor : pool::IndexOrder::kRowMajor;
  }
  return pool::max_over(node, in[0], g, order);
}

}  // namespace

Tensors max_pool_v1(const Node& node, const Inputs& in) { return max_pool(node, in, {}, false); }
Tensors max_pool_v8(const Node& node, const Inputs& in) { return max_pool(node, in, {}, true); }
Tensors max_pool_v10(const Node& node, const Inputs& in) {
  return max_pool(node, in, {.ceil_mode = true, .dilations = true}, true);
}
Tensors max_pool_v22(const Node& node, const Inputs& in) {
  return max_pool(node, in, {.ceil_mode = true, .dilations = true, .dropped_window_named = true}, true);
}

}  // namespace touchstone::ops
