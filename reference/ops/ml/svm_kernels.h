// What SVMRegressor and SVMClassifier share: the kernel (kernel_type, kernel_params
// [gamma, coef0, degree], absent: zeros), X as [N,C] or [C], and the kernel values of one
// row of X against the support vectors as rigorous enclosures:
//   LINEAR   x . v
//   POLY     (gamma x . v + coef0)^degree
//   RBF      exp(-gamma |x - v|^2)
//   SIGMOID  tanh(gamma x . v + coef0)
// Each kernel's argument (x . v, gamma x . v + coef0, -gamma |x - v|^2) is exact (exact
// accumulators); the function of it is enclosed between MPFR's values rounded down and up
// at a working precision p, and a weighted sum of kernel values by directed roundings
// too. A caller rounds both ends of a score's enclosure and raises p until they agree
// (svm_decide): then the result is the exact value rounded once.
#pragma once
#include <mpfr.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <deque>
#include <utility>
#include <vector>

#include "reference/node.h"
#include "reference/numeric/functions.h"

namespace touchstone::ops::ml {

enum class SvmKernelType { kLinear, kPoly, kRbf, kSigmoid };

struct SvmKernel {
  SvmKernelType type = SvmKernelType::kLinear;
  float gamma = 0, coef0 = 0, degree = 0;
};

// kernel_type and kernel_params (refuses another name, or a list not of 3).
SvmKernel svm_kernel_of(const Node& node);

// X's rows N and features C ([C] is one row); refuses another rank.
std::pair<int64_t, int64_t> svm_rows_and_features(const Tensor& x);

// The exact kernel arguments of row r of X against `count` vectors of C floats; then
// enclosures of the kernel values at any precision.
class SvmRowKernels {
 public:
  SvmRowKernels(const SvmKernel& kernel, const Tensor& x, int64_t r, const std::vector<float>& vectors,
                int64_t count);
  size_t size() const { return arguments_.size(); }
  // lo[i] <= K_i <= hi[i], each at precision p.
  void enclose(mpfr_prec_t p, std::deque<numeric::MpfrValue>& lo, std::deque<numeric::MpfrValue>& hi);

 private:
  SvmKernel kernel_;
  std::deque<numeric::MpfrValue> arguments_;
};

// One term of a score: coefficient times kernel value `index`.
struct SvmTerm {
  size_t index = 0;
  float coefficient = 0;
};

// lo <= rho + sum coefficient K_index <= hi, from the kernel enclosures (lo, hi at their
// own precision).
void svm_enclose_score(const std::vector<SvmTerm>& terms, float rho, std::deque<numeric::MpfrValue>& k_lo,
                       std::deque<numeric::MpfrValue>& k_hi, mpfr_ptr lo, mpfr_ptr hi);

// The same float, NaN matching NaN (whether an enclosure's two ends agree).
inline bool svm_same_float(float a, float b) {
  return std::memcmp(&a, &b, sizeof a) == 0 || (std::isnan(a) && std::isnan(b));
}

// Working precisions tried in turn: a result is decided when both ends of its enclosure
// give it. At the last, still undecided, the upper end's result stands (the score then
// lies within about 2^-4000 of the boundary, as numeric/functions.h explains).
inline constexpr mpfr_prec_t kSvmPrecisions[] = {128, 512, 4096};

}  // namespace touchstone::ops::ml
