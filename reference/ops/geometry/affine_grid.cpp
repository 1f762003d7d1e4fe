// AffineGrid-20: the sampling grid theta makes of an evenly spaced grid of positions in
// [-1, 1]: for 2-D, grid[n, h, w] = theta[n] (x_w, y_h, 1); for 3-D, grid[n, d, h, w] =
// theta[n] (x_w, y_h, z_d, 1). The positions along an axis of S pixels: (2i + 1)/S - 1
// (align_corners 0: -1 and 1 the outer edges of the corner pixels) or 2i/(S - 1) - 1 (1:
// their centres). Each coordinate is an exact dot product of theta's row with rationals,
// rounded once.
//
// Open (marked, the reference's answer): align_corners 1 on an axis of one pixel (2i/0: the
// centre, 0, as PyTorch's linspace gives) - implementation-defined; an infinite or NaN
// theta - implementation-defined (IEEE arithmetic on the positions rounded to double: an
// infinity times the position 0 is NaN).
// Refused: theta not (N, 2, 3) or (N, 3, 4); size not (N, C, H, W) or (N, C, D, H, W)
// matching theta's N and dimension; a negative size.
#include <string>
#include <vector>

#include "reference/error.h"
#include "reference/ops/geometry/geometry_exact.h"
#include "reference/ops/geometry/geometry_ops.h"

namespace touchstone::ops {

namespace {

using geometry::Rational;

// The positions along one axis of `size` pixels.
std::vector<Rational> affine_positions(const Node& node, int64_t size, bool align) {
  std::vector<Rational> p;
  for (int64_t i = 0; i < size; ++i) {
    if (align && size == 1) {
      node.mark(Semantics::kImplementationDefined, "align_corners 1 on an axis of one pixel (0)");
      p.emplace_back(0);
    } else if (align) {
      p.push_back(Rational(2 * i, size - 1) - 1);
    } else {
      p.push_back(Rational(2 * i + 1, size) - 1);
    }
  }
  return p;
}

// One coordinate: theta's row (k + 1 values) against (position..., 1).
template <class T>
T affine_coordinate(const Node& node, const T* row, const std::vector<const Rational*>& position) {
  const size_t k = position.size();
  bool finite = true;
  for (size_t j = 0; j <= k; ++j) finite = finite && std::isfinite(static_cast<double>(numeric::widen(row[j])));
  if (!finite) {
    node.mark(Semantics::kImplementationDefined, "an infinite or NaN theta (IEEE arithmetic on the positions)");
    double v = numeric::widen(row[k]);
    for (size_t j = 0; j < k; ++j) v += numeric::widen(row[j]) * position[j]->get_d();
    return numeric::narrow<T>(v);
  }
  Rational sum = geometry::exact(numeric::widen(row[k]));
  for (size_t j = 0; j < k; ++j) sum += geometry::exact(numeric::widen(row[j])) * *position[j];
  return geometry::rounded_as<T>(sum);
}

}  // namespace

Tensors affine_grid_v20(const Node& node, const Inputs& in) {
  const Tensor& theta = in[0];
  const Tensor& size = in[1];
  if (theta.rank() != 3 || !((theta.shape()[1] == 2 && theta.shape()[2] == 3) || (theta.shape()[1] == 3 && theta.shape()[2] == 4)))
    invalid_model("theta is (N, 2, 3) for 2-D or (N, 3, 4) for 3-D, not " + shape_to_string(theta.shape()));
  const int64_t dims = theta.shape()[1], n = theta.shape()[0];
  if (size.rank() != 1 || size.shape()[0] != dims + 2)
    invalid_model("size is (N, C, H, W) for 2-D or (N, C, D, H, W) for 3-D, matching theta");
  const auto sz = size.data<int64_t>();
  if (sz[0] != n) invalid_model("size's N (" + std::to_string(sz[0]) + ") is theta's N (" + std::to_string(n) + ")");
  for (int64_t v : sz)
    if (v < 0) invalid_model("size's values are not negative");
  const int64_t align = node.attr_int("align_corners", 0);
  if (align != 0 && align != 1) invalid_model("align_corners is 0 or 1");
  // Spatial sizes outermost first (D,) H, W; positions per axis, x the innermost.
  Shape spatial(sz.begin() + 2, sz.end());
  std::vector<std::vector<Rational>> positions;
  for (int64_t s : spatial) positions.push_back(affine_positions(node, s, align == 1));
  Shape out_shape = {n};
  out_shape.insert(out_shape.end(), spatial.begin(), spatial.end());
  out_shape.push_back(dims);
  Tensor grid(theta.dtype(), out_shape);
  int64_t points = 1;
  for (int64_t s : spatial) points *= s;
  node.record_terms(dims + 1);
  visit_dtype(theta.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      const T* th = theta.data<T>().data();
      T* out = grid.data<T>().data();
      for (int64_t b = 0; b < n; ++b)
        for (int64_t p = 0; p < points; ++p) {
          std::vector<const Rational*> position(static_cast<size_t>(dims));  // (x, y[, z])
          int64_t rest = p;
          for (int64_t d = dims - 1; d >= 0; --d) {  // spatial axis d, innermost last
            const int64_t i = rest % spatial[static_cast<size_t>(d)];
            rest /= spatial[static_cast<size_t>(d)];
            position[static_cast<size_t>(dims - 1 - d)] = &positions[static_cast<size_t>(d)][static_cast<size_t>(i)];
          }
          for (int64_t k = 0; k < dims; ++k)
            out[(b * points + p) * dims + k] = affine_coordinate(node, th + (b * dims + k) * (dims + 1), position);
        }
    } else {
      throw std::logic_error("AffineGrid on a non-float type");  // the schema check prevents it
    }
  });
  return {std::move(grid)};
}

}  // namespace touchstone::ops
