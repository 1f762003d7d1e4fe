// SVMClassifier-1, one-vs-one as libsvm lays a model out (the text names the attributes
// only): K classes (classlabels_ints or classlabels_strings), class i owning
// vectors_per_class[i] consecutive rows of support_vectors (V rows in all), coefficients
// K-1 rows of V, rho and prob_a, prob_b one value per pair i < j in the order (0,1),
// (0,2), ..., (1,2), .... Per row x of X and pair p = (i, j):
//   s_p = sum_{k of class i} coefficients[j-1][k] K(x, sv_k)
//       + sum_{k of class j} coefficients[i][k] K(x, sv_k) + rho[p]
// (kernels: svm_kernels.h); s_p > 0 is a vote for i, else for j; Y is the label with the
// most votes. Z: without prob_a, the pairwise scores [N, K(K-1)/2] after post_transform
// (impl.-defined: the text says one score per class); with prob_a and prob_b, per class
// probabilities [N, K]: r_ij = 1 / (1 + exp(prob_a[p] s_p + prob_b[p])) held within
// [1e-7, 1 - 1e-7], r_ji = 1 - r_ij, coupled by the second method of Wu, Lin and Weng
// (2004): p minimises sum_i sum_{j != i} (r_ji p_i - r_ij p_j)^2 with sum p = 1, solved
// exactly as a linear system (libsvm and ONNX Runtime iterate towards it to a tolerance
// of 0.005/K: impl.-defined). Open too: ties of votes (the first class), a pairwise score
// of 0 (a vote for j), a post_transform on probabilities (applied to them), and no
// vectors_per_class (ONNX Runtime's linear mode: not yet, refused as not implemented).
// Scores are enclosed and decided as SVMRegressor's (svm_kernels.h); probabilities are
// computed at 1024 bits and rounded once (not proven decided: see the catalog row).
#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <deque>
#include <string>

#include "reference/error.h"
#include "reference/ops/ml/ml_attrs.h"
#include "reference/ops/ml/ml_ops.h"
#include "reference/ops/ml/post_transform.h"
#include "reference/ops/ml/svm_kernels.h"

