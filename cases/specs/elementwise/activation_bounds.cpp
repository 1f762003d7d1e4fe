// The element bounds of HardSigmoid and HardSwish: piecewise-linear activations whose line
// ONNX writes as alpha * x + beta (HardSwish: x/6 + 1/2) without fixing how it is rounded.
// An honest backend computes the line in the input type T with alpha and beta rounded to T,
// then a product and a sum, in either order or fused: within gamma_3 (|alpha x| + |beta|)
// of the real line (three roundings, first order). Near the line's zero the result cancels,
// so that error is many ulps of the result: a ulp contract would fail such a backend on
// real activations (seen on ONNX Runtime with PaddleOCR's MobileNetV3, where HardSigmoid's
// input sits near -beta/alpha). The clamp to [0, 1] is 1-Lipschitz, so the line's error
// bounds the result's, and where the line is farther from [0, 1]'s edges than that error
// the clamp decides: the result is exact (0 or 1). HardSwish multiplies the clamped line by
// x once more: |x| times the line's error, plus one rounding of the result.
// Non-finite inputs: the exact answer (+-inf clamps, NaN stays NaN).
#include <cmath>

#include "cases/specs/elementwise/elementwise_cases.h"

namespace touchstone::cases {

namespace {

// The allowed error of clamp(alpha x + beta, 0, 1) computed honestly in `k`'s type.
double clamped_line_error(double x, double alpha, double beta, const BoundUnits& k) {
  if (!std::isfinite(x)) return 0;
  const double line = alpha * x + beta;
  const double error = k.gamma(3) * (std::fabs(alpha * x) + std::fabs(beta)) + 2 * k.eta;
  if (line - error >= 1 || line + error <= 0) return 0;  // the clamp decides
  return error;
}

}  // namespace

std::vector<std::vector<double>> hard_sigmoid_element_bounds(const BoundCase& c) {
  if (c.inputs.empty() || !c.inputs[0]) return {};
  const BoundNode view(c);
  const double alpha = view.node.attr_float("alpha", 0.2f), beta = view.node.attr_float("beta", 0.5f);
  const BoundUnits k(c.inputs[0]->dtype());
  std::vector<double> allowed;
  for (double x : values_of(*c.inputs[0])) allowed.push_back(clamped_line_error(x, alpha, beta, k));
  return {allowed};
}

std::vector<std::vector<double>> hard_swish_element_bounds(const BoundCase& c) {
  if (c.inputs.empty() || !c.inputs[0]) return {};
  const BoundUnits k(c.inputs[0]->dtype());
  std::vector<double> allowed;
  for (double x : values_of(*c.inputs[0])) {
    const double line = clamped_line_error(x, 1.0 / 6, 0.5, k);
    const double y = x * std::fmin(1.0, std::fmax(0.0, x / 6 + 0.5));
    allowed.push_back(line == 0 ? 0 : std::fabs(x) * line + k.u * std::fabs(y) + k.eta);  // times 0 or 1: exact
  }
  return {allowed};
}

}  // namespace touchstone::cases
