// Case specs of SVMRegressor (reference/ops/ml/svm.cpp), every type T allows: each kernel
// (LINEAR, POLY, RBF, SIGMOID) over [3,4] rows with three support vectors, each
// post_transform (PROBIT with RBF scores kept inside (0, 1)), one_class, a 1-D X,
// n_supports = 0 (impl.-defined: one linear model), int64 past 2^53; refusals: an unknown kernel_type or
// post_transform, kernel_params not of 3, support_vectors or coefficients of the wrong
// count, rho not of one value, X of rank 3.
// Judging (svm_element_bounds): a float evaluation of the text's formula. With
// M = sum_c |x_c v_c| and d = x . v, a backend's d is within e_d = gamma_(C+1) M (+ u M
// when X is converted to float); t = gamma d + coef0 within e_t = |gamma| e_d + u(|gamma
// d| + |t|); the kernel value K within e_K: LINEAR e_d; POLY (|t| + e_t)^deg - |t|^deg;
// SIGMOID e_t (tanh's slope is at most 1); RBF K expm1(|gamma| e_D + u |gamma| D) for
// D = |x - v|^2 within e_D = gamma_(C+2) D (+ 2u sum |x| |x - v| + u^2 sum x^2 converted);
// each plus 4u K (a library function). The score s = sum c_i K_i + rho within
// E = (1 + gamma_(n+1)) sum |c_i| e_K_i + gamma_(n+1)(sum |c_i K_i| + |rho|), carried
// through the transform as LinearRegressor's (post_transform_bound); one_class's +-1
// exactly where |s| > E, else either. The oracle here is double arithmetic, its own error
// far below these bounds, which are widened by 1% for it.
#include <algorithm>
#include <cmath>
#include <numeric>

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

const Domain kSmall{.int_lo = -3, .int_hi = 3, .exp_lo = -3, .exp_hi = 0};

Attrs svm_attrs(const std::string& kernel, std::vector<float> params, std::vector<float> vectors,
                std::vector<float> coefficients, std::vector<float> rho, int64_t supports,
                const std::string& post = "NONE", int64_t one_class = 0) {
  Attrs a = {make_attr("kernel_type", kernel), make_attr("coefficients", coefficients), make_attr("rho", rho),
             make_attr("n_supports", supports), make_attr("post_transform", post)};
  // n_supports = 0 has none (ONNX's checker refuses an empty float list).
  if (!vectors.empty()) a.push_back(make_attr("support_vectors", vectors));
  if (!params.empty()) a.push_back(make_attr("kernel_params", params));
  if (one_class != 0) a.push_back(make_attr("one_class", one_class));
  return a;
}

std::vector<float> params_of(const std::string& kernel) {
  if (kernel == "POLY") return {0.5f, 1, 3};
  if (kernel == "RBF") return {0.25f, 0, 0};
  if (kernel == "SIGMOID") return {0.25f, -0.5f, 0};
  return {0, 0, 0};  // LINEAR: zeros given (ONNX Runtime requires the list); absent elsewhere
}

}  // namespace

