// Case specs of Normalizer (reference/ops/ml/normalizer.cpp): MAX, L1 and L2 over [N,C]
// and [C] rows of every type T allows, positive rows, a zero row (Y = X), rows with
// negative elements (impl.-defined for L1 and L2: the text's signed sum and |x| / ||x||),
// int64 past 2^53; refusals: X of rank 3, an unknown norm.
// Judging (normalizer_element_bounds), per element of a row of C values with divisor d, for
// a backend that converts X to float and sums in float: MAX 3u|y| (two conversions, one
// division); L1 |y| (g/(1 - g) + 3u) with g = gamma_(C+1) sum|x| / |d| (the float sum's
// error over the divisor; vacuous when g >= 1, as for a sum that cancels to 0); L2
// |y| (gamma_(C+3) + 3u) (squares and their sum of positive terms, the root halves it).
// A zero divisor (Y = X) within u|y|.
#include <cmath>

#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/ml/ml_cases.h"

namespace touchstone::cases {

void normalizer_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  for (DType t : exact::first_param_types(row))
    for (const std::string norm : {"MAX", "L1", "L2"}) {
      const auto attrs = std::vector<onnx::AttributeProto>{make_attr("norm", norm)};
      const std::string n = norm == "MAX" ? "max" : norm == "L1" ? "l1" : "l2";
      Rng rng(seed_of(case_id(row, {t}, n + "_positive_3x5")));
      const Domain positive{.int_lo = 1, .int_hi = 100, .negative = false};
      add(out, n + "_positive_3x5", {random_tensor(rng, t, {3, 5}, positive)}, attrs, {"random"}, "",
          norm == "L2");
      add(out, n + "_rank_1", {random_tensor(rng, t, {6}, positive)}, attrs, {"random"});
      add(out, n + "_zero_row", {tensor_of(t, {2, 3}, {0, 0, 0, 1, 2, 3})}, attrs, {"special-values"});
      add(out, n + "_negative_row", {tensor_of(t, {2, 3}, {-1, 2, 3, 4, -5, 6})}, attrs, {"special-values"});
      add(out, n + "_single_column", {tensor_of(t, {3, 1}, {5, 1, 7})}, attrs, {"random"});
      add(out, n + "_empty", {tensor_of(t, {0, 4}, {})}, attrs, {"empty"});
      if (t == DType::kInt64) {
        Tensor big(DType::kInt64, {2, 2});
        auto d = big.data<int64_t>();
        d[0] = (int64_t{1} << 60) + 1, d[1] = 3, d[2] = (int64_t{1} << 54) + 1, d[3] = (int64_t{1} << 54) - 1;
        add(out, n + "_past_2p53", {big}, attrs, {"special-values"});
      }
    }
  for (DType t : exact::first_param_types(row)) {
    add(out, "refuse_rank_3", {tensor_of(t, {1, 2, 2}, {1, 2, 3, 4})}, {}, {"shape"},
        row.label() + ": X must be [N,C] or [C]");
    add(out, "refuse_norm_l3", {tensor_of(t, {2}, {1, 2})}, {make_attr("norm", std::string("L3"))},
        {"attribute"}, row.label() + ": norm is one of MAX, L1, L2");
  }
}

std::vector<std::vector<double>> normalizer_element_bounds(const BoundCase& c) {
  const Tensor& x = *c.inputs.at(0);
  const std::vector<double> xs = values_of(x), ys = values_of(c.expected.at(0));
  const std::string norm = c.string_attr("norm", "MAX");
  const BoundUnits k(DType::kFloat);
  std::vector<double> bound(ys.size(), 0.0);
  if (x.rank() == 0 || ys.empty()) return {bound};
  const size_t cols = static_cast<size_t>(x.shape().back());
  for (size_t r = 0; r * cols < ys.size(); ++r) {
    double sum = 0, sum_abs = 0, squares = 0, max = xs[r * cols];
    for (size_t j = 0; j < cols; ++j) {
      const double v = xs[r * cols + j];
      sum += v, sum_abs += std::fabs(v), squares += v * v, max = std::max(max, v);
    }
    const double divisor = norm == "MAX" ? max : norm == "L1" ? sum : squares;
    double relative = 3 * k.u;
    if (divisor == 0) {
      relative = k.u;
    } else if (norm == "L1") {
      const double g = k.gamma(static_cast<double>(cols) + 1) * sum_abs / std::fabs(sum);
      relative = g >= 1 ? INFINITY : g / (1 - g) + 3 * k.u;
    } else if (norm == "L2") {
      relative = k.gamma(static_cast<double>(cols) + 3) + 3 * k.u;
    }
    for (size_t j = 0; j < cols; ++j)
      bound[r * cols + j] = std::isinf(relative) ? INFINITY : relative * std::fabs(ys[r * cols + j]) + k.eta;
  }
  return {bound};
}

}  // namespace touchstone::cases
