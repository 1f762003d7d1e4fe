// The element bounds of LayerNormalization, GroupNormalization, MeanVarianceNormalization and
// RMSNormalization (the derivation: cases/specs/norm/README.md, "Judging"). The groups, the
// scale and bias elements are the reference kernels' own (reference/ops/norm/group_standardize.h:
// each op-version's plan), read from the case's node.
//
// The model of an honest backend: stage one (mean, variance, 1/sqrt(v), the normalized value)
// in the stage-one type S (stash_type; T where the op has none), in any summation order and
// with either variance formula (two-pass E[(x - m)^2], as LayerNormalization's body, or
// one-pass E[x^2] - m^2, as GroupNormalization's and MVN's), X cast into S when S is the
// narrower; stage two (times scale, plus bias) in the output type. First order in u_S: a
// group whose variance error reaches half of var + epsilon gets +inf (vacuous).
#include <algorithm>
#include <cmath>
#include <limits>

#include "cases/specs/norm/norm_cases.h"
#include "reference/ops/norm/group_standardize.h"

namespace touchstone::cases {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
// MeanVarianceNormalization's function body adds this to the standard deviation.
constexpr double kBodyEpsilon = 1e-9;

struct StageOne {
  double u = 0;     // the stage-one type's unit roundoff
  double cast = 0;  // X's rounding into it (u when it is narrower than T, else 0)
  bool body_epsilon = false;
};

// One group's normalized values N_i = d_i / sqrt(v) and their errors; Mean's and 1/sqrt(v)'s.
struct GroupBound {
  std::vector<double> value, error;
  double mean = 0, mean_error = 0, inv = 0, inv_error = 0;
  bool vacuous = false;
};

double gamma(double k, double u) { return k * u < 1 ? k * u / (1 - k * u) : kInf; }

GroupBound group_bound(const std::vector<double>& x, bool centered, double eps, const StageOne& s) {
  const auto n = static_cast<double>(x.size());
  long double sum = 0, abs_sum = 0, squares = 0;
  for (double v : x) sum += v, abs_sum += std::fabs(v), squares += static_cast<long double>(v) * v;
  const double m = static_cast<double>(sum / n), a = static_cast<double>(abs_sum / n), q = static_cast<double>(squares / n);
  long double var_sum = 0, dx = 0;
  for (double v : x) var_sum += (v - static_cast<long double>(m)) * (v - m), dx += std::fabs((v - m) * v);
  const double var = static_cast<double>(var_sum / n);
  GroupBound b;
  b.mean = m;
  b.mean_error = gamma(n + 2, s.u) * a;  // n - 1 additions, the division, the cast
  const double e = centered ? b.mean_error : 0;
  double dv = gamma(n + 2, s.u) * q + 2 * s.cast * q;  // RMSNorm: the mean of squares
  if (centered) {
    const double two_pass = gamma(n + 4, s.u) * var + 2 * s.cast * static_cast<double>(dx / n) + e * e;
    const double one_pass = gamma(n + 3, s.u) * q + 2 * s.cast * q + 2 * std::fabs(m) * e + e * e + s.u * (m * m + var);
    dv = std::max(two_pass, one_pass);
  }
  const double v = (centered ? var : q) + eps;
  dv += s.u * (v + std::fabs(eps));  // + epsilon (itself cast to S)
  b.vacuous = !(v > 0) || dv >= 0.5 * v;
  const double root = std::sqrt(v);
  // sqrt and the reciprocal or division: 2u; the function body's 1e-9 on the deviation and its add.
  const double rel = dv / (2 * v) + 2 * s.u + (s.body_epsilon ? kBodyEpsilon / root + s.u : 0);
  b.inv = 1 / root;
  b.inv_error = b.inv * rel;
  for (double xi : x) {
    const double d = centered ? xi - m : xi, value = d / root;
    const double dd = s.cast * std::fabs(xi) + e + s.u * std::fabs(d);  // d's error: the cast, the mean, the subtraction
    b.value.push_back(value);
    b.error.push_back(dd / root + std::fabs(value) * (rel + s.u));
  }
  return b;
}

// The stage-one type of the op-version: stash_type, or T.
StageOne stage_one(const BoundCase& c, DType t) {
  const bool stash = c.node.op_type() != "MeanVarianceNormalization" &&
                     !(c.node.op_type() == "GroupNormalization" && c.since_version < 21);
  DType s = t;
  if (stash) s = dtype_from_code(static_cast<int>(c.int_attr("stash_type").value_or(1))).value_or(DType::kFloat);
  const BoundUnits ks(s), kt(t);
  return {ks.u, ks.u > kt.u ? ks.u : 0, c.node.op_type() == "MeanVarianceNormalization"};
}

}  // namespace

