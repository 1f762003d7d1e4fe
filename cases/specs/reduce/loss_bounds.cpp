// The element bounds of NegativeLogLikelihoodLoss and SoftmaxCrossEntropyLoss (bounds.h has
// the derivations): per sample for reduction none, one bound for sum and mean, and
// SoftmaxCrossEntropyLoss's log_prob output along C.
#include <algorithm>
#include <cmath>
#include <limits>

#include "cases/specs/reduce/reduce_cases.h"
#include "cases/specs/reduce/bounds.h"

namespace touchstone::cases {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// log softmax along C of x (N, C, D), in double: the values the losses pick.
std::vector<double> log_softmax_along_c(const std::vector<double>& xv, int64_t n, int64_t c, int64_t d) {
  std::vector<double> ls(xv);
  for (int64_t o = 0; o < n; ++o)
    for (int64_t i = 0; i < d; ++i) {
      double m = -kInf, s = 0;
      for (int64_t j = 0; j < c; ++j) m = std::max(m, xv[(o * c + j) * d + i]);
      for (int64_t j = 0; j < c; ++j) s += std::exp(xv[(o * c + j) * d + i] - m);
      for (int64_t j = 0; j < c; ++j) ls[(o * c + j) * d + i] = xv[(o * c + j) * d + i] - m - std::log(s);
    }
  return ls;
}

std::vector<std::vector<double>> loss_bounds(const BoundCase& l, bool sce) {
  if (l.inputs.size() < 2 || !l.inputs[1]) return {};
  const Tensor& x = *l.inputs[0];
  const DType t = x.dtype();
  const BoundUnits k(t);
  const std::vector<double> xv = values_of(x), target = values_of(*l.inputs[1]);
  std::vector<double> weight;
  if (l.inputs.size() > 2 && l.inputs[2]) weight = values_of(*l.inputs[2]);
  const int64_t n = x.shape()[0], c = x.shape()[1], d = x.size() / std::max<int64_t>(1, n * c);
  std::vector<double> ls(xv), ls_bound(xv.size(), 0);  // the picked values and their errors
  if (sce) {
    ls_bound = per_row(xv, {n, c, d}, log_softmax_row_bounds, t);
    ls = log_softmax_along_c(xv, n, c, d);
  }
  const auto ignore = l.int_attr("ignore_index");
  const std::string reduction = l.string_attr("reduction", "mean");
  std::vector<double> per_sample(static_cast<size_t>(n * d), 0);
  double err = 0, sum_l = 0, sum_w = 0, sum_abs_w = 0, total = 0;
  for (int64_t j = 0; j < n * d; ++j) {
    const auto cls = static_cast<int64_t>(target[j]);
    if (ignore && cls == *ignore) continue;
    const double w = weight.empty() ? 1 : weight[cls];
    const int64_t at = (j / d) * c * d + cls * d + j % d;
    const double loss = -ls[at] * w;
    per_sample[j] = std::fabs(w) * ls_bound[at] + 2 * k.u * std::fabs(loss);
    err += std::fabs(w) * ls_bound[at] + k.u * std::fabs(loss);
    sum_l += std::fabs(loss);
    total += loss;
    sum_w += w;
    sum_abs_w += std::fabs(w);
  }
  const double samples = static_cast<double>(n * d);
  std::vector<std::vector<double>> out;
  if (reduction == "none") {
    out.push_back(per_sample);
  } else {
    const double e_sum = err + k.gamma(samples) * sum_l;
    double b = e_sum + 2 * k.u * std::fabs(total);
    if (reduction == "mean") {
      const double y = std::fabs(total / sum_w);
      const double rel_w = k.gamma(samples) * sum_abs_w / std::fabs(sum_w);
      b = rel_w >= 0.5 || sum_w == 0 ? kInf : e_sum / std::fabs(sum_w) + y * rel_w + 2 * k.u * y;
    }
    out.push_back({std::isnan(b) ? kInf : b});
  }
  if (sce && l.expected.size() > 1) out.push_back(ls_bound);
  return out;
}

}  // namespace

std::vector<std::vector<double>> nll_element_bounds(const BoundCase& c) { return loss_bounds(c, false); }
std::vector<std::vector<double>> sce_element_bounds(const BoundCase& c) { return loss_bounds(c, true); }

}  // namespace touchstone::cases
