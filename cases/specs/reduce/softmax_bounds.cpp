// The element bounds of Softmax, LogSoftmax, ReduceLogSum and ReduceLogSumExp (bounds.h has
// their derivations). The rows and reduction sets are the reference kernels' own
// (reduce_plan.h: each version's axis rules), read from the case's node.
#include <algorithm>
#include <cmath>
#include <limits>

#include "cases/specs/reduce/reduce_cases.h"
#include "cases/specs/reduce/bounds.h"
#include "cases/specs/core/bound_node.h"
#include "reference/ops/reduce/reduce_plan.h"

namespace touchstone::cases {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// What a softmax row's bounds are stated in: the exact (double) softmax and its weights.
struct Row {
  std::vector<double> d, y;  // x - max, softmax
  double log_s = 0;          // log sum exp(d)
  double dbar = 0;           // sum_j y_j |d_j|
  int64_t n = 0;
};

Row row_of(std::span<const double> x) {
  Row r;
  r.n = static_cast<int64_t>(x.size());
  const double m = *std::max_element(x.begin(), x.end());
  double s = 0;
  for (double v : x) {
    r.d.push_back(v == -kInf ? -kInf : v - m);
    s += std::exp(r.d.back());
  }
  r.log_s = std::log(s);
  for (double d : r.d) {
    r.y.push_back(std::exp(d) / s);
    if (d != -kInf) r.dbar += r.y.back() * std::fabs(d);
  }
  return r;
}

// The relative error s^ carries: each exp (phi, and u|d_j| from d_j's rounding), the sum
// (gamma_n), and underflowed exps (eta each, against s >= 1).
double sum_error(const Row& r, const BoundUnits& k) {
  return k.phi + k.u * r.dbar + k.gamma(static_cast<double>(r.n)) + static_cast<double>(r.n) * k.eta;
}

// Each element's bound in one row: element(i, k, r, rho) with the row's units, its shifted
// values and its sum's relative error (Softmax's and LogSoftmax's common part).
template <class F>
std::vector<double> row_bounds(std::span<const double> x, DType dtype, const F& element) {
  const BoundUnits k(dtype);
  const Row r = row_of(x);
  const double rho = sum_error(r, k);
  std::vector<double> out;
  for (int64_t i = 0; i < r.n; ++i) out.push_back(element(i, k, r, rho));
  return out;
}

std::vector<std::vector<double>> normalization_bounds(const BoundCase& c,
                                                      std::vector<double> (*f)(std::span<const double>, DType)) {
  const BoundNode view(c);
  const Tensor& x = *c.inputs[0];
  const auto r = ops::reduce::softmax_rows(view.node, x.shape(), c.since_version);
  return {per_row(values_of(x), {r.outer, r.length, r.inner}, f, x.dtype())};
}

std::vector<std::vector<double>> reduction_bounds(const BoundCase& c, double (*f)(std::span<const double>, DType)) {
  const BoundNode view(c);
  const auto plan = ops::reduce::reduction_plan(view.node, view.inputs, c.since_version);
  const Tensor& x = *c.inputs[0];
  const std::vector<double> v = values_of(x);
  std::vector<double> out, members;
  std::vector<int64_t> index;
  for (size_t o = 0; o < plan.bases.size(); ++o) {
    ops::reduce::members_of(plan, o, index);
    members.clear();
    for (int64_t k : index) members.push_back(v[k]);
    out.push_back(f(members, x.dtype()));
  }
  return {out};
}

}  // namespace

double first_order(double relative, double bound) { return relative >= 0.5 || std::isnan(bound) ? kInf : bound; }

std::vector<double> per_row(const std::vector<double>& x, const BoundRows& r,
                            std::vector<double> (*f)(std::span<const double>, DType), DType dtype) {
  std::vector<double> out(x.size(), 0), row;
  for (int64_t o = 0; o < r.outer; ++o)
    for (int64_t i = 0; i < r.inner; ++i) {
      const int64_t base = o * r.len * r.inner + i;
      row.clear();
      bool special = false, any_finite = false;
      for (int64_t k = 0; k < r.len; ++k) {
        const double v = x[base + k * r.inner];
        row.push_back(v);
        any_finite |= std::isfinite(v);
        special |= std::isnan(v) || v == kInf;
      }
      if (special || !any_finite) continue;
      const std::vector<double> b = f(std::span<const double>(row), dtype);
      for (int64_t k = 0; k < r.len; ++k) out[base + k * r.inner] = b[k];
    }
  return out;
}

std::vector<double> softmax_row_bounds(std::span<const double> x, DType dtype) {
  return row_bounds(x, dtype, [](int64_t i, const BoundUnits& k, const Row& r, double rho) {
    const double rel = k.phi + k.u * std::fabs(r.d[i]) + rho + 3 * k.u;
    return r.d[i] == -kInf ? 2 * k.eta : first_order(rel, r.y[i] * rel + 2 * k.eta);
  });
}

std::vector<double> log_softmax_row_bounds(std::span<const double> x, DType dtype) {
  return row_bounds(x, dtype, [](int64_t i, const BoundUnits& k, const Row& r, double rho) {
    if (r.d[i] == -kInf) return 0.0;  // -inf exactly: judged as an infinity
    const double y = std::fabs(r.d[i] - r.log_s);
    const double shifted = k.u * std::fabs(r.d[i]) + rho + k.phi * r.log_s + k.u * y;
    const double of_softmax = k.phi + k.u * std::fabs(r.d[i]) + rho + 2 * k.u + k.phi * y;
    return first_order(rho, std::max(shifted, of_softmax) + k.u * y);
  });
}

double log_sum_bound(std::span<const double> x, DType dtype) {
  const BoundUnits k(dtype);
  double s = 0, m = 0;
  for (double v : x) {
    s += v;
    m += std::fabs(v);
  }
  if (!(s > 0) || !std::isfinite(m)) return 0;  // NaN or -inf expected: judged as such
  const double rel = k.gamma(static_cast<double>(x.size())) * m / s;
  const double y = std::fabs(std::log(s));
  return first_order(rel, rel + k.phi * y + 2 * k.u * y);
}

double log_sum_exp_bound(std::span<const double> x, DType dtype) {
  if (x.empty() || std::all_of(x.begin(), x.end(), [](double v) { return v == -kInf; })) return 0;
  const BoundUnits k(dtype);
  const Row r = row_of(x);
  const double rho = k.phi + k.gamma(static_cast<double>(r.n)) + static_cast<double>(r.n) * k.eta;
  const double y = std::fabs(*std::max_element(x.begin(), x.end()) + r.log_s);
  return first_order(rho, k.u * r.dbar + rho + k.phi * std::max(r.log_s, y) + 2 * k.u * y);
}

std::vector<std::vector<double>> softmax_element_bounds(const BoundCase& c) {
  return normalization_bounds(c, softmax_row_bounds);
}
std::vector<std::vector<double>> log_softmax_element_bounds(const BoundCase& c) {
  return normalization_bounds(c, log_softmax_row_bounds);
}
std::vector<std::vector<double>> log_sum_element_bounds(const BoundCase& c) { return reduction_bounds(c, log_sum_bound); }
std::vector<std::vector<double>> log_sum_exp_element_bounds(const BoundCase& c) {
  return reduction_bounds(c, log_sum_exp_bound);
}

}  // namespace touchstone::cases