std::vector<std::vector<double>> norm_element_bounds(const BoundCase& c) {
  const BoundNode view(c);
  const std::string& op = c.node.op_type();
  const int v = c.since_version;
  const ops::norm::Plan plan = op == "LayerNormalization"   ? ops::norm::layer_normalization_plan(view.node, view.inputs)
                               : op == "RMSNormalization"   ? ops::norm::rms_normalization_plan(view.node, view.inputs)
                               : op == "GroupNormalization" ? ops::norm::group_normalization_plan(view.node, view.inputs, v >= 21)
                                                            : ops::norm::mean_variance_normalization_plan(view.node, view.inputs, v);
  const Tensor& x = *c.inputs[0];
  const bool scaled = c.inputs.size() > 1 && c.inputs[1];
  const bool biased = c.inputs.size() > 2 && c.inputs[2];
  const DType out_type = c.expected.empty() ? x.dtype() : c.expected[0].dtype();
  const BoundUnits kt(x.dtype()), ko(out_type);
  const StageOne s = stage_one(c, x.dtype());
  const std::vector<double> xv = values_of(x);
  const std::vector<double> sv = scaled ? values_of(*c.inputs[1]) : std::vector<double>{};
  const std::vector<double> bv = biased ? values_of(*c.inputs[2]) : std::vector<double>{};
  const double eps = view.node.attr_float("epsilon", 1e-5f) * (op == "MeanVarianceNormalization" ? 0 : 1);
  std::vector<double> y(xv.size(), 0), means, invs;
  const DType u_type = c.expected.size() > 1 ? c.expected[1].dtype() : x.dtype();
  const BoundUnits ku(u_type);
  std::vector<double> group(plan.offsets.size());
  for (size_t g = 0; g < plan.bases.size(); ++g) {
    bool special = false;
    for (size_t k = 0; k < group.size(); ++k) {
      group[k] = xv[plan.bases[g] + plan.offsets[k]];
      special |= !std::isfinite(group[k]);
    }
    if (special || group.empty()) {  // a NaN result, judged as such
      means.push_back(0);
      invs.push_back(0);
      continue;
    }
    const GroupBound b = group_bound(group, plan.centered, eps, s);
    means.push_back(b.mean_error + ku.u * std::fabs(b.mean) + 2 * ku.eta);
    invs.push_back(b.vacuous ? kInf : b.inv_error + ku.u * b.inv + 2 * ku.eta);
    for (size_t k = 0; k < group.size(); ++k) {
      const int64_t i = plan.bases[g] + plan.offsets[k];
      const double sc = scaled ? sv[plan.scale_at[i]] : 1, bias = biased ? bv[plan.bias_at[i]] : 0;
      const double n_value = b.value[k], yi = std::fabs(sc * n_value + bias);
      // Normalized cast to T, times scale, plus bias (each rounded in the output type), and
      // the reference's own rounding; an underflow in each.
      double err = std::fabs(sc) * b.error[k] + 2 * ko.eta + ko.u * yi;
      if (scaled) err += std::fabs(sc) * kt.u * std::fabs(n_value) + ko.u * std::fabs(sc * n_value) + 2 * ko.eta;
      if (biased) err += ko.u * yi;
      y[i] = b.vacuous || !std::isfinite(sc) || !std::isfinite(bias) ? (std::isfinite(sc * n_value + bias) ? kInf : 0) : err;
    }
  }
  std::vector<std::vector<double>> out = {y};
  if (c.expected.size() > 1) out.push_back(means);
  if (c.expected.size() > 2) out.push_back(invs);
  return out;
}

}  // namespace touchstone::cases