void svm_regressor_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  for (DType t : exact::first_param_types(row)) {
    for (const std::string kernel : {"LINEAR", "POLY", "RBF", "SIGMOID"}) {
      std::string name = kernel;
      for (auto& ch : name) ch = static_cast<char>(std::tolower(ch));
      name += "_3x4";
      Rng rng(seed_of(case_id(row, {t}, name)));
      const Tensor x = random_tensor(rng, t, {3, 4}, kSmall);
      add(out, name, {x},
          svm_attrs(kernel, params_of(kernel), draw(rng, 12, kSmall), draw(rng, 3, {}), draw(rng, 1, {}), 3),
          {"random"}, "", kernel == "RBF");
    }
    for (const std::string post : {"LOGISTIC", "SOFTMAX", "SOFTMAX_ZERO", "PROBIT"}) {
      std::string name = post;
      for (auto& ch : name) ch = static_cast<char>(std::tolower(ch));
      name += "_rbf";
      Rng rng(seed_of(case_id(row, {t}, name)));
      const Tensor x = random_tensor(rng, t, {3, 4}, kSmall);
      // PROBIT: positive coefficients below 1/4 and rho 1/8 keep s inside (0, 1).
      const bool probit = post == "PROBIT";
      add(out, name, {x},
          svm_attrs("RBF", params_of("RBF"), draw(rng, 12, kSmall),
                    draw(rng, 3, probit ? Domain{.exp_lo = -5, .exp_hi = -3, .negative = false} : Domain{}),
                    {probit ? 0.125f : -0.5f}, 3, post),
          {"random"});
    }
    Rng rng(seed_of(case_id(row, {t}, "one_class")));
    add(out, "one_class", {random_tensor(rng, t, {6, 2}, kSmall)},
        svm_attrs("RBF", {1, 0, 0}, {0, 0, 1, 1}, {1, 1}, {-0.5f}, 2, "NONE", 1), {"random"});
    add(out, "rank_1", {random_tensor(rng, t, {4}, kSmall)},
        svm_attrs("POLY", {1, 0, 2}, draw(rng, 8, kSmall), {1, -1}, {0.5f}, 2), {"random"});
    add(out, "no_supports", {tensor_of(t, {2, 2}, {1, 2, 3, 4})},
        svm_attrs("LINEAR", {}, {}, {0.5f, -1}, {2}, 0), {"special-values"});
    if (t == DType::kInt64) {
      Tensor big(DType::kInt64, {1, 2});
      big.data<int64_t>()[0] = (int64_t{1} << 60) + 1, big.data<int64_t>()[1] = 3;
      add(out, "past_2p53", {big}, svm_attrs("LINEAR", {}, {1, 0.5f}, {1}, {-0x1p60f}, 1),
          {"special-values"});
    }
    const Tensor x = tensor_of(t, {2, 2}, {1, 2, 3, 4});
    const std::vector<float> v = {1, 0, 0, 1};
    add(out, "refuse_kernel_type", {x}, svm_attrs("CUBIC", {}, v, {1, 1}, {0}, 2), {"attribute"},
        row.label() + ": kernel_type is one of LINEAR, POLY, RBF, SIGMOID");
    add(out, "refuse_kernel_params", {x}, svm_attrs("RBF", {1, 0}, v, {1, 1}, {0}, 2), {"attribute"},
        row.label() + ": kernel_params holds gamma, coef0, degree");
    add(out, "refuse_vector_count", {x}, svm_attrs("LINEAR", {}, {1, 0, 0}, {1, 1}, {0}, 2), {"attribute"},
        row.label() + ": support_vectors holds n_supports rows of C");
    add(out, "refuse_coefficient_count", {x}, svm_attrs("LINEAR", {}, v, {1}, {0}, 2), {"attribute"},
        row.label() + ": one coefficient per support vector");
    add(out, "refuse_rho_count", {x}, svm_attrs("LINEAR", {}, v, {1, 1}, {}, 2), {"attribute"},
        row.label() + ": rho holds one value");
    add(out, "refuse_post_transform", {x}, svm_attrs("LINEAR", {}, v, {1, 1}, {0}, 2, "EXP"), {"attribute"},
        row.label() + ": post_transform is one of NONE, LOGISTIC, SOFTMAX, SOFTMAX_ZERO, PROBIT");
    add(out, "refuse_rank_3", {tensor_of(t, {1, 2, 2}, {1, 2, 3, 4})},
        svm_attrs("LINEAR", {}, v, {1, 1}, {0}, 2), {"shape"}, row.label() + ": X must be [N,C] or [C]");
  }
}

