#include "reference/ops/ml/svm_kernels.h"

#include <cmath>
#include <string>
#include <type_traits>

#include "reference/error.h"
#include "reference/numeric/accumulator.h"
#include "reference/ops/ml/ml_attrs.h"

namespace touchstone::ops::ml {

namespace {

// x * x exactly into `acc` (an int64 beyond 2^53 as two exact doubles h + l).
template <class T>
void svm_add_square(numeric::ExactAccumulator& acc, T x) {
  if constexpr (std::is_same_v<T, int64_t>) {
    const int64_t high = x & ~int64_t{0x7ff};
    const double h = static_cast<double>(high), l = static_cast<double>(x - high);
    acc.add_product(h, h);
    acc.add_product(2 * h, l);
    acc.add_product(l, l);
  } else {
    acc.add_product(static_cast<double>(x), static_cast<double>(x));
  }
}

}  // namespace

SvmKernel svm_kernel_of(const Node& node) {
  SvmKernel k;
  const std::string type = node.attr_string("kernel_type", "LINEAR");
  if (type == "LINEAR")
    k.type = SvmKernelType::kLinear;
  else if (type == "POLY")
    k.type = SvmKernelType::kPoly;
  else if (type == "RBF")
    k.type = SvmKernelType::kRbf;
  else if (type == "SIGMOID")
    k.type = SvmKernelType::kSigmoid;
  else
    invalid_model("kernel_type " + type + " is not one of LINEAR, POLY, RBF, SIGMOID");
  const std::vector<float> params = attr_floats(node, "kernel_params");
  if (!params.empty() && params.size() != 3)
    invalid_model("kernel_params holds " + std::to_string(params.size()) +
                  " values; it must be [gamma, coef0, degree]");
  if (!params.empty()) k.gamma = params[0], k.coef0 = params[1], k.degree = params[2];
  return k;
}

std::pair<int64_t, int64_t> svm_rows_and_features(const Tensor& x) {
  if (x.rank() != 1 && x.rank() != 2)
    invalid_model("X has shape " + shape_to_string(x.shape()) + "; it must be [N,C] or [C]");
  return {x.rank() == 1 ? 1 : x.shape()[0], x.shape().back()};
}

SvmRowKernels::SvmRowKernels(const SvmKernel& kernel, const Tensor& x, int64_t r,
                             const std::vector<float>& vectors, int64_t count)
    : kernel_(kernel) {
  const int64_t cols = x.shape().back();
  visit_dtype(x.dtype(), [&]<class T>() {
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double> || std::is_same_v<T, int32_t> ||
                  std::is_same_v<T, int64_t>) {
      const T* row = x.data<T>().data() + r * cols;
      bool finite = true;
      for (int64_t c = 0; c < cols; ++c) finite &= std::isfinite(static_cast<double>(row[c]));
      numeric::ExactAccumulator acc;
      for (int64_t i = 0; i < count; ++i) {
        const float* v = vectors.data() + i * cols;
        acc.clear();
        arguments_.emplace_back(64);
        mpfr_ptr a = arguments_.back().get();
        if (kernel.type == SvmKernelType::kRbf) {
          // |x - v|^2 = sum x^2 - 2 x v + v^2, exact; a non-finite x gives inf or NaN
          // whichever way it is formed, so it is formed as written.
          if (finite) {
            for (int64_t c = 0; c < cols; ++c) {
              svm_add_square(acc, row[c]);
              add_times(acc, row[c], -2.0 * v[c]);
              acc.add_product(v[c], v[c]);
            }
            acc.exact(a);
          } else {
            double d = 0;
            for (int64_t c = 0; c < cols; ++c) {
              const double diff = static_cast<double>(row[c]) - v[c];
              d += diff * diff;
            }
            mpfr_set_d(a, d, MPFR_RNDN);
          }
          mpfr_prec_round(a, mpfr_get_prec(a) + 32, MPFR_RNDN);  // room for the exact product
          mpfr_mul_d(a, a, -static_cast<double>(kernel.gamma), MPFR_RNDN);
          continue;
        }
        // x . v (LINEAR), gamma x . v + coef0 (POLY, SIGMOID): gamma v is an exact double.
        const double scale = kernel.type == SvmKernelType::kLinear ? 1.0 : static_cast<double>(kernel.gamma);
        for (int64_t c = 0; c < cols; ++c) add_times(acc, row[c], scale * v[c]);
        if (kernel.type != SvmKernelType::kLinear) acc.add(kernel.coef0);
        acc.exact(a);
      }
    } else {
      throw std::logic_error("an SVM: a type T does not allow");
    }
  });
}

void SvmRowKernels::enclose(mpfr_prec_t p, std::deque<numeric::MpfrValue>& lo,
                            std::deque<numeric::MpfrValue>& hi) {
  lo.clear(), hi.clear();
  numeric::MpfrValue degree(64, kernel_.degree);
  for (auto& argument : arguments_) {
    lo.emplace_back(p), hi.emplace_back(p);
    mpfr_srcptr a = argument.get();
    for (mpfr_rnd_t rnd : {MPFR_RNDD, MPFR_RNDU}) {
      mpfr_ptr out = rnd == MPFR_RNDD ? lo.back().get() : hi.back().get();
      switch (kernel_.type) {
        case SvmKernelType::kLinear:
          mpfr_set(out, a, rnd);
          break;
        case SvmKernelType::kPoly:
          mpfr_pow(out, a, degree, rnd);
          break;
        case SvmKernelType::kRbf:
          mpfr_exp(out, a, rnd);
          break;
        case SvmKernelType::kSigmoid:
          mpfr_tanh(out, a, rnd);
          break;
      }
    }
  }
}

void svm_enclose_score(const std::vector<SvmTerm>& terms, float rho, std::deque<numeric::MpfrValue>& k_lo,
                       std::deque<numeric::MpfrValue>& k_hi, mpfr_ptr lo, mpfr_ptr hi) {
  numeric::MpfrValue term(mpfr_get_prec(lo));
  mpfr_set_d(lo, rho, MPFR_RNDD);
  mpfr_set_d(hi, rho, MPFR_RNDU);
  for (const SvmTerm& t : terms) {
    // c K is smallest at K's lower end when c >= 0, at its upper end otherwise.
    const bool positive = t.coefficient >= 0;
    mpfr_mul_d(term, (positive ? k_lo : k_hi)[t.index].get(), t.coefficient, MPFR_RNDD);
    mpfr_add(lo, lo, term, MPFR_RNDD);
    mpfr_mul_d(term, (positive ? k_hi : k_lo)[t.index].get(), t.coefficient, MPFR_RNDU);
    mpfr_add(hi, hi, term, MPFR_RNDU);
  }
}

}  // namespace touchstone::ops::ml
