// MaxRoiPool-1 (22: +bfloat16): for each roi (batch_id, x1, y1, x2, y2) and channel, the
// roi divided into pooled_shape (PH, PW) bins and the largest element of each. Exact.
//
// The text gives only the shapes and spatial_scale ("multiplicative ... factor to translate
// ROI coordinates"); the bin arithmetic is Caffe's ROIPooling layer's, which ONNX Runtime
// follows: each coordinate times spatial_scale rounded to an integer (half away from zero),
// the roi (y2 - y1 + 1) x (x2 - x1 + 1) pixels (at least 1), bin (i, j) rows
// floor(i H / PH) to ceil((i + 1) H / PH) - 1 from y1 (H the roi's height; columns alike),
// clipped to X. The reference computes the bin bounds exactly (rationals; Caffe forms
// them in float, which agrees wherever the float product is not off across an integer).
// What the text leaves open (marked implementation-defined, the reference's answer): a
// scaled coordinate exactly halfway between integers (away from zero); a roi with x2 < x1
// or y2 < y1 (one pixel wide or high); a roi reaching outside X (its bins clipped); an
// empty bin (0); a fractional batch_id (truncated); NaN in a bin (the first NaN).
// Refused: X not 4-D, rois not (num_rois, 5), pooled_shape not two values of at least 1, a
// batch_id outside [0, N).
#include <cmath>
#include <string>

#include "reference/error.h"
#include "reference/numeric/exact.h"
#include "reference/ops/pool/pool_geometry.h"
#include "reference/ops/pool/pool_ops.h"

namespace touchstone::ops {

namespace {

// x * scale rounded to an integer, half away from zero, from the exact product.
int64_t scaled_coordinate(const Node& node, double x, double scale) {
  const double p = x * scale, error = std::fma(x, scale, -p);  // x * scale = p + error exactly
  const double whole = std::trunc(p);
  if (std::fabs(p - whole) == 0.5) {
    if (error == 0) {
      node.mark(Semantics::kImplementationDefined, "a roi coordinate x spatial_scale halfway between integers (away from zero)");
      return static_cast<int64_t>(std::round(p));
    }
    const bool above = error > 0;  // the exact value is past p toward +inf
    return static_cast<int64_t>(p > 0 ? (above ? whole + 1 : whole) : (above ? whole : whole - 1));
  }
  return static_cast<int64_t>(std::round(p));
}

// floor(a / b) and ceil(a / b) for a >= 0, b > 0.
int64_t floor_div(int64_t a, int64_t b) { return a / b; }
int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

// One axis of one roi: its start (in X) and size, and X's extent along it.
struct RoiAxis {
  int64_t start = 0, size = 1, extent = 0, bins = 1;
  // Bin i's rows [begin, end) in X, clipped.
  std::pair<int64_t, int64_t> bin(int64_t i) const {
    const int64_t b = std::clamp<int64_t>(start + floor_div(i * size, bins), 0, extent);
    const int64_t e = std::clamp<int64_t>(start + ceil_div((i + 1) * size, bins), 0, extent);
    return {b, e};
  }
};

RoiAxis roi_axis(const Node& node, int64_t from, int64_t to, int64_t extent, int64_t bins) {
  if (to < from) node.mark(Semantics::kImplementationDefined, "a roi with x2 < x1 or y2 < y1 (one pixel)");
  RoiAxis a{from, std::max<int64_t>(to - from + 1, 1), extent, bins};
  if (a.start < 0 || a.start + a.size > extent)
    node.mark(Semantics::kImplementationDefined, "a roi reaching outside X (its bins clipped)");
  return a;
}

template <class T>
void pool_roi(const Node& node, const T* image, int64_t channels, int64_t width, const RoiAxis& rows,
              const RoiAxis& cols, T* out) {
  const int64_t plane = rows.extent * width;
  for (int64_t c = 0; c < channels; ++c)
    for (int64_t i = 0; i < rows.bins; ++i)
      for (int64_t j = 0; j < cols.bins; ++j) {
        const auto [r0, r1] = rows.bin(i);
        const auto [c0, c1] = cols.bin(j);
        T* y = out + (c * rows.bins + i) * cols.bins + j;
        if (r1 <= r0 || c1 <= c0) {
          node.mark(Semantics::kImplementationDefined, "an empty bin (0)");
          *y = numeric::narrow<T>(0.0);
          continue;
        }
        double best = -INFINITY;
        for (int64_t r = r0; r < r1 && !std::isnan(best); ++r)
          for (int64_t q = c0; q < c1; ++q) {
            const double v = numeric::widen(image[c * plane + r * width + q]);
            if (std::isnan(v)) {
              node.mark(Semantics::kImplementationDefined, "NaN in a bin (the first NaN)");
              best = v;
              break;
            }
            if (v > best) best = v;
          }
        *y = numeric::narrow<T>(best);
      }
}

}  // namespace

Tensors max_roi_pool_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const Tensor& rois = in[1];
  if (x.rank() != 4) invalid_model("X is (N, C, H, W), not " + shape_to_string(x.shape()));
  if (rois.rank() != 2 || rois.shape()[1] != 5)
    invalid_model("rois is (num_rois, 5): [batch_id, x1, y1, x2, y2], not " + shape_to_string(rois.shape()));
  if (!node.has_attr("pooled_shape")) invalid_model("pooled_shape is required");
  const auto pooled = pool::per_axis(node, "pooled_shape", 2, 1, 1);
  const double scale = node.attr_float("spatial_scale", 1.0f);
  const int64_t n = x.shape()[0], channels = x.shape()[1], height = x.shape()[2], width = x.shape()[3];
  const int64_t count = rois.shape()[0];
  Tensor y(x.dtype(), {count, channels, pooled[0], pooled[1]});
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      auto r = rois.data<T>();
      for (int64_t k = 0; k < count; ++k) {
        const auto v = [&](int f) { return numeric::widen(r[static_cast<size_t>(k * 5 + f)]); };
        const double batch = v(0);
        if (!(batch >= 0 && batch < static_cast<double>(n)))
          invalid_model("rois[" + std::to_string(k) + "]'s batch_id is an index into X's N (" + std::to_string(n) + ")");
        if (batch != std::trunc(batch)) node.mark(Semantics::kImplementationDefined, "a fractional batch_id (truncated)");
        const RoiAxis cols = roi_axis(node, scaled_coordinate(node, v(1), scale), scaled_coordinate(node, v(3), scale),
                                      width, pooled[1]);
        const RoiAxis rows = roi_axis(node, scaled_coordinate(node, v(2), scale), scaled_coordinate(node, v(4), scale),
                                      height, pooled[0]);
        const T* image = x.data<T>().data() + static_cast<int64_t>(batch) * channels * height * width;
        pool_roi(node, image, channels, width, rows, cols, y.data<T>().data() + k * channels * pooled[0] * pooled[1]);
      }
    } else {
      throw std::logic_error("MaxRoiPool on a non-float type");  // the schema check prevents it
    }
  });
  return {std::move(y)};
}

}  // namespace touchstone::ops
