// RoiAlign-10 (no pixel shift: output_half_pixel), 16 (coordinate_transformation_mode
// half_pixel, the default, or output_half_pixel; 22 shares it: +bfloat16).
//
// Per roi (x1, y1, x2, y2) of image batch_indices[r] and per channel, the roi (coordinates
// times spatial_scale, minus 1/2 with half_pixel) is cut into output_height x
// output_width bins; each bin holds a grid of sampling_ratio x sampling_ratio points (0:
// ceil(roi_height / output_height) x ceil(roi_width / output_width), the text's adaptive
// count) at the centres of equal sub-bins; each point's value is the bilinear interpolation
// of X there, and the bin's value their average (avg) or largest (max: the text's "the value
// of the sampled locations are computed directly through bilinear interpolation", pooled).
// Everything exact (rationals), rounded once.
//
// What ONNX leaves open (marked implementation-defined, the reference's answer: Detectron's,
// which ONNX Runtime and ONNX's reference follow):
// - a point outside X's pixel centres [0, S - 1]: within one pixel of X (down to -1, up to
//   S) clamped to the border pixel, beyond that 0;
// - output_half_pixel (and 10): a roi less than one pixel wide or high is widened to 1;
// - half_pixel: a roi with x2 < x1 or y2 < y1 (negative bins, as they are);
// - an adaptive grid of no points (a roi of zero height or width): the bin is 0;
// - an adaptive count whose quotient lies within float rounding of an integer (the exact
//   ceiling), a roi or X holding NaN or an infinity (IEEE arithmetic: 0 x inf is NaN).
// Refused: X not 4-D, rois not (num_rois, 4), batch_indices not (num_rois) or outside [0, N),
// negative output sizes (0: an empty Y), a negative sampling_ratio, an unknown mode.
#include <string>
#include <vector>

#include "reference/error.h"
#include "reference/ops/geometry/geometry_exact.h"
#include "reference/ops/geometry/geometry_ops.h"