namespace {

struct ClassifierModel {
  std::string kernel;
  std::vector<int64_t> per_class;
  std::vector<std::string> strings;  // empty: int labels 10, 20, ...
  std::string post = "NONE";
  bool probabilities = false;
};

// A random one-vs-one model over C features, its labels and, with probabilities, prob_a
// below 0 (a larger score, a likelier first class) and prob_b near 0.
Attrs classifier_attrs(Rng& rng, const ClassifierModel& m, int64_t cols) {
  const int64_t classes = static_cast<int64_t>(m.per_class.size());
  int64_t total = 0;
  for (int64_t n : m.per_class) total += n;
  const size_t pairs = static_cast<size_t>(classes * (classes - 1) / 2);
  Attrs a = {make_attr("kernel_type", m.kernel),
             make_attr("vectors_per_class", m.per_class),
             make_attr("support_vectors", draw(rng, static_cast<size_t>(total * cols), kSmall)),
             make_attr("coefficients", draw(rng, static_cast<size_t>((classes - 1) * total), {})),
             make_attr("rho", draw(rng, pairs, {})),
             make_attr("post_transform", m.post)};
  a.push_back(make_attr("kernel_params", params_of(m.kernel)));
  if (m.strings.empty()) {
    std::vector<int64_t> labels;
    for (int64_t i = 0; i < classes; ++i) labels.push_back(10 * (i + 1));
    a.push_back(make_attr("classlabels_ints", labels));
  } else {
    a.push_back(make_strings_attr("classlabels_strings", m.strings));
  }
  if (m.probabilities) {
    std::vector<float> prob_a = draw(rng, pairs, Domain{.exp_lo = 0, .exp_hi = 1, .negative = false});
    for (float& v : prob_a) v = -v;
    a.push_back(make_attr("prob_a", prob_a));
    a.push_back(make_attr("prob_b", draw(rng, pairs, Domain{.exp_lo = -4, .exp_hi = -2})));
  }
  return a;
}

}  // namespace

