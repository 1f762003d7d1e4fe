// The judges of the geometry family (derivations in reference/ops/geometry/README.md, "How
// backends are judged"): element bounds for GridSample, RoiAlign and AffineGrid, a
// first-order propagation of an honest backend's roundings (u of the type it computes in;
// eta the smallest subnormal); NonMaxSuppression's rows compared as a set.
#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "cases/specs/geometry/geometry_cases.h"
#include "reference/ops/geometry/geometry_exact.h"

namespace touchstone::cases {

namespace {

namespace geo = ops::geometry;

double float_attr_of(const BoundCase& c, const char* name, double fallback) {
  for (const auto& a : c.node.attribute())
    if (a.name() == name) return a.f();
  return fallback;
}

// The pixels an axis's taps may come from when the coordinate c moves by up to dc:
// floor(c - dc) - reach .. floor(c + dc) + 1 + reach, under the padding mode (-1s dropped:
// zeros).
std::vector<int64_t> window_pixels(double c, double dc, int64_t reach, int64_t size, const std::string& padding,
                                   bool align) {
  std::vector<int64_t> out;
  for (auto k = static_cast<int64_t>(std::floor(c - dc)) - reach; k <= static_cast<int64_t>(std::floor(c + dc)) + 1 + reach; ++k) {
    if (k >= 0 && k < size) out.push_back(k);
    else if (padding == "border") out.push_back(std::clamp<int64_t>(k, 0, size - 1));
    else if (padding == "reflection")
      out.push_back(std::clamp<int64_t>(
          geo::floor_of(geo::reflect(geo::Rational(static_cast<long>(k)), geo::reflection_borders(size, align))).get_si(), 0,
          size - 1));
  }
  return out;
}

}  // namespace

// GridSample: per axis the coordinate is off by at most coordinate_tolerance (dc), a linear
// weight by dc + 2u, a cubic one by 1.4 dc + 16u (Keys' kernel has slope at most 1.35 and
// coefficients below 6); a product of r weights (each at most 1 in magnitude) by r times
// that. Y = sum W x over taps drawn from the window the coordinate may move across, so
// |dY| <= (r dw + gamma_n) sum_window |x| + u |Y| + eta. Nearest: exact (0).
std::vector<std::vector<double>> grid_sample_bounds(const BoundCase& c) {
  if (!c.inputs[0] || !c.inputs[1] || c.expected.empty() || !is_float_dtype(c.inputs[0]->dtype())) return {};
  const Tensor& x = *c.inputs[0];
  const Tensor& grid = *c.inputs[1];
  const std::string linear = c.since_version >= 20 ? "linear" : "bilinear";
  const std::string mode = c.string_attr("mode", linear);
  const std::string padding = c.string_attr("padding_mode", "zeros");
  const bool align = c.int_attr("align_corners").value_or(0) == 1;
  const int64_t r = x.rank() - 2, n = x.shape()[0], channels = x.shape()[1];
  std::vector<double> y(static_cast<size_t>(c.expected[0].size()), 0.0);
  if (mode == "nearest") return {y};
  const BoundUnits k(x.dtype()), kg(grid.dtype());
  const double u = std::max(k.u, kg.u);
  const bool cubic = mode != linear;
  const int64_t taps = cubic ? (int64_t{1} << (2 * r)) : (int64_t{1} << r);
  const std::vector<double> xs = values_of(x), gs = values_of(grid), ys = values_of(c.expected[0]);
  const Shape sizes(x.shape().begin() + 2, x.shape().end());
  int64_t image = 1, positions = ys.empty() ? 0 : static_cast<int64_t>(ys.size()) / std::max<int64_t>(n * channels, 1);
  for (int64_t s : sizes) image *= s;
  for (int64_t b = 0; b < n; ++b)
    for (int64_t p = 0; p < positions; ++p) {
      std::vector<std::vector<int64_t>> axes(static_cast<size_t>(r));
      double dw = 0;
      for (int64_t d = 0; d < r; ++d) {
        const double g = gs[static_cast<size_t>((b * positions + p) * r + (r - 1 - d))];
        const int64_t size = sizes[static_cast<size_t>(d)];
        if (!std::isfinite(g)) return {};
        geo::Rational cr = geo::unnormalize(geo::exact(g), size, align);
        if (padding == "border" && !cubic) cr = std::clamp(cr, geo::Rational(0), geo::Rational(static_cast<long>(size - 1)));
        if (padding == "reflection" && !cubic) cr = geo::reflect(cr, geo::reflection_borders(size, align));
        const double dc = geo::coordinate_tolerance(g, size, u);
        dw = std::max(dw, cubic ? 1.4 * dc + 16 * u : dc + 2 * u);
        axes[static_cast<size_t>(d)] = window_pixels(cr.get_d(), dc, cubic ? 1 : 0, size, padding, align);
      }
      for (int64_t ch = 0; ch < channels; ++ch) {
        const size_t at = static_cast<size_t>((b * channels + ch) * positions + p);
        double sum = 0;  // sum of |x| over the window (a pixel as often as it appears)
        std::vector<int64_t> offsets = {0};
        for (size_t d = 0; d < axes.size(); ++d) {
          std::vector<int64_t> next;
          for (int64_t o : offsets)
            for (int64_t i : axes[d]) next.push_back(o * sizes[d] + i);
          offsets = std::move(next);
        }
        for (int64_t o : offsets) sum += std::fabs(xs[static_cast<size_t>((b * channels + ch) * image + o)]);
        y[at] = (static_cast<double>(r) * dw + k.gamma(static_cast<double>(taps + 1))) * sum + k.u * std::fabs(ys[at]) + k.eta;
      }
    }
  return {y};
}

// RoiAlign: a point's coordinate start + bin (b + (i + 1/2)/points) along an axis is off by
// at most 4u (scale (|c1| + |c2|) + |p| + 1) (the scaled corners, their difference, the bin
// size and the point), a bilinear weight by that plus u; a product of the two by the sum; a
// point's value by (dw + gamma_4) sum_taps |x|, the taps those the point may reach within
// its errors; avg: the mean of those plus gamma_(count + 1) of the mean |x|; max: the
// largest point's bound; both plus u |Y| + eta.
std::vector<std::vector<double>> roi_align_bounds(const BoundCase& c) {
  if (!c.inputs[0] || !c.inputs[1] || !c.inputs[2] || c.expected.empty() || c.inputs[0]->rank() != 4) return {};
  const Tensor& x = *c.inputs[0];
  const std::vector<double> xs = values_of(x), rois = values_of(*c.inputs[1]), ys = values_of(c.expected[0]);
  const auto batch = c.inputs[2]->data<int64_t>();
  const BoundUnits k(x.dtype());
  const bool half = c.since_version >= 16 && c.string_attr("coordinate_transformation_mode", "half_pixel") == "half_pixel";
  const bool max_mode = c.string_attr("mode", "avg") == "max";
  const int64_t oh = c.int_attr("output_height").value_or(1), ow = c.int_attr("output_width").value_or(1);
  const int64_t ratio = c.int_attr("sampling_ratio").value_or(0);
  const double scale = float_attr_of(c, "spatial_scale", 1.0);
  const int64_t channels = x.shape()[1], height = x.shape()[2], width = x.shape()[3];
  std::vector<double> out(ys.size(), 0.0);
  const double offset = half ? 0.5 : 0.0;
  for (size_t r = 0; r < batch.size(); ++r) {
    const double* v = &rois[r * 4];
    if (!(std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]) && std::isfinite(v[3]))) continue;
    const double reach_x = scale * (std::fabs(v[0]) + std::fabs(v[2])), reach_y = scale * (std::fabs(v[1]) + std::fabs(v[3]));
    auto axis = [&](double from, double to, int64_t bins) {
      double len = (to - from) * scale;
      if (!half) len = std::max(len, 1.0);
      const double bin = len / static_cast<double>(bins);
      const int64_t points = ratio > 0 ? ratio : static_cast<int64_t>(std::ceil(bin));
      return std::tuple(from * scale - offset, bin, std::max<int64_t>(points, 0));
    };
    const auto [y0, bh, ph] = axis(v[1], v[3], oh);
    const auto [x0, bw, pw] = axis(v[0], v[2], ow);
    const double count = static_cast<double>(std::max<int64_t>(ph * pw, 1));
    for (int64_t ch = 0; ch < channels; ++ch) {
      const double* plane = &xs[static_cast<size_t>((batch[r] * channels + ch) * height * width)];
      for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j) {
          double total = 0, largest = 0, magnitude = 0;
          for (int64_t iy = 0; iy < ph; ++iy)
            for (int64_t ix = 0; ix < pw; ++ix) {
              const double py = y0 + bh * (static_cast<double>(i) + (iy + 0.5) / static_cast<double>(ph));
              const double px = x0 + bw * (static_cast<double>(j) + (ix + 0.5) / static_cast<double>(pw));
              // Per axis: the coordinate within 4u (s(|c1| + |c2|) + |p| + 1), a weight within that plus u;
              // the taps those of floor(p - dc) .. floor(p + dc) + 1.
              const double dy = 4 * k.u * (reach_y + std::fabs(py) + 1), dx = 4 * k.u * (reach_x + std::fabs(px) + 1);
              const double dw = dy + dx + 2 * k.u;
              double taps = 0;
              for (auto a = static_cast<int64_t>(std::floor(py - dy)); a <= static_cast<int64_t>(std::floor(py + dy)) + 1; ++a)
                for (auto b = static_cast<int64_t>(std::floor(px - dx)); b <= static_cast<int64_t>(std::floor(px + dx)) + 1; ++b)
                  taps += std::fabs(plane[std::clamp<int64_t>(a, 0, height - 1) * width + std::clamp<int64_t>(b, 0, width - 1)]);
              const double point = dw * taps + k.gamma(4) * taps;
              total += point;
              magnitude += taps;
              largest = std::max(largest, point);
            }
          const size_t at = static_cast<size_t>(((static_cast<int64_t>(r) * channels + ch) * oh + i) * ow + j);
          out[at] = (max_mode ? largest : total / count + k.gamma(count + 1) * magnitude / count) + k.u * std::fabs(ys[at]) + k.eta;
        }
    }
  }
  return {out};
}

