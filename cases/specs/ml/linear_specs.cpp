// Case specs of LinearRegressor and LinearClassifier (reference/ops/ml/linear.cpp), every
// type T (T1) allows: each post_transform over [3,4] rows with three targets or classes
// (PROBIT's scores kept inside (0, 1)), a 1-D X, a SOFTMAX_ZERO row with a zero score,
// int64 past 2^53, string and int labels, one set of coefficients with two labels
// (impl.-defined); refusals: coefficients not a multiple of C or not T C, intercepts of the
// wrong count, an unknown post_transform, X of rank 3, labels missing, both label lists,
// labels of the wrong count.
// Judging (linear_element_bounds): a backend's score s_t is within
//   E_t = gamma_(C+1) (sum_c |x_c w_tc| + |b_t|) + c u sum_c |x_c w_tc|
// (a float dot product, c = 1 when X is converted to float first), carried through the
// transform: NONE E + u|y|; LOGISTIC E (y(1 - y) + u) e^E + 4u|y| (the slope of the
// logistic, a library exp); SOFTMAX and SOFTMAX_ZERO y (e^(2 E_max) - 1 + (n + 8) u) (each
// difference s_j - s_i moves by at most 2 E_max; exps, the sum and the quotient round);
// PROBIT 1.1 E sqrt(2 pi) e^(y^2/2) + 4u|y| (the quantile's slope 1/phi(y)). Labels
// exactly.
#include <cmath>

#include "cases/specs/core/exact_helpers.h"
#include "cases/specs/ml/ml_attributes.h"
#include "cases/specs/ml/ml_cases.h"

namespace touchstone::cases {

namespace {

using Attrs = std::vector<onnx::AttributeProto>;

std::vector<float> draw(Rng& rng, size_t n, const Domain& d) {
  const Tensor t = random_tensor(rng, DType::kFloat, {static_cast<int64_t>(n)}, d);
  return {t.data<float>().begin(), t.data<float>().end()};
}

const Domain kProbitWeights{.exp_lo = -7, .exp_hi = -5, .negative = false};
const Domain kProbitX{.int_lo = 0, .int_hi = 3, .exp_lo = -3, .exp_hi = -1, .negative = false};

}  // namespace

void linear_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  const bool classifier = row.op == "LinearClassifier";
  for (DType t : exact::first_param_types(row)) {
    auto attrs = [&](std::vector<float> w, std::vector<float> b, const std::string& post, int64_t outputs,
                     bool strings = false) {
      Attrs a = {make_attr("coefficients", w), make_attr("post_transform", post)};
      if (!b.empty()) a.push_back(make_attr("intercepts", b));
      if (!classifier) {
        a.push_back(make_attr("targets", outputs));
      } else if (strings) {
        std::vector<std::string> labels;
        for (int64_t i = 0; i < std::max<int64_t>(outputs, 2); ++i)
          labels.push_back("class_" + std::to_string(i));
        a.push_back(make_strings_attr("classlabels_strings", labels));
      } else {
        std::vector<int64_t> labels;
        for (int64_t i = 0; i < std::max<int64_t>(outputs, 2); ++i) labels.push_back(100 + 7 * i);
        a.push_back(make_attr("classlabels_ints", labels));
      }
      return a;
    };
    // The classifier's label type (T2, an output-only type) named for coverage.
    auto tags = [&](const std::string& tag, bool strings) {
      std::vector<std::string> t = {tag};
      if (classifier) t.push_back(strings ? "output:string" : "output:int64");
      return t;
    };
    for (const std::string post : {"NONE", "LOGISTIC", "SOFTMAX", "SOFTMAX_ZERO", "PROBIT"}) {
      std::string name = post;
      for (auto& ch : name) ch = static_cast<char>(std::tolower(ch));
      name += "_3x4";
      Rng rng(seed_of(case_id(row, {t}, name)));
      const bool probit = post == "PROBIT";
      const Tensor x = random_tensor(rng, t, {3, 4}, probit ? kProbitX : Domain{.int_lo = -5, .int_hi = 5});
      const std::vector<float> w = draw(rng, 12, probit ? kProbitWeights : Domain{}),
                               b = probit ? std::vector<float>{0.125f, 0.25f, 0.0625f} : draw(rng, 3, {});
      add(out, name, {x}, attrs(w, b, post, 3, post == "SOFTMAX"), tags("random", post == "SOFTMAX"), "",
          post == "NONE" || post == "SOFTMAX");
    }
    Rng rng(seed_of(case_id(row, {t}, "rank_1")));
    add(out, "rank_1", {random_tensor(rng, t, {5}, Domain{.int_lo = -5, .int_hi = 5})},
        attrs(draw(rng, classifier ? 10 : 5, {}), {}, "NONE", classifier ? 2 : 1), tags("random", false));
    // Scores 0, 1, 0 for the zero row: SOFTMAX_ZERO keeps the zeros at 0.
    add(out, "softmax_zero_zero_scores", {tensor_of(t, {2, 2}, {0, 0, 1, 2})},
        attrs({1, 1, 0.5f, -0.25f, 2, 0}, {0, 1, 0}, "SOFTMAX_ZERO", 3), tags("special-values", false));
    if (classifier)
      add(out, "one_set_two_labels", {tensor_of(t, {3, 2}, {2, 1, 1, 2, 1, 1})},
          attrs({1, -1}, {}, "NONE", 1, true), tags("special-values", true));
    if (t == DType::kInt64) {
      Tensor big(DType::kInt64, {1, 2});
      big.data<int64_t>()[0] = (int64_t{1} << 60) + 1, big.data<int64_t>()[1] = 3;
      add(out, "past_2p53", {big}, attrs({1, 0.5f, 0.5f, 1}, {-0x1p60f, -0x1p59f}, "NONE", 2),
          {"special-values"});
    }
    const Tensor x = tensor_of(t, {2, 2}, {1, 2, 3, 4});
    add(out, "refuse_coefficient_count", {x}, attrs({1, 2, 3}, {}, "NONE", 2), {"attribute"},
        row.label() + ": coefficients must be a whole number of rows of C");
    add(out, "refuse_intercept_count", {x}, attrs({1, 2, 3, 4}, {1, 2, 3}, "NONE", 2), {"attribute"},
        row.label() + ": intercepts must be none or one per output");
    add(out, "refuse_post_transform", {x}, attrs({1, 2, 3, 4}, {}, "EXP", 2), {"attribute"},
        row.label() + ": post_transform is one of NONE, LOGISTIC, SOFTMAX, SOFTMAX_ZERO, PROBIT");
    add(out, "refuse_rank_3", {tensor_of(t, {1, 2, 2}, {1, 2, 3, 4})}, attrs({1, 2, 3, 4}, {}, "NONE", 2),
        {"shape"}, row.label() + ": X must be [N,C] or [C]");
    if (classifier) {
      add(out, "refuse_no_labels", {x}, {make_attr("coefficients", std::vector<float>{1, 2, 3, 4})},
          {"attribute"}, row.label() + ": one and only one label list");
      Attrs both = attrs({1, 2, 3, 4}, {}, "NONE", 2);
      both.push_back(make_strings_attr("classlabels_strings", {"a", "b"}));
      add(out, "refuse_both_labels", {x}, both, {"attribute"}, row.label() + ": one and only one label list");
      add(out, "refuse_label_count", {x}, attrs({1, 2, 3, 4, 5, 6}, {}, "NONE", 2), {"attribute"},
          row.label() + ": one label per class");
    }
  }
}

