// The three pooling reductions over a geometry (pool_geometry.h), shared by the windowed
// ops and their Global forms (a global pool is one window over each image).
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include "reference/node.h"
#include "reference/numeric/exact.h"
#include "reference/ops/pool/pool_geometry.h"

namespace touchstone::ops::pool {

// How MaxPool's Indices output is written, when the node asks for it.
enum class IndexOrder { kNone, kRowMajor, kColumnMajor };

// Y (and Indices unless kNone): the largest element of each window (max_pool.cpp).
Tensors max_over(const Node& node, const Tensor& x, const PoolGeometry& g, IndexOrder order);

// Y: each window's exact sum divided by its count, rounded once (average_pool.cpp): the
// taps inside X, or with `count_pad` every tap within the padded input.
Tensors average_over(const Node& node, const Tensor& x, const PoolGeometry& g, bool count_pad);

// Y: each window's p-norm (sum |x|^p)^(1/p), exact and rounded once (lp_pool.cpp).
Tensors lp_over(const Node& node, const Tensor& x, const PoolGeometry& g, double p);

// Y of X's float type and g's output shape: element (image b, output o) is
// f(values, window, format) narrowed to the type, `values` the window's taps inside X widened
// to double, `format` the type's. `op` names the op in the error a non-float type would be.
template <class F>
Tensor float_windows(const Tensor& x, const PoolGeometry& g, const std::string& op, const F& f) {
  const std::vector<WindowTaps> windows = window_taps(g);
  const int64_t in_size = g.image_size(), out_size = g.out_image_size();
  Tensor y(x.dtype(), g.out_shape);
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      auto xd = x.data<T>();
      auto yd = y.data<T>();
      std::vector<double> values;
      for (int64_t b = 0; b < g.images; ++b)
        for (int64_t o = 0; o < out_size; ++o) {
          const WindowTaps& w = windows[static_cast<size_t>(o)];
          values.clear();
          for (int64_t offset : w.inside) values.push_back(numeric::widen(xd[b * in_size + offset]));
          yd[b * out_size + o] = numeric::narrow<T>(f(values, w, numeric::float_format<T>()));
        }
    } else {
      throw std::logic_error(op + " on a non-float type");  // the schema check prevents it
    }
  });
  return y;
}

// p of LpPool/GlobalLpPool: a float attribute in version 1, an int from 2; default 2; p > 0.
double p_attribute(const Node& node, bool integer);

}  // namespace touchstone::ops::pool