// AffineGrid: a position (2i + 1)/S - 1 or 2i/(S - 1) - 1 in the type is off by at most 2u
// (absolutely: it lies in [-1, 1]); the dot product of theta's row with (position, 1) adds
// gamma_(dims + 2) of its terms: |dY| <= sum_k |theta_k| (2u + gamma |b_k|) + gamma |t| + u|Y|.
std::vector<std::vector<double>> affine_grid_bounds(const BoundCase& c) {
  if (!c.inputs[0] || !c.inputs[1] || c.expected.empty() || c.inputs[0]->rank() != 3) return {};
  const Tensor& theta = *c.inputs[0];
  const int64_t dims = theta.shape()[1], n = theta.shape()[0];
  const std::vector<double> th = values_of(theta), ys = values_of(c.expected[0]);
  const BoundUnits k(theta.dtype());
  const double gamma = k.gamma(static_cast<double>(dims + 2));
  std::vector<double> out(ys.size(), 0.0);
  const int64_t points = n == 0 ? 0 : static_cast<int64_t>(ys.size()) / (n * dims);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t p = 0; p < points; ++p)
      for (int64_t row = 0; row < dims; ++row) {
        const double* t = &th[static_cast<size_t>((b * dims + row) * (dims + 1))];
        double e = gamma * std::fabs(t[dims]);
        for (int64_t j = 0; j < dims; ++j) e += std::fabs(t[j]) * (2 * k.u + gamma);  // |b| <= 1
        const size_t at = static_cast<size_t>((b * points + p) * dims + row);
        out[at] = e + k.u * std::fabs(ys[at]) + k.eta;
      }
  return {out};
}

// NonMaxSuppression: "a set of integers indexing into the input collection": the backend's
// rows [batch, class, box] must be the reference's in any order.
PropertyResult nms_rows_property(const BoundCase& c, const std::vector<Tensor>& actual) {
  if (actual.empty() || c.expected.empty()) return {"no selected_indices", 1};
  auto rows = [](const Tensor& t) {
    std::map<std::array<int64_t, 3>, int64_t> m;
    const auto v = t.data<int64_t>();
    for (size_t i = 0; i + 2 < v.size(); i += 3) ++m[{v[i], v[i + 1], v[i + 2]}];
    return m;
  };
  const auto want = rows(c.expected[0]), got = rows(actual[0]);
  int64_t bad = 0;
  for (const auto& [row, count] : want) {
    const auto it = got.find(row);
    bad += std::abs(count - (it == got.end() ? 0 : it->second));
  }
  for (const auto& [row, count] : got)
    if (!want.count(row)) bad += count;
  if (bad == 0) return {};
  return {"the selected rows differ from the reference's (as a set): " + std::to_string(bad) + " rows", bad};
}

}  // namespace touchstone::cases