namespace touchstone::ops {

namespace {

using MpfrRow = std::deque<numeric::MpfrValue>;

struct SvmClassifierPlan {
  int64_t classes = 0, vectors = 0;
  std::vector<int64_t> starts;                       // each class's first support vector, then V
  std::vector<std::vector<ml::SvmTerm>> pair_terms;  // per pair p
  std::vector<float> rho, prob_a, prob_b;
};

SvmClassifierPlan svm_classifier_plan(const Node& node, size_t labels) {
  SvmClassifierPlan m;
  m.classes = static_cast<int64_t>(labels);
  const std::vector<int64_t> per_class = node.attr_ints("vectors_per_class");
  if (per_class.empty())
    not_implemented(
        "SVMClassifier-1 without vectors_per_class (a linear model per class) is not yet implemented");
  if (static_cast<int64_t>(per_class.size()) != m.classes)
    invalid_model("vectors_per_class holds " + std::to_string(per_class.size()) + " counts for " +
                  std::to_string(m.classes) + " class labels");
  for (int64_t n : per_class) {
    if (n < 0) invalid_model("vectors_per_class holds a negative count");
    m.starts.push_back(m.vectors);
    m.vectors += n;
  }
  m.starts.push_back(m.vectors);
  const std::vector<float> coefficients = ml::attr_floats(node, "coefficients");
  if (static_cast<int64_t>(coefficients.size()) != (m.classes - 1) * m.vectors)
    invalid_model(std::to_string(coefficients.size()) + " coefficients; one-vs-one over " +
                  std::to_string(m.classes) + " classes and " + std::to_string(m.vectors) +
                  " support vectors needs (classes - 1) * vectors");
  const size_t pairs = static_cast<size_t>(m.classes * (m.classes - 1) / 2);
  m.rho = ml::attr_floats(node, "rho");
  if (m.rho.size() != pairs)
    invalid_model("rho holds " + std::to_string(m.rho.size()) + " values for " + std::to_string(pairs) +
                  " pairs of classes");
  m.prob_a = ml::attr_floats(node, "prob_a");
  m.prob_b = ml::attr_floats(node, "prob_b");
  if (m.prob_a.size() != m.prob_b.size()) invalid_model("prob_a and prob_b must be of one size");
  if (!m.prob_a.empty() && m.prob_a.size() != pairs)
    invalid_model("prob_a holds " + std::to_string(m.prob_a.size()) + " values for " + std::to_string(pairs) +
                  " pairs of classes");
  for (int64_t i = 0; i < m.classes; ++i) {
    for (int64_t j = i + 1; j < m.classes; ++j) {
      std::vector<ml::SvmTerm> terms;
      for (int64_t k = m.starts[i]; k < m.starts[i + 1]; ++k)
        terms.push_back({static_cast<size_t>(k), coefficients[static_cast<size_t>((j - 1) * m.vectors + k)]});
      for (int64_t k = m.starts[j]; k < m.starts[j + 1]; ++k)
        terms.push_back({static_cast<size_t>(k), coefficients[static_cast<size_t>(i * m.vectors + k)]});
      m.pair_terms.push_back(std::move(terms));
    }
  }
  return m;
}

// Element e of the transformed row, at its lowest (each other score at its other end:
// every transform rises with its own score and falls, or stays, with the others').
float svm_transformed_end(const Node& node, ml::PostTransform transform, size_t e, MpfrRow& lo, MpfrRow& hi,
                          bool upper) {
  MpfrRow row;
  for (size_t i = 0; i < lo.size(); ++i) {
    row.emplace_back(mpfr_get_prec(lo[i].get()));
    mpfr_set(row.back().get(), ((i == e) == upper ? hi : lo)[i].get(), MPFR_RNDN);
  }
  std::vector<float> out(row.size());
  ml::transform_row(node, transform, row, out.data());
  return out[e];
}

// Pairwise probabilities from scores s (precision p), coupled: p_t into probs.
void svm_couple(const SvmClassifierPlan& m, MpfrRow& s, mpfr_prec_t p, MpfrRow& probs) {
  const size_t k = static_cast<size_t>(m.classes);
  MpfrRow r;  // r[i * k + j]: the probability that i beats j
  for (size_t i = 0; i < k * k; ++i) r.emplace_back(p);
  numeric::MpfrValue t(p), low(p), high(p);
  mpfr_set_d(low, 1e-7, MPFR_RNDN);
  mpfr_ui_sub(high, 1, low, MPFR_RNDN);
  size_t pair = 0;
  for (size_t i = 0; i < k; ++i) {
    for (size_t j = i + 1; j < k; ++j, ++pair) {
      mpfr_mul_d(t, s[pair].get(), m.prob_a[pair], MPFR_RNDN);
      mpfr_add_d(t, t, m.prob_b[pair], MPFR_RNDN);
      mpfr_exp(t, t, MPFR_RNDN);
      mpfr_add_ui(t, t, 1, MPFR_RNDN);
      mpfr_ui_div(t, 1, t, MPFR_RNDN);
      if (mpfr_less_p(t, low)) mpfr_set(t, low, MPFR_RNDN);
      if (mpfr_greater_p(t, high)) mpfr_set(t, high, MPFR_RNDN);
      mpfr_set(r[i * k + j].get(), t, MPFR_RNDN);
      mpfr_ui_sub(r[j * k + i].get(), 1, t, MPFR_RNDN);
    }
  }
  // [Q e; e^T 0] [p; b] = [0; 1], Q_tt = sum_{j != t} r_jt^2, Q_tj = -r_jt r_tj.
  const size_t n = k + 1;
  MpfrRow a;
  for (size_t i = 0; i < n * (n + 1); ++i) a.emplace_back(p), mpfr_set_zero(a.back().get(), 1);
  auto at = [&](size_t row, size_t col) { return a[row * (n + 1) + col].get(); };
  for (size_t i = 0; i < k; ++i) {
    for (size_t j = 0; j < k; ++j) {
      if (i == j) continue;
      mpfr_sqr(t, r[j * k + i].get(), MPFR_RNDN);
      mpfr_add(at(i, i), at(i, i), t, MPFR_RNDN);
      mpfr_mul(t, r[j * k + i].get(), r[i * k + j].get(), MPFR_RNDN);
      mpfr_neg(at(i, j), t, MPFR_RNDN);
    }
    mpfr_set_ui(at(i, k), 1, MPFR_RNDN);
    mpfr_set_ui(at(k, i), 1, MPFR_RNDN);
  }
  mpfr_set_ui(at(k, n), 1, MPFR_RNDN);
  for (size_t c = 0; c < n; ++c) {  // Gaussian elimination, largest pivot first
    size_t best = c;
    for (size_t row = c + 1; row < n; ++row)
      if (mpfr_cmpabs(at(row, c), at(best, c)) > 0) best = row;
    for (size_t col = 0; col <= n; ++col) mpfr_swap(at(c, col), at(best, col));
    for (size_t row = 0; row < n; ++row) {
      if (row == c || mpfr_zero_p(at(row, c))) continue;
      mpfr_div(t, at(row, c), at(c, c), MPFR_RNDN);
      for (size_t col = c; col <= n; ++col) {
        mpfr_mul(low, t, at(c, col), MPFR_RNDN);
        mpfr_sub(at(row, col), at(row, col), low, MPFR_RNDN);
      }
    }
  }
  probs.clear();
  for (size_t i = 0; i < k; ++i) {
    probs.emplace_back(p);
    mpfr_div(probs.back().get(), at(i, n), at(i, i), MPFR_RNDN);
  }
}

}  // namespace

Tensors svm_classifier_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const auto [rows, cols] = ml::svm_rows_and_features(x);
  const ml::SvmKernel kernel = ml::svm_kernel_of(node);
  const std::vector<int64_t> int_labels = node.attr_ints("classlabels_ints");
  std::vector<std::string> string_labels;
  for (const auto& a : node.proto().attribute())
    if (a.name() == "classlabels_strings") string_labels.assign(a.strings().begin(), a.strings().end());
  if (int_labels.empty() == string_labels.empty())
    invalid_model("one and only one of classlabels_ints and classlabels_strings must be given");
  const size_t labels = int_labels.empty() ? string_labels.size() : int_labels.size();
  if (labels < 2) invalid_model("one-vs-one needs at least two class labels");
  const SvmClassifierPlan m = svm_classifier_plan(node, labels);
  const std::vector<float> vectors = ml::attr_floats(node, "support_vectors");
  if (static_cast<int64_t>(vectors.size()) != m.vectors * cols)
    invalid_model(std::to_string(vectors.size()) + " support_vectors values for " +
                  std::to_string(m.vectors) + " vectors of C = " + std::to_string(cols) + " features");
  const ml::PostTransform transform = ml::post_transform_of(node);
  const bool probabilities = !m.prob_a.empty();
  const size_t pairs = m.pair_terms.size(), k = labels;
  if (!probabilities)
    node.mark(Semantics::kImplementationDefined,
              "Z without prob_a: the reference gives the K(K-1)/2 pairwise scores (the text: one per class)",
              true);
  else
    node.mark(
        Semantics::kImplementationDefined,
        "pairwise coupling: the exact solution of Wu, Lin and Weng's second method (libsvm iterates to it)");
  if (probabilities && transform != ml::PostTransform::kNone)
    node.mark(Semantics::kImplementationDefined, "a post_transform over probabilities: applied to them");
  int64_t longest = 0;
  for (const auto& terms : m.pair_terms)
    longest = std::max<int64_t>(longest, static_cast<int64_t>(terms.size()));
  node.record_terms(cols + longest + 1);
  const size_t width = probabilities ? k : pairs;
  Tensor y(int_labels.empty() ? DType::kString : DType::kInt64, {rows});
  Tensor z(DType::kFloat, {rows, static_cast<int64_t>(width)});
  MpfrRow k_lo, k_hi, lo, hi, probs;
  for (int64_t r = 0; r < rows; ++r) {
    float* zr = z.data<float>().data() + r * static_cast<int64_t>(width);
    ml::SvmRowKernels kernels(kernel, x, r, vectors, m.vectors);
    std::vector<int> votes(k, 0);
    std::vector<int> decided(pairs, 0);              // +1: a vote for i, -1: for j, 0: not yet
    std::vector<bool> z_done(width, probabilities);  // probabilities: below
    for (mpfr_prec_t p : ml::kSvmPrecisions) {
      const bool last = p == ml::kSvmPrecisions[2];
      kernels.enclose(p, k_lo, k_hi);
      lo.clear(), hi.clear();
      for (size_t q = 0; q < pairs; ++q) {
        lo.emplace_back(p), hi.emplace_back(p);
        ml::svm_enclose_score(m.pair_terms[q], m.rho[q], k_lo, k_hi, lo[q].get(), hi[q].get());
        if (decided[q] != 0) continue;
        const bool nan = mpfr_nan_p(lo[q].get()) || mpfr_nan_p(hi[q].get());
        if (!nan && mpfr_sgn(lo[q].get()) > 0)
          decided[q] = 1;
        else if (nan || mpfr_sgn(hi[q].get()) < 0)
          decided[q] = -1;
        else if (last || (mpfr_zero_p(lo[q].get()) && mpfr_zero_p(hi[q].get()))) {
          node.mark(Semantics::kImplementationDefined,
                    "a pairwise score of 0 (or within 2^-4000 of it): a vote for j");
          decided[q] = -1;
        }
      }
      if (!probabilities) {
        for (size_t e = 0; e < width; ++e) {
          if (z_done[e]) continue;
          const float a = svm_transformed_end(node, transform, e, lo, hi, false);
          const float b = svm_transformed_end(node, transform, e, lo, hi, true);
          if (ml::svm_same_float(a, b) || last) zr[e] = b, z_done[e] = true;
        }
      }
      const bool all = std::all_of(decided.begin(), decided.end(), [](int d) { return d != 0; }) &&
                       std::all_of(z_done.begin(), z_done.end(), [](bool d) { return d; });
      if (all || last) break;
    }
    if (probabilities) {
      // The coupling at 1024 bits from the scores' lower ends at 1024 bits (within about
      // 2^-1000 of s, relative to its terms).
      const mpfr_prec_t p = 1024;
      kernels.enclose(p, k_lo, k_hi);
      MpfrRow s, unused;
      for (size_t q = 0; q < pairs; ++q) {
        s.emplace_back(p), unused.emplace_back(p);
        ml::svm_enclose_score(m.pair_terms[q], m.rho[q], k_lo, k_hi, s[q].get(), unused[q].get());
      }
      svm_couple(m, s, p, probs);
      ml::transform_row(node, transform, probs, zr);
    }
    size_t pair = 0;
    for (size_t i = 0; i < k; ++i)
      for (size_t j = i + 1; j < k; ++j, ++pair) ++votes[decided[pair] > 0 ? i : j];
    size_t best = 0;
    bool tie = false;
    for (size_t c = 1; c < k; ++c) {
      if (votes[c] > votes[best])
        best = c, tie = false;
      else if (votes[c] == votes[best])
        tie = true;
    }
    if (tie) node.mark(Semantics::kImplementationDefined, "equal votes: the reference takes the first class");
    if (probabilities) {
      const size_t top = static_cast<size_t>(std::max_element(zr, zr + k) - zr);
      if (top != best)
        node.mark(Semantics::kImplementationDefined,
                  "the most probable class is not the one with the most votes: Y by votes");
    }
    if (int_labels.empty())
      y.data<std::string>()[static_cast<size_t>(r)] = string_labels[best];
    else
      y.data<int64_t>()[static_cast<size_t>(r)] = int_labels[best];
  }
  return {y, z};
}

}  // namespace touchstone::ops
