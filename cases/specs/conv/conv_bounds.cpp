// Element bounds of DeformConv and CausalConvWithState (cases/judging.h), the model of an
// honest backend: the op's steps in the output type (unit roundoff u), in any order.
//
// DeformConv: every term W * mask * bilinear(X) takes, besides the sum's own Cg K (+1 with B)
// additions, 2^r - 1 additions over the corners, r products and one subtraction (1 - f) for a
// corner's weight and one product each by X, mask and W: n = Cg K (+1) + 2^r + r + 2 roundings
// on the weighted magnitudes M = |B| + sum |W| |mask| sum_corner w |X_corner| (the weights are
// nonnegative, so M is the sum of the terms' magnitudes). The sampling point p = o s - pad + k
// dilation + offset is itself rounded to T, and its fraction f with it: |df| <= u (|p| + 2) per
// axis, which moves a sample by at most |df| times the sum of |X| over its corners. So
//   |y^ - y| <= gamma_n M + sum_{terms} |W| |mask| sum_d u (|p_d| + 2) sum_corners |X| + u|y| + n eta
// (eta the smallest subnormal: products that underflow in T).
// CausalConvWithState: the sum bound gamma_n M + u|y|, n = k (+1 with bias), M = |b| + sum |w| |s|.
// With silu/swish the sum's error passes through silu, whose slope lies in [-0.1, 1.1], and
// sigmoid and the product add phi + 2u relative (phi: a library exp within kFunctionUlps):
//   1.1 gamma_{n+1} M + (phi + 3u) |y| + 2 eta.
// present_state is a copy: exact (0).
#include <cmath>

#include "cases/specs/conv/conv_cases.h"
#include "cases/specs/core/bound_node.h"
#include "reference/ops/conv/deform_sampling.h"
#include "reference/ops/core/index_space.h"

