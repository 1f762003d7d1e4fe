// SVMRegressor-1: per row x of X ([N,C], or [C] as one row) the score
//   s = sum_i coefficients[i] K(x, sv_i) + rho[0]
// over the n_supports support vectors sv_i (support_vectors: n_supports rows of C), K the
// kernel (svm_kernels.h); Y[n,0] = post_transform(s) (post_transform.h), or, for
// one_class = 1, 1 where s > 0 and -1 elsewhere. The text does not say in which precision
// the sums accumulate (implementations use float or double): here s is enclosed between
// two MPFR values (exact kernel arguments, directed roundings) and the working precision
// raised until both ends give the same float; that float is the exact value rounded once.
// Open (impl.-defined): n_supports = 0 (the reference, as ONNX Runtime, reads the
// coefficients as one linear model, s = x . coefficients + rho[0], whatever the kernel);
// a one-class score of 0 (-1); a post_transform on one_class's +-1 (its transform).
#include <mpfr.h>

#include <cmath>
#include <cstring>
#include <deque>
#include <optional>
#include <string>

#include "reference/error.h"
#include "reference/ops/ml/ml_attrs.h"
#include "reference/ops/ml/ml_ops.h"
#include "reference/ops/ml/post_transform.h"
#include "reference/ops/ml/svm_kernels.h"

namespace touchstone::ops {

namespace {

// The row's result from its score's enclosure [lo, hi], or nothing while undecided.
std::optional<float> svm_regressor_result(const Node& node, ml::PostTransform transform, bool one_class,
                                          std::deque<numeric::MpfrValue>& lo,
                                          std::deque<numeric::MpfrValue>& hi, bool last) {
  if (one_class) {
    if (mpfr_nan_p(lo[0].get()) || mpfr_nan_p(hi[0].get())) return -1.0f;  // NaN > 0 is false
    if (mpfr_sgn(lo[0].get()) > 0) return 1.0f;
    if (mpfr_sgn(hi[0].get()) < 0) return -1.0f;
    if (!last && !(mpfr_zero_p(lo[0].get()) && mpfr_zero_p(hi[0].get()))) return std::nullopt;
    node.mark(Semantics::kImplementationDefined, "a one-class score of 0 (or within 2^-4000 of it): -1");
    return mpfr_sgn(lo[0].get()) > 0 ? 1.0f : -1.0f;
  }
  float a = 0, b = 0;
  ml::transform_row(node, transform, lo, &a);
  ml::transform_row(node, transform, hi, &b);
  if (ml::svm_same_float(a, b) || last) return b;
  return std::nullopt;
}

}  // namespace

Tensors svm_regressor_v1(const Node& node, const Inputs& in) {
  const Tensor& x = in[0];
  const auto [rows, cols] = ml::svm_rows_and_features(x);
  ml::SvmKernel kernel = ml::svm_kernel_of(node);
  const int64_t supports = node.attr_int("n_supports", 0);
  const std::vector<float> coefficients = ml::attr_floats(node, "coefficients");
  const std::vector<float> rho = ml::attr_floats(node, "rho");
  const int64_t one_class = node.attr_int("one_class", 0);
  if (one_class != 0 && one_class != 1)
    invalid_model("one_class " + std::to_string(one_class) + " is not 0 or 1");
  if (rho.size() != 1) invalid_model("rho holds " + std::to_string(rho.size()) + " values; it must hold one");
  if (supports < 0) invalid_model("n_supports " + std::to_string(supports) + " is negative");
  std::vector<float> vectors;
  std::vector<ml::SvmTerm> terms;
  if (supports == 0) {
    node.mark(Semantics::kImplementationDefined,
              "n_supports = 0: the coefficients as one linear model, x . coefficients + rho[0]");
    if (static_cast<int64_t>(coefficients.size()) != cols)
      invalid_model(std::to_string(coefficients.size()) + " coefficients for C = " + std::to_string(cols) +
                    " features (n_supports = 0: one linear model)");
    kernel = ml::SvmKernel{};
    vectors = coefficients;
    terms.push_back({0, 1.0f});
  } else {
    vectors = ml::attr_floats(node, "support_vectors");
    if (static_cast<int64_t>(vectors.size()) != supports * cols)
      invalid_model(std::to_string(vectors.size()) + " support_vectors values for n_supports = " +
                    std::to_string(supports) + " of C = " + std::to_string(cols) + " features");
    if (static_cast<int64_t>(coefficients.size()) != supports)
      invalid_model(std::to_string(coefficients.size()) +
                    " coefficients for n_supports = " + std::to_string(supports));
    for (int64_t i = 0; i < supports; ++i)
      terms.push_back({static_cast<size_t>(i), coefficients[static_cast<size_t>(i)]});
  }
  const ml::PostTransform transform = ml::post_transform_of(node);
  if (one_class == 1 && transform != ml::PostTransform::kNone)
    node.mark(Semantics::kImplementationDefined, "one_class with a post_transform: the transform of +-1");
  node.record_terms(cols + static_cast<int64_t>(terms.size()) + 1);
  Tensor y(DType::kFloat, {rows, 1});
  std::deque<numeric::MpfrValue> k_lo, k_hi, lo, hi;
  for (int64_t r = 0; r < rows; ++r) {
    ml::SvmRowKernels kernels(kernel, x, r, vectors, static_cast<int64_t>(terms.size()));
    for (mpfr_prec_t p : ml::kSvmPrecisions) {
      kernels.enclose(p, k_lo, k_hi);
      lo.clear(), hi.clear();
      lo.emplace_back(p), hi.emplace_back(p);
      ml::svm_enclose_score(terms, rho[0], k_lo, k_hi, lo[0].get(), hi[0].get());
      const std::optional<float> result =
          svm_regressor_result(node, transform, one_class == 1, lo, hi, p == ml::kSvmPrecisions[2]);
      if (!result) continue;
      y.data<float>()[r] = *result;
      if (one_class == 1 && transform != ml::PostTransform::kNone) {
        mpfr_set_flt(lo[0].get(), *result, MPFR_RNDN);
        ml::transform_row(node, transform, lo, y.data<float>().data() + r);
      }
      break;
    }
  }
  return {y};
}

}  // namespace touchstone::ops