// Every classifier case is implementation-defined (Z's layout or the coupling), so the
// random ones are tagged drawn-model, not random (random cases are defined ones).
void svm_classifier_cases(const CatalogRow& row, std::vector<CaseDraft>& out) {
  using exact::add;
  const std::vector<std::string> abc = {"a", "b", "c"};
  const std::vector<std::pair<std::string, ClassifierModel>> models = {
      {"linear_3_classes", {"LINEAR", {2, 1, 2}, {}}},
      {"rbf_3_classes_strings", {"RBF", {2, 1, 2}, abc}},
      {"poly_2_classes", {"POLY", {2, 2}, {}}},
      {"sigmoid_logistic", {"SIGMOID", {1, 2, 1}, {}, "LOGISTIC"}},
      {"rbf_softmax", {"RBF", {2, 1, 2}, abc, "SOFTMAX"}},
      {"rbf_probabilities", {"RBF", {2, 1, 2}, {}, "NONE", true}},
      {"linear_probabilities_2_classes", {"LINEAR", {2, 1}, {"no", "yes"}, "NONE", true}},
  };
  for (DType t : exact::first_param_types(row)) {
    for (const auto& [name, model] : models) {
      Rng rng(seed_of(case_id(row, {t}, name)));
      const Tensor x = random_tensor(rng, t, {4, 3}, kSmall);
      add(out, name, {x}, classifier_attrs(rng, model, 3),
          {"drawn-model", model.strings.empty() ? "output:int64" : "output:string"}, "",
          name == "linear_3_classes" || name == "rbf_3_classes_strings");
    }
    Rng rng(seed_of(case_id(row, {t}, "rank_1")));
    add(out, "rank_1", {random_tensor(rng, t, {3}, kSmall)}, classifier_attrs(rng, {"RBF", {1, 1}, {}}, 3),
        {"drawn-model", "output:int64"});
    // Scores from rho alone: 0 beats 1, 2 beats 0, 1 beats 2: one vote each (impl.-defined).
    const Attrs tie = {make_attr("vectors_per_class", std::vector<int64_t>{1, 1, 1}),
                       make_attr("support_vectors", std::vector<float>{1, 1, 1}),
                       make_attr("coefficients", std::vector<float>(6, 0.0f)),
                       make_attr("rho", std::vector<float>{1, -1, 1}),
                       make_strings_attr("classlabels_strings", abc)};
    add(out, "vote_tie", {tensor_of(t, {1, 1}, {1})}, tie, {"special-values", "output:string"});
    const Tensor x = tensor_of(t, {2, 2}, {1, 2, 3, 4});
    auto valid = [&] {
      return Attrs{make_attr("vectors_per_class", std::vector<int64_t>{1, 1}),
                   make_attr("support_vectors", std::vector<float>{1, 0, 0, 1}),
                   make_attr("coefficients", std::vector<float>{1, -1}),
                   make_attr("rho", std::vector<float>{0}),
                   make_attr("classlabels_ints", std::vector<int64_t>{0, 1})};
    };
    auto with = [&](const std::string& name, onnx::AttributeProto replacement) {
      Attrs a = valid();
      for (auto& attr : a)
        if (attr.name() == name) attr = replacement;
      if (std::none_of(a.begin(), a.end(), [&](const auto& attr) { return attr.name() == name; }))
        a.push_back(replacement);
      return a;
    };
    add(out, "refuse_both_labels", {x},
        with("classlabels_strings", make_strings_attr("classlabels_strings", {"a", "b"})), {"attribute"},
        row.label() + ": one and only one label list");
    add(out, "refuse_vectors_per_class", {x},
        with("vectors_per_class", make_attr("vectors_per_class", std::vector<int64_t>{1, 1, 0})),
        {"attribute"}, row.label() + ": one count of support vectors per class");
    add(out, "refuse_vector_count", {x},
        with("support_vectors", make_attr("support_vectors", std::vector<float>{1, 0, 0})), {"attribute"},
        row.label() + ": support_vectors holds the vectors' rows of C");
    add(out, "refuse_coefficient_count", {x},
        with("coefficients", make_attr("coefficients", std::vector<float>{1})), {"attribute"},
        row.label() + ": coefficients holds (classes - 1) rows of the vectors");
    add(out, "refuse_rho_count", {x}, with("rho", make_attr("rho", std::vector<float>{0, 1})), {"attribute"},
        row.label() + ": rho holds one value per pair of classes");
    add(out, "refuse_prob_b_missing", {x}, with("prob_a", make_attr("prob_a", std::vector<float>{-1})),
        {"attribute"}, row.label() + ": prob_a and prob_b are of one size");
    add(out, "refuse_kernel_type", {x}, with("kernel_type", make_attr("kernel_type", std::string("CUBIC"))),
        {"attribute"}, row.label() + ": kernel_type is one of LINEAR, POLY, RBF, SIGMOID");
    add(out, "refuse_rank_3", {tensor_of(t, {1, 2, 2}, {1, 2, 3, 4})}, valid(), {"shape"},
        row.label() + ": X must be [N,C] or [C]");
  }
}

