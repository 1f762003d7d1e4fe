// Det's element bound (bounds.h has the derivation): the cofactors times the backward error
// of partial-pivoting elimination, with the growth factor that elimination saw on the
// case's own matrix.
#include <algorithm>
#include <cmath>
#include <limits>

#include "cases/specs/linalg/linalg_cases.h"
#include "cases/specs/reduce/bounds.h"

namespace touchstone::cases {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

struct Elimination {
  long double det = 1;
  long double largest = 0;  // max |a_ij^(k)| over every stage k (the input included)
};

// Partial pivoting in long double: the cofactors a bound is stated in need no more than a
// few correct digits, and the growth is that of the elimination a backend is expected to run.
Elimination eliminate(std::vector<long double> a, int64_t n) {
  Elimination e;
  for (long double v : a) e.largest = std::max(e.largest, std::fabs(v));
  for (int64_t c = 0; c < n; ++c) {
    int64_t p = c;
    for (int64_t r = c + 1; r < n; ++r)
      if (std::fabs(a[r * n + c]) > std::fabs(a[p * n + c])) p = r;
    if (a[p * n + c] == 0) {
      e.det = 0;
      return e;
    }
    if (p != c) {
      for (int64_t j = 0; j < n; ++j) std::swap(a[p * n + j], a[c * n + j]);
      e.det = -e.det;
    }
    e.det *= a[c * n + c];
    for (int64_t r = c + 1; r < n; ++r) {
      const long double f = a[r * n + c] / a[c * n + c];
      for (int64_t j = c; j < n; ++j) {
        a[r * n + j] -= f * a[c * n + j];
        e.largest = std::max(e.largest, std::fabs(a[r * n + j]));
      }
    }
  }
  return e;
}

}  // namespace

double det_growth(std::span<const double> a, int64_t n) {
  const Elimination e = eliminate({a.begin(), a.end()}, n);
  long double amax = 0;
  for (double v : a) amax = std::max(amax, static_cast<long double>(std::fabs(v)));
  return amax == 0 ? 1.0 : static_cast<double>(e.largest / amax);
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
      cofactors += static_cast<double>(std::fabs(eliminate(minor, n - 1).det));
    }
  const double det = static_cast<double>(std::fabs(eliminate({a.begin(), a.end()}, n).det));
  const double nd = static_cast<double>(n);
  const double backward = k.gamma(nd) * nd * det_growth(a, n) * amax;
  const double bound = cofactors * backward + (k.gamma(nd) + k.u) * det;
  return std::isfinite(bound) ? bound * 1.01 : kInf;  // 1%: the cofactors' own approximation
}

std::vector<std::vector<double>> det_element_bounds(const BoundCase& c) {
  const Tensor& x = *c.inputs[0];
  const std::vector<double> v = values_of(x);
  const int64_t m = x.shape().back(), size = m * m;
  int64_t batch = 1;
  for (size_t k = 0; k + 2 < x.shape().size(); ++k) batch *= x.shape()[k];
  std::vector<double> out;
  for (int64_t b = 0; b < batch; ++b) {
    if (size == 0) {
      out.push_back(0);  // the empty product, 1 exactly
      continue;
    }
    const std::span<const double> a(v.data() + b * size, static_cast<size_t>(size));
    const bool finite = std::all_of(a.begin(), a.end(), [](double e) { return std::isfinite(e); });
    out.push_back(finite ? det_bound(a, m, x.dtype()) : 0);
  }
  return {out};
}

}  // namespace touchstone::cases