namespace touchstone::ops {

namespace {

using geometry::Rational;

struct RoiAlignSetup {
  bool half_pixel = false, max_mode = false;
  int64_t out_h = 1, out_w = 1, ratio = 0;
  Rational scale;
};

RoiAlignSetup roi_align_setup(const Node& node, bool has_mode_attribute) {
  RoiAlignSetup s;
  if (has_mode_attribute) {
    const std::string m = node.attr_string("coordinate_transformation_mode", "half_pixel");
    if (m != "half_pixel" && m != "output_half_pixel")
      invalid_model("coordinate_transformation_mode is half_pixel or output_half_pixel, not " + m);
    s.half_pixel = m == "half_pixel";
  }
  const std::string mode = node.attr_string("mode", "avg");
  if (mode != "avg" && mode != "max") invalid_model("mode is avg or max, not " + mode);
  s.max_mode = mode == "max";
  s.out_h = node.attr_int("output_height", 1);
  s.out_w = node.attr_int("output_width", 1);
  if (s.out_h < 0 || s.out_w < 0) invalid_model("output_height and output_width are not negative");
  s.ratio = node.attr_int("sampling_ratio", 0);
  if (s.ratio < 0) invalid_model("sampling_ratio is 0 (adaptive) or positive");
  const double scale = node.attr_float("spatial_scale", 1.0f);
  if (!std::isfinite(scale)) invalid_model("spatial_scale is finite");
  s.scale = geometry::exact(scale);
  return s;
}

// One axis of one roi: where it starts, its bin size and sampling points per bin.
struct RoiSpan {
  Rational start, bin;
  int64_t points = 0, extent = 0;
  Rational point(int64_t b, int64_t i) const { return start + bin * b + bin * Rational(2 * i + 1, 2 * points); }
};

RoiSpan roi_span(const Node& node, const RoiAlignSetup& s, double from, double to, int64_t bins, int64_t extent) {
  const Rational offset = s.half_pixel ? Rational(1, 2) : Rational(0);
  RoiSpan a;
  a.start = geometry::exact(from) * s.scale - offset;
  Rational length = geometry::exact(to) * s.scale - offset - a.start;
  if (!s.half_pixel && length < 1) {
    node.mark(Semantics::kImplementationDefined, "output_half_pixel: a roi under one pixel widened to 1");
    length = 1;
  }
  if (length < 0) node.mark(Semantics::kImplementationDefined, "half_pixel: a roi with x2 < x1 or y2 < y1");
  a.bin = length / bins;
  a.extent = extent;
  if (s.ratio > 0) {
    a.points = s.ratio;
  } else {
    const Rational per_bin = length / bins;
    const mpz_class whole = geometry::floor_of(per_bin);
    const Rational gap = per_bin - Rational(whole);
    a.points = std::max<long>(0, (gap == 0 ? whole : mpz_class(whole + 1)).get_si());
    const Rational near = std::min(gap, Rational(1 - gap));
    if (gap != 0 && near * 65536 <= std::max(Rational(abs(per_bin)), Rational(1)))
      node.mark(Semantics::kImplementationDefined, "an adaptive count whose quotient is within float rounding of an integer");
  }
  return a;
}

// The bilinear taps of a point along one axis (Detectron's rule outside the centres); empty: 0.
std::vector<std::pair<int64_t, Rational>> bilinear_taps(const Node& node, Rational y, int64_t extent) {
  const Rational last(static_cast<long>(extent - 1));
  if (y < 0 || y > last) {
    node.mark(Semantics::kImplementationDefined, "a sampling point outside X's pixel centres (clamped within a pixel, 0 beyond)");
    if (y < -1 || y > last + 1 || extent == 0) return {};
    y = std::clamp(y, Rational(0), last);
  }
  const mpz_class low = geometry::floor_of(y);
  if (low >= extent - 1) return {{extent - 1, Rational(1)}};
  const Rational t = y - Rational(low);
  return {{low.get_si(), 1 - t}, {low.get_si() + 1, t}};
}

// One bin's value over one channel plane: the exact average or largest of its points.
template <class T>
T roi_bin(const Node& node, const RoiAlignSetup& s, const T* plane, int64_t width, const RoiSpan& rows,
          const RoiSpan& cols, int64_t i, int64_t j) {
  const int64_t count = rows.points * cols.points;
  if (count == 0) {
    node.mark(Semantics::kImplementationDefined, "an adaptive grid of no points (0)");
    return numeric::narrow<T>(0.0);
  }
  Rational sum(0), best;
  bool nan = false, plus_inf = false, minus_inf = false, first = true;
  for (int64_t iy = 0; iy < rows.points; ++iy) {
    const auto ty = bilinear_taps(node, rows.point(i, iy), rows.extent);
    for (int64_t ix = 0; ix < cols.points; ++ix) {
      const auto tx = bilinear_taps(node, cols.point(j, ix), cols.extent);
      Rational value(0);
      for (const auto& [r, wr] : ty)
        for (const auto& [c, wc] : tx) {
          const double v = numeric::widen(plane[r * width + c]);
          if (!std::isfinite(v)) {
            node.mark(Semantics::kImplementationDefined, "NaN or an infinity in X under a sampling point");
            if (std::isnan(v) || wr * wc == 0) nan = true;
            else (v > 0 ? plus_inf : minus_inf) = true;
            continue;
          }
          value += wr * wc * geometry::exact(v);
        }
      if (first || value > best) best = value;
      first = false;
      sum += value;
    }
  }
  if (nan || (plus_inf && minus_inf)) return numeric::narrow<T>(NAN);
  if (plus_inf || minus_inf) return numeric::narrow<T>(plus_inf ? INFINITY : -INFINITY);
  return geometry::rounded_as<T>(s.max_mode ? best : Rational(sum / count));
}

Tensors roi_align(const Node& node, const Inputs& in, bool has_mode_attribute) {
  const Tensor& x = in[0];
  const Tensor& rois = in[1];
  const Tensor& batch = in[2];
  if (x.rank() != 4) invalid_model("X is (N, C, H, W), not " + shape_to_string(x.shape()));
  if (rois.rank() != 2 || rois.shape()[1] != 4)
    invalid_model("rois is (num_rois, 4): [x1, y1, x2, y2], not " + shape_to_string(rois.shape()));
  const int64_t count = rois.shape()[0];
  if (batch.rank() != 1 || batch.shape()[0] != count)
    invalid_model("batch_indices is (num_rois) = (" + std::to_string(count) + "), not " + shape_to_string(batch.shape()));
  const RoiAlignSetup s = roi_align_setup(node, has_mode_attribute);
  const int64_t n = x.shape()[0], channels = x.shape()[1], height = x.shape()[2], width = x.shape()[3];
  Tensor y(x.dtype(), {count, channels, s.out_h, s.out_w});
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (is_real_float<T>) {
      const T* r = rois.data<T>().data();
      for (int64_t k = 0; k < count; ++k) {
        const int64_t b = batch.data<int64_t>()[static_cast<size_t>(k)];
        if (b < 0 || b >= n) invalid_model("batch_indices[" + std::to_string(k) + "] is an index into X's N (" + std::to_string(n) + ")");
        double v[4];
        for (int f = 0; f < 4; ++f) v[f] = numeric::widen(r[k * 4 + f]);
        T* out = y.data<T>().data() + k * channels * s.out_h * s.out_w;
        if (!(std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]) && std::isfinite(v[3]))) {
          node.mark(Semantics::kUndefined, "a NaN or infinite roi coordinate (NaN)");
          std::fill(out, out + channels * s.out_h * s.out_w, numeric::narrow<T>(NAN));
          continue;
        }
        const RoiSpan rows = roi_span(node, s, v[1], v[3], s.out_h, height);
        const RoiSpan cols = roi_span(node, s, v[0], v[2], s.out_w, width);
        node.record_terms(4 * rows.points * cols.points);
        for (int64_t c = 0; c < channels; ++c) {
          const T* plane = x.data<T>().data() + (b * channels + c) * height * width;
          for (int64_t i = 0; i < s.out_h; ++i)
            for (int64_t j = 0; j < s.out_w; ++j)
              out[(c * s.out_h + i) * s.out_w + j] = roi_bin(node, s, plane, width, rows, cols, i, j);
        }
      }
    } else {
      throw std::logic_error("RoiAlign on a non-float type");  // the schema check prevents it
    }
  });
  return {std::move(y)};
}

}  // namespace

Tensors roi_align_v10(const Node& node, const Inputs& in) { return roi_align(node, in, false); }
Tensors roi_align_v16(const Node& node, const Inputs& in) { return roi_align(node, in, true); }

}  // namespace touchstone::ops