namespace {

// A kernel value K(x, v) as a double (far more precise than the bound) and the error e_K
// a float evaluation of it may make (the derivation at the top).
struct KernelEstimate {
  double value = 0, error = 0;
};

struct SvmBoundModel {
  std::string kernel = "LINEAR";
  double gamma = 0, coef0 = 0, degree = 0, convert = 0;
  size_t cols = 0;
};

SvmBoundModel svm_bound_model(const BoundCase& c, bool linear) {
  SvmBoundModel m;
  m.kernel = linear ? "LINEAR" : c.string_attr("kernel_type", "LINEAR");
  std::vector<float> params = floats_attr(c.node, "kernel_params");
  params.resize(3, 0);
  m.gamma = params[0], m.coef0 = params[1], m.degree = params[2];
  const Tensor& x = *c.inputs.at(0);
  m.convert = x.dtype() == DType::kFloat ? 0.0 : 1.0;
  m.cols = x.rank() == 0 ? 0 : static_cast<size_t>(x.shape().back());
  return m;
}

KernelEstimate kernel_estimate(const SvmBoundModel& m, const double* x, const float* v) {
  const BoundUnits k(DType::kFloat);
  double dot = 0, mag = 0, dist = 0, cross = 0, squares = 0;
  for (size_t j = 0; j < m.cols; ++j) {
    dot += x[j] * v[j], mag += std::fabs(x[j] * v[j]), dist += (x[j] - v[j]) * (x[j] - v[j]);
    cross += std::fabs(x[j]) * std::fabs(x[j] - v[j]), squares += x[j] * x[j];
  }
  const double e_d = k.gamma(static_cast<double>(m.cols) + 1) * mag + m.convert * k.u * mag;
  const double t = m.gamma * dot + m.coef0;
  const double e_t = std::fabs(m.gamma) * e_d + k.u * (std::fabs(m.gamma * dot) + std::fabs(t));
  KernelEstimate e{dot, e_d};
  if (m.kernel == "POLY") {
    e.value = std::pow(t, m.degree);
    e.error = std::pow(std::fabs(t) + e_t, m.degree) - std::pow(std::fabs(t), m.degree);
  } else if (m.kernel == "SIGMOID") {
    e.value = std::tanh(t), e.error = e_t;
  } else if (m.kernel == "RBF") {
    const double e_dist =
        k.gamma(static_cast<double>(m.cols) + 2) * dist + m.convert * (2 * k.u * cross + k.u * k.u * squares);
    e.value = std::exp(-m.gamma * dist);
    e.error = e.value * std::expm1(std::fabs(m.gamma) * e_dist + k.u * std::fabs(m.gamma * dist));
  }
  if (m.kernel != "LINEAR") e.error += 4 * k.u * std::fabs(e.value);
  return e;
}

// A score rho + sum c K and the error E a float evaluation of it may make.
struct ScoreEstimate {
  double value = 0, error = 0;
};

ScoreEstimate score_estimate(const std::vector<KernelEstimate>& kernels, const std::vector<size_t>& index,
                             const std::vector<double>& coefficient, double rho) {
  const BoundUnits k(DType::kFloat);
  double spread = 0, magnitude = std::fabs(rho), score = rho;
  for (size_t i = 0; i < index.size(); ++i) {
    const KernelEstimate& e = kernels[index[i]];
    spread += std::fabs(coefficient[i]) * e.error;
    magnitude += std::fabs(coefficient[i] * e.value);
    score += coefficient[i] * e.value;
  }
  const double g = k.gamma(static_cast<double>(index.size()) + 1);
  return {score, 1.01 * ((1 + g) * spread + g * magnitude)};
}

}  // namespace

std::vector<std::vector<double>> svm_element_bounds(const BoundCase& c) {
  const std::vector<double> xs = values_of(*c.inputs.at(0)), ys = values_of(c.expected.at(0));
  const int64_t supports = c.int_attr("n_supports").value_or(0),
                one_class = c.int_attr("one_class").value_or(0);
  // n_supports = 0: one linear model, whatever kernel_type says (the reference's choice).
  const SvmBoundModel m = svm_bound_model(c, supports == 0);
  const std::string post = c.string_attr("post_transform", "NONE");
  std::vector<float> coefficients = floats_attr(c.node, "coefficients"),
                     vectors = supports == 0 ? coefficients : floats_attr(c.node, "support_vectors");
  const std::vector<float> rho = floats_attr(c.node, "rho");
  if (supports == 0) coefficients = {1};
  const size_t n = coefficients.size();
  std::vector<size_t> index(n);
  for (size_t i = 0; i < n; ++i) index[i] = i;
  const std::vector<double> coefficient(coefficients.begin(), coefficients.end());
  std::vector<double> bound(ys.size(), 0.0);
  for (size_t r = 0; r < ys.size() && (r + 1) * m.cols <= xs.size(); ++r) {
    std::vector<KernelEstimate> kernels;
    for (size_t i = 0; i < n && (i + 1) * m.cols <= vectors.size(); ++i)
      kernels.push_back(kernel_estimate(m, xs.data() + r * m.cols, vectors.data() + i * m.cols));
    if (kernels.size() < n || !std::isfinite(ys[r])) continue;
    const ScoreEstimate s = score_estimate(kernels, index, coefficient, rho.empty() ? 0 : rho[0]);
    if (one_class == 1)
      bound[r] = std::fabs(s.value) > s.error ? 0.0 : 2.0;
    else
      bound[r] = post_transform_bound(post, ys[r], s.error, s.error, 1);
  }
  return {bound};
}