namespace touchstone::cases {

namespace {

// The magnitudes of one (channel, tap) sample: its weighted sum M and the sampling point's share P.
struct SampleMagnitude {
  double weighted = 0, moved = 0;
};

SampleMagnitude sample_magnitude(const ops::conv::DeformPlan& p, const std::vector<double>& image, const ops::core::Index& o,
                                 const ops::core::Index& tap, const std::vector<double>& offsets, double u) {
  SampleMagnitude s;
  std::vector<ops::conv::AxisSample> axes;
  double point_error = 0;
  for (int64_t a = 0; a < p.rank; ++a) {
    const int64_t base = p.g.axes[a].position(o[a], tap[a]);
    axes.push_back(ops::conv::axis_sample(base, offsets[a]));
    if (axes.back().outside) return s;
    point_error += u * (std::fabs(static_cast<double>(base) + offsets[a]) + 2);
  }
  for (int64_t corner = 0; corner < (int64_t{1} << p.rank); ++corner) {
    int64_t at = 0;
    double w = 1;
    bool inside = true;
    for (int64_t a = 0; a < p.rank; ++a) {
      const bool high = (corner >> (p.rank - 1 - a)) & 1;
      const int64_t i = axes[a].low + (high ? 1 : 0);
      inside = inside && i >= 0 && i < p.g.axes[a].in;
      at = at * p.g.axes[a].in + i;
      w *= axes[a].weight(high);
    }
    if (!inside) continue;
    const double x = std::fabs(image[at]);
    s.weighted += w * x;
    s.moved += point_error * x;
  }
  return s;
}

}  // namespace

std::vector<std::vector<double>> deform_conv_element_bounds(const BoundCase& c) {
  const NodeView view(c);
  const ops::conv::DeformPlan p = ops::conv::deform_plan(view.node, view.inputs);
  const BoundUnits k(c.inputs[0]->dtype());
  const auto x = values_of(*c.inputs[0]), w = values_of(*c.inputs[1]), off = values_of(*c.inputs[2]);
  const std::vector<double> b = c.inputs.size() > 3 && c.inputs[3] ? values_of(*c.inputs[3]) : std::vector<double>{};
  const std::vector<double> mask = c.inputs.size() > 4 && c.inputs[4] ? values_of(*c.inputs[4]) : std::vector<double>{};
  const int64_t cg = p.channels / p.groups, mg = p.out_channels / p.groups, per_og = p.channels / p.offset_groups;
  const double n = static_cast<double>(cg * p.taps + (b.empty() ? 0 : 1) + (int64_t{1} << p.rank) + p.rank + 2);
  const std::vector<double> expected = values_of(c.expected.at(0));
  std::vector<double> out, image(static_cast<size_t>(p.in_image)), offsets(static_cast<size_t>(p.rank));
  for (int64_t bn = 0; bn < p.batch; ++bn)
    for (int64_t m = 0; m < p.out_channels; ++m)
      ops::core::for_each_index(p.g.out_spatial, [&](int64_t flat_o, const ops::core::Index& o) {
        double weighted = b.empty() ? 0 : std::fabs(b[m]), moved = 0;
        for (int64_t ch = (m / mg) * cg; ch < (m / mg + 1) * cg; ++ch) {
          std::copy_n(x.begin() + (bn * p.channels + ch) * p.in_image, p.in_image, image.begin());
          const int64_t og = ch / per_og;
          for (int64_t t = 0; t < p.taps; ++t) {
            for (int64_t a = 0; a < p.rank; ++a)
              offsets[a] = off[((bn * p.offset_groups * p.taps + og * p.taps + t) * p.rank + a) * p.out_image + flat_o];
            const double factor = std::fabs(w[(m * cg + ch % cg) * p.taps + t]) *
                                  (mask.empty() ? 1.0 : std::fabs(mask[(bn * p.offset_groups * p.taps + og * p.taps + t) * p.out_image + flat_o]));
            const SampleMagnitude s = sample_magnitude(p, image, o, ops::core::unravel(t, p.g.kernel), offsets, k.u);
            weighted += factor * s.weighted;
            moved += factor * s.moved;
          }
        }
        const double e = std::fabs(expected[out.size()]);
        out.push_back(k.gamma(n) * weighted + 1.01 * moved + k.u * e + n * k.eta);
      });
  return {out};
}

std::vector<std::vector<double>> causal_conv_element_bounds(const BoundCase& c) {
  const Tensor& input = *c.inputs[0];
  const int64_t batch = input.shape()[0], channels = input.shape()[1], len = input.shape()[2];
  const int64_t k = c.inputs[1]->shape()[2];
  const auto x = values_of(input), w = values_of(*c.inputs[1]);
  const bool has_bias = c.inputs.size() > 2 && c.inputs[2], has_state = c.inputs.size() > 3 && c.inputs[3];
  const std::vector<double> b = has_bias ? values_of(*c.inputs[2]) : std::vector<double>{};
  const std::vector<double> state = has_state ? values_of(*c.inputs[3]) : std::vector<double>{};
  const bool silu = c.string_attr("activation", "none") != "none";
  const BoundUnits u(input.dtype());
  const double n = static_cast<double>(k + (has_bias ? 1 : 0));
  const std::vector<double> expected = values_of(c.expected.at(0));
  std::vector<double> out, seq;
  for (int64_t row = 0; row < batch * channels; ++row) {
    const int64_t ch = row % channels;
    seq.assign(static_cast<size_t>(k - 1), 0.0);
    if (has_state) std::copy_n(state.begin() + row * (k - 1), k - 1, seq.begin());
    seq.insert(seq.end(), x.begin() + row * len, x.begin() + (row + 1) * len);
    for (int64_t t = 0; t < len; ++t) {
      double m = has_bias ? std::fabs(b[ch]) : 0;
      for (int64_t j = 0; j < k; ++j) m += std::fabs(w[ch * k + j] * seq[t + j]);
      const double e = std::fabs(expected[out.size()]);
      out.push_back(silu ? 1.1 * u.gamma(n + 1) * m + (u.phi + 3 * u.u) * e + 2 * u.eta : u.gamma(n) * m + u.u * e);
    }
  }
  return {out, std::vector<double>(static_cast<size_t>(batch * channels * (k - 1)), 0.0)};
}

}  // namespace touchstone::cases
