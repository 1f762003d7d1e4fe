// Element bounds of Resize and Upsample (cases/judging.h): the model of an honest backend that
// computes each axis's coordinate and weights in float32 and the weighted sum in the output
// type (unit roundoff u), in any order. With D axes, each element is
//   y = sum over the taps' combinations c of W_c x_c,  W_c = product over the axes of w_d.
// A backend's weights w^_d = w_d + e_d with |e_d| <= the tap's error (resample_plan.cpp: the
// coordinate's float32 error times the kernel's slope plus the weight's own evaluation,
// renormalized where the filter is), so to first order
//   |W^_c - W_c| <= sum_d e_d prod_{d' != d} |w_d'| + (D - 1) u32 |W_c|
// and the sum of n = |c| products adds gamma_{n + 2D} sum |W_c x_c| (a separable backend's
// intermediate roundings weigh at most the same magnitudes), plus u|y| for the last rounding:
//   |y^ - y| <= sum_c |x_c| E_c + gamma_{n + 2D} sum_c |W_c| |x_c| + u |y| + n eta.
// A nearest pick and an extrapolated element are exact (0).
#include <cmath>

#include "cases/specs/core/bound_node.h"
#include "cases/specs/resample/resample_cases.h"
#include "reference/ops/core/index_space.h"
#include "reference/ops/resample/resample_rules.h"

namespace touchstone::cases {

namespace {

using ops::resample::AxisPlan;
using ops::resample::AxisSample;

double combination_bound(const std::vector<const AxisSample*>& samples, const Shape& strides, const std::vector<double>& x,
                         const BoundUnits& k, double expected) {
  const size_t dims = samples.size();
  std::vector<size_t> at(dims, 0);
  double moved = 0, weighted = 0, n = 0;
  while (true) {
    int64_t offset = 0;
    double w = 1, e = 0;
    for (size_t d = 0; d < dims; ++d) {
      const auto& t = samples[d]->taps[at[d]];
      offset += t.index * strides[d];
      const double wd = std::fabs(t.weight.get_d());
      e = e * wd + t.error * w;  // sum_d e_d prod_{d' != d} |w_d'|, built axis by axis
      w *= wd;
    }
    e += static_cast<double>(dims) * ops::resample::kCoordinateRoundoff * w;
    const double v = std::fabs(x[static_cast<size_t>(offset)]);
    moved += v * e;
    weighted += v * w;
    n += 1;
    size_t d = dims;
    while (d > 0 && ++at[d - 1] == samples[d - 1]->taps.size()) at[--d] = 0;
    if (d == 0) break;
  }
  return 1.01 * moved + k.gamma(n + 2 * static_cast<double>(dims)) * weighted + k.u * std::fabs(expected) + n * k.eta;
}

}  // namespace

std::vector<std::vector<double>> resample_element_bounds(const BoundCase& c) {
  const NodeView view(c);
  const Tensor& x = *c.inputs[0];
  const bool resize = c.node.op_type() == "Resize";
  const auto p = resize ? ops::resample::resize_plan(view.node, view.inputs, c.since_version)
                        : ops::resample::upsample_plan(view.node, view.inputs, c.since_version);
  const std::vector<double> expected = values_of(c.expected.at(0));
  if (p.options.mode == ops::resample::Mode::kNearest || !is_float_dtype(x.dtype()))
    return {std::vector<double>(expected.size(), 0.0)};
  std::vector<AxisPlan> plans;
  for (const auto& a : p.requests) plans.push_back(ops::resample::axis_plan(view.node, a, p.options));
  Shape out_shape;
  for (const AxisPlan& plan : plans) out_shape.push_back(static_cast<int64_t>(plan.size()));
  const Shape strides = ops::core::strides_of(x.shape());
  const std::vector<double> xv = values_of(x);
  const BoundUnits k(x.dtype());
  std::vector<double> out;
  std::vector<const AxisSample*> samples(plans.size());
  for (const ops::core::Index& at : ops::core::IndexSpace(out_shape)) {
    bool extrapolate = false, empty = false;
    for (size_t d = 0; d < plans.size(); ++d) {
      samples[d] = &plans[d][static_cast<size_t>(at[d])];
      extrapolate = extrapolate || samples[d]->extrapolate;
      empty = empty || samples[d]->taps.empty();
    }
    out.push_back(extrapolate || empty ? 0.0 : combination_bound(samples, strides, xv, k, expected[out.size()]));
  }
  return {out};
}

}  // namespace touchstone::cases
