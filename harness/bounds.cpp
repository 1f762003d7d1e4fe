// The per-element bound formulas (bounds.h has their derivations).
#include "harness/bounds.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "harness/compare.h"

namespace touchstone::harness {

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

// A first-order bound holds while the relative perturbation it describes is small.
double first_order(double relative, double bound) { return relative >= 0.5 || std::isnan(bound) ? kInf : bound; }

// Determinant of an n x n matrix (row-major) by partial pivoting in long double: the
// cofactors a bound is stated in need no more than a few correct digits.
long double det_approx(std::vector<long double> a, int64_t n) {
  long double det = 1;
  for (int64_t c = 0; c < n; ++c) {
    int64_t p = c;
    for (int64_t r = c + 1; r < n; ++r)
      if (std::fabs(a[r * n + c]) > std::fabs(a[p * n + c])) p = r;
    if (a[p * n + c] == 0) return 0;
    if (p != c) {
      for (int64_t j = 0; j < n; ++j) std::swap(a[p * n + j], a[c * n + j]);
      det = -det;
    }
    det *= a[c * n + c];
    for (int64_t r = c + 1; r < n; ++r) {
      const long double f = a[r * n + c] / a[c * n + c];
      for (int64_t j = c; j < n; ++j) a[r * n + j] -= f * a[c * n + j];
    }
  }
  return det;
}

}  // namespace

BoundUnits::BoundUnits(DType dtype)
    : u(unit_roundoff(dtype)), phi(8 * unit_roundoff(dtype)), eta(ulp_at(0, dtype)) {}

double BoundUnits::gamma(double n) const {
  const double nu = n * u;
  return nu < 1 ? nu / (1 - nu) : kInf;
}

bool has_element_bounds(const std::string& op) {
  return op == "Softmax" || op == "LogSoftmax" || op == "ReduceLogSum" || op == "ReduceLogSumExp" ||
         op == "SoftmaxCrossEntropyLoss" || op == "NegativeLogLikelihoodLoss" || op == "Det";
}

std::vector<double> softmax_row_bounds(std::span<const double> x, DType dtype) {
  const BoundUnits k(dtype);
  const Row r = row_of(x);
  const double rho = sum_error(r, k);
  std::vector<double> out;
  for (int64_t i = 0; i < r.n; ++i) {
    const double rel = k.phi + k.u * std::fabs(r.d[i]) + rho + 3 * k.u;
    out.push_back(r.d[i] == -kInf ? 2 * k.eta : first_order(rel, r.y[i] * rel + 2 * k.eta));
  }
  return out;
}

std::vector<double> log_softmax_row_bounds(std::span<const double> x, DType dtype) {
  const BoundUnits k(dtype);
  const Row r = row_of(x);
  const double rho = sum_error(r, k);
  std::vector<double> out;
  for (int64_t i = 0; i < r.n; ++i) {
    if (r.d[i] == -kInf) {
      out.push_back(0);  // -inf exactly: judged as an infinity
      continue;
    }
    const double y = std::fabs(r.d[i] - r.log_s);
    const double shifted = k.u * std::fabs(r.d[i]) + rho + k.phi * r.log_s + k.u * y;
    const double of_softmax = k.phi + k.u * std::fabs(r.d[i]) + rho + 2 * k.u + k.phi * y;
    out.push_back(first_order(rho, std::max(shifted, of_softmax) + k.u * y));
  }
  return out;
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

double det_bound(std::span<const double> a, int64_t n, DType dtype) {
  const BoundUnits k(dtype);
  if (n <= 1) return n == 1 ? k.u * std::fabs(a[0]) : 0;  // one element: the conversion's rounding
  double amax = 0;
  for (double v : a) amax = std::max(amax, std::fabs(v));
  // Cofactor magnitudes |C_ij| = |det(A without row i, column j)|.
  double cofactors = 0;
  std::vector<long double> minor;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) {
      minor.clear();
      for (int64_t r = 0; r < n; ++r)
        for (int64_t c = 0; c < n; ++c)
          if (r != i && c != j) minor.push_back(a[r * n + c]);
      cofactors += static_cast<double>(std::fabs(det_approx(minor, n - 1)));
    }
  const double det = static_cast<double>(std::fabs(det_approx({a.begin(), a.end()}, n)));
  const double nd = static_cast<double>(n);
  const double backward = k.gamma(nd) * nd * std::ldexp(1.0, static_cast<int>(n - 1)) * amax;
  const double bound = cofactors * backward + (k.gamma(nd) + k.u) * det;
  return std::isfinite(bound) ? bound * 1.01 : kInf;  // 1%: the cofactors' own approximation
}

}  // namespace touchstone::harness