std::vector<std::vector<double>> svm_classifier_element_bounds(const BoundCase& c) {
  const std::vector<double> xs = values_of(*c.inputs.at(0));
  const Tensor& z = c.expected.back();
  const std::vector<double> zs = values_of(z);
  const SvmBoundModel m = svm_bound_model(c, false);
  const std::string post = c.string_attr("post_transform", "NONE");
  const std::vector<float> vectors = floats_attr(c.node, "support_vectors"),
                           coefficients = floats_attr(c.node, "coefficients"),
                           rho = floats_attr(c.node, "rho");
  const bool probabilities = !floats_attr(c.node, "prob_a").empty();
  std::vector<int64_t> per_class;
  for (const auto& a : c.node.attribute())
    if (a.name() == "vectors_per_class") per_class.assign(a.ints().begin(), a.ints().end());
  const size_t width = z.rank() == 2 ? static_cast<size_t>(z.shape()[1]) : 1;
  const size_t total = static_cast<size_t>(std::accumulate(per_class.begin(), per_class.end(), int64_t{0}));
  std::vector<double> bound(zs.size(), 0.0);
  for (size_t r = 0; r * width < zs.size() && (r + 1) * m.cols <= xs.size(); ++r) {
    if (probabilities) {
      // Not derived: libsvm's coupling stops when max_t |(Q p)_t - p^T Q p| < 0.005/K.
      for (size_t e = 0; e < width; ++e) bound[r * width + e] = 0.005;
      continue;
    }
    if (total * m.cols > vectors.size() || coefficients.size() < (per_class.size() - 1) * total) continue;
    std::vector<KernelEstimate> kernels;
    for (size_t i = 0; i < total; ++i)
      kernels.push_back(kernel_estimate(m, xs.data() + r * m.cols, vectors.data() + i * m.cols));
    std::vector<double> errors;
    size_t pair = 0, start_i = 0;
    for (size_t i = 0; i < per_class.size(); start_i += static_cast<size_t>(per_class[i]), ++i) {
      size_t start_j = start_i + static_cast<size_t>(per_class[i]);
      for (size_t j = i + 1; j < per_class.size();
           start_j += static_cast<size_t>(per_class[j]), ++j, ++pair) {
        std::vector<size_t> index;
        std::vector<double> coefficient;
        for (size_t k = start_i; k < start_i + static_cast<size_t>(per_class[i]); ++k)
          index.push_back(k), coefficient.push_back(coefficients[(j - 1) * total + k]);
        for (size_t k = start_j; k < start_j + static_cast<size_t>(per_class[j]); ++k)
          index.push_back(k), coefficient.push_back(coefficients[i * total + k]);
        errors.push_back(
            score_estimate(kernels, index, coefficient, pair < rho.size() ? rho[pair] : 0).error);
      }
    }
    const double max_err = errors.empty() ? 0 : *std::max_element(errors.begin(), errors.end());
    for (size_t e = 0; e < width && e < errors.size(); ++e) {
      const double y = zs[r * width + e];
      if (std::isfinite(y))
        bound[r * width + e] = post_transform_bound(post, y, errors[e], max_err, width);
    }
  }
  return {std::vector<double>(values_of(c.expected[0]).size(), 0.0), bound};
}

}  // namespace touchstone::cases