double post_transform_bound(const std::string& post, double y, double e, double max_err, size_t outs) {
  if (!std::isfinite(y)) return 0;
  const BoundUnits k(DType::kFloat);
  double d = 0;
  if (post == "NONE")
    d = e + k.u * std::fabs(y);
  else if (post == "LOGISTIC")
    d = e * (y * (1 - y) + k.u) * std::exp(e) + 4 * k.u * std::fabs(y);
  else if (post == "PROBIT")
    d = 1.1 * e * std::sqrt(2 * M_PI) * std::exp(y * y / 2) + 4 * k.u * std::fabs(y);
  else
    d = std::fabs(y) * (std::expm1(2 * max_err) + (static_cast<double>(outs) + 8) * k.u);
  return d + k.eta;
}

std::vector<std::vector<double>> linear_element_bounds(const BoundCase& c) {
  const Tensor& x = *c.inputs.at(0);
  const std::vector<double> xs = values_of(x);
  const Tensor& scores = c.expected.back();
  const std::vector<double> ys = values_of(scores);
  const std::vector<float> w = floats_attr(c.node, "coefficients"), b = floats_attr(c.node, "intercepts");
  const std::string post = c.string_attr("post_transform", "NONE");
  const BoundUnits k(DType::kFloat);
  const double convert = x.dtype() == DType::kFloat ? 0.0 : 1.0;
  const size_t cols = x.rank() == 0 ? 0 : static_cast<size_t>(x.shape().back());
  const size_t outs = scores.rank() == 2 ? static_cast<size_t>(scores.shape()[1]) : 1;
  std::vector<double> bound(ys.size(), 0.0);
  for (size_t r = 0; r * outs < ys.size(); ++r) {
    std::vector<double> err(outs, 0.0);
    double max_err = 0;
    for (size_t t = 0; t < outs && (t + 1) * cols <= w.size(); ++t) {
      double magnitude = 0;
      for (size_t j = 0; j < cols; ++j) magnitude += std::fabs(xs[r * cols + j] * w[t * cols + j]);
      err[t] = k.gamma(static_cast<double>(cols) + 1) * (magnitude + (b.empty() ? 0 : std::fabs(b[t]))) +
               convert * k.u * magnitude;
      max_err = std::max(max_err, err[t]);
    }
    for (size_t t = 0; t < outs; ++t)
      bound[r * outs + t] = post_transform_bound(post, ys[r * outs + t], err[t], max_err, outs);
  }
  if (c.expected.size() == 1) return {bound};
  return {std::vector<double>(values_of(c.expected[0]).size(), 0.0), bound};
}

}  // namespace touchstone::cases
